// The SQL of what an admin does with a school's pupils (docs/privacy.md): the school's pupils page by
// page, everything kept about one pupil (the export), and erasing a pupil with everything that
// hangs on the account.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pupilAccount } from '../pupils/pupil-accounts.service.js';

/** The sign-in throttle's keys of one pupil (the picture door counts wrong tries per pupil). */
export const pupilThrottleKey = (pupilId: number) => `pupil:${pupilId}`;

/** A pupil account: its users row, role 'pupil', with its pupils row. */
export function findPupil(db: Db, id: number) {
  return pupilAccount(db, id)
    .select([
      'u.id',
      'u.firstname',
      'u.name',
      'u.active',
      'u.school_id',
      'u.created_at',
      'u.updated_at',
      's.name as school_name',
      's.uai as school_uai',
      'p.pseudonym',
      'p.picture_code',
      'p.card_version',
      'p.last_seen_at',
    ])
    .executeTakeFirst();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pupils of a school matching `q` (names or pseudonym, case-insensitive), as a query to count or page. */
function schoolPupilsQuery(db: Db, schoolId: number, q: string) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('pupils as p', 'p.user_id', 'u.id')
    .where('u.school_id', '=', schoolId)
    .where('u.role', '=', 'pupil');
  if (q !== '') {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(u.firstname || ' ' || u.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(u.name || ' ' || u.firstname)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(p.pseudonym)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

const count = (n: unknown) => Number(n ?? 0);

/** How many pupils a school has, and how many can sign in each way. */
export async function countSchoolPupils(db: Db, schoolId: number) {
  const [total, cards, identities] = await Promise.all([
    schoolPupilsQuery(db, schoolId, '')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    schoolPupilsQuery(db, schoolId, '')
      .where('p.picture_code', '<>', '')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('external_identities as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .where('u.school_id', '=', schoolId)
      .where('u.role', '=', 'pupil')
      .select(['e.provider', (eb) => eb.fn.count('e.user_id').distinct().as('n')])
      .groupBy('e.provider')
      .execute(),
  ]);
  const byProvider = new Map(identities.map((row) => [row.provider, count(row.n)]));
  return {
    total: count(total.n),
    signIn: { cards: count(cards.n), gar: byProvider.get('gar') ?? 0, cas: byProvider.get('cas') ?? 0 },
  };
}

/** One page of a school's pupils matching `q`, named ones first (by first name, then name), then
 * the unnamed by pseudonym; with how many match. */
export async function selectSchoolPupilsPage(
  db: Db,
  schoolId: number,
  q: string,
  page: { offset: number; limit: number },
) {
  const [matching, rows] = await Promise.all([
    schoolPupilsQuery(db, schoolId, q)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    schoolPupilsQuery(db, schoolId, q)
      .select([
        'u.id',
        'u.firstname',
        'u.name',
        'u.created_at',
        'p.pseudonym',
        'p.picture_code',
        'p.last_seen_at',
      ])
      .orderBy(sql`case when u.firstname = '' and u.name = '' then 1 else 0 end`)
      .orderBy(sql`lower(u.firstname)`)
      .orderBy(sql`lower(u.name)`)
      .orderBy('p.pseudonym')
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { matching: count(matching.n), rows };
}

/** The groups of these pupils, each with its teacher. */
export async function selectGroupsOfPupils(db: Db, pupilIds: number[]) {
  if (pupilIds.length === 0) return [];
  return db
    .selectFrom('group_pupils as gp')
    .innerJoin('class_groups as g', 'g.id', 'gp.group_id')
    .innerJoin('users as t', 't.id', 'g.teacher_id')
    .innerJoin('levels as l', 'l.id', 'g.level_id')
    .select([
      'gp.pupil_id',
      'gp.created_at as joined_at',
      'g.id',
      'g.title',
      'l.title as level',
      't.id as teacher_id',
      't.firstname as teacher_firstname',
      't.name as teacher_name',
    ])
    .where('gp.pupil_id', 'in', pupilIds)
    .orderBy('g.title')
    .orderBy('g.id')
    .execute();
}

/** Which ENT providers know each of these pupils. */
export async function selectProvidersOfPupils(db: Db, pupilIds: number[]) {
  if (pupilIds.length === 0) return [];
  return db
    .selectFrom('external_identities')
    .select(['user_id', 'provider'])
    .distinct()
    .where('user_id', 'in', pupilIds)
    .execute();
}

// ---- The export: everything kept about one pupil.

export function selectExternalIdentities(db: Db, pupilId: number) {
  return db
    .selectFrom('external_identities')
    .select(['provider', 'issuer', 'subject', 'created_at', 'last_seen_at'])
    .where('user_id', '=', pupilId)
    .orderBy('id')
    .execute();
}

export function selectEntClasses(db: Db, pupilId: number) {
  return db
    .selectFrom('teacher_classes')
    .select(['kind', 'code', 'label'])
    .where('user_id', '=', pupilId)
    .orderBy('kind')
    .orderBy('code')
    .execute();
}

/** The activities given to these groups. */
export async function selectAssignmentsOfGroups(db: Db, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('group_assignments as ga')
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .select(['ga.group_id', 'ga.activity_id', 'a.title', 'ga.due_date', 'ga.given_at'])
    .where('ga.group_id', 'in', groupIds)
    .orderBy('ga.given_at')
    .orderBy('ga.activity_id')
    .execute();
}

/** The pupil's own entries, with what the activity last reported. */
export function selectEntriesOfPupil(db: Db, pupilId: number) {
  return db
    .selectFrom('group_activities as e')
    .innerJoin('class_groups as g', 'g.id', 'e.group_id')
    .innerJoin('activities as a', 'a.id', 'e.activity_id')
    .leftJoin('activity_runtime as r', 'r.entry_id', 'e.id')
    .select([
      'e.id',
      'e.group_id',
      'g.title as group_title',
      'e.activity_id',
      'a.title as activity_title',
      'e.status',
      'e.score',
      'e.completed_at',
      'r.standard as runtime_standard',
      'r.data as runtime_data',
      'r.updated_at as runtime_updated_at',
    ])
    .where('e.pupil_id', '=', pupilId)
    .orderBy('e.id')
    .execute();
}

export async function selectLaunchesOfEntries(db: Db, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .selectFrom('activity_runtime_launches')
    .select(['entry_id', 'launch_id', 'last_seq'])
    .where('entry_id', 'in', entryIds)
    .orderBy('entry_id')
    .orderBy('launch_id')
    .execute();
}

export async function selectStatementsOfEntries(db: Db, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .selectFrom('xapi_statements')
    .select([
      'entry_id',
      'statement_id',
      'verb_id',
      'object_id',
      'timestamp',
      'stored_at',
      'score_scaled',
      'success',
      'completion',
      'statement',
    ])
    .where('entry_id', 'in', entryIds)
    .orderBy('id')
    .execute();
}

export function selectSessionsOfPupil(db: Db, pupilId: number) {
  return db
    .selectFrom('auth_sessions')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', pupilId)
    .orderBy('id')
    .execute();
}

export function selectThrottleOfPupil(db: Db, pupilId: number) {
  return db
    .selectFrom('sign_in_throttle')
    .select(['failures', 'last_failure_at', 'blocked_until'])
    .where('key', '=', pupilThrottleKey(pupilId))
    .execute();
}

/** The audit entries the pupil made, and those about them (entity 'pupil'). */
export function selectAuditOfPupil(db: Db, pupilId: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'created_at', 'action', 'entity', 'entity_id', 'actor_id', 'details'])
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', pupilId),
        eb.and([eb('entity', '=', 'pupil'), eb('entity_id', '=', pupilId)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

// ---- Erasing.

/** The groups the pupil belongs to or has entries in. */
export async function selectGroupIdsOfPupil(db: Db, pupilId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_pupils')
    .select('group_id')
    .where('pupil_id', '=', pupilId)
    .union(db.selectFrom('group_activities').select('group_id').where('pupil_id', '=', pupilId))
    .execute();
  return rows.map((row) => row.group_id);
}

/** Earlier audit entries made by the pupil or about them keep what was done and when, not the
 * details (names, the handle, anything an action recorded). */
export async function emptyAuditDetailsOfPupil(db: Db, pupilId: number): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({ details: '{}' })
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', pupilId),
        eb.and([eb('entity', '=', 'pupil'), eb('entity_id', '=', pupilId)]),
      ]),
    )
    .where('details', '<>', '{}')
    .execute();
}

export async function deletePupilThrottle(db: Db, pupilId: number): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', pupilThrottleKey(pupilId)).execute();
}

/** Deletes the pupil's account (and, through the cascading keys, their pupils row, memberships,
 * entries with their runtime data, launches and statements, sessions, ENT identities and classes,
 * sign-ins in progress); `seenBefore`: only when not seen since. Returns whether it was deleted. */
export async function deletePupilAccount(db: Db, pupilId: number, seenBefore?: string): Promise<boolean> {
  const result = await db
    .deleteFrom('users')
    .where('id', '=', pupilId)
    .where('role', '=', 'pupil')
    .$if(seenBefore !== undefined, (qb) =>
      qb.where('id', 'in', db.selectFrom('pupils').select('user_id').where('last_seen_at', '<', seenBefore!)),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Group caches keyed by progress_version (the learning table's) are told the group changed. */
export async function bumpGroupsProgress(db: Db, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await db
    .updateTable('class_groups')
    .set((eb) => ({ progress_version: eb('progress_version', '+', 1) }))
    .where('id', 'in', groupIds)
    .execute();
}

/** Pupils not seen since `before`, oldest first. */
export async function selectPupilsNotSeenSince(db: Db, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pupils')
    .select('user_id')
    .where('last_seen_at', '<', before)
    .orderBy('last_seen_at')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function schoolExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('schools').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Before a school is deleted (its pupils' accounts go with it through the cascading keys): what
 * erasing each pupil does besides the delete, for all of its pupils at once. Returns how many. */
export async function forgetSchoolPupilsRows(db: Db, schoolId: number): Promise<number> {
  const pupils = db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role', '=', 'pupil');
  const count = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('school_id', '=', schoolId)
    .where('role', '=', 'pupil')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('audit_log')
    .set({ details: '{}' })
    .where((eb) =>
      eb.or([
        eb('actor_id', 'in', pupils),
        eb.and([eb('entity', '=', 'pupil'), eb('entity_id', 'in', pupils)]),
      ]),
    )
    .where('details', '<>', '{}')
    .execute();
  await db
    .deleteFrom('sign_in_throttle')
    .where(
      'key',
      'in',
      db
        .selectFrom('users')
        .select(sql<string>`'pupil:' || cast(id as text)`.as('key'))
        .where('school_id', '=', schoolId)
        .where('role', '=', 'pupil'),
    )
    .execute();
  return Number(count.n);
}
