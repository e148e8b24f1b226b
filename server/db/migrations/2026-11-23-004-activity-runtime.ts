// What activities report while they play (SCORM cmi data, H5P state and result), kept per group
// entry like progress: the entry's whole runtime data, a high-water mark per launch (one opening on
// one device) that makes replayed writes harmless, and the entry's last score beside its status so
// the learning table reads it in the same query.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const entry = 'group_activities.id';
  await db.schema
    .createTable('activity_runtime')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey().references(entry).onDelete('cascade'))
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull()) // JSON
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('activity_runtime_launches')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references(entry).onDelete('cascade'))
    .addColumn('launch_id', 'text', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_runtime_launches_pk', ['entry_id', 'launch_id'])
    .execute();
  await db.schema.alterTable('group_activities').addColumn('score', 'double precision').execute();
}
