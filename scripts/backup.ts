// npm run backup -- <dir>: a consistent copy of the database and the file store, taken while the
// server runs (same environment as the server: DATA_DIR, DATABASE_URL). See backup-restore.ts.
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { backup } from './backup-restore.js';
import { runCli } from './run-cli.js';

runCli('backup', async (dir) => {
  const startedAt = performance.now();
  const manifest = await backup(loadConfig(), path.resolve(dir));
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  return `Backed up the ${manifest.database} database and ${manifest.files} files to ${dir} in ${seconds} s`;
});
