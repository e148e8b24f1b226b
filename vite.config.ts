import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// '@/…' names a file from the repository root (web code imports common/ and its own folders so).
const rootAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

// The SPA lives in web/ and is built into dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'web',
  resolve: { alias: rootAlias },
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser Ardoise supports preloads modules itself: the polyfill only cost /login bytes
    // of its 150 KB budget (docs/decisions.md#performance-budgets).
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/content': 'http://127.0.0.1:3000' },
  },
});
