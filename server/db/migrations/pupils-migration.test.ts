// Migration 013 over a database in use: the class's entries keep their ids, their runtime data,
// launches and statements still point at them (SQLite rebuilds the table), the completion triggers
// still count, and a class entry stays unique per group and activity.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../test/test-database.js';
import { type Db, openDatabase } from '../database.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';

let testDb: TestDatabase;
let db: Db;
const at = '2026-11-02T10:00:00.000Z';

beforeAll(async () => {
  testDb = await createTestDatabase(dbKind);
  db = openDatabase(testDb.database);
  await migrateUpTo(db, dbKind, '2026-11-28-012-cas-issuer');
  // Rows as the schema before pupils wrote them (raw SQL: the typed schema is the new one).
  await sql`insert into levels (id, title, created_at) values (1, 'N', ${at})`.execute(db);
  await sql`insert into periods (id, level_id, title, created_at) values (1, 1, 'P', ${at})`.execute(db);
  await sql`insert into lessons (id, period_id, title, created_at) values (1, 1, 'L', ${at})`.execute(db);
  await sql`insert into lesson_sessions (id, lesson_id, title, created_at) values (1, 1, 'S', ${at})`.execute(
    db,
  );
  await sql`insert into activities (id, session_id, title, package_hash, size_bytes, created_at)
    values (1, 1, 'A', 'h', 1, ${at}), (2, 1, 'B', 'h', 1, ${at})`.execute(db);
  await sql`insert into users (id, email, name, firstname, telephone, password_hash, role, active, remarque,
    totp_enabled, created_at, updated_at) values (1, 't@e.fr', 'T', 'T', '', '', 'teacher', 1, '', 0, ${at}, ${at})`.execute(
    db,
  );
  await sql`insert into class_groups (id, teacher_id, level_id, title, created_at) values (1, 1, 1, 'G', ${at})`.execute(
    db,
  );
  await sql`insert into group_activities (id, group_id, activity_id, status, completed_at, score)
    values (41, 1, 1, 'completed', ${at}, 80), (42, 1, 2, 'pending', null, null)`.execute(db);
  // PostgreSQL's serial moves only when it numbers a row itself: as it would have after 42 entries.
  if (dbKind === 'postgres')
    await sql`select setval(pg_get_serial_sequence('group_activities', 'id'), 42)`.execute(db);
  await sql`insert into activity_runtime (entry_id, standard, data, updated_at) values (41, 'scorm12', '{}', ${at})`.execute(
    db,
  );
  await sql`insert into activity_runtime_launches (entry_id, launch_id, last_seq) values (41, 'l', 3)`.execute(
    db,
  );
  await sql`insert into xapi_statements (entry_id, statement_id, verb_id, object_id, timestamp, stored_at, statement)
    values (41, 's', 'v', 'o', ${at}, ${at}, '{}')`.execute(db);
  await migrateToLatest(db, dbKind);
});

afterAll(async () => {
  await db.destroy();
  await testDb.drop();
});

describe('migration 013 (pupils) over entries in use', () => {
  it('keeps every entry with its id, status and score, as class entries', async () => {
    const rows = await db.selectFrom('group_activities').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      {
        id: 41,
        group_id: 1,
        activity_id: 1,
        status: 'completed',
        completed_at: at,
        score: 80,
        pupil_id: null,
      },
      {
        id: 42,
        group_id: 1,
        activity_id: 2,
        status: 'pending',
        completed_at: null,
        score: null,
        pupil_id: null,
      },
    ]);
  });

  it('keeps the runtime data, launches and statements on their entry, and their cascade', async () => {
    expect(await db.selectFrom('activity_runtime').select('entry_id').execute()).toEqual([{ entry_id: 41 }]);
    expect(await db.selectFrom('activity_runtime_launches').select('entry_id').execute()).toEqual([
      { entry_id: 41 },
    ]);
    expect(await db.selectFrom('xapi_statements').select('entry_id').execute()).toEqual([{ entry_id: 41 }]);
    await db.deleteFrom('group_activities').where('id', '=', 41).execute();
    expect(await db.selectFrom('activity_runtime').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('xapi_statements').selectAll().execute()).toEqual([]);
  });

  it('goes on numbering entries after the kept ones, and counts completions in its triggers', async () => {
    const { id } = await db
      .insertInto('group_activities')
      .values({
        group_id: 1,
        activity_id: 1,
        status: 'completed',
        completed_at: '2026-11-03T09:00:00.000Z',
        score: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(42);
    const week = await db
      .selectFrom('activity_group_weeks')
      .select('completions')
      .where('week_start', '=', '2026-11-02')
      .where('group_id', '=', 1)
      .executeTakeFirst();
    expect(week?.completions).toBeGreaterThanOrEqual(1);
  });

  it('keeps one class entry per group and activity, and allows one entry per pupil beside it', async () => {
    await expect(
      db
        .insertInto('group_activities')
        .values({ group_id: 1, activity_id: 2, status: 'pending', completed_at: null })
        .execute(),
    ).rejects.toThrow();
    await sql`insert into users (id, email, name, firstname, telephone, password_hash, role, active, remarque,
      totp_enabled, created_at, updated_at) values (2, '#eleve-x', '', 'Léa', '', '', 'pupil', 1, '', 0, ${at}, ${at})`.execute(
      db,
    );
    const pupilEntry = {
      group_id: 1,
      activity_id: 2,
      pupil_id: 2,
      status: 'pending' as const,
      completed_at: null,
    };
    await db.insertInto('group_activities').values(pupilEntry).execute();
    await expect(db.insertInto('group_activities').values(pupilEntry).execute()).rejects.toThrow();
  });

  it('leaves foreign keys on (SQLite)', async () => {
    if (dbKind !== 'sqlite') return;
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(rows[0]?.foreign_keys).toBe(1);
  });
});
