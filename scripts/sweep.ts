// What `npm run sweep-files` does: lists the stored files no row references and, with --apply,
// removes them (each under its key's lock, checked again first: see stored-files.ts). Safe while
// the server runs, on either driver. Keys outside Ardoise's layout are reported and left alone.
import type { Config } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import {
  lockFilesWithDatabase,
  type SweepReport,
  sweepUnreferencedFiles,
} from '../server/features/curriculum/stored-files.js';
import { openFileStore } from '../server/storage/open-file-store.js';

export async function sweepFiles(
  config: Config,
  options: { apply: boolean },
  print: (line: string) => void,
): Promise<SweepReport> {
  const db = openDatabase(config.database);
  // Not init(): that clears the scratch folder of a server running on this DATA_DIR.
  const files = await openFileStore(config);
  try {
    lockFilesWithDatabase(db);
    print(
      `Sweeping the file store (${files.description})${options.apply ? '' : ': dry run, nothing is removed (add --apply to remove)'}`,
    );
    const report = await sweepUnreferencedFiles(db, files, options);
    for (const object of report.unreferenced) print(`unreferenced: ${object.key} (${object.size} bytes)`);
    for (const key of report.unknown) print(`not Ardoise's, left alone: ${key}`);
    const bytes = report.unreferenced.reduce((sum, object) => sum + object.size, 0);
    print(
      options.apply
        ? `Removed ${report.unreferenced.length} unreferenced file(s), ${bytes} bytes.`
        : `Found ${report.unreferenced.length} unreferenced file(s), ${bytes} bytes; run again with --apply to remove them.`,
    );
    return report;
  } finally {
    await files.close();
    await db.destroy();
  }
}
