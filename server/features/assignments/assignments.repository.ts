// SQL of the work a teacher gives a group's pupils (docs/pupils.md#le-travail-donné): the
// activities of an item of the group's level, given (or given again with a new date) and taken
// back in one statement each, and per given activity what the group's current pupils did of it.
import { type ExpressionBuilder, sql } from 'kysely';
import type { AssignmentKind } from '../../../common/schemas/assignments.js';
import { activitiesInTree, inCurriculumOrder } from '../../db/curriculum-tree.js';
import type { Db } from '../../db/database.js';
import { countRows, hasRows } from '../../db/row-counts.js';
import type { Database } from '../../db/schema.js';

export type AssignmentItem = { kind: AssignmentKind; id: number };
type Scope = { groupId: number; levelId: number };

/** The activities of the item, in the group's level: `a.id` of the tree's query. An activity is named
 * by the class's entry of it (the table's id). */
function itemActivities(db: Db, item: AssignmentItem, scope: Scope) {
  const tree = activitiesInTree(db).where('p.level_id', '=', scope.levelId);
  if (item.kind === 'lesson') return tree.where('le.id', '=', item.id);
  if (item.kind === 'session') return tree.where('s.id', '=', item.id);
  return tree.where((eb: ExpressionBuilder<Database & { a: Database['activities'] }, 'a'>) =>
    eb.exists(
      eb
        .selectFrom('group_activities as ce')
        .select(sql.lit(1).as('one'))
        .where('ce.id', '=', item.id)
        .where('ce.group_id', '=', scope.groupId)
        .where('ce.pupil_id', 'is', null)
        .whereRef('ce.activity_id', '=', 'a.id'),
    ),
  );
}

/** Whether the item is in the group's level (a lesson or a session may hold no activity yet). */
export function itemExists(db: Db, item: AssignmentItem, scope: Scope): Promise<boolean> {
  if (item.kind === 'activity') return hasRows(itemActivities(db, item, scope));
  const sessions = db
    .selectFrom('lessons as le')
    .innerJoin('periods as p', 'p.id', 'le.period_id')
    .where('p.level_id', '=', scope.levelId);
  if (item.kind === 'lesson') return hasRows(sessions.where('le.id', '=', item.id));
  return hasRows(
    sessions.innerJoin('lesson_sessions as s', 's.lesson_id', 'le.id').where('s.id', '=', item.id),
  );
}

/** Gives every activity of the item to the group; one given before keeps its date of giving and
 * takes the new due date. */
export async function giveItem(
  db: Db,
  item: AssignmentItem,
  scope: Scope,
  dueDate: string | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('group_assignments')
    .columns(['group_id', 'activity_id', 'due_date', 'given_at'])
    .expression(
      itemActivities(db, item, scope).select([
        sql.lit(scope.groupId).as('group_id'),
        'a.id',
        sql.val(dueDate).as('due_date'),
        sql.val(now.toISOString()).as('given_at'),
      ]),
    )
    .onConflict((oc) =>
      oc
        .columns(['group_id', 'activity_id'])
        .doUpdateSet((eb) => ({ due_date: eb.ref('excluded.due_date') })),
    )
    .execute();
}

/** Takes the item's activities back: the pupils' entries (their results) stay. */
export async function retireItem(db: Db, item: AssignmentItem, scope: Scope): Promise<void> {
  await db
    .deleteFrom('group_assignments')
    .where('group_id', '=', scope.groupId)
    .where('activity_id', 'in', itemActivities(db, item, scope).select('a.id'))
    .execute();
}

export type AssignmentRow = {
  activity_id: number;
  entry_id: number;
  due_date: string | null;
  given_at: string;
  finished: number | string | bigint;
  mean_score: number | string | null;
};

/** The group's given activities in the table's order, each with its class entry, how many of the
 * group's current pupils finished it and their mean score. */
export function selectAssignments(db: Db, groupId: number): Promise<AssignmentRow[]> {
  const pupilEntries = (eb: ExpressionBuilder<Database & { gs: Database['group_assignments'] }, 'gs'>) =>
    eb
      .selectFrom('group_activities as pe')
      .innerJoin('group_pupils as gp', (join) =>
        join.onRef('gp.group_id', '=', 'pe.group_id').onRef('gp.pupil_id', '=', 'pe.pupil_id'),
      )
      .whereRef('pe.group_id', '=', 'gs.group_id')
      .whereRef('pe.activity_id', '=', 'gs.activity_id');
  return activitiesInTree(db)
    .innerJoin('group_assignments as gs', 'gs.activity_id', 'a.id')
    .innerJoin('group_activities as ce', (join) =>
      join
        .onRef('ce.activity_id', '=', 'a.id')
        .onRef('ce.group_id', '=', 'gs.group_id')
        .on('ce.pupil_id', 'is', null),
    )
    .where('gs.group_id', '=', groupId)
    .select((eb) => [
      'a.id as activity_id',
      'ce.id as entry_id',
      'gs.due_date',
      'gs.given_at',
      pupilEntries(eb)
        .select((inner) => inner.fn.countAll().as('n'))
        .where('pe.status', '=', 'completed')
        .as('finished'),
      pupilEntries(eb)
        .select((inner) => inner.fn.avg('pe.score').as('mean'))
        .where('pe.score', 'is not', null)
        .as('mean_score'),
    ])
    .$call(inCurriculumOrder)
    .execute() as Promise<AssignmentRow[]>;
}

/** How many pupils the group has. */
export function countGroupPupils(db: Db, groupId: number): Promise<number> {
  return countRows(db.selectFrom('group_pupils').where('group_id', '=', groupId));
}
