// Pupils in API tests: a signed-in client for a pupil, without going through a sign-in door (the
// doors have their own tests).
import { insertSession } from '../features/auth/session.repository.js';
import { type ApiClient, apiClient, type TestContext } from './helper.js';

export async function signInAsPupil(ctx: TestContext, pupilId: number): Promise<ApiClient> {
  const token = await insertSession(ctx.db, pupilId, new Date(), ctx.app.config.pupilIdleMs);
  return apiClient(ctx.app, token);
}
