// POST user/activity/runtime/{entryId}: one entry's queued runtime writes, in order (at most a
// request's worth); the server applies each write once. The sender decides what a failure means.
import type { RuntimeWrite } from '../../../../../common/schemas/activity-runtime.js';
import { api } from '../../../lib/api-client';

export async function postRuntimeWrites(entryId: number, writes: RuntimeWrite[]): Promise<void> {
  await api.post(`user/activity/runtime/${entryId}`, { writes });
}
