import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/composition/tables.ts',
  out: './src/db/migrations',
});
