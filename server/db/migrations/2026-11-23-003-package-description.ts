// What each activity package was recognised as at upload (docs/decisions.md#files-and-activities): its kind, the folder of the
// zip it lives in, its start page, and the summary shown to admins. Rows stored before this
// migration get the plain-HTML5 defaults and no summary; the start-up step describes them again
// from their stored zip (a null summary marks them).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('package_kind', 'text', (c) => c.notNull().defaultTo('html5'))
    .execute();
  await db.schema
    .alterTable('activities')
    .addColumn('package_root', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('activities')
    .addColumn('launch_path', 'text', (c) => c.notNull().defaultTo('index.html'))
    .execute();
  await db.schema.alterTable('activities').addColumn('package_summary', 'text').execute();
}
