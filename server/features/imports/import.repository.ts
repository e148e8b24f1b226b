// The SQL of the bulk import: what a batch of file rows matches (schools by UAI, teachers by email,
// with their levels), and the batched writes. Every call takes a bounded batch (IMPORT_BATCH rows).
import type { Db } from '../../db/database.js';
import type { NewSchool, NewUser } from '../../db/schema.js';

/** Rows per lookup and per multi-row insert: within both databases' limits on bound values. */
export const IMPORT_BATCH = 500;

export function listLevelTitles(db: Db) {
  return db.selectFrom('levels').select(['id', 'title']).execute();
}

/** Every school that has a UAI, by UAI (teachers name their school by it). */
export type SchoolByUai = { id: number; defaultGroupLimit: number | null };

/** Schools with a UAI, by UAI: what a teacher's row needs of their school. */
export async function mapSchoolsByUai(db: Db): Promise<Map<string, SchoolByUai>> {
  const rows = await db
    .selectFrom('schools')
    .select(['id', 'uai', 'default_group_limit'])
    .where('uai', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.uai!, { id: row.id, defaultGroupLimit: row.default_group_limit }]));
}

/** Where the levels of schools and of accounts are linked: the link table and its owner column. */
const levelLinks = {
  school: { table: 'school_levels', owner: 'school_id' },
  account: { table: 'teacher_levels', owner: 'user_id' },
} as const;

/** Each school or account with the ids of its levels, in ascending order. */
async function withLevelIds<Owner extends { id: number }>(
  db: Db,
  owners: Owner[],
  links: (typeof levelLinks)[keyof typeof levelLinks],
): Promise<(Owner & { levelIds: number[] })[]> {
  const rows =
    owners.length === 0
      ? []
      : await db
          .selectFrom(links.table)
          .select((eb) => [eb.ref(links.owner).as('owner'), 'level_id'])
          .where(
            links.owner,
            'in',
            owners.map((owner) => owner.id),
          )
          .execute();
  const levelIds = new Map<number, number[]>();
  for (const row of rows) levelIds.set(row.owner, [...(levelIds.get(row.owner) ?? []), row.level_id]);
  for (const ids of levelIds.values()) ids.sort((a, b) => a - b);
  return owners.map((owner) => ({ ...owner, levelIds: levelIds.get(owner.id) ?? [] }));
}

/** Schools with these UAIs, with the ids of the levels their licence includes. */
export async function findSchoolsByUai(db: Db, uais: string[]) {
  const schools = await db.selectFrom('schools').selectAll().where('uai', 'in', uais).execute();
  return withLevelIds(db, schools, levelLinks.school);
}
export type ExistingSchool = Awaited<ReturnType<typeof findSchoolsByUai>>[number];

/** Inserts schools and answers their ids by UAI. */
export async function insertSchools(db: Db, schools: NewSchool[]): Promise<Map<string, number>> {
  const rows = await db.insertInto('schools').values(schools).returning(['id', 'uai']).execute();
  return new Map(rows.map((row) => [row.uai!, row.id]));
}

/** The levels each of these schools' licence includes, replaced. */
export async function replaceLevelsOfSchools(db: Db, schools: { id: number; levelIds: number[] }[]) {
  if (schools.length === 0) return;
  await db
    .deleteFrom('school_levels')
    .where(
      'school_id',
      'in',
      schools.map((school) => school.id),
    )
    .execute();
  const links = schools.flatMap((school) =>
    school.levelIds.map((levelId) => ({ school_id: school.id, level_id: levelId })),
  );
  if (links.length > 0) await db.insertInto('school_levels').values(links).execute();
}

export function findSchoolsById(db: Db, ids: number[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('schools').selectAll().where('id', 'in', ids).execute();
}

/** Updates a school if it has not changed since `seen` (its updated_at); answers whether it did. */
export async function updateSchool(
  db: Db,
  id: number,
  seen: string,
  values: Partial<NewSchool>,
): Promise<boolean> {
  const result = await db
    .updateTable('schools')
    .set(values)
    .where('id', '=', id)
    .where('updated_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accounts (teachers or not) with these emails, with their level ids. */
export async function findAccountsByEmail(db: Db, emails: string[]) {
  const users = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'role',
      'name',
      'firstname',
      'telephone',
      'school_id',
      'group_limit',
      'remarque',
      'updated_at',
    ])
    .where('email', 'in', emails)
    .execute();
  return withLevelIds(db, users, levelLinks.account);
}
export type ExistingAccount = Awaited<ReturnType<typeof findAccountsByEmail>>[number];

/** Inserts accounts and answers their ids by email. */
export async function insertAccounts(db: Db, users: NewUser[]): Promise<Map<string, number>> {
  const rows = await db.insertInto('users').values(users).returning(['id', 'email']).execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** Updates an account if it has not changed since `seen` (its updated_at); answers whether it did. */
export async function updateAccount(
  db: Db,
  id: number,
  seen: string,
  values: Partial<NewUser>,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(values)
    .where('id', '=', id)
    .where('updated_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the levels of these teachers with the given links. */
export async function replaceTeacherLevels(
  db: Db,
  userIds: number[],
  links: { user_id: number; level_id: number }[],
): Promise<void> {
  if (userIds.length > 0) await db.deleteFrom('teacher_levels').where('user_id', 'in', userIds).execute();
  if (links.length > 0) await db.insertInto('teacher_levels').values(links).execute();
}
