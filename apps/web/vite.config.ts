import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  // The sales pre-check's Web Worker loads SheetJS only for an XLS file: a module worker, split like the app.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      // Single sign-on: the server sends the browser on to the provider and back.
      '/auth/oidc': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Vendors every screen needs get stable chunk names. Mantine is left to Rollup on purpose:
        // each component then travels with the screens that use it, so the login page downloads
        // neither ECharts nor the dates pickers, tables and menus of the dashboards (npm run bench
        // checks that it loads less than half of the counting page's JavaScript).
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(@apollo|graphql|@wry|optimism|zen-observable|ts-invariant|symbol-observable)/.test(id)) return 'apollo';
          return undefined;
        },
      },
    },
  },
});
