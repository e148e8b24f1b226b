// The content origin's own credential (DESIGN §5): a pass signed with the session's stored hash,
// so only the server can make or check one and it ends with the session. A short-lived pass in a
// request from the app page is exchanged by the content origin for a host-only cookie of its own
// (a longer pass), which its preview routes read; the app's session cookie never leaves the app.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Caller } from './caller.js';
import { findLiveSessionById, findSessionTokenHash } from './session.repository.js';

/** The content origin's cookie: `__Host-`, so no sibling host can plant or shadow it. */
export const CONTENT_COOKIE = '__Host-ardoise_content';
/** How long the pass handed to the app page may wait before its exchange. */
export const PASS_TTL_MS = 60_000;

/** `exchange`: the short pass in the request; `cookie`: the content origin's cookie. */
export type PassPurpose = 'exchange' | 'cookie';

function mac(tokenHash: string, payload: string): string {
  return crypto.createHmac('sha256', tokenHash).update(payload).digest('base64url');
}

/** A pass for the caller's session, valid until `expiresAt`. */
export async function signContentPass(
  db: Db,
  sessionId: number,
  purpose: PassPurpose,
  expiresAt: Date,
): Promise<string | null> {
  const tokenHash = await findSessionTokenHash(db, sessionId);
  if (!tokenHash) return null;
  const payload = `${sessionId}.${purpose}.${expiresAt.getTime()}`;
  return `${payload}.${mac(tokenHash, payload)}`;
}

/** The signed-in user behind a pass of that purpose, while both the pass and the session live. */
export async function findContentPassCaller(
  db: Db,
  pass: string,
  purpose: PassPurpose,
  now: Date,
): Promise<Caller | null> {
  const match = /^(\d{1,15})\.(exchange|cookie)\.(\d{1,15})\.([\w-]{43})$/.exec(pass);
  if (!match || match[2] !== purpose || Number(match[3]) <= now.getTime()) return null;
  const sessionId = Number(match[1]);
  const session = await findLiveSessionById(db, sessionId, now);
  if (!session) return null;
  const expected = Buffer.from(mac(session.tokenHash, `${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return { sessionId: session.sessionId, id: session.id, name: session.name, role: session.role };
}
