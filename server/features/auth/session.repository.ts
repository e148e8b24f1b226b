// Sign-in sessions: opaque random tokens, stored only as their SHA-256 hash, with an expiry.
import crypto from 'node:crypto';
import { isoDay } from '../../../common/licence.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/database.js';
import { contentVersionColumn, type OwnedGroup, userOwnsGroup } from '../groups/group-access.repository.js';
import { licenceLetsTeachersInSql } from '../schools/licence.js';
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

type SessionValues = { tokenHash: string; now: string; today: string };
type Moment = Omit<SessionValues, 'tokenHash'>;

/** The live sessions behind a token hash, joined to their user (`u`). */
function liveSession(db: Db, values: SessionValues) {
  return liveSessions(db, values).where('s.token_hash', '=', values.tokenHash);
}

/** Live sessions joined to their user (`u`): a session ends as soon as its account may no longer
 * sign in (a deactivated teacher, a school licence off or past its dates). */
function liveSessions(db: Db, values: Moment) {
  return db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('schools as school', 'school.id', 'u.school_id')
    .where('s.expires_at', '>', values.now)
    .where((eb) =>
      eb.or([
        eb('u.role', '=', 'admin'),
        eb.and([eb('u.active', '=', 1), licenceLetsTeachersInSql('school', values.today)]),
      ]),
    );
}

const momentOf = (now: Date): Moment => ({ now: now.toISOString(), today: isoDay(now) });
const sessionValues = (token: string, now: Date): SessionValues => ({
  tokenHash: hashToken(token),
  ...momentOf(now),
});

const selectSessionUser = compiledOnce((db, values: SessionValues) =>
  liveSession(db, values).select(['s.id as sessionId', 'u.id', 'u.name', 'u.role', 's.expires_at']),
);

/** The user behind a live session, or null. Runs on every request, hence compiled once. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<Caller | null> {
  const [row] = await selectSessionUser(db, sessionValues(token, now));
  return row ?? null;
}

const selectSessionUserAndGroup = compiledOnce((db, values: SessionValues & { groupId: number }) =>
  liveSession(db, values)
    .leftJoin('class_groups as g', (join) => join.on('g.id', '=', values.groupId).on(userOwnsGroup))
    .leftJoin('levels as l', 'l.id', 'g.level_id')
    .select([
      's.id as sessionId',
      'u.id',
      'u.name',
      'u.role',
      's.expires_at',
      'g.id as groupId',
      'g.title as groupTitle',
      'g.level_id',
      'l.title as level_title',
      'g.progress_version',
      contentVersionColumn,
    ]),
);

/**
 * findSessionUser and findOwnedGroup in one statement, for the learning table: on PostgreSQL each
 * statement is a round trip to a server sharing the machine's cores, and this route is the one
 * every open table polls. The group is null when the caller may not see it.
 */
export async function findSessionUserAndGroup(
  db: Db,
  token: string,
  now: Date,
  groupId: number,
): Promise<{ caller: Caller; group: OwnedGroup | null } | null> {
  const [row] = await selectSessionUserAndGroup(db, { ...sessionValues(token, now), groupId });
  if (!row) return null;
  const caller = {
    sessionId: row.sessionId,
    id: row.id,
    name: row.name,
    role: row.role,
    expires_at: row.expires_at,
  };
  if (row.groupId === null || row.level_id === null || row.level_title === null || row.groupTitle === null) {
    return { caller, group: null };
  }
  return {
    caller,
    group: {
      id: row.groupId,
      title: row.groupTitle,
      level_id: row.level_id,
      level_title: row.level_title,
      progress_version: row.progress_version ?? 0,
      content_version: row.content_version,
    },
  };
}

/** A pupil's session is pushed forward at most this often (one write a minute, not one per
 * runtime save). */
export const SESSION_SLIDE_STEP_MS = 60_000;

/** Slides a session's end to `idleMs` after `now` (a pupil's: they are signed out after that long
 * without a request), unless it already ends within a minute of that. */
export async function slideSession(
  db: Db,
  session: { sessionId: number; expires_at: string },
  now: Date,
  idleMs: number,
): Promise<void> {
  const target = now.getTime() + idleMs;
  if (target - Date.parse(session.expires_at) < SESSION_SLIDE_STEP_MS) return;
  await db
    .updateTable('auth_sessions')
    .set({ expires_at: new Date(target).toISOString() })
    .where('id', '=', session.sessionId)
    .execute();
}

/** A session's token hash, whether or not it is still live (what a content pass is signed with). */
export async function findSessionTokenHash(db: Db, sessionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_sessions')
    .select('token_hash')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.token_hash;
}

/** The user behind a live session given by its id, with the session's token hash. */
export async function findLiveSessionById(
  db: Db,
  sessionId: number,
  now: Date,
): Promise<(Caller & { tokenHash: string }) | undefined> {
  const row = await liveSessions(db, momentOf(now))
    .where('s.id', '=', sessionId)
    .select(['s.id as sessionId', 's.token_hash', 'u.id', 'u.name', 'u.role'])
    .executeTakeFirst();
  return (
    row && { sessionId: row.sessionId, id: row.id, name: row.name, role: row.role, tokenHash: row.token_hash }
  );
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
}

/** Signs a user out everywhere: on deactivation, deletion and password change. */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
}

/** Signs a user out of every other session: after they change their own password. */
export async function deleteOtherSessionsOfUser(
  db: Db,
  userId: number,
  keptSessionId: number,
): Promise<void> {
  await db
    .deleteFrom('auth_sessions')
    .where('user_id', '=', userId)
    .where('id', '<>', keptSessionId)
    .execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', now.toISOString()).execute();
}
