// The app page's queue of runtime writes (IndexedDB on the app origin, never localStorage): what
// the player frame relays is checked and stored here before it is acknowledged, then sent to the
// server in order, each write once (deleted once the server has it), across tabs one sender at a
// time. Its rules (which writes are queued, which go next) are plain functions, apart from the
// storage. Each write is marked with the page sending it before it goes: a page reloaded or closed
// after the server took a write but before the deletion leaves it marked by that page, and the next
// sender asks the server what it has of those launches instead of sending them again.
import { RUNTIME_WRITES_MAX_PER_REQUEST } from '../../../../../common/constants.js';
import { type RuntimeWrite, runtimeWriteSchema } from '../../../../../common/schemas/activity-runtime.js';
import { databaseOpener, requestToPromise, transactionDone } from '../../../lib/indexed-db';

/** A launch the app started: the entry it belongs to (from the app's own route), the activity origin
 * it was framed on (none in records of earlier versions) and the last write queued for it. */
export type LaunchRecord = {
  launchId: string;
  entryId: number;
  origin?: string;
  lastSeq: number;
  startedAt: number;
};

/** `sentBy`: the page that sent it last (its answer not heard yet); none before a first send. */
export type QueuedWrite = { id?: number; entryId: number; write: RuntimeWrite; sentBy?: string };

/**
 * The writes to queue, in the order given, and the launches to update. A write is queued when its
 * launch is one this app started (the entry never comes from the message), it comes from the
 * origin that launch was framed on (`origin`, the message's: a launch id another activity learnt
 * writes nothing), and it comes after the last write queued for that launch: a replay (a journal's
 * leftover already heard) is dropped.
 */
export function admitWrites(
  launches: ReadonlyMap<string, LaunchRecord>,
  writes: readonly RuntimeWrite[],
  origin: string,
): { queued: QueuedWrite[]; launches: LaunchRecord[] } {
  const updated = new Map<string, LaunchRecord>();
  const queued: QueuedWrite[] = [];
  for (const write of [...writes].sort((a, b) => a.seq - b.seq)) {
    const launch = updated.get(write.launchId) ?? launches.get(write.launchId);
    if (!launch || write.seq <= launch.lastSeq) continue;
    // Records of earlier versions name no origin (kept 30 days at most): their launches played on
    // the content origin or an activity's, which only those versions knew.
    if (launch.origin !== undefined && launch.origin !== origin) continue;
    queued.push({ entryId: launch.entryId, write });
    updated.set(write.launchId, { ...launch, lastSeq: write.seq });
  }
  return { queued, launches: [...updated.values()] };
}

/** The next request: the oldest write's entry, with that entry's following writes, in queue order. */
export function nextBatch(
  queue: readonly QueuedWrite[],
  max = RUNTIME_WRITES_MAX_PER_REQUEST,
): QueuedWrite[] {
  const first = queue[0];
  if (!first) return [];
  return queue.filter((item) => item.entryId === first.entryId).slice(0, max);
}

/** The launches of a batch that another page sent without hearing the answer (it was reloaded or
 * closed meanwhile): the server may have them. */
export function launchesInDoubt(batch: readonly QueuedWrite[], pageId: string): string[] {
  const sentElsewhere = batch.filter((item) => item.sentBy !== undefined && item.sentBy !== pageId);
  return [...new Set(sentElsewhere.map((item) => item.write.launchId))];
}

/** The writes of a batch that the server already applied, by the highest write it applied per
 * launch: they are done, not to be sent again. */
export function alreadyApplied(
  batch: readonly QueuedWrite[],
  marks: Readonly<Record<string, number>>,
): QueuedWrite[] {
  return batch.filter((item) => item.write.seq <= (marks[item.write.launchId] ?? 0));
}

/** The writes of a `player:runtime-writes` message (untrusted: the activity shares the player's
 * origin) when every one is well formed and there are at most a request's worth, else null. */
export function parseRuntimeWrites(value: unknown): RuntimeWrite[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > RUNTIME_WRITES_MAX_PER_REQUEST) {
    return null;
  }
  const writes: RuntimeWrite[] = [];
  for (const item of value) {
    const parsed = runtimeWriteSchema.safeParse(item);
    if (!parsed.success) return null;
    writes.push(parsed.data);
  }
  return writes;
}

const QUEUE_DB = 'ardoise_runtime_queue';
const LAUNCHES = 'launches';
const WRITES = 'writes';
/** Launches are forgotten after this long (a journal's leftovers older than that are dropped). */
const LAUNCH_KEPT_MS = 30 * 24 * 3600 * 1000;
/** This page, as the sender of the writes it marks. */
const PAGE_ID = crypto.randomUUID();

const openQueue = databaseOpener(QUEUE_DB, (db) => {
  db.createObjectStore(LAUNCHES, { keyPath: 'launchId' });
  db.createObjectStore(WRITES, { keyPath: 'id', autoIncrement: true });
});

/** Records a launch of an entry, framed on `origin`, before the player hears of it: only its writes,
 * from that origin, will be queued. */
export async function rememberLaunch(launchId: string, entryId: number, origin: string): Promise<void> {
  const db = await openQueue();
  const transaction = db.transaction(LAUNCHES, 'readwrite');
  const store = transaction.objectStore(LAUNCHES);
  const now = Date.now();
  store.put({ launchId, entryId, origin, lastSeq: 0, startedAt: now } satisfies LaunchRecord);
  const all = (await requestToPromise(store.getAll())) as LaunchRecord[];
  for (const old of all.filter((launch) => now - launch.startedAt > LAUNCH_KEPT_MS))
    store.delete(old.launchId);
  await transactionDone(transaction);
}

/** Stores the writes of known launches of `origin` not queued before (one transaction); returns
 * them, each with its entry. */
export async function queueWrites(writes: readonly RuntimeWrite[], origin: string): Promise<QueuedWrite[]> {
  const db = await openQueue();
  const transaction = db.transaction([LAUNCHES, WRITES], 'readwrite');
  const launchStore = transaction.objectStore(LAUNCHES);
  const ids = [...new Set(writes.map((write) => write.launchId))];
  const found = await Promise.all(
    ids.map((id) => requestToPromise(launchStore.get(id)) as Promise<LaunchRecord | undefined>),
  );
  const known = new Map(found.flatMap((launch) => (launch ? [[launch.launchId, launch] as const] : [])));
  const { queued, launches } = admitWrites(known, writes, origin);
  for (const launch of launches) launchStore.put(launch);
  const writeStore = transaction.objectStore(WRITES);
  for (const item of queued) writeStore.add(item);
  await transactionDone(transaction);
  return queued;
}

/** The last write of this entry still waiting for the server's acknowledgement, or null. */
export async function lastUnsentWrite(entryId: number): Promise<RuntimeWrite | null> {
  const db = await openQueue();
  const queue = (await requestToPromise(
    db.transaction(WRITES).objectStore(WRITES).getAll(),
  )) as QueuedWrite[];
  return queue.findLast((item) => item.entryId === entryId)?.write ?? null;
}

/** What became of one request: the server has the writes, refused them for good, or try later. */
export type SendOutcome = 'sent' | 'refused' | 'later';

export type QueueServer = {
  send: (entryId: number, writes: RuntimeWrite[]) => Promise<SendOutcome>;
  /** The highest write applied per launch of the entry, or 'later' when the server cannot say. */
  marks: (entryId: number, launchIds: string[]) => Promise<Record<string, number> | 'later'>;
};

/**
 * Sends queued writes, oldest first, one entry's batch per request, until the queue is empty or a
 * request must be tried later; resolves with false in that case. A write refused for good is
 * dropped (sent again it would block the queue). Tabs take turns (Web Locks).
 */
export async function sendQueuedWrites(server: QueueServer): Promise<boolean> {
  const run = async () => {
    const db = await openQueue();
    // The server refuses a whole request for one bad write: then they go one by one, so that
    // only the bad one is dropped.
    let max: number | undefined;
    for (;;) {
      const read = db.transaction(WRITES, 'readonly');
      const queue = (await requestToPromise(read.objectStore(WRITES).getAll())) as QueuedWrite[];
      const batch = nextBatch(queue, max);
      const first = batch[0];
      if (!first) return true;
      const doubtful = launchesInDoubt(batch, PAGE_ID);
      let applied: QueuedWrite[] = [];
      if (doubtful.length > 0) {
        const marks = await server.marks(first.entryId, doubtful);
        if (marks === 'later') return false;
        applied = alreadyApplied(batch, marks);
      }
      const toSend = batch.filter((item) => !applied.includes(item));
      // One transaction: what the server has is deleted, what goes now is marked as this page's.
      const mark = db.transaction(WRITES, 'readwrite');
      for (const item of applied) mark.objectStore(WRITES).delete(item.id as number);
      for (const item of toSend) mark.objectStore(WRITES).put({ ...item, sentBy: PAGE_ID });
      await transactionDone(mark);
      if (toSend.length === 0) continue;

      const outcome = await server.send(
        first.entryId,
        toSend.map((item) => item.write),
      );
      if (outcome === 'later') return false;
      if (outcome === 'refused' && toSend.length > 1) {
        max = 1;
        continue;
      }
      const remove = db.transaction(WRITES, 'readwrite');
      for (const item of toSend) remove.objectStore(WRITES).delete(item.id as number);
      await transactionDone(remove);
    }
  };
  return navigator.locks ? navigator.locks.request('ardoise-runtime-queue', run) : run();
}
