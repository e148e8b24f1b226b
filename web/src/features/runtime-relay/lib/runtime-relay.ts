// The runtime relay, the app page's side of a runtime write, as one unit: the hook the host of the
// player frames hands each `player:runtime-writes` message to (the current launch's, or a journal's
// leftovers), the queue those writes wait in, and the sender that empties it.
// - A message is checked (untrusted), its writes are queued (IndexedDB on the app origin, never
//   localStorage), kept for an offline re-open (kept-launches.ts), then acknowledged to the frame so
//   its journal forgets them.
// - The sender posts them (POST user/activity/runtime/{entryId}, bearer token), in order, each write
//   once (deleted once the server has it), across tabs one sender at a time: after each new write,
//   when the host mounts (what an earlier visit left), when the browser is back online, and again a
//   little later after a failure. One run at a time in this tab; a call during a run makes it go
//   round once more. The host hears when the server has taken writes (to refresh what shows
//   completion and score).
// - Each write is marked with the page sending it before it goes: a page reloaded or closed after
//   the server took a write but before the deletion leaves it marked by that page, and the next
//   sender asks the server what it has of those launches instead of sending them again.
// The queue's rules (which writes are queued, which go next) are plain functions, tested apart from
// the storage.

import { AxiosError } from 'axios';
import { useCallback, useEffect } from 'react';
import { RUNTIME_WRITES_MAX_PER_REQUEST } from '@/common/constants.js';
import {
  type LaunchMarksResponse,
  type RuntimeWrite,
  runtimeWriteSchema,
} from '@/common/schemas/activity-runtime.js';
import { databaseOpener, requestToPromise, transactionDone } from '@/web/shared/indexed-db';
import type { AppToPlayer } from '@/web/shared/protocol';
import { api } from '@/web/src/lib/api-client';
import { keepRuntimeWrites } from './kept-launches';

// The queue's rules.

/** A launch the app started: the entry it belongs to (from the app's own route), the activity origin
 * it was framed on (none in records of earlier versions) and the last write queued for it. */
export type LaunchRecord = {
  launchId: string;
  entryId: number;
  origin?: string;
  lastSeq: number;
  startedAt: number;
  /** A pupil's entry: the write pass its launch answered, sent with its writes, so that they reach
   * the server under that pupil even once another pupil signed in on this device
   * (docs/pupils.md#la-tablette-partagée). */
  pass?: string;
};

/** `sentBy`: the page that sent it last (its answer not heard yet); none before a first send. */
export type QueuedWrite = {
  id?: number;
  entryId: number;
  write: RuntimeWrite;
  sentBy?: string;
  /** The write pass of its launch (a pupil's entry). */
  pass?: string;
};

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
    queued.push({ entryId: launch.entryId, write, ...(launch.pass ? { pass: launch.pass } : {}) });
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

/** The write pass a batch goes with: the latest one its writes carry (one entry's, one pupil's),
 * or none (a class's entry: the session's token alone). */
export function batchPass(batch: readonly QueuedWrite[]): string | undefined {
  return batch.findLast((item) => item.pass !== undefined)?.pass;
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

// The queue's storage.

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

/** Records the write pass a launch's answer gave (a pupil's entry), before the player hears of the
 * launch: its writes are queued with it. */
export async function rememberLaunchPass(launchId: string, pass: string): Promise<void> {
  const db = await openQueue();
  const transaction = db.transaction(LAUNCHES, 'readwrite');
  const store = transaction.objectStore(LAUNCHES);
  const launch = (await requestToPromise(store.get(launchId))) as LaunchRecord | undefined;
  if (launch) store.put({ ...launch, pass } satisfies LaunchRecord);
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
  /** `pass`: the batch's write pass, sent beside the session's token (the pass decides). */
  send: (entryId: number, writes: RuntimeWrite[], pass?: string) => Promise<SendOutcome>;
  /** The highest write applied per launch of the entry, or 'later' when the server cannot say. */
  marks: (entryId: number, launchIds: string[], pass?: string) => Promise<Record<string, number> | 'later'>;
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
        const marks = await server.marks(first.entryId, doubtful, batchPass(batch));
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
        batchPass(toSend),
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

// The hook.

/** Fired on the window each time a player frame relays writes: the learner is busy in the activity
 * (their taps inside the frame never reach the app page), which a shared tablet's idle sign-out
 * counts as activity (docs/pupils.md#la-tablette-partagée). */
export const RUNTIME_ACTIVITY_EVENT = 'ardoise:runtime-activity';

/** Writes the relay is still putting in the queue. */
const queueing = new Set<Promise<unknown>>();
/** How long a launch waits for the device's own writes to be queued (a local database). */
const QUEUED_TIMEOUT_MS = 3_000;

/**
 * Resolves once the writes relayed so far are in the queue, at most QUEUED_TIMEOUT_MS later. A
 * launch reads the queue after this: what this device reported last (a reload's last commit, kept
 * in the player's journal) and the server has not acknowledged yet is resumed from, not older data
 * from the server (the teacher area's use-activity-player.ts), without waiting for the network.
 */
export function runtimeWritesQueued(): Promise<void> {
  const queued = Promise.allSettled([...queueing]).then(() => undefined);
  return Promise.race([queued, new Promise<void>((resolve) => setTimeout(resolve, QUEUED_TIMEOUT_MS))]);
}

/** `onSent` is called after a run in which the server took writes; keep it stable (useCallback):
 * a new one sends the queue again. Returns the relay: `writes` is a `player:runtime-writes`
 * message's writes as they came from `source`, a player frame on `origin`. */
export function useRuntimeRelay(
  onSent: () => void,
): (source: Window, origin: string, writes: unknown) => void {
  useEffect(() => {
    const flush = () => void flushRuntimeQueue(onSent);
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [onSent]);

  return useCallback(
    (source, origin, raw) => {
      const writes = parseRuntimeWrites(raw);
      if (!writes) return;
      window.dispatchEvent(new Event(RUNTIME_ACTIVITY_EVENT));
      // Queued, then the device's last word kept for an offline re-open (kept-launches.ts); a launch
      // waits for both (runtimeWritesQueued).
      const queued = queueWrites(writes, origin).then(async (admitted) => {
        await keepRuntimeWrites(admitted).catch((error: unknown) => console.error('Kept launches', error));
      });
      queueing.add(queued);
      void queued.finally(() => queueing.delete(queued)).catch(() => undefined);
      queued
        .then(() => {
          void flushRuntimeQueue(onSent);
          // A replaced frame may be gone already: its journal's leftovers are acked by the next.
          const ack: AppToPlayer = {
            type: 'app:runtime-ack',
            writes: writes.map(({ launchId, seq }) => ({ launchId, seq })),
          };
          source.postMessage(ack, origin);
        })
        // Not acknowledged: the player's journal keeps them and announces them again.
        .catch((error: unknown) => console.error('Runtime queue', error));
    },
    [onSent],
  );
}

// The sender.

/** After a run that could not empty the queue (offline, the server failing), the next one. */
const RETRY_MS = 20_000;

/** No answer (offline, timeout), the server failing, or the session over: try again later. */
function isTemporary(error: unknown): boolean {
  const status = error instanceof AxiosError ? error.response?.status : undefined;
  return status === undefined || status >= 500 || status === 401 || status === 408 || status === 429;
}

/** The queue's server: POST user/activity/runtime/{entryId} takes one entry's writes in order (the
 * server applies each once); GET …?launches= answers the highest write it applied per launch. */
const WRITE_PASS_HEADER = 'x-ardoise-write-pass';
const passHeaders = (pass?: string) => (pass ? { [WRITE_PASS_HEADER]: pass } : {});

const server: QueueServer = {
  async send(entryId, writes, pass) {
    try {
      await api.post(`user/activity/runtime/${entryId}`, { writes }, { headers: passHeaders(pass) });
      return 'sent';
    } catch (error) {
      if (isTemporary(error)) return 'later';
      // Refused for good (the entry is gone, the data is invalid): kept, it would block the queue.
      console.error(`Runtime writes refused for entry ${entryId}`, error);
      return 'refused';
    }
  },
  async marks(entryId, launchIds, pass) {
    try {
      const { data } = await api.get<LaunchMarksResponse>(`user/activity/runtime/${entryId}`, {
        params: { launches: launchIds.join(',') },
        headers: passHeaders(pass),
      });
      return data.launches;
    } catch (error) {
      if (isTemporary(error)) return 'later';
      // The entry is gone (404): nothing of it can be applied any more; sending says so for good.
      return {};
    }
  },
};

let running: Promise<void> | null = null;
let again = false;
let retry: ReturnType<typeof setTimeout> | undefined;

/** Sends the queue until it is empty, or until a request must wait (then again RETRY_MS later). */
function flushRuntimeQueue(onSent: () => void): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(retry);
  running = (async () => {
    do {
      again = false;
      let took = false;
      const emptied = await sendQueuedWrites({
        send: async (entryId, writes, pass) => {
          const outcome = await server.send(entryId, writes, pass);
          if (outcome === 'sent') took = true;
          return outcome;
        },
        // Writes the server took from a page that went away before its answer (a closing tab's
        // last commit) are news to this page too: what it shows may predate them.
        marks: async (entryId, launchIds, pass) => {
          const marks = await server.marks(entryId, launchIds, pass);
          if (marks !== 'later' && Object.values(marks).some((seq) => seq > 0)) took = true;
          return marks;
        },
      }).catch((error: unknown) => {
        console.error('Runtime queue', error);
        return false;
      });
      if (took) onSent();
      if (!emptied) {
        retry = setTimeout(() => void flushRuntimeQueue(onSent), RETRY_MS);
        return;
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
