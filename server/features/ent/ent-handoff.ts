// Hands a finished ENT sign-in to the browser: the identity provider's POST (or the CAS callback)
// ends on a page of the SPA carrying a one-time code in its fragment (never sent to a server, never
// logged); the page trades it for a session, in the browser that started the sign-in only (each
// code remembers that browser's state, sign-in-state.ts). A pending link to a password account,
// and a refusal, end on their own pages.
import crypto from 'node:crypto';
import type { EntRefusal } from '../../../common/messages/ent.js';
import type { Db } from '../../db/database.js';
import { insertState } from './ent.repository.js';
import type { EntIdentity } from './ent-identity.js';

/** A session code is traded within seconds; a link waits for a password to be typed. */
const SESSION_CODE_TTL_MS = 2 * 60_000;
const LINK_CODE_TTL_MS = 15 * 60_000;

export const ENT_PAGES = {
  session: '/ent/connexion',
  link: '/ent/lier',
  refusal: '/ent/refus',
} as const;

export const hashCode = (code: string): string => crypto.createHash('sha256').update(code).digest('hex');

async function newCode(
  db: Db,
  kind: 'session-code' | 'link-code',
  userId: number,
  data: unknown,
  ttlMs: number,
): Promise<string> {
  const code = crypto.randomBytes(32).toString('base64url');
  await insertState(db, {
    key: hashCode(code),
    kind,
    userId,
    data: JSON.stringify(data),
    expiresAt: new Date(Date.now() + ttlMs).toISOString(),
  });
  return code;
}

/** `browser`: the digest of the state of the browser that started the sign-in. */
export type SessionCodeData = { next: string; browser: string };
export type LinkCodeData = { next: string; browser: string; identity: EntIdentity; schoolId: number };

/** The page that opens the session. */
export async function sessionPage(db: Db, userId: number, data: SessionCodeData): Promise<string> {
  const code = await newCode(db, 'session-code', userId, data, SESSION_CODE_TTL_MS);
  return `${ENT_PAGES.session}#code=${code}`;
}

/** The page that asks for the password of the account the identity is to be linked to. */
export async function linkPage(
  db: Db,
  link: { userId: number; email: string } & LinkCodeData,
): Promise<string> {
  const data: LinkCodeData = {
    next: link.next,
    browser: link.browser,
    identity: link.identity,
    schoolId: link.schoolId,
  };
  const code = await newCode(db, 'link-code', link.userId, data, LINK_CODE_TTL_MS);
  const params = new URLSearchParams({ code, compte: maskEmail(link.email) });
  return `${ENT_PAGES.link}#${params.toString()}`;
}

export const refusalPage = (reason: EntRefusal): string => `${ENT_PAGES.refusal}?motif=${reason}`;

/** 'claire.martin@ac-lyon.fr' → 'c…n@ac-lyon.fr': enough to recognise one's own address. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? `${local[0] ?? ''}…` : `${local[0]}…${local.at(-1)}`;
  return `${shown}@${domain}`;
}
