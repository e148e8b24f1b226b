// SQL of the learning table: a group's whole table in two set-based reads (activities, PDFs),
// whatever the size of the level; one entry's period, which is all its opening rule reads; the
// status and score of one activity entry; the group's entries, created set-based (one statement
// per kind); and the group's progress version, which its cached table is keyed by.
import { type NotNull, sql } from 'kysely';
import type { PackageKind } from '../../../common/standards/kinds.js';
import {
  activitiesInTree,
  inCurriculumOrder,
  pdfsInTree,
  periodOfActivity,
} from '../../db/curriculum-tree.js';
import type { Db } from '../../db/database.js';
import type { Caller } from '../auth/caller.js';
import { selectOwnedEntry } from '../groups/group-access.repository.js';

/** One row per activity (and one for each empty period, lesson or session), in period, lesson,
 * session, row order. `entry_id` is null when the group has no entry yet. */
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

/** The columns of an ActivityRow, over the tree's aliases (p, le, s, a) and the entry's (ga). */
const ROW_COLUMNS = [
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
] as const;

/** The group's rows of a level (`p.level_id`) or of one period (`p.id`). Empty periods, lessons and
 * sessions are rows too (left joins), so this join is the tree's own rather than activitiesInTree. */
function selectRows(
  db: Db,
  groupId: number,
  scope: 'p.level_id' | 'p.id',
  id: number,
): Promise<ActivityRow[]> {
  return db
    .selectFrom('periods as p')
    .leftJoin('lessons as le', 'le.period_id', 'p.id')
    .leftJoin('lesson_sessions as s', 's.lesson_id', 'le.id')
    .leftJoin('activities as a', 'a.session_id', 's.id')
    .leftJoin('group_activities as ga', (join) =>
      join.onRef('ga.activity_id', '=', 'a.id').on('ga.group_id', '=', groupId).on('ga.pupil_id', 'is', null),
    )
    .select(ROW_COLUMNS)
    .where(scope, '=', id)
    .$call(inCurriculumOrder)
    .execute();
}

export function selectActivityRows(db: Db, groupId: number, levelId: number): Promise<ActivityRow[]> {
  return selectRows(db, groupId, 'p.level_id', levelId);
}

/** The rows of the period that holds the entry's activity: the lessons its opening rule weighs. */
export function selectEntryPeriodRows(db: Db, entry: OwnedActivityEntry): Promise<ActivityRow[]> {
  return selectRows(db, entry.group_id, 'p.id', entry.period_id);
}

export type PdfRow = { lesson_id: number; pdf_id: number; pdf_title: string; entry_id: number | null };

/** Every PDF of the level with the group's entry for it (null when missing), in upload order. */
export function selectPdfRows(db: Db, groupId: number, levelId: number): Promise<PdfRow[]> {
  return pdfsInTree(db)
    .leftJoin('group_pdfs as gp', (join) =>
      join.onRef('gp.pdf_id', '=', 'd.id').on('gp.group_id', '=', groupId),
    )
    .select(['d.lesson_id', 'd.id as pdf_id', 'd.title as pdf_title', 'gp.id as entry_id'])
    .where('p.level_id', '=', levelId)
    .orderBy('d.id')
    .execute();
}

/** An activity entry with what its opening rule needs: its group and the period of its activity. */
export type OwnedActivityEntry = {
  id: number;
  group_id: number;
  period_id: number;
  status: 'pending' | 'completed';
  /** The pupil whose entry it is (their own rule applies); null for the class's entry. */
  pupil_id: number | null;
};

/** An activity entry of one of the caller's groups, or undefined. */
export function findOwnedActivityEntry(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<OwnedActivityEntry | undefined> {
  return selectOwnedEntry(db, caller, entryId)
    .select([
      'ga.id',
      'ga.group_id',
      'ga.status',
      'ga.pupil_id',
      periodOfActivity(db, 'ga.activity_id').as('period_id'),
    ])
    .$narrowType<{ period_id: NotNull }>()
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
    .expression(
      activitiesInTree(db)
        .select([sql.lit(groupId).as('group_id'), 'a.id', sql.lit('pending').as('status')])
        .where('p.level_id', '=', levelId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('group_activities as ga')
                .select(sql.lit(1).as('one'))
                .where('ga.group_id', '=', groupId)
                .where('ga.pupil_id', 'is', null)
                .whereRef('ga.activity_id', '=', 'a.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['group_id', 'activity_id']).where('pupil_id', 'is', null).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) await bumpProgressVersion(db, groupId);
}

/** Adds an entry for every PDF of the level the group has none for yet. */
export async function insertMissingPdfEntries(db: Db, groupId: number, levelId: number): Promise<void> {
  const result = await db
    .insertInto('group_pdfs')
    .columns(['group_id', 'pdf_id'])
    .expression(
      pdfsInTree(db)
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

/** A pupil's row of a group: an activity given to the group, with the pupil's own entry (null
 * columns when it has none yet), and what their space shows of it. */
export type PupilActivityRow = ActivityRow & {
  activity_id: number;
  lesson_id: number;
  session_id: number;
  due_date: string | null;
};

/** The activities given to the group, in the table's order, with this pupil's own entries: the rows
 * the pupil's rule weighs (only given activities count) and their space shows. */
export function selectPupilRows(db: Db, groupId: number, pupilId: number): Promise<PupilActivityRow[]> {
  return activitiesInTree(db)
    .innerJoin('group_assignments as gs', (join) =>
      join.onRef('gs.activity_id', '=', 'a.id').on('gs.group_id', '=', groupId),
    )
    .leftJoin('group_activities as ga', (join) =>
      join
        .onRef('ga.activity_id', '=', 'a.id')
        .on('ga.group_id', '=', groupId)
        .on('ga.pupil_id', '=', pupilId),
    )
    .select([...ROW_COLUMNS, 'gs.due_date'])
    .$call(inCurriculumOrder)
    .execute();
}

/** The (group, activity) pairs given to one of the pupil's groups (`groupId`: that group only) of
 * which the pupil has no entry yet. */
function missingPupilEntries(db: Db, pupilId: number, groupId?: number) {
  return db
    .selectFrom('group_assignments as gs')
    .innerJoin('group_pupils as gp', 'gp.group_id', 'gs.group_id')
    .where('gp.pupil_id', '=', pupilId)
    .$if(groupId !== undefined, (qb) => qb.where('gs.group_id', '=', groupId!))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('group_activities as ga')
            .select(sql.lit(1).as('one'))
            .whereRef('ga.group_id', '=', 'gs.group_id')
            .whereRef('ga.activity_id', '=', 'gs.activity_id')
            .where('ga.pupil_id', '=', pupilId),
        ),
      ),
    );
}

/** Whether the pupil lacks an entry of something given to one of their groups: a read, so the
 * pupil's space writes only when there is something to add. */
export async function hasMissingPupilEntries(db: Db, pupilId: number): Promise<boolean> {
  const row = await missingPupilEntries(db, pupilId).select(sql.lit(1).as('one')).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Adds the pupil's own pending entry of every activity given to one of their groups (`groupId`:
 * that group only) they have none of yet, in one statement. */
export async function insertMissingPupilEntries(db: Db, pupilId: number, groupId?: number): Promise<void> {
  await db
    .insertInto('group_activities')
    .columns(['group_id', 'activity_id', 'pupil_id', 'status'])
    .expression(
      missingPupilEntries(db, pupilId, groupId).select([
        'gs.group_id',
        'gs.activity_id',
        'gp.pupil_id',
        sql.lit('pending').as('status'),
      ]),
    )
    .onConflict((oc) =>
      oc.columns(['pupil_id', 'group_id', 'activity_id']).where('pupil_id', 'is not', null).doNothing(),
    )
    .execute();
}
