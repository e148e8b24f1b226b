// The teacher's side of pupils without an ENT (docs/pupils.md#sans-ent--les-cartes-de-connexion):
// a group's roster (add, rename, remove) and its sign-in cards. The group is the caller's (the
// route's access.userGroup read it); every pupil id is checked to be in that group.
import { MAX_PUPIL_NAME_LENGTH, MAX_PUPILS_PER_ADD, pupilMessages } from '../../../common/messages/pupils.js';
import { CLASS_CODE_LENGTH, pupilDisplayName } from '../../../common/pupils.js';
import type {
  CardsResponse,
  RenamePupilRequest,
  RosterPupil,
  RosterResponse,
} from '../../../common/schemas/pupils.js';
import { isOneCleanLine } from '../../../common/schemas/text.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { Caller } from '../auth/caller.js';
import {
  addPupilToGroup,
  erasePupilIfOrphanCard,
  findClassCode,
  findGroupPupil,
  findGroupPupils,
  findUserSchoolId,
  type GroupPupilRow,
  insertPupil,
  randomCode,
  removePupilFromGroup,
  renamePupil,
  renewCard,
  setPictureCode,
  trySetClassCode,
} from './pupil.repository.js';
import { picturesOf, qrToken, randomPictureCode } from './pupil-card.js';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function rosterPupil(row: GroupPupilRow): RosterPupil {
  return {
    id: row.id,
    firstname: row.firstname,
    name: row.name,
    pseudonym: row.pseudonym,
    displayName: pupilDisplayName(row),
    signIn: row.provider ?? 'card',
    hasCard: row.picture_code !== '',
  };
}

const byName = (a: { displayName: string; id: number }, b: { displayName: string; id: number }) =>
  collator.compare(a.displayName, b.displayName) || a.id - b.id;

export async function getRoster(db: Db, groupId: number): Promise<RosterResponse> {
  const rows = await findGroupPupils(db, groupId);
  return {
    success: true,
    classCode: await findClassCode(db, groupId),
    pupils: rows.map(rosterPupil).sort(byName),
  };
}

/** The first names of what a teacher typed or pasted: one per line, the first cell of a line
 * pasted from a spreadsheet (cells split by tabs), blank lines ignored. */
export function parsePupilNames(text: string): string[] {
  const names = text
    .split(/\r\n|\r|\n/)
    .map((line) => (line.split('\t')[0] ?? '').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  if (names.length === 0) throw badRequest(pupilMessages.noNames);
  if (names.length > MAX_PUPILS_PER_ADD) throw badRequest(pupilMessages.tooManyNames);
  for (const name of names) {
    if (name.length > MAX_PUPIL_NAME_LENGTH || !isOneCleanLine(name)) {
      throw badRequest(pupilMessages.nameTooLong(name));
    }
  }
  return names;
}

export async function addPupils(
  db: Db,
  caller: Caller,
  groupId: number,
  text: string,
  now: Date,
): Promise<RosterResponse> {
  const names = parsePupilNames(text);
  const schoolId = await findUserSchoolId(db, caller.id);
  if (schoolId === null) throw badRequest(pupilMessages.noSchool);
  await db.transaction().execute(async (trx) => {
    for (const firstname of names) {
      const pupilId = await insertPupil(trx, { schoolId, firstname, name: '', now });
      await setPictureCode(trx, pupilId, randomPictureCode());
      await addPupilToGroup(trx, groupId, pupilId, now);
    }
    await recordAudit(trx, {
      actorId: caller.id,
      action: 'pupil.create',
      entity: 'group',
      entityId: groupId,
      details: { count: names.length },
    });
  });
  return getRoster(db, groupId);
}

async function requirePupil(db: Db, groupId: number, pupilId: number): Promise<GroupPupilRow> {
  const pupil = await findGroupPupil(db, groupId, pupilId);
  if (!pupil) throw notFound(pupilMessages.pupilNotFound);
  return pupil;
}

export async function renameGroupPupil(
  db: Db,
  caller: Caller,
  groupId: number,
  pupilId: number,
  names: RenamePupilRequest,
): Promise<RosterResponse> {
  await requirePupil(db, groupId, pupilId);
  await db.transaction().execute(async (trx) => {
    await renamePupil(trx, pupilId, names);
    await recordAudit(trx, { actorId: caller.id, action: 'pupil.rename', entity: 'user', entityId: pupilId });
  });
  return getRoster(db, groupId);
}

/** Takes a pupil out of the group; a card pupil (no ENT identity) left in no group is erased
 * whole: nobody could sign in as them or see them any more (docs/pupils.md). */
export async function removeGroupPupil(
  db: Db,
  caller: Caller,
  groupId: number,
  pupilId: number,
): Promise<RosterResponse> {
  await requirePupil(db, groupId, pupilId);
  await db.transaction().execute(async (trx) => {
    await removePupilFromGroup(trx, groupId, pupilId);
    const erased = await erasePupilIfOrphanCard(trx, pupilId);
    await recordAudit(trx, {
      actorId: caller.id,
      action: erased ? 'pupil.erase' : 'pupil.remove',
      entity: 'user',
      entityId: pupilId,
      details: { groupId },
    });
  });
  return getRoster(db, groupId);
}

/** The group's class code, made on first ask (unique: another draw on a collision). */
async function ensureClassCode(db: Db, groupId: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const existing = await findClassCode(db, groupId);
    if (existing) return existing;
    await trySetClassCode(db, groupId, randomCode(CLASS_CODE_LENGTH));
  }
  throw new Error('no free class code after 20 draws');
}

export async function getCards(db: Db, group: { id: number; title: string }): Promise<CardsResponse> {
  const classCode = await ensureClassCode(db, group.id);
  const rows = (await findGroupPupils(db, group.id)).filter((row) => row.provider === null);
  const cards = [];
  for (const row of rows) {
    let code = row.picture_code;
    if (!code) {
      code = randomPictureCode();
      await setPictureCode(db, row.id, code);
    }
    cards.push({
      pupilId: row.id,
      displayName: pupilDisplayName(row),
      pictures: picturesOf(code),
      qrToken: await qrToken(db, row.id, row.card_version),
    });
  }
  return {
    success: true,
    groupTitle: group.title,
    classCode,
    cards: cards.sort((a, b) => byName({ ...a, id: a.pupilId }, { ...b, id: b.pupilId })),
  };
}

/** « Nouvelles cartes »: new pictures for every card pupil of the group and a new card version,
 * so that the printed cards stop working. */
export async function renewCards(
  db: Db,
  caller: Caller,
  group: { id: number; title: string },
): Promise<CardsResponse> {
  const rows = (await findGroupPupils(db, group.id)).filter((row) => row.provider === null);
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await renewCard(trx, row.id, randomPictureCode());
    await recordAudit(trx, {
      actorId: caller.id,
      action: 'pupil.renew-cards',
      entity: 'group',
      entityId: group.id,
      details: { count: rows.length },
    });
  });
  return getCards(db, group);
}
