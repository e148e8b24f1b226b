// What a launch needs (package, kept runtime data, xAPI block), kept on this device per group entry
// so that an activity whose package the player still holds opens again while the network is cut.
// Kept in IndexedDB on the app origin when the server answers a launch, and brought up to date by
// every runtime write the device queues (each write replaces the runtime data, as on the server),
// so that an offline re-open resumes from the device's last commit. A record is used only by the
// user it was kept for.
import type { ActivityLaunchResponse, RuntimeWrite } from '@/common/schemas/activity-runtime.js';
import { databaseOpener, requestToPromise, transactionDone } from '@/web/shared/indexed-db';

const KEPT_DB = 'ardoise_kept_launches';
const STORE = 'launches';
/** Records not refreshed for this long are dropped. */
const KEPT_MS = 30 * 24 * 3600 * 1000;

export type KeptLaunch = { entryId: number; userId: number; keptAt: number; launch: ActivityLaunchResponse };

const openKept = databaseOpener(KEPT_DB, (db) => db.createObjectStore(STORE, { keyPath: 'entryId' }));

/** The runtime data a write leaves on the server: the write's data without its statements (they
 * are kept apart), as `applyRuntimeWrites` keeps it. */
export function runtimeAfterWrite(write: RuntimeWrite): NonNullable<ActivityLaunchResponse['runtime']> {
  const { statements: _statements, ...data } = write.data;
  return { standard: write.standard, data, updatedAt: write.at };
}

/** Keeps what the server answered for a launch of this entry. */
export async function keepLaunch(
  entryId: number,
  userId: number,
  launch: ActivityLaunchResponse,
): Promise<void> {
  const db = await openKept();
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const now = Date.now();
  store.put({ entryId, userId, keptAt: now, launch } satisfies KeptLaunch);
  const all = (await requestToPromise(store.getAll())) as KeptLaunch[];
  for (const old of all.filter((kept) => now - kept.keptAt > KEPT_MS)) store.delete(old.entryId);
  await transactionDone(transaction);
}

/** The launch kept for this entry and user, or null. */
export async function keptLaunch(entryId: number, userId: number): Promise<ActivityLaunchResponse | null> {
  const db = await openKept();
  const kept = (await requestToPromise(db.transaction(STORE).objectStore(STORE).get(entryId))) as
    | KeptLaunch
    | undefined;
  return kept && kept.userId === userId ? kept.launch : null;
}

/** Brings the kept runtime data of each entry up to its last queued write. */
export async function keepRuntimeWrites(
  queued: readonly { entryId: number; write: RuntimeWrite }[],
): Promise<void> {
  const last = new Map<number, RuntimeWrite>();
  for (const { entryId, write } of queued) last.set(entryId, write);
  if (last.size === 0) return;
  const db = await openKept();
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  for (const [entryId, write] of last) {
    const kept = (await requestToPromise(store.get(entryId))) as KeptLaunch | undefined;
    if (!kept || kept.launch.package.kind !== write.standard) continue;
    store.put({
      ...kept,
      launch: { ...kept.launch, runtime: runtimeAfterWrite(write) },
    } satisfies KeptLaunch);
  }
  await transactionDone(transaction);
}
