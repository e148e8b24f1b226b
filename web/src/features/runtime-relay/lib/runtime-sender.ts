// Sends the runtime queue to the server (POST user/activity/runtime/{entryId}, bearer token): when
// writes are queued, when the learner area opens, when the browser is back online, and again a
// little later after a failure. One run at a time in this tab; a call during a run makes it go
// round once more. The caller hears when the server took writes (to refresh the learning table).
import { AxiosError } from 'axios';
import type { LaunchMarksResponse } from '../../../../../common/schemas/activity-runtime.js';
import { api } from '../../../lib/api-client';
import { type QueueServer, sendQueuedWrites } from './runtime-queue';

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

export function flushRuntimeQueue(onSent: () => void): Promise<void> {
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
