// Why a pupil is in a group: the ENT put them there (their class, sent at sign-in, is the group's
// ENT class) or a teacher did. A later sign-in takes a pupil out of a group only when the ENT put
// them in it and no longer sends that class; a teacher's choice stays (docs/ent.md).
import type { Kysely } from 'kysely';
import type { DbKind } from '../database.js';

export async function up(db: Kysely<unknown>, _kind: DbKind): Promise<void> {
  await db.schema
    .alterTable('group_pupils')
    .addColumn('via_ent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
