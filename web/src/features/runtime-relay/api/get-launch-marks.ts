// GET user/activity/runtime/{entryId}?launches=…: the highest write the server has applied per
// launch of the entry, asked before sending writes a page that went away may have sent already.
import type { LaunchMarksResponse } from '../../../../../common/schemas/activity-runtime.js';
import { api } from '../../../lib/api-client';

export async function getLaunchMarks(
  entryId: number,
  launchIds: string[],
): Promise<LaunchMarksResponse['launches']> {
  const { data } = await api.get<LaunchMarksResponse>(`user/activity/runtime/${entryId}`, {
    params: { launches: launchIds.join(',') },
  });
  return data.launches;
}
