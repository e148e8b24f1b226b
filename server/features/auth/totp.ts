// TOTP (RFC 6238) for admins: 6 digits, 30 s step, ±1 step; the replay guard lives in the users row.
import * as OTPAuth from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '../../../common/constants.js';

const ISSUER = 'Ardoise';

export function generateTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

/** The time step the code belongs to (within ±1 step of now), or null when it is wrong. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, '').validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a given moment: for tests and the seed script. */
export function totpCodeAt(secret: string, now: Date): string {
  return totpFor(secret, '').generate({ timestamp: now.getTime() });
}
