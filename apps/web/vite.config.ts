import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Vendors shared by every screen get stable chunk names; ECharts stays in the chunks of
        // the pages that draw charts, so the login page never downloads it.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(@apollo|graphql|@wry|optimism|zen-observable|ts-invariant|symbol-observable)/.test(id)) return 'apollo';
          if (/node_modules\/@mantine\//.test(id)) return 'mantine';
          return undefined;
        },
      },
    },
  },
});
