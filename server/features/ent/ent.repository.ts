// The SQL of ENT access: identities, the teacher's classes, the schools an ENT points at, and the
// short-lived state of sign-ins in progress.

import type { EntProvider } from '../../../common/schemas/ent.js';
import type { Db } from '../../db/database.js';
import type { EntStatesTable } from '../../db/schema.js';
import type { EntClass } from './ent-identity.js';

export type EntSchool = {
  id: number;
  uai: string | null;
  sign_in_method: string;
  cas_url: string;
  cas_attributes: string;
  default_group_limit: number | null;
  active_license: number;
  license_start_date: string;
  license_end_date: string;
};

const schoolColumns = [
  'id',
  'uai',
  'sign_in_method',
  'cas_url',
  'cas_attributes',
  'default_group_limit',
  'active_license',
  'license_start_date',
  'license_end_date',
] as const;

export function findSchoolsByUai(db: Db, uais: string[]): Promise<EntSchool[]> {
  if (uais.length === 0) return Promise.resolve([]);
  return db.selectFrom('schools').select(schoolColumns).where('uai', 'in', uais).execute();
}

/** A CAS server as one value whatever way its URL was typed (host case, default port, trailing
 * slashes): the issuer of its identities, and how schools sharing it are found. */
export function casServerOf(casUrl: string): string {
  try {
    const url = new URL(casUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return casUrl;
  }
}

/** How many schools are set up with this CAS server (whatever their sign-in method now). */
export async function countSchoolsOfCasServer(db: Db, server: string): Promise<number> {
  const rows = await db.selectFrom('schools').select('cas_url').where('cas_url', '!=', '').execute();
  return rows.filter((row) => casServerOf(row.cas_url) === server).length;
}

export type IdentityUser = {
  id: number;
  role: string;
  active: number;
  school_id: number | null;
  email: string;
};

/** The account an ENT identity belongs to. */
export function findIdentityUser(
  db: Db,
  identity: { provider: EntProvider; issuer: string; subject: string },
): Promise<IdentityUser | undefined> {
  return db
    .selectFrom('external_identities as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.id', 'u.role', 'u.active', 'u.school_id', 'u.email'])
    .where('e.provider', '=', identity.provider)
    .where('e.issuer', '=', identity.issuer)
    .where('e.subject', '=', identity.subject)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<IdentityUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'active', 'school_id', 'email'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  values: { userId: number; provider: EntProvider; issuer: string; subject: string; now: string },
): Promise<void> {
  await db
    .insertInto('external_identities')
    .values({
      user_id: values.userId,
      provider: values.provider,
      issuer: values.issuer,
      subject: values.subject,
      created_at: values.now,
      last_seen_at: values.now,
    })
    .execute();
}

export async function touchIdentity(
  db: Db,
  identity: { provider: EntProvider; issuer: string; subject: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('external_identities')
    .set({ last_seen_at: now })
    .where('provider', '=', identity.provider)
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .execute();
}

export async function updateUserFromEnt(
  db: Db,
  userId: number,
  values: { name: string; firstname: string; updated_at: string },
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Gives an account without a school this one (an account with one keeps it). */
export async function adoptSchool(db: Db, userId: number, schoolId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ school_id: schoolId })
    .where('id', '=', userId)
    .where('school_id', 'is', null)
    .execute();
}

/** The ENT's classes replace the ones it sent before. */
export async function replaceTeacherClasses(db: Db, userId: number, classes: EntClass[]): Promise<void> {
  await db.deleteFrom('teacher_classes').where('user_id', '=', userId).execute();
  if (classes.length === 0) return;
  await db
    .insertInto('teacher_classes')
    .values(classes.map((c) => ({ user_id: userId, kind: c.kind, code: c.code, label: c.label })))
    .execute();
}

export async function giveLicenceLevels(db: Db, userId: number, schoolId: number): Promise<void> {
  const levels = await db
    .selectFrom('school_levels')
    .select('level_id')
    .where('school_id', '=', schoolId)
    .execute();
  if (levels.length === 0) return;
  await db
    .insertInto('teacher_levels')
    .values(levels.map((level) => ({ user_id: userId, level_id: level.level_id })))
    .execute();
}

// Sign-ins in progress.

type StateKind = EntStatesTable['kind'];

export async function insertState(
  db: Db,
  values: { key: string; kind: StateKind; userId: number | null; data: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('ent_states')
    .values({
      key: values.key,
      kind: values.kind,
      user_id: values.userId,
      data: values.data,
      expires_at: values.expiresAt,
    })
    .execute();
  // Now and then, the expired ones go.
  if (Math.random() < 0.05)
    await db.deleteFrom('ent_states').where('expires_at', '<', new Date().toISOString()).execute();
}

export function findState(db: Db, key: string, kind: StateKind, now: string) {
  return db
    .selectFrom('ent_states')
    .selectAll()
    .where('key', '=', key)
    .where('kind', '=', kind)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Takes a state once: the first caller gets it, any other gets nothing. */
export async function takeState(db: Db, key: string, kind: StateKind, now: string) {
  const rows = await db
    .deleteFrom('ent_states')
    .where('key', '=', key)
    .where('kind', '=', kind)
    .where('expires_at', '>', now)
    .returningAll()
    .execute();
  return rows[0];
}

// Pupils (docs/ent.md, « Les élèves »).

/** A pupil's ENT class as a group's `ent_class`: 'div:6A', 'gro:LAT'. */
export const entClassKey = (c: EntClass): string => `${c.kind}:${c.code}`;

/** The groups of the school's teachers made for one of these ENT classes. */
async function groupsForClasses(db: Db, schoolId: number, keys: string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('class_groups as g')
    .innerJoin('users as t', 't.id', 'g.teacher_id')
    .select('g.id')
    .where('t.school_id', '=', schoolId)
    .where('g.ent_class', 'in', keys)
    .execute();
  return rows.map((row) => row.id);
}

/** Puts the pupil in every group of the school made for one of their classes, and takes them out of
 * the groups the ENT put them in whose class they no longer have. A group a teacher put them in
 * (via_ent 0) is never left here, and a join never turns it into the ENT's. */
export async function syncPupilGroups(
  db: Db,
  values: { pupilId: number; schoolId: number; classes: EntClass[]; now: string },
): Promise<{ joined: number; left: number }> {
  const groups = await groupsForClasses(db, values.schoolId, values.classes.map(entClassKey));
  let joined = 0;
  if (groups.length > 0) {
    const inserted = await db
      .insertInto('group_pupils')
      .values(
        groups.map((groupId) => ({
          group_id: groupId,
          pupil_id: values.pupilId,
          created_at: values.now,
          via_ent: 1,
        })),
      )
      .onConflict((oc) => oc.columns(['group_id', 'pupil_id']).doNothing())
      .executeTakeFirst();
    joined = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  const left = await db
    .deleteFrom('group_pupils')
    .where('pupil_id', '=', values.pupilId)
    .where('via_ent', '=', 1)
    .$if(groups.length > 0, (qb) => qb.where('group_id', 'not in', groups))
    .executeTakeFirst();
  return { joined, left: Number(left.numDeletedRows) };
}

/** A pupil's names, when the ENT sent some: a name it does not send is never wiped. */
export async function updatePupilFromEnt(
  db: Db,
  pupilId: number,
  values: { name: string; firstname: string; now: string },
): Promise<void> {
  if (values.name || values.firstname) {
    await db
      .updateTable('users')
      .set({ name: values.name, firstname: values.firstname, updated_at: values.now })
      .where('id', '=', pupilId)
      .execute();
  }
  await db.updateTable('pupils').set({ last_seen_at: values.now }).where('user_id', '=', pupilId).execute();
}
