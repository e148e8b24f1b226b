import { defineConfig } from 'vite';

// The offline activity player, served by the content origin and kept out of the SPA bundle:
// `vite build -c vite.player.config.ts` builds the player page and its unzip worker into
// dist/player; `--mode sw` then builds the service worker as one classic script at a fixed name.
export default defineConfig(({ mode }) =>
  mode === 'sw'
    ? {
        publicDir: false,
        build: {
          outDir: 'dist/player',
          emptyOutDir: false,
          lib: {
            entry: 'web/player/sw.ts',
            formats: ['iife'],
            name: 'ardoiseLocalActivityWorker',
            fileName: () => 'local-activity-sw.js',
          },
        },
      }
    : {
        root: 'web/player',
        base: '/player/',
        publicDir: false,
        worker: { format: 'es' },
        build: { outDir: '../../dist/player', emptyOutDir: true, sourcemap: true },
      },
);
