// What the insight reports read. Progress rows already keep when they were completed
// (group_activities.completed_at); rows completed before that column was filled keep a null date,
// which the screens show as "—" and the reports cannot place in time.
// - Running totals, kept by database triggers whatever code completes an entry (the learning
//   table, the player's runtime writes, imports): completions per group and week, per week (with
//   the groups active that week), and per school and day. The weekly chart then reads 12 rows and
//   the school ranking thousands, not millions.
//   They record history: deleting an activity or a group later does not uncount the weeks'
//   completions; a group's or a school's own totals go with it.
// - Indexes: completions by date (a school's usage), licence end dates, and the audit log by actor
//   and by kind of object, newest first.
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  // SQLite stores these small-keyed tables in their primary key (no second copy of each row).
  const compact = kind === 'sqlite' ? sql` WITHOUT ROWID` : sql``;
  await sql`CREATE TABLE activity_group_weeks (
    week_start text NOT NULL,
    group_id integer NOT NULL REFERENCES class_groups (id) ON DELETE CASCADE,
    completions integer NOT NULL,
    PRIMARY KEY (week_start, group_id))${compact}`.execute(db);
  await sql`CREATE TABLE activity_school_days (
    day text NOT NULL,
    school_id integer NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
    completions integer NOT NULL,
    PRIMARY KEY (day, school_id))${compact}`.execute(db);
  await sql`CREATE TABLE activity_weeks (
    week_start text PRIMARY KEY,
    completions integer NOT NULL,
    active_groups integer NOT NULL)`.execute(db);
  // PostgreSQL: the ranking's 30 days read from the index alone (SQLite's table is its key already).
  if (kind === 'postgres') {
    await sql`CREATE INDEX activity_school_days_day_covering ON activity_school_days (day)
      INCLUDE (school_id, completions)`.execute(db);
  }
  // For the cascades.
  await db.schema
    .createIndex('activity_group_weeks_group_id')
    .on('activity_group_weeks')
    .column('group_id')
    .execute();
  await db.schema
    .createIndex('activity_school_days_school_id')
    .on('activity_school_days')
    .column('school_id')
    .execute();

  await backfillCompletionTotals(db, kind);

  const countCompletion = sql`
    INSERT INTO activity_group_weeks (week_start, group_id, completions)
    VALUES (${weekOf(kind, 'NEW.completed_at')}, NEW.group_id, 1)
    ON CONFLICT (week_start, group_id) DO UPDATE SET completions = activity_group_weeks.completions + 1;
    INSERT INTO activity_weeks (week_start, completions, active_groups)
    SELECT ${weekOf(kind, 'NEW.completed_at')}, 1,
      CASE WHEN (SELECT completions FROM activity_group_weeks
        WHERE week_start = ${weekOf(kind, 'NEW.completed_at')} AND group_id = NEW.group_id) = 1 THEN 1 ELSE 0 END
    WHERE true
    ON CONFLICT (week_start) DO UPDATE SET completions = activity_weeks.completions + 1,
      active_groups = activity_weeks.active_groups + excluded.active_groups;
    INSERT INTO activity_school_days (day, school_id, completions)
    SELECT ${dayOf('NEW.completed_at')}, u.school_id, 1 FROM class_groups g JOIN users u ON u.id = g.teacher_id
    WHERE g.id = NEW.group_id AND u.school_id IS NOT NULL
    ON CONFLICT (day, school_id) DO UPDATE SET completions = activity_school_days.completions + 1;`;
  const whenInserted = sql`NEW.completed_at IS NOT NULL`;
  const whenUpdated = sql`NEW.completed_at IS NOT NULL AND OLD.completed_at IS NULL`;

  if (kind === 'postgres') {
    await sql`CREATE FUNCTION count_completion() RETURNS trigger AS $$
      BEGIN ${countCompletion} RETURN NULL; END
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER group_activities_completed_insert AFTER INSERT ON group_activities
      FOR EACH ROW WHEN (${whenInserted}) EXECUTE FUNCTION count_completion()`.execute(db);
    await sql`CREATE TRIGGER group_activities_completed_update AFTER UPDATE OF completed_at ON group_activities
      FOR EACH ROW WHEN (${whenUpdated}) EXECUTE FUNCTION count_completion()`.execute(db);
  } else {
    await sql`CREATE TRIGGER group_activities_completed_insert AFTER INSERT ON group_activities
      WHEN ${whenInserted} BEGIN ${countCompletion} END`.execute(db);
    await sql`CREATE TRIGGER group_activities_completed_update AFTER UPDATE OF completed_at ON group_activities
      WHEN ${whenUpdated} BEGIN ${countCompletion} END`.execute(db);
  }

  // A school's usage: its groups' completions since a date.
  await db.schema
    .createIndex('group_activities_completed_at')
    .on('group_activities')
    .columns(['completed_at', 'group_id'])
    .execute();
  await db.schema.createIndex('schools_license_end_date').on('schools').column('license_end_date').execute();
  await db.schema
    .createIndex('audit_log_actor_created_at')
    .on('audit_log')
    .columns(['actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_entity_created_at')
    .on('audit_log')
    .columns(['entity', 'created_at'])
    .execute();
}

// Monday of the completion's week (UTC), and its day, as 'YYYY-MM-DD'.
const weekOf = (kind: DbKind, column: string) =>
  kind === 'postgres'
    ? sql.raw(`to_char(date_trunc('week', ${column}::timestamp), 'YYYY-MM-DD')`)
    : sql.raw(`date(${column}, 'weekday 0', '-6 days')`);
const dayOf = (column: string) => sql.raw(`substr(${column}, 1, 10)`);

/** Fills the running totals from the progress rows (empty totals expected). Also used by the scale
 * seed, which writes its rows with the triggers switched off. */
export async function backfillCompletionTotals(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await sql`INSERT INTO activity_group_weeks (week_start, group_id, completions)
    SELECT ${weekOf(kind, 'completed_at')}, group_id, count(*) FROM group_activities
    WHERE completed_at IS NOT NULL GROUP BY 1, 2`.execute(db);
  await sql`INSERT INTO activity_weeks (week_start, completions, active_groups)
    SELECT week_start, sum(completions), count(*) FROM activity_group_weeks GROUP BY week_start`.execute(db);
  await sql`INSERT INTO activity_school_days (day, school_id, completions)
    SELECT ${dayOf('ga.completed_at')}, u.school_id, count(*) FROM group_activities ga
    JOIN class_groups g ON g.id = ga.group_id JOIN users u ON u.id = g.teacher_id
    WHERE ga.completed_at IS NOT NULL AND u.school_id IS NOT NULL GROUP BY 1, 2`.execute(db);
}
