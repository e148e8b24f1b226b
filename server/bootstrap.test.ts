import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, prepare } from './bootstrap.js';
import { loadConfig } from './config.js';
import { verifyPassword } from './features/auth/password.js';
import { createActivity, createSessionPath } from './fixtures/factories.js';
import { packageZipKey } from './storage/keys.js';
import { buildScorm12Package } from './test/package-fixtures.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

let testDb: TestDatabase | undefined;
afterEach(async () => {
  await testDb?.drop();
});

async function configFor(env: Record<string, string> = {}) {
  testDb = await createTestDatabase();
  return { ...loadConfig({ DATA_DIR: testDb.dataDir, ...env }), database: testDb.database };
}

describe('first start', () => {
  it('creates the default admin with a random password printed once, and only once', async () => {
    const config = await configFor();
    const lines: string[] = [];
    const first = await prepare(config, (line) => lines.push(line));
    const admin = await first.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: 'admin', active: 1 });
    const password = /with password (\S+)/.exec(lines.join('\n'))?.[1];
    expect(password).toBeDefined();
    expect(await verifyPassword(admin.password_hash, password!)).toBe(true);
    await first.db.destroy();

    // A second start finds the schema and the admin in place: no new admin, nothing printed.
    const again: string[] = [];
    const second = await prepare(config, (line) => again.push(line));
    const admins = await second.db.selectFrom('users').select('id').execute();
    expect(admins).toHaveLength(1);
    expect(again).toEqual([]);
    await second.db.destroy();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, without printing the password', async () => {
    const config = await configFor({ ADMIN_EMAIL: 'Chef@Ecole.fr', ADMIN_PASSWORD: 'long-enough-pw' });
    const lines: string[] = [];
    const { db } = await prepare(config, (line) => lines.push(line));
    const admin = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin.email).toBe('chef@ecole.fr');
    expect(await verifyPassword(admin.password_hash, 'long-enough-pw')).toBe(true);
    expect(lines.join('\n')).not.toContain('long-enough-pw');
    await db.destroy();
  });

  it('sweeps leftovers of interrupted uploads', async () => {
    const config = await configFor();
    const { db, files } = await prepare(config, () => {});
    const leftover = files.tempPath('.zip');
    await fs.writeFile(leftover, 'partial');
    await db.destroy();
    const restarted = await prepare(config, () => {});
    await expect(fs.access(leftover)).rejects.toThrow();
    await restarted.db.destroy();
  });

  it('describes the packages stored before recognition, once', async () => {
    const config = await configFor();
    const { db, files } = await prepare(config, () => {});
    const zip = buildScorm12Package({ top: 'export/' });
    const hash = crypto.createHash('sha256').update(zip).digest('hex');
    await files.write(packageZipKey(hash), zip);
    const { sessionId } = await createSessionPath(db);
    const activity = await createActivity(db, sessionId, { packageHash: hash });
    await db.destroy();

    const lines: string[] = [];
    const restarted = await prepare(config, (line) => lines.push(line));
    expect(lines).toEqual(['Described 1 stored package(s); 0 could not be read.']);
    const row = await restarted.db
      .selectFrom('activities')
      .select(['package_kind', 'package_root', 'launch_path'])
      .where('id', '=', activity.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ package_kind: 'scorm12', package_root: 'export/', launch_path: 'index_lms.html' });
    await restarted.db.destroy();

    const again: string[] = [];
    const third = await prepare(config, (line) => again.push(line));
    expect(again).toEqual([]);
    await third.db.destroy();
  });
});
