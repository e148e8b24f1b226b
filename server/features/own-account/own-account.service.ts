// A signed-in user's own account: what a teacher may see of their profile, and a password
// change that needs the current password. The change ends the user's other sessions (this one
// stays) and any sign-in link still waiting.
import { ownAccountMessages as m } from '../../../common/messages/account-access.js';
import type { OwnTeacherProfile } from '../../../common/schemas/account-access.js';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, unauthorized } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  type Attempt,
  assertMayTry,
  deleteOtherSessionsOfUser,
  deleteSignInLinksOfUser,
  findUserById,
  hashPassword,
  recordFailure,
  recordSuccess,
  updatePasswordHash,
  verifyPassword,
} from '../auth/accounts.service.js';
import type { Caller } from '../auth/caller.js';
import { listTeacherLevelTitles, presentTeacherById } from '../teachers/teacher.service.js';

export async function getOwnTeacherProfile(db: Db, caller: Caller): Promise<OwnTeacherProfile> {
  if (caller.role !== 'teacher') throw forbidden(m.onlyTeachers);
  const [teacher, levels] = await Promise.all([
    presentTeacherById(db, caller.id),
    listTeacherLevelTitles(db, caller.id),
  ]);
  return {
    name: teacher.name,
    firstname: teacher.firstname,
    email: teacher.email,
    telephone: teacher.telephone,
    school: teacher.school,
    levels,
    groupCount: teacher.groupCount,
    groupLimit: teacher.Groups,
  };
}

/** Where the change comes from: the current password is checked under the sign-in throttle. */
export type PasswordCheckContext = {
  ip: string;
  now: Date;
  knownDevice: (userId: number) => Promise<string | null>;
};

export async function changeOwnPassword(
  db: Db,
  caller: Caller,
  input: { currentPassword: string; password: string },
  ctx: PasswordCheckContext,
): Promise<void> {
  const user = await findUserById(db, caller.id);
  if (!user) throw unauthorized(m.currentWrong);
  const attempt: Attempt = {
    email: user.email,
    ip: ctx.ip,
    deviceId: await ctx.knownDevice(user.id),
    purpose: 'password-change',
  };
  await assertMayTry(db, attempt, ctx.now);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    await recordFailure(db, attempt, ctx.now);
    throw badRequest(m.currentWrong);
  }
  await recordSuccess(db, attempt);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, caller.id, passwordHash);
    await deleteOtherSessionsOfUser(trx, caller.id, caller.sessionId);
    await deleteSignInLinksOfUser(trx, caller.id);
    await recordAudit(trx, {
      actorId: caller.id,
      action: 'user.change-password',
      entity: 'user',
      entityId: caller.id,
    });
  });
}
