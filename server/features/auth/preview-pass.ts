// The admin preview's credential: a pass signed with the session's stored hash, for one activity,
// carried in the path of the preview's URLs (`/content/{id}/{pass}/…` on the package's own origin,
// common/content/activity-origin.ts). No cookie: the preview works when the content host is
// another site than the app's (browsers that block third-party cookies), and the origin a package
// plays on holds no credential of another package. A package can read its own pass, which opens
// its own files only. Only the server can make or check a pass, and it ends with the session.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Caller } from './caller.js';
import { findLiveSessionById, findSessionTokenHash } from './session.repository.js';

function mac(tokenHash: string, payload: string): string {
  return crypto.createHmac('sha256', tokenHash).update(`preview.${payload}`).digest('base64url');
}

/** A pass to the files of activity `activityId` for the caller's session, valid until `expiresAt`. */
export async function signPreviewPass(
  db: Db,
  sessionId: number,
  activityId: number,
  expiresAt: Date,
): Promise<string | null> {
  const tokenHash = await findSessionTokenHash(db, sessionId);
  if (!tokenHash) return null;
  const payload = `${sessionId}.${activityId}.${expiresAt.getTime()}`;
  return `${payload}.${mac(tokenHash, payload)}`;
}

/** The signed-in user behind a pass to activity `activityId`, while both the pass and the session live. */
export async function findPreviewPassCaller(
  db: Db,
  pass: string,
  activityId: number,
  now: Date,
): Promise<Caller | null> {
  const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(pass);
  if (!match || Number(match[2]) !== activityId || Number(match[3]) <= now.getTime()) return null;
  const session = await findLiveSessionById(db, Number(match[1]), now);
  if (!session) return null;
  const expected = Buffer.from(mac(session.tokenHash, `${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return { sessionId: session.sessionId, id: session.id, name: session.name, role: session.role };
}
