// The pupils a class tablet keeps, so that they can sign in again on it while the network is cut
// (docs/pupils.md#hors-ligne). Each pupil who signs in at the door while the network is up is kept
// here (IndexedDB, app origin) with what the door answered for the tablet (their class, name and the
// check of their pictures, common/offline-door.ts) and, once their space has loaded, the last copy
// of it. Offline, the door lists the kept pupils of the class and checks their pictures here, with
// the server's waits after wrong ones. A pupil is kept as long as their writes' passes hold
// (WRITE_PASS_MS) from their last sign-in with the network, and forgotten as soon as the door,
// online again, no longer lists them or refuses their pictures.
import { offlinePicturesDigest } from '@/common/offline-door.js';
import { PUPIL_FORGET_AFTER_MS, pupilDelay, WRITE_PASS_MS } from '@/common/pupils.js';
import type { SessionUser } from '@/common/schemas/auth.js';
import type { PupilGroupResponse, PupilGroupsResponse } from '@/common/schemas/pupil-space.js';
import type { OfflineDoor } from '@/common/schemas/pupils.js';
import { databaseOpener, requestToPromise, transactionDone } from '@/web/shared/indexed-db';

const STORE = 'pupils';
const openKept = databaseOpener('ardoise_offline_door', (db) =>
  db.createObjectStore(STORE, { keyPath: 'pupilId' }),
);

/** A pupil's space as last loaded: what /eleve shows while the network is cut. */
export type KeptSpace = { groups?: PupilGroupsResponse; details: Record<number, PupilGroupResponse> };

export type KeptPupil = {
  pupilId: number;
  user: SessionUser;
  door: OfflineDoor;
  /** When the pupil last signed in with the network. */
  keptAt: number;
  space: KeptSpace;
  /** Wrong pictures in a row on this tablet, offline. */
  misses: { count: number; lastAt: number } | null;
};

const isCurrent = (kept: KeptPupil, now: number) => now - kept.keptAt < WRITE_PASS_MS;

async function readAll(): Promise<KeptPupil[]> {
  const db = await openKept();
  return (await requestToPromise(db.transaction(STORE).objectStore(STORE).getAll())) as KeptPupil[];
}

async function read(pupilId: number): Promise<KeptPupil | undefined> {
  const db = await openKept();
  return (await requestToPromise(db.transaction(STORE).objectStore(STORE).get(pupilId))) as
    | KeptPupil
    | undefined;
}

/** Changes the kept record of a pupil in one transaction (nothing when not kept). */
async function update(pupilId: number, change: (kept: KeptPupil) => KeptPupil): Promise<void> {
  const db = await openKept();
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const kept = (await requestToPromise(store.get(pupilId))) as KeptPupil | undefined;
  if (kept) store.put(change(kept));
  await transactionDone(transaction);
}

/** Keeps a pupil the door just signed in with the network (their space kept so far stays). */
export async function keepPupil(user: SessionUser, door: OfflineDoor): Promise<void> {
  const now = Date.now();
  const db = await openKept();
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const before = (await requestToPromise(store.get(user.id))) as KeptPupil | undefined;
  store.put({
    pupilId: user.id,
    user,
    door,
    keptAt: now,
    space: before?.space ?? { details: {} },
    misses: null,
  } satisfies KeptPupil);
  for (const old of (await requestToPromise(store.getAll())) as KeptPupil[]) {
    if (!isCurrent(old, now)) store.delete(old.pupilId);
  }
  await transactionDone(transaction);
}

/** The kept pupils of a class, by name, as the door lists them offline. */
export async function keptPupilsOf(classCode: string): Promise<KeptPupil[]> {
  const now = Date.now();
  const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  return (await readAll())
    .filter((kept) => kept.door.classCode === classCode && isCurrent(kept, now))
    .sort((a, b) => collator.compare(a.door.displayName, b.door.displayName) || a.pupilId - b.pupilId);
}

/** Forgets pupils (their cards were renewed, or they left the class). */
export async function forgetPupils(pupilIds: readonly number[]): Promise<void> {
  if (pupilIds.length === 0) return;
  const db = await openKept();
  const transaction = db.transaction(STORE, 'readwrite');
  for (const id of pupilIds) transaction.objectStore(STORE).delete(id);
  await transactionDone(transaction);
}

/** Forgets the kept pupils of a class the door no longer lists. */
export async function forgetAbsent(classCode: string, listed: readonly number[]): Promise<void> {
  const present = new Set(listed);
  const gone = (await readAll()).filter(
    (kept) => kept.door.classCode === classCode && !present.has(kept.pupilId),
  );
  await forgetPupils(gone.map((kept) => kept.pupilId));
}

export type OfflineCheck =
  | { outcome: 'in'; user: SessionUser }
  /** Not kept on this tablet (never signed in on it, or too long ago). */
  | { outcome: 'unknown' }
  | { outcome: 'wrong' }
  /** Wrong again too soon: the pupil waits, as the door's server would make them. */
  | { outcome: 'wait'; seconds: number };

/** Checks the tapped pictures of a kept pupil, offline, with the door's waits after wrong ones. */
export async function checkPicturesOffline(
  pupilId: number,
  pictures: readonly number[],
): Promise<OfflineCheck> {
  const kept = await read(pupilId);
  const now = Date.now();
  if (!kept || !isCurrent(kept, now)) return { outcome: 'unknown' };
  const misses = kept.misses && now - kept.misses.lastAt < PUPIL_FORGET_AFTER_MS ? kept.misses : null;
  const waitUntil = misses ? misses.lastAt + pupilDelay(misses.count) : 0;
  if (waitUntil > now) return { outcome: 'wait', seconds: Math.ceil((waitUntil - now) / 1000) };

  const { salt, iterations, digest } = kept.door;
  if ((await offlinePicturesDigest(pupilId, pictures, salt, iterations)) === digest) {
    await update(pupilId, (current) => ({ ...current, misses: null }));
    return { outcome: 'in', user: kept.user };
  }
  const count = (misses?.count ?? 0) + 1;
  await update(pupilId, (current) => ({ ...current, misses: { count, lastAt: now } }));
  const wait = pupilDelay(count);
  return wait > 0 ? { outcome: 'wait', seconds: Math.ceil(wait / 1000) } : { outcome: 'wrong' };
}

/** Keeps the latest copy of a kept pupil's space (nothing for a pupil the tablet does not keep). */
export function keepSpace(
  pupilId: number,
  part: { groups: PupilGroupsResponse } | { groupId: number; detail: PupilGroupResponse },
): Promise<void> {
  return update(pupilId, (kept) => ({
    ...kept,
    space:
      'groups' in part
        ? { ...kept.space, groups: part.groups }
        : { ...kept.space, details: { ...kept.space.details, [part.groupId]: part.detail } },
  }));
}

/** The last copy of a kept pupil's space, or null. */
export async function keptSpace(pupilId: number): Promise<KeptSpace | null> {
  return (await read(pupilId))?.space ?? null;
}
