// The school's UAI (7 digits and a key letter, see common/uai.ts): optional, so schools made before
// it and the spec's payloads keep working, and unique when set (both databases let several rows
// hold NULL under a unique index).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schools').addColumn('uai', 'text').execute();
  await db.schema.createIndex('schools_uai').on('schools').column('uai').unique().execute();
}
