// Sign-in rules: who may sign in, throttling, and the second factor.
import { authMessages } from '../../../common/messages/auth.js';
import type { LoginRequest, LoginResponse } from '../../../common/schemas/auth.js';
import type { Db } from '../../db/database.js';
import { HttpError, unauthorized } from '../../http-error.js';
import { type LicenceRefusal, licenceRefusal } from '../schools/licence.js';
import { type Attempt, assertMayTry, recordFailure, recordSuccess } from './login-throttle.js';
import { verifyAgainstDummy, verifyPassword } from './password.js';
import { insertSession } from './session.repository.js';
import { matchTotpStep } from './totp.js';
import { claimTotpStep, findLoginCandidate, type LoginCandidate } from './user.repository.js';

type LoginContext = {
  db: Db;
  ip: string;
  now: Date;
  sessionTtlMs: number;
  /** The id of the caller's browser when its device cookie names this account, else null. */
  knownDevice: (userId: number) => Promise<string | null>;
};

/** A session, and the browser's device id for the account to keep (null: a new one). */
export type SignedIn = { session: LoginResponse; deviceId: string | null };

export async function login(input: LoginRequest, ctx: LoginContext): Promise<SignedIn> {
  const { db, now } = ctx;
  const email = input.username.trim().toLowerCase();
  const user = await findLoginCandidate(db, email);
  const deviceId = user ? await ctx.knownDevice(user.id) : null;
  const attempt: Attempt = { email, ip: ctx.ip, deviceId, purpose: 'sign-in' };
  await assertMayTry(db, attempt, now);

  const fail = async (error: HttpError): Promise<never> => {
    await recordFailure(db, attempt, now);
    throw error;
  };

  const passwordOk = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) return fail(unauthorized(authMessages.invalidCredentials));

  // Account state is only revealed to someone who knows the password.
  const refusal = accountRefusal(user, now);
  if (refusal) throw new HttpError(403, refusal);

  if (user.totp_enabled && user.totp_secret) {
    const code = input.token?.trim();
    if (!code) throw unauthorized(authMessages.twoFactorRequired);
    const step = matchTotpStep(user.totp_secret, code, now);
    if (step === null || !(await claimTotpStep(db, user.id, step))) {
      return fail(unauthorized(authMessages.twoFactorInvalid));
    }
  }

  await recordSuccess(db, attempt);
  const token = await insertSession(db, user.id, now, ctx.sessionTtlMs);
  return {
    session: { token, user: { id: user.id, name: user.name, firstname: user.firstname, role: user.role } },
    deviceId,
  };
}

/** A session for an account another door signed in (the pupils' cards, docs/pupils.md). */
export function openSession(db: Db, userId: number, now: Date, ttlMs: number): Promise<string> {
  return insertSession(db, userId, now, ttlMs);
}

/** What the sign-in rules read of an account. */
export type AccountState = Pick<
  LoginCandidate,
  'role' | 'active' | 'school_id' | 'active_license' | 'license_start_date' | 'license_end_date'
>;

/** Why this account may not sign in now, or null. Admins always may. */
export function accountRefusal(user: AccountState, now: Date): string | null {
  if (user.role === 'admin') return null;
  if (!user.active) return authMessages.accountInactive;
  if (user.school_id === null) return authMessages.noSchool;
  const refusal = licenceRefusal(user, now);
  return refusal === null ? null : licenceMessages[refusal];
}

const licenceMessages: Record<LicenceRefusal, string> = {
  inactive: authMessages.licenseInactive,
  notStarted: authMessages.licenseNotStarted,
  expired: authMessages.licenseExpired,
};
