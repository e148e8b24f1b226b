// Sign-in sessions: opaque random tokens, stored only as their SHA-256 hash, with an expiry.
import crypto from 'node:crypto';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/database.js';
import { isoDay, licenceLetsTeachersInSql } from '../schools/licence.js';
import type { Caller } from './caller.js';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns its token (256 random bits); only the hash is stored. */
export async function insertSession(db: Db, userId: number, now: Date, ttlMs: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    })
    .execute();
  return token;
}

const selectSessionUser = compiledOnce((db, values: { tokenHash: string; now: string; today: string }) =>
  db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('schools as school', 'school.id', 'u.school_id')
    .select(['s.id as sessionId', 'u.id', 'u.name', 'u.role'])
    .where('s.token_hash', '=', values.tokenHash)
    .where('s.expires_at', '>', values.now)
    .where((eb) =>
      eb.or([
        eb('u.role', '=', 'admin'),
        eb.and([eb('u.active', '=', 1), licenceLetsTeachersInSql('school', values.today)]),
      ]),
    ),
);

/** The user behind a live session, or null. A session ends as soon as its account may no longer
 * sign in: a deactivated teacher, or a school licence switched off or past its dates. Runs on every
 * request, hence compiled once. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<Caller | null> {
  const iso = now.toISOString();
  const [row] = await selectSessionUser(db, { tokenHash: hashToken(token), now: iso, today: isoDay(now) });
  return row ?? null;
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
}

/** Signs a user out everywhere: on deactivation, deletion and password change. */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', now.toISOString()).execute();
}
