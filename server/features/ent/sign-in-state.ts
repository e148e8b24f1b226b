// Ties an ENT sign-in to the browser that started it, so that nobody can sign someone else's
// browser into their own account (login forgery): a random state is put in a cookie when the
// sign-in starts and travels with it (the SAML RelayState, the CAS service URL); the ACS, the CAS
// callback and the code trade go on only when the browser's cookie holds that same state.
//
// The cookie is `__Host-` (no sibling host can plant it), HttpOnly and SameSite=None: the GAR
// posts its answer from its own site, a cross-site POST that carries no Lax or Strict cookie.
// SameSite=None needs Secure; browsers keep Secure cookies from https origins and from
// http://localhost, *.localhost and 127.0.0.1 (the tests and a local dev server), and drop them
// on any other plain-http origin, as they do the session cookie.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const STATE_COOKIE = '__Host-ardoise_ent_state';

/** Long enough for the IdP's login page (15 min) and then a link's password (15 min). */
const STATE_TTL_SECONDS = 30 * 60;

/** 32 random bytes, base64url. */
export const STATE_LENGTH = 43;
const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isState = (value: unknown): value is string =>
  typeof value === 'string' && STATE_PATTERN.test(value);

/** The state this browser holds, or null. */
export function browserState(request: FastifyRequest): string | null {
  const value = request.cookies[STATE_COOKIE];
  return isState(value) ? value : null;
}

/** Starts a sign-in: the browser's state (kept when it has one, so that two tabs signing in at once
 * both finish), set again for the whole lifetime. */
export function startState(request: FastifyRequest, reply: FastifyReply): string {
  const state = browserState(request) ?? crypto.randomBytes(32).toString('base64url');
  reply.setCookie(STATE_COOKIE, state, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'none',
    maxAge: STATE_TTL_SECONDS,
  });
  return state;
}

/** Whether this browser started the sign-in carrying `state`. */
export function holdsState(request: FastifyRequest, state: unknown): boolean {
  const held = browserState(request);
  if (!held || !isState(state)) return false;
  return crypto.timingSafeEqual(Buffer.from(held), Buffer.from(state));
}
