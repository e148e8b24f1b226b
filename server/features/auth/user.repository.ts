// The SQL the sign-in flow needs about users and their school.
import type { Db } from '../../db/database.js';
import { countRows } from '../../db/row-counts.js';
import type { NewUser, UserUpdate } from '../../db/schema.js';

export async function findLoginCandidate(db: Db, email: string) {
  return selectLoginCandidate(db).where('u.email', '=', email.toLowerCase()).executeTakeFirst();
}
export type LoginCandidate = NonNullable<Awaited<ReturnType<typeof findLoginCandidate>>>;

export function findLoginCandidateById(db: Db, id: number): Promise<LoginCandidate | undefined> {
  return selectLoginCandidate(db).where('u.id', '=', id).executeTakeFirst();
}

/** Accounts that sign in with a password: never a pupil (docs/pupils.md: no email, no password). */
function selectLoginCandidate(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('schools as s', 's.id', 'u.school_id')
    .where('u.role', '!=', 'pupil')
    .select([
      'u.id',
      'u.name',
      'u.firstname',
      'u.email',
      'u.role',
      'u.active',
      'u.password_hash',
      'u.totp_enabled',
      'u.totp_secret',
      's.id as school_id',
      's.active_license',
      's.license_start_date',
      's.license_end_date',
    ]);
}

export async function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The columns every new account starts with, whoever creates it (admin, teacher form, seeds). */
export function newAccountColumns(now: string) {
  return {
    group_limit: null,
    remarque: '',
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled: 0,
    totp_last_step: null,
    created_at: now,
    updated_at: now,
  } satisfies Partial<NewUser>;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Writes the given columns of a user, and when it changed. */
export async function updateUserColumns(db: Db, userId: number, columns: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...columns, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Whether another account (not `exceptId`) already signs in with this email. */
export async function isEmailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function countAdmins(db: Db): Promise<number> {
  return countRows(db.selectFrom('users').where('role', '=', 'admin'));
}

/** Accepts a TOTP step only if it is newer than the last one used (atomic replay guard). */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateTotp(
  db: Db,
  userId: number,
  values: { totp_secret?: string | null; totp_pending_secret?: string | null; totp_enabled?: number },
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Puts the pending secret in force, if it is still the one a code was checked against. */
export async function confirmPendingTotp(db: Db, userId: number, pendingSecret: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: pendingSecret, totp_pending_secret: null })
    .where('id', '=', userId)
    .where('totp_enabled', '=', 1)
    .where('totp_pending_secret', '=', pendingSecret)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
