// The hook the host of the player frames uses to relay a frame's runtime writes (the current
// launch's, or a journal's leftovers): the untrusted message is checked, its writes are queued on
// this origin, then acknowledged to that frame so its journal forgets them, then sent. The queue is
// sent when the host mounts (the learner area opens: what an earlier visit left), when the browser
// is back online and after each new write; the host hears when the server has taken writes (to
// refresh what shows completion and score).
import { useCallback, useEffect } from 'react';
import type { AppToPlayer } from '../../../../player/shared/protocol';
import { keepRuntimeWrites } from './kept-launches';
import { parseRuntimeWrites, queueWrites } from './runtime-queue';
import { flushRuntimeQueue } from './runtime-sender';

/** Writes the relay is still putting in the queue. */
const queueing = new Set<Promise<unknown>>();
/** How long a launch waits for the device's own writes to be queued (a local database). */
const QUEUED_TIMEOUT_MS = 3_000;

/**
 * Resolves once the writes relayed so far are in the queue, at most QUEUED_TIMEOUT_MS later. A
 * launch reads the queue after this: what this device reported last (a reload's last commit, kept
 * in the player's journal) and the server has not acknowledged yet is resumed from, not older data
 * from the server (the learner's use-activity-player.ts), without waiting for the network.
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
      // Queued, then the device's last word kept for an offline re-open (kept-launches.ts); a launch
      // waits for both (runtimeWritesQueued).
      const queued = queueWrites(writes).then(async (admitted) => {
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
