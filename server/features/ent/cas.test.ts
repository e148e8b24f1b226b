// CAS sign-in against a real CAS 3.0 server (django-cas-server on loopback, started once for this
// file), whose attributes carry a regional ENT's names, mapped by the school to the GAR's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, newUai } from '../../fixtures/factories.js';
import { type CasServer, signInAtCas, startCasServer } from '../../test/cas-server.js';
import {
  browserOf,
  type EntBrowser,
  entAudit,
  landing,
  lastAuditId,
  openEntSession,
  storedUser,
} from '../../test/ent-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { STATE_COOKIE } from './sign-in-state.js';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const UAI = { mapped: newUai(), unmapped: newUai(), gar: newUai() };
const USER = {
  username: 'prof.durand',
  password: 'secret',
  attributes: {
    sn: 'Durand',
    givenName: 'Paul',
    mail: 'paul.durand@ent-region.test',
    ENTPersonStructRattachUAI: UAI.mapped,
    ENTPersonProfils: 'National_ENS',
    ENTAuxEnsClasses: ['4C##4EME C', '3D##3EME D'],
  },
};
const MAPPING = {
  NOM: 'sn',
  PRE: 'givenName',
  P_MEL: 'mail',
  UAI: 'ENTPersonStructRattachUAI',
  PRO: 'ENTPersonProfils',
  DIV: 'ENTAuxEnsClasses',
};

let cas: CasServer;
beforeAll(async () => {
  cas = await startCasServer({
    user: USER,
    servicePattern: '^http://127\\.0\\.0\\.1:3000/api/auth/cas/callback\\?uai=[0-9A-Z]{8}&state=[\\w-]{43}$',
  });
});
afterAll(async () => {
  await cas?.close();
});

// django-cas-server runs on loopback.
const ctx = setupTestApp({ casAllowPrivateAddresses: true });
let mappedSchool: number;
beforeAll(async () => {
  const casSchool = { sign_in_method: 'cas' as const, cas_url: cas.url };
  mappedSchool = (
    await createSchool(ctx.db, { ...casSchool, uai: UAI.mapped, cas_attributes: JSON.stringify(MAPPING) })
  ).id;
  await createSchool(ctx.db, { ...casSchool, uai: UAI.unmapped });
  await createSchool(ctx.db, { uai: UAI.gar, sign_in_method: 'gar' });
});

const serviceUrl = (uai: string, state: string) =>
  `${PUBLIC_URL}/api/auth/cas/callback?uai=${uai}&state=${state}`;

/** The portal link, the CAS login page, and back: the callback URL with its ticket, and the browser
 * that started the sign-in. */
async function ticketFor(uai: string): Promise<URL & { browser: EntBrowser }> {
  const start = await apiClient(ctx.app).get(`/api/auth/cas/login?uai=${uai}`);
  expect(start.statusCode).toBe(302);
  const browser = browserOf(start);
  const login = new URL(String(start.headers.location));
  expect(`${login.origin}${login.pathname}`).toBe(`${cas.url}/login`);
  expect(login.searchParams.get('service')).toBe(serviceUrl(uai, browser[STATE_COOKIE]!));
  return Object.assign(new URL(await signInAtCas(login.toString(), USER)), { browser });
}

/** The CAS server sending a browser back (by default the one that started the sign-in). */
const callback = (url: URL & { browser: EntBrowser }, browser = url.browser) =>
  apiClient(ctx.app).request({ method: 'GET', url: `${url.pathname}${url.search}`, cookies: browser });

/** A callback's session, opened in the browser that started the sign-in. */
const sessionOf = async (url: URL & { browser: EntBrowser }) =>
  openEntSession(ctx, await callback(url), url.browser);

describe('CAS sign-in', () => {
  it('signs the teacher in from the school’s CAS server, with its attribute names', async () => {
    const audit = await lastAuditId(ctx);
    const back = await ticketFor(UAI.mapped);
    expect(back.searchParams.get('ticket')).toMatch(/^ST-/);
    const session = await sessionOf(back);
    expect(session.user).toMatchObject({ name: 'Durand', role: 'teacher' });
    const user = await storedUser(ctx, session.user.id);
    expect(user).toMatchObject({
      email: 'paul.durand@ent-region.test',
      firstname: 'Paul',
      school_id: mappedSchool,
    });
    const identity = await ctx.db
      .selectFrom('external_identities')
      .select(['provider', 'issuer', 'subject'])
      .where('user_id', '=', user.id)
      .execute();
    expect(identity).toEqual([{ provider: 'cas', issuer: cas.url, subject: 'prof.durand' }]);
    const classes = await ctx.db
      .selectFrom('teacher_classes')
      .select('code')
      .where('user_id', '=', user.id)
      .orderBy('code')
      .execute();
    expect(classes).toEqual([{ code: '3D' }, { code: '4C' }]);
    expect((await entAudit(ctx, audit)).map((row) => [row.action, row.details.provider])).toEqual([
      ['teacher.ent-create', 'cas'],
      ['auth.ent-login', 'cas'],
    ]);

    // A later visit finds the same account.
    const later = await sessionOf(await ticketFor(UAI.mapped));
    expect(later.user.id).toBe(user.id);
  });

  it('refuses a ticket given for another service, and a ticket used twice', async () => {
    const back = await ticketFor(UAI.mapped);
    const elsewhere = Object.assign(new URL(back), { browser: back.browser });
    elsewhere.searchParams.set('uai', UAI.unmapped);
    expect(landing(await callback(elsewhere)).page).toBe('/ent/refus?motif=invalid');
    // The CAS server spent the ticket on that check: the genuine callback cannot use it any more.
    expect(landing(await callback(back)).page).toBe('/ent/refus?motif=invalid');
  });

  it('reads the GAR’s names when the school maps none: this server sends others, and is refused', async () => {
    const audit = await lastAuditId(ctx);
    expect(landing(await callback(await ticketFor(UAI.unmapped))).page).toBe('/ent/refus?motif=attributes');
    expect((await entAudit(ctx, audit)).map((row) => row.details.reason)).toEqual(['attributes']);
  });

  it('says why when the school cannot sign in through CAS, or the ticket is missing', async () => {
    const client = apiClient(ctx.app);
    for (const [url, reason] of [
      [`/api/auth/cas/login?uai=${newUai()}`, 'unknownSchool'],
      ['/api/auth/cas/login?uai=not-a-uai', 'unknownSchool'],
      [`/api/auth/cas/login?uai=${UAI.gar}`, 'schoolNotEnt'],
    ] as const) {
      expect(landing(await client.get(url)).page, url).toBe(`/ent/refus?motif=${reason}`);
    }
    const start = await client.get(`/api/auth/cas/login?uai=${UAI.mapped}`);
    const browser = browserOf(start);
    const state = browser[STATE_COOKIE];
    for (const url of [
      `/api/auth/cas/callback?uai=${UAI.mapped}&state=${state}`,
      `/api/auth/cas/callback?uai=${UAI.mapped}&state=${state}&ticket=<script>`,
    ]) {
      const answer = await client.request({ method: 'GET', url, cookies: browser });
      expect(landing(answer).page, url).toBe('/ent/refus?motif=invalid');
    }
  });
});
