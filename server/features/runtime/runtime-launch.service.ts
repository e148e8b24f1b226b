// What the player loads before it starts an activity of one of the caller's entries: its package
// and the kept runtime data, so the activity resumes on any device.
import { httpMessages } from '../../../common/messages/http.js';
import type { ActivityLaunchResponse } from '../../../common/schemas/activity-runtime.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import { signWritePass } from '../auth/accounts.service.js';
import type { Caller } from '../auth/caller.js';
import { findOwnedLaunch } from './runtime.repository.js';
import { launchPresenter } from './runtime-launch.presenter.js';

export async function loadActivityLaunch(
  db: Db,
  caller: Caller,
  entryId: number,
  /** The app's home page: the account of the xAPI actor. */
  homePage: string,
): Promise<ActivityLaunchResponse> {
  const row = await findOwnedLaunch(db, caller, entryId);
  if (!row) throw notFound(httpMessages.notFound);
  const launch = launchPresenter(row, homePage);
  // A pupil's writes may leave the tablet after they signed out (docs/pupils.md#la-tablette-partagée).
  if (caller.role !== 'pupil') return launch;
  return { ...launch, writePass: await signWritePass(db, row.entry_id, caller.id, new Date()) };
}
