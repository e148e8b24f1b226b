// Runs a one-argument operator command: usage line without the argument, one-line errors for the
// failures an operator can fix (configuration, backup problems), the full error otherwise.
import { ConfigError } from '../server/config.js';
import { BackupError } from './backup-restore.js';

export function runCli(name: string, command: (dir: string) => Promise<string>): void {
  const dir = process.argv[2];
  if (!dir) {
    console.error(`Usage: npm run ${name} -- <folder>`);
    process.exit(2);
  }
  command(dir).then(
    (summary) => console.log(summary),
    (error: unknown) => {
      if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
      else console.error(`${name} failed:`, error);
      process.exit(1);
    },
  );
}
