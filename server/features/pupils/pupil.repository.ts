// Pupil accounts (docs/pupils.md): a `users` row of role 'pupil' (no email: a handle that can never
// be a sign-in name; no password) and its `pupils` row, and the groups they belong to. The ENT
// sign-in and the teacher's picture cards both make pupils here.
import crypto from 'node:crypto';
import { PSEUDONYM_LENGTH, UNAMBIGUOUS_ALPHABET } from '../../../common/pupils.js';
import type { Db } from '../../db/database.js';
import { NO_PASSWORD, newAccountColumns } from '../auth/accounts.service.js';

/** A random string over the unambiguous alphabet. */
export function randomCode(length: number): string {
  let code = '';
  for (const byte of crypto.randomBytes(length))
    code += UNAMBIGUOUS_ALPHABET[byte % UNAMBIGUOUS_ALPHABET.length];
  return code;
}

export type NewPupil = { schoolId: number; firstname: string; name: string; now: Date };

/** Creates a pupil account in a school; returns its id. Run inside the caller's transaction. */
export async function insertPupil(db: Db, pupil: NewPupil): Promise<number> {
  const now = pupil.now.toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      ...newAccountColumns(now),
      // Stands in the unique email column: '#' never passes the sign-in's email rules, and the
      // password sign-in never reads pupils anyway.
      email: `#eleve-${crypto.randomBytes(12).toString('base64url')}`,
      password_hash: NO_PASSWORD,
      name: pupil.name,
      firstname: pupil.firstname,
      telephone: '',
      active: 1,
      role: 'pupil',
      school_id: pupil.schoolId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('pupils')
    .values({ user_id: id, pseudonym: randomCode(PSEUDONYM_LENGTH), last_seen_at: now })
    .execute();
  return id;
}

/** Puts a pupil in a group (nothing when already in it). */
export async function addPupilToGroup(db: Db, groupId: number, pupilId: number, now: Date): Promise<void> {
  await db
    .insertInto('group_pupils')
    .values({ group_id: groupId, pupil_id: pupilId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['group_id', 'pupil_id']).doNothing())
    .execute();
}
