// Everything that happens once before serving: database, migrations, first admin, file sweeps
// (temp files, then files no row references), description of packages stored before recognition.
import type { Config } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { withDatabaseLock } from './db/database-lock.js';
import { migrateToLatest } from './db/migrate.js';
import { waitForDatabase } from './db/wait-for-database.js';
import { createAdminAccount, randomPassword } from './features/auth/admin-accounts.js';
import { deleteExpiredSessions } from './features/auth/session.repository.js';
import { countAdmins } from './features/auth/user.repository.js';
import { sweepUnreferencedFiles } from './features/curriculum/stored-files.js';
import { describeStoredPackages } from './features/uploads/describe-stored-packages.js';
import type { FileStore } from './storage/file-store.js';
import { openFileStore } from './storage/open-file-store.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@ardoise.local';

export type Prepared = { db: Db; files: FileStore };

export async function prepare(config: Config, print: (line: string) => void): Promise<Prepared> {
  const db = openDatabase(config.database);
  try {
    await waitForDatabase(db, config.dbConnectTimeoutMs, print);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  await migrateToLatest(db, config.database.kind);
  await ensureFirstAdmin(db, config, print);
  await deleteExpiredSessions(db, new Date());
  const files = await openFileStore(config);
  await files.init();
  // What a process killed mid-upload or mid-delete left (kill -9, power loss): removed before serving.
  const { unreferenced } = await sweepUnreferencedFiles(db, files, { apply: true });
  if (unreferenced.length > 0) {
    print(
      `Removed ${unreferenced.length} stored files that no row references (left by an interrupted upload or delete)`,
    );
  }
  await describeStoredPackages(db, files, print);
  return { db, files };
}

/** Creates the first admin when there is none: from ADMIN_EMAIL/ADMIN_PASSWORD, or the default
 * email with a random password printed once. */
export function ensureFirstAdmin(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  // Under a database lock: instances started at once on an empty database create one admin.
  return withDatabaseLock(db, 'ardoise:first-admin', async () => {
    if ((await countAdmins(db)) > 0) return;
    const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const password = config.adminPassword ?? randomPassword();
    await createAdminAccount(db, email, password);
    if (config.adminPassword) print(`Created the first admin: ${email}`);
    else
      print(
        `Created the first admin: ${email} with password ${password} (shown once: change it in /options)`,
      );
  });
}
