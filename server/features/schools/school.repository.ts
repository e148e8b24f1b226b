// The SQL of schools: the list with its counts in one query (no per-row lookups), and writes.
import type { Db } from '../../db/database.js';
import type { NewSchool, SchoolRow } from '../../db/schema.js';

export type SchoolWithCounts = SchoolRow & { teacher_count: number | null; group_count: number | null };

function selectSchoolsWithCounts(db: Db) {
  const teacherCounts = db
    .selectFrom('users')
    .select(['school_id', (eb) => eb.fn.countAll<number>().as('teacher_count')])
    .where('role', '=', 'teacher')
    .groupBy('school_id')
    .as('tc');
  const groupCounts = db
    .selectFrom('class_groups as g')
    .innerJoin('users as u', 'u.id', 'g.teacher_id')
    .select(['u.school_id', (eb) => eb.fn.countAll<number>().as('group_count')])
    .groupBy('u.school_id')
    .as('gc');
  return db
    .selectFrom('schools as s')
    .leftJoin(teacherCounts, 'tc.school_id', 's.id')
    .leftJoin(groupCounts, 'gc.school_id', 's.id')
    .selectAll('s')
    .select(['tc.teacher_count', 'gc.group_count']);
}

export type SchoolLevel = { school_id: number; id: number; title: string };

/** The levels the licences include, of one school or of all (in one query, not one per school). */
export function listSchoolLevels(db: Db, schoolId?: number): Promise<SchoolLevel[]> {
  return db
    .selectFrom('school_levels as sl')
    .innerJoin('levels as l', 'l.id', 'sl.level_id')
    .select(['sl.school_id', 'l.id', 'l.title'])
    .$if(schoolId !== undefined, (qb) => qb.where('sl.school_id', '=', schoolId!))
    .orderBy('l.id')
    .execute();
}

/** Replaces the levels the school's licence includes. */
export async function replaceSchoolLevels(db: Db, schoolId: number, levelIds: number[]): Promise<void> {
  await db.deleteFrom('school_levels').where('school_id', '=', schoolId).execute();
  if (levelIds.length === 0) return;
  await db
    .insertInto('school_levels')
    .values(levelIds.map((levelId) => ({ school_id: schoolId, level_id: levelId })))
    .execute();
}

/** Every school with its teacher and group counts, newest first. */
export function listSchoolsWithCounts(db: Db): Promise<SchoolWithCounts[]> {
  return selectSchoolsWithCounts(db).orderBy('s.id', 'desc').execute();
}

export function findSchoolWithCounts(db: Db, id: number): Promise<SchoolWithCounts | undefined> {
  return selectSchoolsWithCounts(db).where('s.id', '=', id).executeTakeFirst();
}

export function findSchoolById(db: Db, id: number): Promise<SchoolRow | undefined> {
  return db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function schoolExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('schools').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether another school (not `exceptId`) already has this UAI. */
export async function isUaiTaken(db: Db, uai: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('schools').select('id').where('uai', '=', uai);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSchool(db: Db, school: NewSchool): Promise<number> {
  const row = await db.insertInto('schools').values(school).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSchool(db: Db, id: number, values: Partial<NewSchool>): Promise<void> {
  await db.updateTable('schools').set(values).where('id', '=', id).execute();
}

/** Deletes the school; the foreign keys cascade to its teachers and everything they own. */
export async function deleteSchoolById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('schools').where('id', '=', id).execute();
}

export async function countTeachersOfSchool(db: Db, schoolId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('school_id', '=', schoolId)
    .where('role', '=', 'teacher')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Signs every user of the school out (its licence no longer lets them in). */
export async function deleteSessionsOfSchool(db: Db, schoolId: number): Promise<void> {
  await db
    .deleteFrom('auth_sessions')
    .where('user_id', 'in', db.selectFrom('users').select('id').where('school_id', '=', schoolId))
    .execute();
}
