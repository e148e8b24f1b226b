// The admin's order of the curriculum: periods, lessons, sessions and activities get a
// position among their siblings, which the learning table follows (so it decides what unlocks).
// Existing rows keep their creation order (position = id); new rows go last.
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../database.js';

const ORDERED_TABLES = ['periods', 'lessons', 'lesson_sessions', 'activities'] as const;

export async function up(db: Kysely<unknown>, _kind: DbKind): Promise<void> {
  for (const table of ORDERED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE ${sql.table(table)} SET position = id`.execute(db);
  }
}
