// The pupils' door without an ENT, /classe (docs/pupils.md#sans-ent--les-cartes-de-connexion): the
// class code shows the pupils who have a card; a pupil signs in with their pictures or the QR code
// of their card. Wrong pictures are throttled per pupil and per class (card-throttle.ts); unknown
// class codes and refused QR tokens per address. The school's licence rules apply as to teachers.
import { pupilMessages } from '../../../common/messages/pupils.js';
import {
  OFFLINE_CHECK_ITERATIONS,
  offlineCheckSalt,
  offlinePicturesDigest,
} from '../../../common/offline-door.js';
import { pupilDisplayName } from '../../../common/pupils.js';
import type {
  ClassLookupResponse,
  DoorSignInResponse,
  OfflineDoor,
  PictureSignInRequest,
} from '../../../common/schemas/pupils.js';
import type { Db } from '../../db/database.js';
import { HttpError, notFound, tooManyRequests, unauthorized } from '../../http-error.js';
import { type AccountState, accountRefusal, openSession } from '../auth/auth.service.js';
import { budgetsBlockedUntil, countFailure, forgetBudgets } from '../auth/login-throttle.js';
import { addressBudgetOf, retryAfterSeconds } from '../auth/throttle-rules.js';
import { addressRule, classRule, pupilRule } from './card-throttle.js';
import {
  findCardPupil,
  findDoorPupil,
  findGroupByClassCode,
  findGroupPupils,
  findPupilClass,
  touchPupil,
} from './pupil.repository.js';
import { picturesMatch, picturesOf, readQrToken } from './pupil-card.js';

export type DoorContext = { db: Db; ip: string; now: Date; idleMs: number };

const addressKey = (ip: string) => `classe:${addressBudgetOf(ip)}`;
export const pupilKey = (pupilId: number) => `pupil:${pupilId}`;
export const classKey = (groupId: number) => `class:${groupId}`;

/** Refuses (429) while the address waits after too many unknown codes or refused cards. */
async function assertAddressMayTry(ctx: DoorContext): Promise<void> {
  const blockedUntil = await budgetsBlockedUntil(ctx.db, [addressKey(ctx.ip)], ctx.now);
  if (blockedUntil === null) return;
  const seconds = retryAfterSeconds(blockedUntil, ctx.now.getTime());
  throw tooManyRequests(pupilMessages.tooManyCodes(seconds), seconds);
}

async function addressFailure(ctx: DoorContext, error: HttpError): Promise<never> {
  await countFailure(ctx.db, addressKey(ctx.ip), addressRule, ctx.now);
  throw error;
}

async function findClass(ctx: DoorContext, classCode: string) {
  await assertAddressMayTry(ctx);
  const group = await findGroupByClassCode(ctx.db, classCode);
  return group ?? addressFailure(ctx, notFound(pupilMessages.unknownClassCode));
}

/** The class behind a code: its title and the pupils who have a card, by name. */
export async function lookupClass(classCode: string, ctx: DoorContext): Promise<ClassLookupResponse> {
  const group = await findClass(ctx, classCode);
  const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  const pupils = (await findGroupPupils(ctx.db, group.id))
    .filter((row) => row.picture_code !== '' && row.provider === null)
    .map((row) => ({ id: row.id, displayName: pupilDisplayName(row) }))
    .sort((a, b) => collator.compare(a.displayName, b.displayName) || a.id - b.id);
  return { success: true, group: { title: group.title }, pupils };
}

type SignedInPupil = AccountState & {
  id: number;
  name: string;
  firstname: string;
  pseudonym: string;
  picture_code: string;
};

/** What the tablet keeps to let this pupil in again while the network is cut (docs/pupils.md#hors-ligne). */
async function offlineDoor(
  pupil: SignedInPupil,
  room: { classCode: string; title: string },
): Promise<OfflineDoor> {
  const salt = offlineCheckSalt();
  return {
    classCode: room.classCode,
    classTitle: room.title,
    displayName: pupilDisplayName(pupil),
    salt,
    iterations: OFFLINE_CHECK_ITERATIONS,
    digest: await offlinePicturesDigest(
      pupil.id,
      picturesOf(pupil.picture_code),
      salt,
      OFFLINE_CHECK_ITERATIONS,
    ),
  };
}

async function openPupilSession(
  pupil: SignedInPupil,
  room: { classCode: string; title: string } | undefined,
  ctx: DoorContext,
): Promise<DoorSignInResponse> {
  const refusal = accountRefusal(pupil, ctx.now);
  if (refusal) throw new HttpError(403, refusal);
  await touchPupil(ctx.db, pupil.id, ctx.now);
  const token = await openSession(ctx.db, pupil.id, ctx.now, ctx.idleMs);
  return {
    token,
    user: { id: pupil.id, name: pupil.name, firstname: pupil.firstname, role: 'pupil' },
    offline: room ? await offlineDoor(pupil, room) : null,
  };
}

export async function signInWithPictures(
  input: PictureSignInRequest,
  ctx: DoorContext,
): Promise<DoorSignInResponse> {
  const group = await findClass(ctx, input.classCode);
  const pupil = await findDoorPupil(ctx.db, group.id, input.pupilId);
  if (!pupil || pupil.picture_code === '') {
    return addressFailure(ctx, notFound(pupilMessages.pupilNotInClass));
  }
  const keys = [pupilKey(pupil.id), classKey(group.id)];
  const blockedUntil = await budgetsBlockedUntil(ctx.db, keys, ctx.now);
  if (blockedUntil !== null) {
    const seconds = retryAfterSeconds(blockedUntil, ctx.now.getTime());
    throw tooManyRequests(pupilMessages.waitBeforeRetry(seconds), seconds);
  }
  if (!picturesMatch(pupil.picture_code, input.pictures)) {
    const pupilWait = await countFailure(ctx.db, keys[0]!, pupilRule, ctx.now);
    const classWait = await countFailure(ctx.db, keys[1]!, classRule, ctx.now);
    const wait = Math.max(pupilWait ?? 0, classWait ?? 0);
    if (wait > 0) {
      const seconds = retryAfterSeconds(wait, ctx.now.getTime());
      throw tooManyRequests(
        `${pupilMessages.wrongPictures} ${pupilMessages.waitBeforeRetry(seconds)}`,
        seconds,
      );
    }
    throw unauthorized(pupilMessages.wrongPictures);
  }
  const session = await openPupilSession(pupil, { classCode: input.classCode, title: group.title }, ctx);
  // The pupil's own failures are forgiven; the class's are not (one good code must not buy a
  // guesser a new class budget).
  await forgetBudgets(ctx.db, [keys[0]!]);
  return session;
}

export async function signInWithCard(token: string, ctx: DoorContext): Promise<DoorSignInResponse> {
  await assertAddressMayTry(ctx);
  const claim = await readQrToken(ctx.db, token);
  const pupil = claim && (await findCardPupil(ctx.db, claim.pupilId));
  if (
    !claim ||
    !pupil ||
    pupil.card_version !== claim.cardVersion ||
    pupil.picture_code === '' ||
    pupil.group_id === null
  ) {
    return addressFailure(ctx, unauthorized(pupilMessages.wrongCard));
  }
  const room = await findPupilClass(ctx.db, pupil.id);
  return openPupilSession(
    pupil,
    room?.class_code ? { classCode: room.class_code, title: room.title } : undefined,
    ctx,
  );
}
