// Who may see which level and group in the teacher area (docs/decisions.md#identity-and-security-model): a teacher sees the levels
// assigned to them and only their own groups inside those levels; an admin sees every level and
// their own groups. Every learner-area query filters through these rules, so an id the caller may
// not see is simply not found.
import { type ExpressionBuilder, expressionBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/database.js';
import type { ClassGroupsTable, Database, UsersTable } from '../../db/schema.js';
import type { Caller } from '../auth/caller.js';

type WithGroupAlias = Database & { g: ClassGroupsTable };

const isAdmin = (caller: Pick<Caller, 'role'>) => caller.role === 'admin';

/** Filter for a query that has `class_groups as g`: the caller owns g, in a level they may see. */
export function callerOwnsGroup(caller: Pick<Caller, 'id' | 'role'>) {
  return (eb: ExpressionBuilder<WithGroupAlias, 'g'>) => {
    const owned = eb('g.teacher_id', '=', caller.id);
    if (isAdmin(caller)) return owned;
    return eb.and([
      owned,
      eb.exists(
        eb
          .selectFrom('teacher_levels as tl')
          .select(sql.lit(1).as('one'))
          .whereRef('tl.level_id', '=', 'g.level_id')
          .where('tl.user_id', '=', caller.id),
      ),
    ]);
  };
}

/** One of the caller's activity entries (`group_activities as ga` with its `class_groups as g`),
 * for a query to pick its columns: for a teacher or an admin, a class entry of a group they own;
 * for a pupil, their own entry of an activity still given to a group they still belong to. */
export function selectOwnedEntry(db: Db, caller: Caller, entryId: number) {
  const entry = db
    .selectFrom('group_activities as ga')
    .innerJoin('class_groups as g', 'g.id', 'ga.group_id')
    .where('ga.id', '=', entryId);
  if (caller.role !== 'pupil') return entry.where('ga.pupil_id', 'is', null).where(callerOwnsGroup(caller));
  return entry
    .where('ga.pupil_id', '=', caller.id)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('group_pupils as gp')
            .select(sql.lit(1).as('one'))
            .whereRef('gp.group_id', '=', 'ga.group_id')
            .where('gp.pupil_id', '=', caller.id),
        ),
        eb.exists(
          eb
            .selectFrom('group_assignments as gs')
            .select(sql.lit(1).as('one'))
            .whereRef('gs.group_id', '=', 'ga.group_id')
            .whereRef('gs.activity_id', '=', 'ga.activity_id'),
        ),
      ]),
    );
}

/**
 * The same rule as callerOwnsGroup, for a query that joins the caller's own row as `u` (their
 * role then comes from the database, not from the request): u owns g, in a level u may see.
 */
export function userOwnsGroup(
  eb: ExpressionBuilder<Database & { g: ClassGroupsTable; u: UsersTable }, 'g' | 'u'>,
) {
  return eb.and([
    eb('g.teacher_id', '=', eb.ref('u.id')),
    eb.or([
      eb('u.role', '=', 'admin'),
      eb.exists(
        eb
          .selectFrom('teacher_levels as tl')
          .select(sql.lit(1).as('one'))
          .whereRef('tl.level_id', '=', 'g.level_id')
          .whereRef('tl.user_id', '=', 'u.id'),
      ),
    ]),
  ]);
}

/** The levels the caller may open, by title. */
export function findCallerLevels(db: Db, caller: Caller): Promise<{ id: number; title: string }[]> {
  if (isAdmin(caller)) {
    return db.selectFrom('levels').select(['id', 'title']).orderBy('title').orderBy('id').execute();
  }
  return db
    .selectFrom('levels as l')
    .innerJoin('teacher_levels as tl', 'tl.level_id', 'l.id')
    .select(['l.id', 'l.title'])
    .where('tl.user_id', '=', caller.id)
    .orderBy('l.title')
    .orderBy('l.id')
    .execute();
}

/** The level if the caller may open it. */
export function findCallerLevel(
  db: Db,
  caller: Caller,
  levelId: number,
): Promise<{ id: number; title: string } | undefined> {
  return db
    .selectFrom('levels as l')
    .select(['l.id', 'l.title'])
    .where('l.id', '=', levelId)
    .$if(!isAdmin(caller), (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('teacher_levels as tl')
            .select(sql.lit(1).as('one'))
            .whereRef('tl.level_id', '=', 'l.id')
            .where('tl.user_id', '=', caller.id),
        ),
      ),
    )
    .executeTakeFirst();
}

export type OwnedGroup = {
  id: number;
  title: string;
  level_id: number;
  level_title: string;
  /** Together, they change whenever anything the group's learning table shows changes. */
  progress_version: number;
  content_version: number;
};

/** The curriculum's version (bumped by triggers on any change) as a column `content_version`:
 * with a group's progress_version, it keys the learning table's cache. */
export const contentVersionColumn = expressionBuilder<Database, never>()
  .selectFrom('content_version')
  .select('version')
  .where('id', '=', 1)
  .$asScalar()
  .$notNull()
  .as('content_version');

/** The group with its level and versions, if owned by `callerId` and in a level they may open. */
function selectOwnedGroup(callerRole: Caller['role']) {
  return compiledOnce((db, values: { groupId: number; callerId: number }) =>
    db
      .selectFrom('class_groups as g')
      .innerJoin('levels as l', 'l.id', 'g.level_id')
      .select([
        'g.id',
        'g.title',
        'g.level_id',
        'l.title as level_title',
        'g.progress_version',
        contentVersionColumn,
      ])
      .where('g.id', '=', values.groupId)
      .where(callerOwnsGroup({ id: values.callerId, role: callerRole })),
  );
}

const selectOwnedGroupAs = {
  admin: selectOwnedGroup('admin'),
  teacher: selectOwnedGroup('teacher'),
  // A pupil owns no group: their query finds nothing (their routes refuse them before it runs).
  pupil: selectOwnedGroup('pupil'),
};

/** The caller's group with its level and versions, or undefined when the caller may not see it.
 * Runs on every learning-table request, hence compiled once (a query per role). */
export async function findOwnedGroup(
  db: Db,
  caller: Caller,
  groupId: number,
): Promise<OwnedGroup | undefined> {
  const [group] = await selectOwnedGroupAs[caller.role](db, { groupId, callerId: caller.id });
  return group;
}
