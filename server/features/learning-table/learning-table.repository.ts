// SQL of the learning table: a group's whole table in two set-based reads (activities, PDFs),
// whatever the size of the level, and the status and score of one activity entry.
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import { inCurriculumOrder } from '../../db/curriculum-order.js';
import type { Db } from '../../db/database.js';
import type { Caller } from '../auth/caller.js';
import { selectOwnedEntry } from '../groups/group-access.repository.js';

/** One row per activity of the level (and one for each empty period, lesson or session), in
 * period, lesson, session, row order. `entry_id` is null when the group has no entry yet. */
export type ActivityRow = {
  period_id: number;
  period_title: string;
  lesson_id: number | null;
  lesson_title: string | null;
  session_id: number | null;
  session_title: string | null;
  activity_id: number | null;
  activity_title: string | null;
  entry_id: number | null;
  status: 'pending' | 'completed' | null;
  score: number | null;
  package_kind: PackageKind | null;
};

export function selectActivityRows(db: Db, groupId: number, levelId: number): Promise<ActivityRow[]> {
  return db
    .selectFrom('periods as p')
    .leftJoin('lessons as le', 'le.period_id', 'p.id')
    .leftJoin('lesson_sessions as s', 's.lesson_id', 'le.id')
    .leftJoin('activities as a', 'a.session_id', 's.id')
    .leftJoin('group_activities as ga', (join) =>
      join.onRef('ga.activity_id', '=', 'a.id').on('ga.group_id', '=', groupId),
    )
    .select([
      'p.id as period_id',
      'p.title as period_title',
      'le.id as lesson_id',
      'le.title as lesson_title',
      's.id as session_id',
      's.title as session_title',
      'a.id as activity_id',
      'a.title as activity_title',
      'ga.id as entry_id',
      'ga.status',
      'ga.score',
      'a.package_kind',
    ])
    .where('p.level_id', '=', levelId)
    .$call(inCurriculumOrder)
    .execute();
}

export type PdfRow = { lesson_id: number; pdf_id: number; pdf_title: string; entry_id: number | null };

/** Every PDF of the level with the group's entry for it (null when missing), in upload order. */
export function selectPdfRows(db: Db, groupId: number, levelId: number): Promise<PdfRow[]> {
  return db
    .selectFrom('pdfs as d')
    .innerJoin('lessons as le', 'le.id', 'd.lesson_id')
    .innerJoin('periods as p', 'p.id', 'le.period_id')
    .leftJoin('group_pdfs as gp', (join) =>
      join.onRef('gp.pdf_id', '=', 'd.id').on('gp.group_id', '=', groupId),
    )
    .select(['d.lesson_id', 'd.id as pdf_id', 'd.title as pdf_title', 'gp.id as entry_id'])
    .where('p.level_id', '=', levelId)
    .orderBy('d.id')
    .execute();
}

export type OwnedActivityEntry = {
  id: number;
  group_id: number;
  level_id: number;
  status: 'pending' | 'completed';
};

/** An activity entry of one of the caller's groups, or undefined. */
export function findOwnedActivityEntry(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<OwnedActivityEntry | undefined> {
  return selectOwnedEntry(db, caller, entryId)
    .select(['ga.id', 'ga.group_id', 'g.level_id', 'ga.status'])
    .executeTakeFirst();
}

/** Pending → completed; a completed entry is left as it is (never goes back to pending). True when
 * the status changed. */
export async function markEntryCompleted(db: Db, entryId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('group_activities')
    .set({ status: 'completed', completed_at: now.toISOString() })
    .where('id', '=', entryId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function saveEntryScore(db: Db, entryId: number, score: number | null): Promise<void> {
  await db.updateTable('group_activities').set({ score }).where('id', '=', entryId).execute();
}
