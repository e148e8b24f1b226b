import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// '@/…' names a file from the repository root (web code imports common/ and its own folders so).
const rootAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

const page = (file: string) => fileURLToPath(new URL(`web/player/${file}`, import.meta.url));

// The offline activity player, served by the content origin and kept out of the SPA bundle:
// `vite build -c vite.player.config.ts` builds its pages into dist/player — the player
// (index.html) with its unzip worker, the H5P runtime (h5p/) with h5p-standalone's frame bundle,
// styles and fonts as hashed assets, the admin preview player (preview/) and the page that clears
// an earlier activity's origin (clear/) — then `--mode sw`
// builds the service worker as one classic script at a fixed name, with the version of the built
// pages (it keeps them and their assets in Cache Storage for offline use).
const builtPages = ['dist/player/index.html', 'dist/player/h5p/index.html'];
const playerBuildVersion = () => {
  const hash = crypto.createHash('sha256');
  for (const file of builtPages) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
};

export default defineConfig(({ mode }) =>
  mode === 'sw'
    ? {
        publicDir: false,
        resolve: { alias: rootAlias },
        define: {
          __PLAYER_BUILD_VERSION__: JSON.stringify(playerBuildVersion()),
        },
        build: {
          outDir: 'dist/player',
          emptyOutDir: false,
          lib: {
            entry: 'web/player/service-worker/sw.ts',
            formats: ['iife'],
            name: 'ardoiseLocalActivityWorker',
            fileName: () => 'local-activity-sw.js',
          },
        },
      }
    : {
        root: 'web/player',
        resolve: { alias: rootAlias },
        base: '/player/',
        publicDir: false,
        worker: { format: 'es' },
        build: {
          outDir: '../../dist/player',
          emptyOutDir: true,
          sourcemap: true,
          // h5p.css (shipped as is to H5P's frame) keeps old-IE hacks the minifier refuses.
          cssMinify: false,
          rollupOptions: {
            input: {
              player: page('index.html'),
              h5p: page('h5p/index.html'),
              preview: page('preview/index.html'),
              clear: page('clear/index.html'),
            },
          },
        },
      },
);
