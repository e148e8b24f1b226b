// The SQL of teachers: the list with school names, level titles and group counts in a constant
// number of queries, and the writes (levels live in teacher_levels).
import type { Db } from '../../db/database.js';
import type { NewUser, UserRow } from '../../db/schema.js';

export type TeacherListRow = Awaited<ReturnType<typeof listTeacherRows>>[number];
export type TeacherLevelRow = { user_id: number; id: number; title: string };

function selectTeachers(db: Db) {
  const groupCounts = db
    .selectFrom('class_groups')
    .select(['teacher_id', (eb) => eb.fn.countAll<number>().as('group_count')])
    .groupBy('teacher_id')
    .as('gc');
  return db
    .selectFrom('users as u')
    .leftJoin('schools as s', 's.id', 'u.school_id')
    .leftJoin(groupCounts, 'gc.teacher_id', 'u.id')
    .select([
      'u.id',
      'u.name',
      'u.firstname',
      'u.email',
      'u.telephone',
      'u.active',
      'u.remarque',
      'u.school_id',
      'u.group_limit',
      's.name as school_name',
      'gc.group_count',
      (eb) => eb('u.password_hash', '<>', '').as('has_password'),
    ])
    .where('u.role', '=', 'teacher');
}

/** Every teacher, newest first. */
export function listTeacherRows(db: Db) {
  return selectTeachers(db).orderBy('u.id', 'desc').execute();
}

export function findTeacherRow(db: Db, id: number) {
  return selectTeachers(db).where('u.id', '=', id).executeTakeFirst();
}

/** The levels of one teacher, by title. */
export function listTeacherLevels(db: Db, userId: number): Promise<TeacherLevelRow[]> {
  return db
    .selectFrom('teacher_levels as tl')
    .innerJoin('levels as l', 'l.id', 'tl.level_id')
    .select(['tl.user_id', 'l.id', 'l.title'])
    .where('tl.user_id', '=', userId)
    .orderBy('l.title')
    .orderBy('l.id')
    .execute();
}

export type LevelLinks = {
  /** Every level, by title. */
  levels: { id: number; title: string }[];
  /** Every teacher–level link, in no order. */
  links: { user_id: number; level_id: number }[];
};

/**
 * The levels of all teachers, for the list: the few levels are sorted by title in SQL and the links
 * (two or so per teacher, 100,000 at scale) are read bare; joining and sorting them in SQL was the
 * slow part of the list.
 */
export async function listLevelLinks(db: Db): Promise<LevelLinks> {
  const [levels, links] = await Promise.all([
    db.selectFrom('levels').select(['id', 'title']).orderBy('title').orderBy('id').execute(),
    db.selectFrom('teacher_levels').select(['user_id', 'level_id']).execute(),
  ]);
  return { levels, links };
}

/** The ENTs each account is known to (one teacher's, or everyone's read bare, like the level links). */
export function listEntProviders(db: Db, userId?: number) {
  return db
    .selectFrom('external_identities')
    .select(['user_id', 'provider'])
    .distinct()
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .execute();
}

export function findTeacherById(db: Db, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('role', '=', 'teacher')
    .executeTakeFirst();
}

export async function updateTeacher(db: Db, id: number, values: Partial<NewUser>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function replaceTeacherLevels(db: Db, userId: number, levelIds: number[]): Promise<void> {
  await db.deleteFrom('teacher_levels').where('user_id', '=', userId).execute();
  if (levelIds.length > 0) {
    await db
      .insertInto('teacher_levels')
      .values(levelIds.map((levelId) => ({ user_id: userId, level_id: levelId })))
      .execute();
  }
}

/** Deletes the account; the foreign keys cascade to its groups, their progress, its levels and sessions. */
export async function deleteTeacherById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).where('role', '=', 'teacher').execute();
}

/** The options of the teacher form: every school and every level. */
export async function listSchoolAndLevelOptions(db: Db) {
  const [schools, levels] = await Promise.all([
    db.selectFrom('schools').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
    db.selectFrom('levels').select(['id', 'title']).orderBy('title').orderBy('id').execute(),
  ]);
  return { schools, levels };
}
