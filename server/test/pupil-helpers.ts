// Pupils in API tests: a signed-in client for a pupil, without going through a sign-in door (the
// doors have their own tests), and a pupil of a group with their own entry of one of its activities.

import { insertSession } from '../features/auth/session.repository.js';
import { createPupil, createPupilEntry } from '../fixtures/factories.js';
import { type ApiClient, apiClient, type TestContext } from './helper.js';

export async function signInAsPupil(ctx: TestContext, pupilId: number): Promise<ApiClient> {
  const token = await insertSession(ctx.db, pupilId, new Date(), ctx.app.config.pupilIdleMs);
  return apiClient(ctx.app, token);
}

/** A new pupil of the group, signed in, with their own entry of the activity of one of the class's
 * entries (`classEntryId`). */
export async function pupilWithOwnEntry(
  ctx: TestContext,
  group: { schoolId: number; groupId: number },
  classEntryId: number,
  firstname?: string,
) {
  const { activity_id: activityId } = await ctx.db
    .selectFrom('group_activities')
    .select('activity_id')
    .where('id', '=', classEntryId)
    .executeTakeFirstOrThrow();
  const pupil = await createPupil(ctx.db, { schoolId: group.schoolId, groupIds: [group.groupId], firstname });
  const entry = await createPupilEntry(ctx.db, { groupId: group.groupId, activityId, pupilId: pupil.id });
  return { pupil, entry, activityId, client: await signInAsPupil(ctx, pupil.id) };
}
