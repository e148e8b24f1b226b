// GET user/activity/launch/{entryId}: what the player needs to start an activity (package kind,
// folder, launch page) and the runtime state kept for this group entry (the activity resumes).
import {
  type ActivityLaunchResponse,
  activityLaunchResponseSchema,
} from '@/common/schemas/activity-runtime.js';
import { api } from '@/web/src/lib/api-client';

export async function getActivityLaunch(
  entryId: string,
  signal: AbortSignal,
): Promise<ActivityLaunchResponse> {
  const { data } = await api.get(`user/activity/launch/${encodeURIComponent(entryId)}`, { signal });
  return activityLaunchResponseSchema.parse(data);
}
