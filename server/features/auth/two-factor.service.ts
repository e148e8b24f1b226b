// The admin's two-factor sign-in, in three states: off; pending (switched on with the spec's toggle,
// its new secret not yet proven by a code, so sign-in does not ask for one); on (the secret is in
// force and no longer shown). Switching off a secret in force needs a current code from it.

import { authMessages } from '../../../common/messages/auth.js';
import { twoFactorMessages as m } from '../../../common/messages/two-factor.js';
import type { TwoFactorStatus } from '../../../common/schemas/auth.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../http-error.js';
import { type Attempt, assertMayTry, recordFailure, recordSuccess } from './login-throttle.js';
import { generateTotpSecret, matchTotpStep, totpUri } from './totp.js';
import { claimTotpStep, confirmPendingTotp, findUserById, updateTotp } from './user.repository.js';

export type TwoFactorState = {
  otpauthUrl: string;
  secret: string;
  twoFactorEnabled: boolean;
  status: TwoFactorStatus;
};

async function loadUser(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized(authMessages.notSignedIn);
  return user;
}

const isInForce = (user: UserRow) => user.totp_enabled === 1 && user.totp_secret !== null;

/** What /options shows. A secret to scan is made on first look; a secret in force is never shown. */
export async function getTwoFactorInfo(db: Db, userId: number): Promise<TwoFactorState> {
  const user = await loadUser(db, userId);
  if (isInForce(user)) return { otpauthUrl: '', secret: '', twoFactorEnabled: true, status: 'on' };
  let secret = user.totp_pending_secret;
  if (!secret) {
    secret = generateTotpSecret();
    await updateTotp(db, userId, { totp_pending_secret: secret });
  }
  const enabled = user.totp_enabled === 1;
  return {
    otpauthUrl: totpUri(secret, user.email),
    secret,
    twoFactorEnabled: enabled,
    status: enabled ? 'pending' : 'off',
  };
}

/** Where a code comes from: codes are checked under the sign-in throttle (a session left open must
 * not let someone try every code to switch 2FA off). */
export type CodeCheckContext = { ip: string; now: Date; deviceId: string | null };

/** Checks a code against a secret and uses it up (a code works once). */
async function spendCode(
  db: Db,
  user: UserRow,
  secret: string,
  code: string,
  ctx: CodeCheckContext,
): Promise<void> {
  const attempt: Attempt = { email: user.email, ip: ctx.ip, deviceId: ctx.deviceId, purpose: 'two-factor' };
  await assertMayTry(db, attempt, ctx.now);
  const step = matchTotpStep(secret, code.trim(), ctx.now);
  if (step === null || !(await claimTotpStep(db, user.id, step))) {
    await recordFailure(db, attempt, ctx.now);
    throw badRequest(m.codeInvalid);
  }
  await recordSuccess(db, attempt);
}

/** The spec's toggle: off → pending; pending → off (the unproven secret is dropped); on → off,
 * only with a current code. */
export async function toggleTwoFactor(
  db: Db,
  userId: number,
  code: string | undefined,
  ctx: CodeCheckContext,
): Promise<TwoFactorState> {
  const user = await loadUser(db, userId);
  if (user.totp_enabled !== 1) {
    await updateTotp(db, userId, { totp_enabled: 1 });
  } else if (!isInForce(user)) {
    await updateTotp(db, userId, { totp_enabled: 0, totp_pending_secret: null });
  } else {
    if (!code?.trim()) throw badRequest(m.codeToDisable);
    await spendCode(db, user, user.totp_secret!, code, ctx);
    await updateTotp(db, userId, { totp_enabled: 0, totp_secret: null, totp_pending_secret: null });
  }
  return getTwoFactorInfo(db, userId);
}

/** Puts a pending secret in force once a code from it is typed. */
export async function confirmTwoFactor(
  db: Db,
  userId: number,
  code: string,
  ctx: CodeCheckContext,
): Promise<TwoFactorState> {
  const user = await loadUser(db, userId);
  const pending = user.totp_pending_secret;
  if (user.totp_enabled !== 1 || isInForce(user) || !pending) throw conflict(m.nothingPending);
  await spendCode(db, user, pending, code, ctx);
  if (!(await confirmPendingTotp(db, userId, pending))) throw conflict(m.nothingPending);
  return getTwoFactorInfo(db, userId);
}
