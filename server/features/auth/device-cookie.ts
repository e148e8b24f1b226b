// Device cookies (OWASP): a browser that has signed in to an account gets a signed cookie naming that
// account, so its failed tries draw on a budget of its own instead of the account's. One cookie per
// account (a classroom computer serves several teachers), host-only, `__Host-` prefixed, Secure,
// HttpOnly, SameSite=Strict. The signing key lives in the database, shared by every instance.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { findSigningSecret } from './sign-in-throttle.repository.js';

export const DEVICE_COOKIE_PREFIX = '__Host-ardoise_device_';
const DEVICE_COOKIE_DAYS = 365;

export const deviceCookieName = (userId: number) => `${DEVICE_COOKIE_PREFIX}${userId}`;

const keys = new WeakMap<Db, Promise<Buffer>>();

function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = findSigningSecret(db, 'device-cookie').then((secret) => Buffer.from(secret, 'base64url'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) =>
  crypto.createHmac('sha256', key).update(payload).digest('base64url');

/** The id of this browser for that account, when it carries a valid device cookie naming it. */
export async function knownDeviceId(db: Db, request: FastifyRequest, userId: number): Promise<string | null> {
  const value = request.cookies[deviceCookieName(userId)];
  if (!value) return null;
  const [account, deviceId, signature] = value.split('.');
  if (account !== String(userId) || !deviceId || !signature) return null;
  const expected = Buffer.from(mac(await signingKey(db), `${account}.${deviceId}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? deviceId : null;
}

/** After a successful sign-in: the browser is known to the account from now on (the same id when
 * it already was, so its budget stays its own). */
export async function issueDeviceCookie(
  db: Db,
  reply: FastifyReply,
  userId: number,
  deviceId: string | null,
): Promise<void> {
  const id = deviceId ?? crypto.randomBytes(16).toString('base64url');
  const payload = `${userId}.${id}`;
  reply.setCookie(deviceCookieName(userId), `${payload}.${mac(await signingKey(db), payload)}`, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
