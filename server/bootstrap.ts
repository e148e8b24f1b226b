// Everything that happens once before serving: database, migrations, first admin, file sweep.
import crypto from 'node:crypto';
import type { Config } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { hashPassword } from './features/auth/password.js';
import { deleteExpiredSessions } from './features/auth/session.repository.js';
import { countAdmins, insertUser } from './features/auth/user.repository.js';
import { FileStore } from './storage/file-store.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@ardoise.local';

export type Prepared = { db: Db; files: FileStore };

export async function prepare(config: Config, print: (line: string) => void): Promise<Prepared> {
  const db = openDatabase(config.database);
  await migrateToLatest(db, config.database.kind);
  await ensureFirstAdmin(db, config, print);
  await deleteExpiredSessions(db, new Date());
  const files = new FileStore(config.filesDir);
  await files.init();
  await files.sweepTemp();
  return { db, files };
}

/** Creates the first admin when there is none: from ADMIN_EMAIL/ADMIN_PASSWORD, or the default
 * email with a random password printed once. */
export async function ensureFirstAdmin(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const now = new Date().toISOString();
  await insertUser(db, {
    email,
    name: 'Admin',
    firstname: '',
    telephone: '',
    password_hash: await hashPassword(password),
    role: 'admin',
    active: 1,
    school_id: null,
    group_limit: null,
    remarque: '',
    totp_secret: null,
    totp_enabled: 0,
    totp_last_step: null,
    created_at: now,
    updated_at: now,
  });
  if (config.adminPassword) print(`Created the first admin: ${email}`);
  else
    print(`Created the first admin: ${email} with password ${password} (shown once: change it in /options)`);
}
