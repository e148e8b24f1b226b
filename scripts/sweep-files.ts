// npm run sweep-files [-- --apply]: the stored files no row references, listed (dry run) or
// removed. Same environment as the server (DATA_DIR, DATABASE_URL, S3_*). See sweep.ts.
import { ConfigError, loadConfig } from '../server/config.js';
import { sweepFiles } from './sweep.js';

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--apply')) {
  console.error('Usage: npm run sweep-files [-- --apply]');
  process.exit(2);
}
try {
  await sweepFiles(loadConfig(), { apply: args.includes('--apply') }, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
