// The write pass (docs/pupils.md#la-tablette-partagée): a pupil's runtime writes kept on a shared
// tablet reach the server under that pupil even after they signed out and another pupil signed in
// (the relay then holds the next pupil's token). The launch of a pupil's entry answers a pass bound
// to that entry and that pupil, signed by the server, valid WRITE_PASS_MS; the relay keeps it with
// the writes and sends it with them. POST and GET user/activity/runtime/{id} take it for entry {id}
// only, instead of the session: the caller is then that pupil, while their account may still sign
// in, and the entry check (their own entry of an activity still given to a group of theirs) applies
// as for a session. It opens nothing else: no other entry, no launch, no download, no other route.
import crypto from 'node:crypto';
import { isoDay } from '../../../common/licence.js';
import { WRITE_PASS_MS } from '../../../common/pupils.js';
import type { Db } from '../../db/database.js';
import { licenceLetsTeachersInSql } from '../schools/licence.js';
import type { Caller } from './caller.js';
import { findSigningSecret } from './sign-in-throttle.repository.js';

export const WRITE_PASS_HEADER = 'x-ardoise-write-pass';

const keys = new WeakMap<Db, Promise<Buffer>>();

/** A key of its own, derived from the database's signing secret (shared by every instance). */
function passKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = findSigningSecret(db, 'device-cookie').then((secret) =>
      crypto.createHmac('sha256', Buffer.from(secret, 'base64url')).update('runtime-write-pass').digest(),
    );
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) =>
  crypto.createHmac('sha256', key).update(`write-pass.${payload}`).digest('base64url');

/** A pass for the writes of `entryId` by pupil `userId`, valid until now + WRITE_PASS_MS. */
export async function signWritePass(db: Db, entryId: number, userId: number, now: Date): Promise<string> {
  const payload = `${entryId}.${userId}.${now.getTime() + WRITE_PASS_MS}`;
  return `${payload}.${mac(await passKey(db), payload)}`;
}

/** The pupil behind a pass for entry `entryId`, while the pass lives and their account may sign in;
 * null otherwise. */
export async function findWritePassCaller(
  db: Db,
  pass: string,
  entryId: number,
  now: Date,
): Promise<Caller | null> {
  const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(pass);
  if (!match || Number(match[1]) !== entryId) return null;
  const expiresAt = Number(match[3]);
  if (expiresAt <= now.getTime() || expiresAt > now.getTime() + WRITE_PASS_MS) return null;
  const expected = Buffer.from(mac(await passKey(db), `${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const user = await db
    .selectFrom('users as u')
    .leftJoin('schools as school', 'school.id', 'u.school_id')
    .select(['u.id', 'u.name'])
    .where('u.id', '=', Number(match[2]))
    .where('u.role', '=', 'pupil')
    .where('u.active', '=', 1)
    .where(licenceLetsTeachersInSql('school', isoDay(now)))
    .executeTakeFirst();
  // No session: sessionId 0 names none (nothing on the write routes reads it).
  return user ? { sessionId: 0, id: user.id, name: user.name, role: 'pupil' } : null;
}
