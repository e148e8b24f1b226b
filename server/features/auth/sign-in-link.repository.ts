// The SQL of one-time sign-in links: random tokens stored only as their SHA-256 hash, one live link
// per account (a new one replaces the old), used up by deleting the row.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { SignInLinksTable } from '../../db/schema.js';
import { hashToken } from './session.repository.js';

export type LinkPurpose = SignInLinksTable['purpose'];

/** Makes a link for this account (dropping its older ones) and returns its token (256 random bits). */
export async function insertSignInLink(
  db: Db,
  link: { userId: number; purpose: LinkPurpose; now: Date; expiresAt: Date },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await deleteSignInLinksOfUser(db, link.userId);
  await db
    .insertInto('sign_in_links')
    .values({
      user_id: link.userId,
      token_hash: hashToken(token),
      purpose: link.purpose,
      created_at: link.now.toISOString(),
      expires_at: link.expiresAt.toISOString(),
    })
    .execute();
  return token;
}

/** The live link behind a token, with its account. */
export function findLiveSignInLink(db: Db, token: string, now: Date) {
  return db
    .selectFrom('sign_in_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.purpose', 'l.expires_at', 'u.email', 'u.firstname'])
    .where('l.token_hash', '=', hashToken(token))
    .where('l.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Uses a link up; false when another request used it first or it has just expired. */
export async function consumeSignInLink(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('sign_in_links')
    .where('id', '=', id)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSignInLinksOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_links').where('user_id', '=', userId).execute();
}

/** Links for many new accounts at once (they have none yet); answers each account's token. */
export async function insertSignInLinks(
  db: Db,
  links: { userId: number; purpose: LinkPurpose; now: Date; expiresAt: Date }[],
): Promise<Map<number, string>> {
  const tokens = new Map(links.map((link) => [link.userId, crypto.randomBytes(32).toString('base64url')]));
  if (links.length === 0) return tokens;
  await db
    .insertInto('sign_in_links')
    .values(
      links.map((link) => ({
        user_id: link.userId,
        token_hash: hashToken(tokens.get(link.userId)!),
        purpose: link.purpose,
        created_at: link.now.toISOString(),
        expires_at: link.expiresAt.toISOString(),
      })),
    )
    .execute();
  return tokens;
}
