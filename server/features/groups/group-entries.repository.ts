// A group's entries: one row per group × activity (with its status) and per group × PDF. Their
// ids are what the learning table hands out, so later calls know the group from the id alone.
// Entries are created set-based, one statement per kind, whatever the size of the level.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Marks the group's learning table as changed (its cached copy is rebuilt). Call after the change. */
export async function bumpProgressVersion(db: Db, groupId: number): Promise<void> {
  await db
    .updateTable('class_groups')
    .set((eb) => ({ progress_version: eb('progress_version', '+', 1) }))
    .where('id', '=', groupId)
    .execute();
}

/** Adds a pending entry for every activity of the level the group has none for yet. */
export async function insertMissingActivityEntries(db: Db, groupId: number, levelId: number): Promise<void> {
  const result = await db
    .insertInto('group_activities')
    .columns(['group_id', 'activity_id', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('activities as a')
        .innerJoin('lesson_sessions as s', 's.id', 'a.session_id')
        .innerJoin('lessons as le', 'le.id', 's.lesson_id')
        .innerJoin('periods as p', 'p.id', 'le.period_id')
        .select([sql.lit(groupId).as('group_id'), 'a.id', sql.lit('pending').as('status')])
        .where('p.level_id', '=', levelId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('group_activities as ga')
                .select(sql.lit(1).as('one'))
                .where('ga.group_id', '=', groupId)
                .whereRef('ga.activity_id', '=', 'a.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['group_id', 'activity_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) await bumpProgressVersion(db, groupId);
}

/** Adds an entry for every PDF of the level the group has none for yet. */
export async function insertMissingPdfEntries(db: Db, groupId: number, levelId: number): Promise<void> {
  const result = await db
    .insertInto('group_pdfs')
    .columns(['group_id', 'pdf_id'])
    .expression((eb) =>
      eb
        .selectFrom('pdfs as d')
        .innerJoin('lessons as le', 'le.id', 'd.lesson_id')
        .innerJoin('periods as p', 'p.id', 'le.period_id')
        .select([sql.lit(groupId).as('group_id'), 'd.id'])
        .where('p.level_id', '=', levelId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('group_pdfs as gp')
                .select(sql.lit(1).as('one'))
                .where('gp.group_id', '=', groupId)
                .whereRef('gp.pdf_id', '=', 'd.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['group_id', 'pdf_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) await bumpProgressVersion(db, groupId);
}
