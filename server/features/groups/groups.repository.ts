// SQL of the groups screen: a teacher's groups in a level with their progress, create, delete.
import { activitiesInTree } from '../../db/curriculum-tree.js';
import type { Db } from '../../db/database.js';
import { countRows } from '../../db/row-counts.js';
import type { Caller } from '../auth/caller.js';
import { callerOwnsGroup } from './group-access.repository.js';

export type GroupProgressRow = { id: number; title: string; completed: number };

/** The caller's groups in a level, oldest first, with how many activities each has completed. */
export function findGroupsWithProgress(db: Db, caller: Caller, levelId: number): Promise<GroupProgressRow[]> {
  return db
    .selectFrom('class_groups as g')
    .leftJoin('group_activities as ga', (join) =>
      join.onRef('ga.group_id', '=', 'g.id').on('ga.status', '=', 'completed').on('ga.pupil_id', 'is', null),
    )
    .select(['g.id', 'g.title', (eb) => eb.fn.count<number>('ga.id').as('completed')])
    .where('g.level_id', '=', levelId)
    .where(callerOwnsGroup(caller))
    .groupBy(['g.id', 'g.title'])
    .orderBy('g.id')
    .execute();
}

/** How many activities the level has (a group's total, whether or not its entries exist yet). */
export async function countLevelActivities(db: Db, levelId: number): Promise<number> {
  return countRows(activitiesInTree(db).where('p.level_id', '=', levelId));
}

export async function countGroupsOfTeacher(db: Db, teacherId: number): Promise<number> {
  return countRows(db.selectFrom('class_groups').where('teacher_id', '=', teacherId));
}

export function insertGroup(
  db: Db,
  values: { teacherId: number; levelId: number; title: string; now: Date; entClass?: string },
): Promise<{ id: number; title: string }> {
  return db
    .insertInto('class_groups')
    .values({
      teacher_id: values.teacherId,
      level_id: values.levelId,
      title: values.title,
      created_at: values.now.toISOString(),
      ent_class: values.entClass ?? null,
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

/** Deletes the caller's group (its entries go with it); false when the caller may not see it. */
export async function deleteOwnedGroup(db: Db, caller: Caller, groupId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('class_groups')
    .where('id', '=', groupId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('class_groups as g')
        .select('g.id')
        .where('g.id', '=', groupId)
        .where(callerOwnsGroup(caller)),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Locks the teacher's row until the transaction ends (PostgreSQL), so two concurrent creations
 * cannot both pass the group limit. SQLite runs one write transaction at a time already. */
export async function lockTeacherGroupLimit(
  db: Db,
  teacherId: number,
  kind: 'sqlite' | 'postgres',
): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('group_limit')
    .where('id', '=', teacherId)
    .$if(kind === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
  return row.group_limit === null ? null : Number(row.group_limit);
}

/** The classes (DIV) and groups (GRO) the teacher's ENT sent last, classes first. */
export function listTeacherClasses(db: Db, teacherId: number) {
  return db
    .selectFrom('teacher_classes')
    .select(['kind', 'code', 'label'])
    .where('user_id', '=', teacherId)
    .orderBy('kind')
    .orderBy('label')
    .execute();
}

/** The teacher's groups in a level: their titles and the ENT class each was made for. */
export function listGroupTitles(db: Db, teacherId: number, levelId: number) {
  return db
    .selectFrom('class_groups')
    .select(['id', 'title', 'ent_class'])
    .where('teacher_id', '=', teacherId)
    .where('level_id', '=', levelId)
    .execute();
}

/** Marks a group the teacher made by hand as the group of an ENT class (its pupils then join it). */
export async function setGroupEntClass(db: Db, groupId: number, entClass: string): Promise<void> {
  await db
    .updateTable('class_groups')
    .set({ ent_class: entClass })
    .where('id', '=', groupId)
    .where('ent_class', 'is', null)
    .execute();
}

/** Puts in a group made for an ENT class the pupils of the teacher's school whose last ENT sign-in
 * sent that class (docs/ent.md): as the ENT's joins (via_ent), so their next sign-in keeps them in
 * step. The others join at their next sign-in. */
export async function joinEntClassPupils(
  db: Db,
  values: { groupId: number; teacherId: number; kind: 'div' | 'gro'; code: string; now: Date },
): Promise<void> {
  await db
    .insertInto('group_pupils')
    .columns(['group_id', 'pupil_id', 'created_at', 'via_ent'])
    .expression((eb) =>
      eb
        .selectFrom('teacher_classes as c')
        .innerJoin('users as p', 'p.id', 'c.user_id')
        .innerJoin('users as t', (join) => join.on('t.id', '=', values.teacherId))
        .select((sb) => [
          sb.val(values.groupId).as('group_id'),
          'c.user_id as pupil_id',
          sb.val(values.now.toISOString()).as('created_at'),
          sb.val(1).as('via_ent'),
        ])
        .where('p.role', '=', 'pupil')
        .whereRef('p.school_id', '=', 't.school_id')
        .where('c.kind', '=', values.kind)
        .where('c.code', '=', values.code),
    )
    .onConflict((oc) => oc.columns(['group_id', 'pupil_id']).doNothing())
    .execute();
}
