// SQL of a group's progress report: every activity entry of one group (or of all the caller's
// groups in a level) with its lesson, session, status and completion date, in table order.
import { activitiesInTree, inCurriculumOrder } from '../../db/curriculum-tree.js';
import type { Db } from '../../db/database.js';
import type { Caller } from '../auth/caller.js';
import { callerOwnsGroup } from '../groups/group-access.repository.js';

export type ProgressRow = {
  group_id: number;
  group_title: string;
  period_id: number;
  period_title: string;
  lesson_id: number;
  lesson_title: string;
  session_title: string;
  entry_id: number;
  activity_title: string;
  status: 'pending' | 'completed';
  completed_at: string | null;
  /** 0–100 when the content reported a score. */
  score: number | null;
};

function selectProgress(db: Db) {
  return activitiesInTree(db)
    .innerJoin('group_activities as ga', (join) =>
      join.onRef('ga.activity_id', '=', 'a.id').on('ga.pupil_id', 'is', null),
    )
    .innerJoin('class_groups as g', 'g.id', 'ga.group_id')
    .select([
      'g.id as group_id',
      'g.title as group_title',
      'p.id as period_id',
      'p.title as period_title',
      'le.id as lesson_id',
      'le.title as lesson_title',
      's.title as session_title',
      'ga.id as entry_id',
      'a.title as activity_title',
      'ga.status',
      'ga.completed_at',
      'ga.score',
    ])
    .whereRef('p.level_id', '=', 'g.level_id')
    .orderBy('g.title')
    .orderBy('g.id')
    .$call(inCurriculumOrder);
}

/** The entries of one group (ownership checked by the caller of this function). */
export function selectGroupProgress(db: Db, groupId: number): Promise<ProgressRow[]> {
  return selectProgress(db).where('g.id', '=', groupId).execute();
}

/** The entries of every group the caller owns in the level. */
export function selectLevelProgress(db: Db, caller: Caller, levelId: number): Promise<ProgressRow[]> {
  return selectProgress(db).where('g.level_id', '=', levelId).where(callerOwnsGroup(caller)).execute();
}
