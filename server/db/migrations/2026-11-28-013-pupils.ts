// Pupils (docs/pupils.md): accounts of role 'pupil' in `users` (no email, no password: a handle
// stands in the email column), what only a pupil has (`pupils`), the groups they belong to
// (`group_pupils`), a group's class code for the picture-card door, the activities a teacher gave a
// group to do (`group_assignments`), and each pupil's own entry of a given activity: a
// `group_activities` row with `pupil_id` set, so that the runtime data, launches and xAPI
// statements keyed by an entry serve a pupil exactly as they serve a class.
//
// `group_activities` was unique on (group_id, activity_id); it becomes unique per class entry
// (pupil_id null) and per pupil entry. SQLite cannot drop a table constraint, so there the table is
// rebuilt (SQLite's documented way: foreign keys off, copy, drop, rename, indexes and triggers
// back), keeping every id, so the entries' runtime data, launches and statements still point at them.
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  const schema = db.schema;

  await schema
    .createTable('pupils')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Shown (« Élève K7P ») while the pupil has no name: the ENT sent none and no teacher gave one.
    .addColumn('pseudonym', 'text', (c) => c.notNull())
    // The picture password of the sign-in card, picture numbers joined by '-' ('' = no card).
    .addColumn('picture_code', 'text', (c) => c.notNull().defaultTo(''))
    // Bumped to void a printed card's QR code.
    .addColumn('card_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('pupils_last_seen_at').on('pupils').column('last_seen_at').execute();

  await schema
    .createTable('group_pupils')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('class_groups.id').onDelete('cascade'))
    .addColumn('pupil_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_pupils_pk', ['group_id', 'pupil_id'])
    .execute();
  await schema.createIndex('group_pupils_pupil_id').on('group_pupils').column('pupil_id').execute();

  await schema
    .createTable('group_assignments')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('class_groups.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('due_date', 'text') // 'YYYY-MM-DD', « pour le … »; null = no date
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_assignments_pk', ['group_id', 'activity_id'])
    .execute();
  await schema
    .createIndex('group_assignments_activity_id')
    .on('group_assignments')
    .column('activity_id')
    .execute();

  await schema.alterTable('class_groups').addColumn('class_code', 'text').execute();
  await schema
    .createIndex('class_groups_class_code')
    .unique()
    .on('class_groups')
    .column('class_code')
    .execute();

  if (kind === 'postgres') {
    await sql`alter table group_activities add column pupil_id integer references users (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table group_activities drop constraint group_activities_group_activity`.execute(db);
  } else {
    await rebuildSqliteEntries(db);
  }
  await sql`create unique index group_activities_class_entry on group_activities (group_id, activity_id)
    where pupil_id is null`.execute(db);
  await sql`create unique index group_activities_pupil_entry on group_activities (pupil_id, group_id, activity_id)
    where pupil_id is not null`.execute(db);
}

/** group_activities rebuilt with `pupil_id` and without the table-wide unique constraint. */
async function rebuildSqliteEntries(db: Kysely<unknown>): Promise<void> {
  const kept = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = 'group_activities' and type in ('index', 'trigger') and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql`create table group_activities_rebuilt (
      id integer primary key autoincrement,
      group_id integer not null references class_groups (id) on delete cascade,
      activity_id integer not null references activities (id) on delete cascade,
      status text default 'pending' not null,
      completed_at text,
      score double precision,
      pupil_id integer references users (id) on delete cascade)`.execute(db);
    await sql`insert into group_activities_rebuilt (id, group_id, activity_id, status, completed_at, score)
      select id, group_id, activity_id, status, completed_at, score from group_activities`.execute(db);
    await sql`drop table group_activities`.execute(db);
    await sql`alter table group_activities_rebuilt rename to group_activities`.execute(db);
    for (const row of kept.rows) await sql.raw(row.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('group_activities rebuild left broken references');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
