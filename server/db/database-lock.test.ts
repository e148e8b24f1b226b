import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../test/test-database.js';
import { type Db, openDatabase } from './database.js';
import { withDatabaseLock } from './database-lock.js';
import { countPendingMigrations, migrateToLatest } from './migrate.js';

let testDb: TestDatabase | undefined;
const handles: Db[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((db) => db.destroy()));
  await testDb?.drop();
});

/** Two handles on one fresh database, as two instances would have. */
async function twoInstances(): Promise<[Db, Db]> {
  testDb = await createTestDatabase();
  const pair: [Db, Db] = [openDatabase(testDb.database), openDatabase(testDb.database)];
  handles.push(...pair);
  return pair;
}

describe('database locks', () => {
  it('migrates once when two instances start together on one fresh database', async () => {
    const [a, b] = await twoInstances();
    await Promise.all([migrateToLatest(a, testDb!.database.kind), migrateToLatest(b, testDb!.database.kind)]);
    expect(await countPendingMigrations(a)).toBe(0);
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(b);
    expect(new Set(rows.rows.map((row) => row.name)).size).toBe(rows.rows.length);
  });

  // Real processes: inside one process the migrations would already queue on the process lock.
  it.runIf(dbKind === 'postgres')(
    'migrates once when two processes start together on one fresh database',
    async () => {
      testDb = await createTestDatabase();
      const script = `
      import { openDatabase } from './server/db/database.ts';
      import { migrateToLatest } from './server/db/migrate.ts';
      const db = openDatabase({ kind: 'postgres', url: process.env.TEST_URL });
      await migrateToLatest(db, 'postgres');
      await db.destroy();`;
      const run = () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          env: { ...process.env, TEST_URL: (testDb!.database as { url: string }).url },
        });
      await Promise.all([run(), run(), run()]);
      const db = openDatabase(testDb.database);
      handles.push(db);
      expect(await countPendingMigrations(db)).toBe(0);
    },
    60_000,
  );

  it.runIf(dbKind === 'postgres')(
    'holds a PostgreSQL advisory lock that another connection sees',
    async () => {
      const [a] = await twoInstances();
      const other = new pg.Client({ connectionString: (testDb!.database as { url: string }).url });
      await other.connect();
      const tryLock = async () =>
        (await other.query(`select pg_try_advisory_lock(hashtextextended('k', 0)) as got`)).rows[0]
          .got as boolean;
      try {
        const whileHeld = await withDatabaseLock(a, 'k', tryLock);
        expect(whileHeld).toBe(false);
        expect(await tryLock()).toBe(true);
      } finally {
        await other.end();
      }
    },
  );

  it('never runs two holders of one name at once, across handles, and lets other names through', async () => {
    const [a, b] = await twoInstances();
    const events: string[] = [];
    const hold = (db: Db, name: string, who: string) =>
      withDatabaseLock(db, name, async () => {
        events.push(`${who} in`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push(`${who} out`);
      });
    await Promise.all([hold(a, 'k', 'a1'), hold(b, 'k', 'b1'), hold(a, 'k', 'a2'), hold(b, 'k', 'b2')]);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]!.split(' ')[0]).toBe(events[i + 1]!.split(' ')[0]);
    }
    const other: string[] = [];
    await withDatabaseLock(a, 'k', async () => {
      await withDatabaseLock(b, 'another', async () => {
        other.push('another ran while k was held');
      });
    });
    expect(other).toHaveLength(1);
  });

  it('releases the lock when the task fails', async () => {
    const [a, b] = await twoInstances();
    await expect(withDatabaseLock(a, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withDatabaseLock(b, 'k', async () => 'free')).toBe('free');
  });
});
