// Helpers of the ENT sign-in tests: the state cookie of the browser that started a sign-in,
// posting the IdP's form to the ACS, trading the page's one-time code for a session, and reading
// the account it made and what the audit log says of ENT sign-ins.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ADDRESS_BURST } from '../features/auth/throttle-rules.js';
import { createCertificate } from '../features/ent/certificates.js';
import { STATE_COOKIE } from '../features/ent/sign-in-state.js';
import { apiClient, type TestContext } from './helper.js';

/** The test app's public address, and the SAML service provider's entity id and ACS there. */
export const PUBLIC_URL = 'http://127.0.0.1:3000';
export const SP_ENTITY_ID = `${PUBLIC_URL}/api/auth/saml/metadata`;
export const ACS_URL = `${PUBLIC_URL}/api/auth/saml/acs`;

/** The service provider's key and certificate, written to a folder of their own before the file's
 * tests and removed after them: `certPem` for the IdP, `files()` for the app's `saml` config. */
export function spKeyFiles() {
  const sp = createCertificate({ commonName: '127.0.0.1', days: 2 });
  let dir = '';
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-sp-'));
    await fs.writeFile(path.join(dir, 'sp-key.pem'), sp.keyPem);
    await fs.writeFile(path.join(dir, 'sp-cert.pem'), sp.certPem);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return {
    certPem: sp.certPem,
    files: () => ({ spKeyFile: path.join(dir, 'sp-key.pem'), spCertFile: path.join(dir, 'sp-cert.pem') }),
  };
}

/** The cookies a browser sends: its sign-in state, or none (another browser). */
export type EntBrowser = Record<string, string>;

/** The browser that started a sign-in: the state cookie the start set. */
export function browserOf(start: LightMyRequestResponse): EntBrowser {
  const cookie = start.cookies.find((c) => c.name === STATE_COOKIE);
  expect(cookie, 'the start sets the sign-in state cookie').toBeDefined();
  return { [STATE_COOKIE]: cookie!.value };
}

/** The IdP's auto-submitted form, as the browser posts it (another site: no XSRF header). */
export function postAcs(
  ctx: TestContext,
  fields: Record<string, string>,
  browser: EntBrowser = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/saml/acs',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: browser,
  });
}

/** Where a finished sign-in sends the browser: the page and its fragment's fields. */
export function landing(response: LightMyRequestResponse): { page: string; params: URLSearchParams } {
  expect([302, 303], response.body).toContain(response.statusCode);
  const location = String(response.headers.location);
  const url = new URL(location, 'http://ardoise.invalid');
  return { page: url.pathname + url.search, params: new URLSearchParams(url.hash.slice(1)) };
}

/** Starts sign-ins from one address until they are throttled, each one before then landing on
 * `page`; answers how many were let through: a burst, no more than a slow machine's margin above. */
export async function startsUntilThrottled(start: () => Promise<LightMyRequestResponse>, page: string) {
  let allowed = 0;
  for (;;) {
    const landed = landing(await start()).page;
    if (landed === '/ent/refus?motif=tooManyStarts') break;
    expect(landed).toBe(page);
    allowed++;
    // The bucket drains by one start every few seconds: a margin for a slow machine.
    expect(allowed).toBeLessThanOrEqual(ADDRESS_BURST + 20);
  }
  expect(allowed).toBeGreaterThanOrEqual(ADDRESS_BURST);
  return allowed;
}

/** Trades the one-time code of a session page for a session, as the page does in `browser`. */
export async function openEntSession(
  ctx: TestContext,
  response: LightMyRequestResponse,
  browser: EntBrowser = {},
) {
  const { page, params } = landing(response);
  expect(page).toBe('/ent/connexion');
  const answer = await tradeCode(ctx, params.get('code') ?? '', browser);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{
    token: string;
    user: { id: number; name: string; role: string };
    next: string;
  }>();
  return { ...body, client: apiClient(ctx.app, body.token), code: params.get('code')! };
}

/** The page's call that trades a one-time code for a session. */
export function tradeCode(ctx: TestContext, code: string, browser: EntBrowser = {}) {
  return apiClient(ctx.app).request({
    method: 'POST',
    url: '/api/auth/ent/session',
    payload: { code },
    cookies: browser,
  });
}

/** The account an ENT session belongs to, as stored. */
export function storedUser(ctx: TestContext, id: number) {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The ENT entries of the audit log since `afterId`, oldest first. */
export async function entAudit(ctx: TestContext, afterId = 0) {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'actor_id', 'entity_id', 'details'])
    .where('id', '>', afterId)
    .where('action', 'in', ['auth.ent-login', 'auth.ent-refused', 'auth.ent-link', 'teacher.ent-create'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}

export async function lastAuditId(ctx: TestContext): Promise<number> {
  const row = await ctx.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirst();
  return row?.id ?? 0;
}
