// CAS sign-in against a real CAS 3.0 server (django-cas-server on loopback, started once for this
// file), whose attributes carry a regional ENT's names, mapped by the school to the GAR's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, newUai } from '../../fixtures/factories.js';
import { type CasServer, signInAtCas, startCasServer } from '../../test/cas-server.js';
import { entAudit, landing, lastAuditId, openEntSession, storedUser } from '../../test/ent-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';

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
    servicePattern: '^http://127\\.0\\.0\\.1:3000/api/auth/cas/callback\\?uai=[0-9A-Z]{8}$',
  });
});
afterAll(async () => {
  await cas?.close();
});

const ctx = setupTestApp();
let mappedSchool: number;
beforeAll(async () => {
  const casSchool = { sign_in_method: 'cas' as const, cas_url: cas.url };
  mappedSchool = (
    await createSchool(ctx.db, { ...casSchool, uai: UAI.mapped, cas_attributes: JSON.stringify(MAPPING) })
  ).id;
  await createSchool(ctx.db, { ...casSchool, uai: UAI.unmapped });
  await createSchool(ctx.db, { uai: UAI.gar, sign_in_method: 'gar' });
});

const serviceUrl = (uai: string) => `${PUBLIC_URL}/api/auth/cas/callback?uai=${uai}`;

/** The portal link, the CAS login page, and back: the callback URL with its ticket. */
async function ticketFor(uai: string): Promise<URL> {
  const start = await apiClient(ctx.app).get(`/api/auth/cas/login?uai=${uai}`);
  expect(start.statusCode).toBe(302);
  const login = new URL(String(start.headers.location));
  expect(`${login.origin}${login.pathname}`).toBe(`${cas.url}/login`);
  expect(login.searchParams.get('service')).toBe(serviceUrl(uai));
  return new URL(await signInAtCas(login.toString(), USER));
}

const callback = (url: URL) => apiClient(ctx.app).get(`${url.pathname}${url.search}`);

describe('CAS sign-in', () => {
  it('signs the teacher in from the school’s CAS server, with its attribute names', async () => {
    const audit = await lastAuditId(ctx);
    const back = await ticketFor(UAI.mapped);
    expect(back.searchParams.get('ticket')).toMatch(/^ST-/);
    const session = await openEntSession(ctx, await callback(back));
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
    const later = await openEntSession(ctx, await callback(await ticketFor(UAI.mapped)));
    expect(later.user.id).toBe(user.id);
  });

  it('refuses a ticket given for another service, and a ticket used twice', async () => {
    const back = await ticketFor(UAI.mapped);
    const elsewhere = new URL(back);
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
      [`/api/auth/cas/callback?uai=${UAI.mapped}`, 'invalid'],
      [`/api/auth/cas/callback?uai=${UAI.mapped}&ticket=<script>`, 'invalid'],
    ] as const) {
      expect(landing(await client.get(url)).page, url).toBe(`/ent/refus?motif=${reason}`);
    }
  });
});
