// The rules of the app page's runtime queue, apart from its storage: which writes are queued (those
// of a launch this app started, each once), and which are sent next (one entry's, in order, at most
// a request's worth).
import { RUNTIME_WRITES_MAX_PER_REQUEST } from '../../../../../common/constants.js';
import { type RuntimeWrite, runtimeWriteSchema } from '../../../../../common/schemas/activity-runtime.js';

/** A launch the app started: the entry it belongs to (from the app's own route) and the last write
 * queued for it. */
export type LaunchRecord = { launchId: string; entryId: number; lastSeq: number; startedAt: number };

/** `sentBy`: the page that sent it last (its answer not heard yet); none before a first send. */
export type QueuedWrite = { id?: number; entryId: number; write: RuntimeWrite; sentBy?: string };

/**
 * The writes to queue, in the order given, and the launches to update. A write is queued when its
 * launch is one this app started (the entry never comes from the message) and it comes after the
 * last write queued for that launch: a replay (a journal's leftover already heard) is dropped.
 */
export function admitWrites(
  launches: ReadonlyMap<string, LaunchRecord>,
  writes: readonly RuntimeWrite[],
): { queued: QueuedWrite[]; launches: LaunchRecord[] } {
  const updated = new Map<string, LaunchRecord>();
  const queued: QueuedWrite[] = [];
  for (const write of [...writes].sort((a, b) => a.seq - b.seq)) {
    const launch = updated.get(write.launchId) ?? launches.get(write.launchId);
    if (!launch || write.seq <= launch.lastSeq) continue;
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
