// The admin's two-factor sign-in, in three states: off; pending (switched on with the spec's toggle,
// its new secret not yet proven by a code, so sign-in does not ask for one); on (the secret is in
// force and no longer shown). Switching off a secret in force needs a current code from it.

import { authMessages } from '../../../common/messages/auth.js';
import { twoFactorMessages as m } from '../../../common/messages/two-factor.js';
import type { TwoFactorStatus } from '../../../common/schemas/auth.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../http-error.js';
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

/** Checks a code against a secret and uses it up (a code works once). */
async function spendCode(db: Db, userId: number, secret: string, code: string, now: Date): Promise<void> {
  const step = matchTotpStep(secret, code.trim(), now);
  if (step === null || !(await claimTotpStep(db, userId, step))) throw badRequest(m.codeInvalid);
}

/** The spec's toggle: off → pending; pending → off (the unproven secret is dropped); on → off,
 * only with a current code. */
export async function toggleTwoFactor(
  db: Db,
  userId: number,
  code: string | undefined,
  now: Date,
): Promise<TwoFactorState> {
  const user = await loadUser(db, userId);
  if (user.totp_enabled !== 1) {
    await updateTotp(db, userId, { totp_enabled: 1 });
  } else if (!isInForce(user)) {
    await updateTotp(db, userId, { totp_enabled: 0, totp_pending_secret: null });
  } else {
    if (!code?.trim()) throw badRequest(m.codeToDisable);
    await spendCode(db, userId, user.totp_secret!, code, now);
    await updateTotp(db, userId, { totp_enabled: 0, totp_secret: null, totp_pending_secret: null });
  }
  return getTwoFactorInfo(db, userId);
}

/** Puts a pending secret in force once a code from it is typed. */
export async function confirmTwoFactor(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<TwoFactorState> {
  const user = await loadUser(db, userId);
  const pending = user.totp_pending_secret;
  if (user.totp_enabled !== 1 || isInForce(user) || !pending) throw conflict(m.nothingPending);
  await spendCode(db, userId, pending, code, now);
  if (!(await confirmPendingTotp(db, userId, pending))) throw conflict(m.nothingPending);
  return getTwoFactorInfo(db, userId);
}
