// The runtime relay, the app page's side of a runtime write: the hook the host of the player frames
// hands each `player:runtime-writes` message to (the current launch's, or a journal's leftovers),
// and the sender. A message is checked (untrusted), its writes are queued on this origin, then
// acknowledged to the frame so its journal forgets them, then sent (POST user/activity/runtime/
// {entryId}, bearer token): after each new write, when the host mounts (the learner area opens:
// what an earlier visit left), when the browser is back online, and again a little later after a
// failure. One run at a time in this tab; a call during a run makes it go round once more. The host
// hears when the server has taken writes (to refresh what shows completion and score).
import { AxiosError } from 'axios';
import { useCallback, useEffect } from 'react';
import type { LaunchMarksResponse } from '../../../../../common/schemas/activity-runtime.js';
import type { AppToPlayer } from '../../../../player/shared/protocol';
import { api } from '../../../lib/api-client';
import { keepRuntimeWrites } from './kept-launches';
import { parseRuntimeWrites, type QueueServer, queueWrites, sendQueuedWrites } from './runtime-queue';

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
const server: QueueServer = {
  async send(entryId, writes) {
    try {
      await api.post(`user/activity/runtime/${entryId}`, { writes });
      return 'sent';
    } catch (error) {
      if (isTemporary(error)) return 'later';
      // Refused for good (the entry is gone, the data is invalid): kept, it would block the queue.
      console.error(`Runtime writes refused for entry ${entryId}`, error);
      return 'refused';
    }
  },
  async marks(entryId, launchIds) {
    try {
      const { data } = await api.get<LaunchMarksResponse>(`user/activity/runtime/${entryId}`, {
        params: { launches: launchIds.join(',') },
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
        ...server,
        send: async (entryId, writes) => {
          const outcome = await server.send(entryId, writes);
          if (outcome === 'sent') took = true;
          return outcome;
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
