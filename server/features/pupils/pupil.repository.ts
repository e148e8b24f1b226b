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

/** One pupil account, to pick columns from: its users row `u` (role 'pupil'), its pupils row `p` and
 * its school `s` (left joined: null columns when it has none). */
export function pupilAccount(db: Db, pupilId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('pupils as p', 'p.user_id', 'u.id')
    .leftJoin('schools as s', 's.id', 'u.school_id')
    .where('u.id', '=', pupilId)
    .where('u.role', '=', 'pupil');
}

/** What signing a pupil in weighs, by any door: their names, account state and school licence. */
const SIGN_IN_COLUMNS = [
  'u.id',
  'u.name',
  'u.firstname',
  'u.role',
  'u.active',
  's.active_license',
  's.license_start_date',
  's.license_end_date',
] as const;

/** What opening a pupil's session after their ENT needs: the sign-in's columns and their pseudonym. */
export function findPupilForSession(db: Db, pupilId: number) {
  return pupilAccount(db, pupilId)
    .select([...SIGN_IN_COLUMNS, 'p.pseudonym'])
    .executeTakeFirst();
}

/** Puts a pupil in a group (nothing when already in it). */
export async function addPupilToGroup(db: Db, groupId: number, pupilId: number, now: Date): Promise<void> {
  await db
    .insertInto('group_pupils')
    .values({ group_id: groupId, pupil_id: pupilId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['group_id', 'pupil_id']).doNothing())
    .execute();
}

// The teacher's roster and cards, and the door /classe (docs/pupils.md#sans-ent--les-cartes-de-connexion).

/** The pupils of a group with what the roster shows: names, pseudonym, card, ENT provider. */
export async function findGroupPupils(db: Db, groupId: number) {
  const rows = await db
    .selectFrom('group_pupils as gp')
    .innerJoin('users as u', 'u.id', 'gp.pupil_id')
    .innerJoin('pupils as p', 'p.user_id', 'u.id')
    .where('gp.group_id', '=', groupId)
    .select((eb) => [
      'u.id',
      'u.firstname',
      'u.name',
      'p.pseudonym',
      'p.picture_code',
      'p.card_version',
      eb
        .selectFrom('external_identities as x')
        .select('x.provider')
        .whereRef('x.user_id', '=', 'u.id')
        .orderBy('x.id')
        .limit(1)
        .as('provider'),
    ])
    .execute();
  return rows;
}
export type GroupPupilRow = Awaited<ReturnType<typeof findGroupPupils>>[number];

/** A pupil of that group, or undefined. */
export async function findGroupPupil(db: Db, groupId: number, pupilId: number) {
  const rows = await findGroupPupils(db, groupId);
  return rows.find((row) => row.id === pupilId);
}

export async function findClassCode(db: Db, groupId: number): Promise<string | null> {
  const row = await db
    .selectFrom('class_groups')
    .select('class_code')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row?.class_code ?? null;
}

/** Sets a group's class code unless it has one; false when another group holds that code. */
export async function trySetClassCode(db: Db, groupId: number, code: string): Promise<boolean> {
  const taken = await db
    .selectFrom('class_groups')
    .select('id')
    .where('class_code', '=', code)
    .executeTakeFirst();
  if (taken) return false;
  try {
    await db
      .updateTable('class_groups')
      .set({ class_code: code })
      .where('id', '=', groupId)
      .where('class_code', 'is', null)
      .execute();
    return true;
  } catch {
    // The unique index: another group took the same code between the check and the write.
    return false;
  }
}

export async function setPictureCode(db: Db, pupilId: number, pictureCode: string): Promise<void> {
  await db.updateTable('pupils').set({ picture_code: pictureCode }).where('user_id', '=', pupilId).execute();
}

/** New pictures and a new card version (printed QR codes stop working) for these pupils. */
export async function renewCard(db: Db, pupilId: number, pictureCode: string): Promise<void> {
  await db
    .updateTable('pupils')
    .set((eb) => ({ picture_code: pictureCode, card_version: eb('card_version', '+', 1) }))
    .where('user_id', '=', pupilId)
    .execute();
}

export async function renamePupil(db: Db, pupilId: number, names: { firstname: string; name: string }) {
  await db
    .updateTable('users')
    .set({ firstname: names.firstname, name: names.name })
    .where('id', '=', pupilId)
    .where('role', '=', 'pupil')
    .execute();
}

export async function removePupilFromGroup(db: Db, groupId: number, pupilId: number): Promise<void> {
  await db
    .deleteFrom('group_pupils')
    .where('group_id', '=', groupId)
    .where('pupil_id', '=', pupilId)
    .execute();
  // The pupil's own entries in that group (their results there) go with the membership.
  await db
    .deleteFrom('group_activities')
    .where('group_id', '=', groupId)
    .where('pupil_id', '=', pupilId)
    .execute();
}

/** Erases a card pupil left in no group: the users row, and with it (cascades) everything of theirs.
 * Nothing happens to a pupil with an ENT identity or still in a group. Returns whether it erased. */
export async function erasePupilIfOrphanCard(db: Db, pupilId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('users')
    .where('id', '=', pupilId)
    .where('role', '=', 'pupil')
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('group_pupils').select('pupil_id').where('pupil_id', '=', pupilId))),
        eb.not(
          eb.exists(eb.selectFrom('external_identities').select('user_id').where('user_id', '=', pupilId)),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The group behind a class code. */
export async function findGroupByClassCode(db: Db, classCode: string) {
  return db
    .selectFrom('class_groups')
    .select(['id', 'title'])
    .where('class_code', '=', classCode)
    .executeTakeFirst();
}

/** What the picture doors weigh: the sign-in's columns, the school and the pupil's card. */
const DOOR_COLUMNS = [
  ...SIGN_IN_COLUMNS,
  's.id as school_id',
  'p.pseudonym',
  'p.picture_code',
  'p.card_version',
] as const;

/** A pupil of a group as the door signs them in: their card, account state and school licence. */
export async function findDoorPupil(db: Db, groupId: number, pupilId: number) {
  return pupilAccount(db, pupilId)
    .innerJoin('group_pupils as gp', (join) =>
      join.onRef('gp.pupil_id', '=', 'u.id').on('gp.group_id', '=', groupId),
    )
    .select(DOOR_COLUMNS)
    .executeTakeFirst();
}
export type DoorPupil = NonNullable<Awaited<ReturnType<typeof findDoorPupil>>>;

/** A pupil by id as the QR door signs them in, with one group of theirs (for the class budget). */
export async function findCardPupil(db: Db, pupilId: number) {
  return pupilAccount(db, pupilId)
    .select((eb) => [
      ...DOOR_COLUMNS,
      eb
        .selectFrom('group_pupils as gp')
        .select('gp.group_id')
        .whereRef('gp.pupil_id', '=', 'u.id')
        .orderBy('gp.group_id')
        .limit(1)
        .as('group_id'),
    ])
    .executeTakeFirst();
}

/** The first group of a pupil that has a class code: the class a card's sign-in opens at the door. */
export async function findPupilClass(db: Db, pupilId: number) {
  return db
    .selectFrom('group_pupils as gp')
    .innerJoin('class_groups as g', 'g.id', 'gp.group_id')
    .select(['g.class_code', 'g.title'])
    .where('gp.pupil_id', '=', pupilId)
    .where('g.class_code', 'is not', null)
    .orderBy('g.id')
    .executeTakeFirst();
}

export async function touchPupil(db: Db, pupilId: number, now: Date): Promise<void> {
  await db
    .updateTable('pupils')
    .set({ last_seen_at: now.toISOString() })
    .where('user_id', '=', pupilId)
    .execute();
}

/** The school a teacher adds pupils to. */
export async function findUserSchoolId(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('school_id').where('id', '=', userId).executeTakeFirst();
  return row?.school_id ?? null;
}

const CARD_KEY = 'pupil-card';

/** The secret that signs the cards' QR tokens (table signing_keys), made on first use; shared by
 * every instance (the insert loses quietly to another's). Never logged. */
export async function findCardSigningSecret(db: Db): Promise<string> {
  const existing = await db
    .selectFrom('signing_keys')
    .select('secret')
    .where('name', '=', CARD_KEY)
    .executeTakeFirst();
  if (existing) return existing.secret;
  await db
    .insertInto('signing_keys')
    .values({
      name: CARD_KEY,
      secret: crypto.randomBytes(32).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('signing_keys')
    .select('secret')
    .where('name', '=', CARD_KEY)
    .executeTakeFirstOrThrow();
  return row.secret;
}
