// The xAPI statements content sent (cmi5, Tin Can, and H5P's xAPI events), kept per group entry:
// each statement id once per entry (replays store nothing twice), with the parts Ardoise acts on
// beside the statement as sent, so completion and score are derived from every write, not only the
// last, and a teacher can read what the content reported.
import type { Kysely } from 'kysely';
import type { DbKind } from '../database.js';

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  const table = db.schema.createTable('xapi_statements');
  await (kind === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('entry_id', 'integer', (c) =>
      c.notNull().references('group_activities.id').onDelete('cascade'),
    )
    .addColumn('statement_id', 'text', (c) => c.notNull())
    .addColumn('verb_id', 'text', (c) => c.notNull())
    // The object's id ('' when the object is not an activity).
    .addColumn('object_id', 'text', (c) => c.notNull())
    // The statement's timestamp, else when it was stored (ISO text, as every date here).
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('stored_at', 'text', (c) => c.notNull())
    // result.score.scaled, else raw within min/max (a ratio, -1–1); result.success / completion as 0/1.
    .addColumn('score_scaled', 'double precision')
    .addColumn('success', 'integer')
    .addColumn('completion', 'integer')
    .addColumn('statement', 'text', (c) => c.notNull()) // JSON as sent
    .addUniqueConstraint('xapi_statements_entry_statement', ['entry_id', 'statement_id'])
    .execute();
  // An entry's statements in the order they were stored (listing, newest first; cascades).
  await db.schema
    .createIndex('xapi_statements_entry_id')
    .on('xapi_statements')
    .columns(['entry_id', 'id'])
    .execute();
}
