// Versions that let the learning table be served from a cache without ever serving it stale:
// class_groups.progress_version (bumped by the code that changes a group's entries) and one
// content_version row bumped by database triggers on every curriculum change, whatever code path
// makes it (admin screens, uploads, cascades), on both databases.
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

const CURRICULUM_TABLES = ['levels', 'periods', 'lessons', 'lesson_sessions', 'activities', 'pdfs'];

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  await db.schema
    .alterTable('class_groups')
    .addColumn('progress_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO content_version (id, version) VALUES (1, 0)`.execute(db);

  if (kind === 'postgres') {
    await sql`CREATE FUNCTION bump_content_version() RETURNS trigger AS $$
      BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; RETURN NULL; END
      $$ LANGUAGE plpgsql`.execute(db);
    for (const table of CURRICULUM_TABLES) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_content_version`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(db);
    }
    return;
  }
  for (const table of CURRICULUM_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_${event.toLowerCase()}_content_version`)}
        AFTER ${sql.raw(event)} ON ${sql.table(table)}
        BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END`.execute(db);
    }
  }
}
