// A pupil's sign-in card (docs/pupils.md#sans-ent--les-cartes-de-connexion): the picture password,
// kept as it is (the teacher reprints cards), and the QR token, derived, never stored:
// `<pupilId>.<card_version>.<HMAC-SHA256(pupilId.card_version) base64url>` under a server secret
// (table signing_keys). « Nouvelles cartes » bumps card_version: printed QR codes stop working.
import crypto from 'node:crypto';
import { CARD_PICTURES, PICTURE_CODE_LENGTH } from '../../../common/pupils.js';
import type { Db } from '../../db/database.js';
import { findCardSigningSecret } from './pupil.repository.js';

/** A fresh picture password, by a cryptographic random draw, as stored ('3-11-0-5'). */
export function randomPictureCode(): string {
  return Array.from({ length: PICTURE_CODE_LENGTH }, () => crypto.randomInt(CARD_PICTURES.length)).join('-');
}

export const picturesOf = (code: string): number[] => (code ? code.split('-').map(Number) : []);

/** Whether the tapped pictures are the stored code, compared in constant time. */
export function picturesMatch(stored: string, tapped: number[]): boolean {
  if (!stored) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(stored), digest(tapped.join('-')));
}

const keys = new WeakMap<Db, Promise<Buffer>>();

function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = findCardSigningSecret(db).then((secret) => Buffer.from(secret, 'base64url'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) =>
  crypto.createHmac('sha256', key).update(payload).digest('base64url');

export async function qrToken(db: Db, pupilId: number, cardVersion: number): Promise<string> {
  const payload = `${pupilId}.${cardVersion}`;
  return `${payload}.${mac(await signingKey(db), payload)}`;
}

/** The pupil and card version a well-signed token names, or null (the version is checked by the
 * caller against the pupil's current one). */
export async function readQrToken(
  db: Db,
  token: string,
): Promise<{ pupilId: number; cardVersion: number } | null> {
  const match = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, pupil, version, signature] = match;
  const expected = Buffer.from(mac(await signingKey(db), `${pupil}.${version}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { pupilId: Number(pupil), cardVersion: Number(version) };
}
