// npm run restore -- <dir>: puts a backup made by `npm run backup` into an empty DATA_DIR and an
// empty database (same environment as the server), then the server can start on it.
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { restore } from './backup-restore.js';
import { runCli } from './run-cli.js';

runCli('restore', async (dir) => {
  const startedAt = performance.now();
  const manifest = await restore(loadConfig(), path.resolve(dir));
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  return `Restored the ${manifest.database} database and ${manifest.files} files from ${dir} in ${seconds} s`;
});
