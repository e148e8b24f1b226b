// CAS sign-in against a real CAS 3.0 server (django-cas-server on loopback, started once for this
// file), whose attributes carry a regional ENT's names, mapped by the school to the GAR's.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as upCasIssuer } from '../../db/migrations/2026-11-28-012-cas-issuer.js';
import { createSchool, createTeacher, newUai } from '../../fixtures/factories.js';
import { type CasServer, signInAtCas, startCasServer } from '../../test/cas-server.js';
import {
  browserOf,
  type EntBrowser,
  entAudit,
  landing,
  lastAuditId,
  openEntSession,
  startsUntilThrottled,
  storedUser,
} from '../../test/ent-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { STATE_COOKIE } from './sign-in-state.js';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const UAI = { mapped: newUai(), unmapped: newUai(), noUai: newUai(), gar: newUai() };
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
let unmappedSchool: number;
let noUaiSchool: number;
let garSchool: number;
beforeAll(async () => {
  const casSchool = { sign_in_method: 'cas' as const, cas_url: cas.url };
  mappedSchool = (
    await createSchool(ctx.db, { ...casSchool, uai: UAI.mapped, cas_attributes: JSON.stringify(MAPPING) })
  ).id;
  unmappedSchool = (await createSchool(ctx.db, { ...casSchool, uai: UAI.unmapped })).id;
  // A school of the same server whose mapping reads no UAI.
  const { UAI: _uai, ...withoutUai } = MAPPING;
  noUaiSchool = (
    await createSchool(ctx.db, { ...casSchool, uai: UAI.noUai, cas_attributes: JSON.stringify(withoutUai) })
  ).id;
  garSchool = (await createSchool(ctx.db, { uai: UAI.gar, sign_in_method: 'gar' })).id;
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

describe('a CAS sign-in belongs to the browser that started it (login forgery)', () => {
  const startIn = async (uai: string) =>
    browserOf(await apiClient(ctx.app).get(`/api/auth/cas/login?uai=${uai}`));

  it('refuses the attacker’s callback URL opened in another browser, and opens nothing', async () => {
    // A victim who started no sign-in, or whom the attacker made start one first.
    for (const victim of [{}, await startIn(UAI.mapped)]) {
      const attacker = await ticketFor(UAI.mapped);
      const audit = await lastAuditId(ctx);
      expect(landing(await callback(attacker, victim)).page).toBe('/ent/refus?motif=notStartedHere');
      expect((await entAudit(ctx, audit)).map((row) => row.details.reason)).toEqual(['notStartedHere']);
    }
  });

  it('refuses the attacker’s ticket under the victim’s state: it was issued for another service', async () => {
    const victim = await startIn(UAI.mapped);
    const attacker = await ticketFor(UAI.mapped);
    const forged = Object.assign(new URL(attacker), { browser: victim });
    forged.searchParams.set('state', victim[STATE_COOKIE]!);
    expect(landing(await callback(forged)).page).toBe('/ent/refus?motif=invalid');
  });
});

describe('an account never changes school by itself', () => {
  const schoolOfUser = async (id: number) => (await storedUser(ctx, id)).school_id;
  /** What an admin does when they move a teacher to another school. */
  const moveToSchool = (id: number, schoolId: number) =>
    ctx.db.updateTable('users').set({ school_id: schoolId }).where('id', '=', id).execute();

  it('without a UAI, refuses a school that shares its CAS server with others; the account stays', async () => {
    const session = await sessionOf(await ticketFor(UAI.mapped));
    const audit = await lastAuditId(ctx);
    expect(landing(await callback(await ticketFor(UAI.noUai))).page).toBe('/ent/refus?motif=schoolUnproven');
    expect(await schoolOfUser(session.user.id)).toBe(mappedSchool);
    expect((await entAudit(ctx, audit)).map((row) => row.details.reason)).toEqual(['schoolUnproven']);
  });

  it('refuses a sign-in that would move an account to another school, and says so in the audit log', async () => {
    const session = await sessionOf(await ticketFor(UAI.mapped));
    // The admin moved the teacher to another school (whose licence the CAS school's does not extend).
    await moveToSchool(session.user.id, garSchool);
    try {
      const audit = await lastAuditId(ctx);
      expect(landing(await callback(await ticketFor(UAI.mapped))).page).toBe('/ent/refus?motif=otherSchool');
      expect(await schoolOfUser(session.user.id)).toBe(garSchool);
      expect(await entAudit(ctx, audit)).toEqual([
        expect.objectContaining({
          action: 'auth.ent-refused',
          details: expect.objectContaining({
            provider: 'cas',
            reason: 'otherSchool',
            subject: USER.username,
            accountSchool: garSchool,
            school: mappedSchool,
          }),
        }),
      ]);
    } finally {
      await moveToSchool(session.user.id, mappedSchool);
    }
  });

  it('takes the school alone on its CAS server when the server sends no UAI', async () => {
    const session = await sessionOf(await ticketFor(UAI.mapped));
    const others = [mappedSchool, unmappedSchool];
    // The other schools move to another server, and the admin moves the teacher to the school left.
    await ctx.db
      .updateTable('schools')
      .set({ cas_url: 'https://cas.other.test/cas' })
      .where('id', 'in', others)
      .execute();
    await moveToSchool(session.user.id, noUaiSchool);
    try {
      const later = await sessionOf(await ticketFor(UAI.noUai));
      expect(later.user.id).toBe(session.user.id);
      expect(await schoolOfUser(session.user.id)).toBe(noUaiSchool);
    } finally {
      await ctx.db.updateTable('schools').set({ cas_url: cas.url }).where('id', 'in', others).execute();
      await moveToSchool(session.user.id, mappedSchool);
    }
  });

  it('knows a CAS account by its server and user, whatever attribute the school maps to IDO', async () => {
    const session = await sessionOf(await ticketFor(UAI.mapped));
    await ctx.db
      .updateTable('schools')
      .set({ cas_attributes: JSON.stringify({ ...MAPPING, IDO: 'mail' }) })
      .where('id', '=', mappedSchool)
      .execute();
    try {
      const later = await sessionOf(await ticketFor(UAI.mapped));
      expect(later.user.id).toBe(session.user.id);
    } finally {
      await ctx.db
        .updateTable('schools')
        .set({ cas_attributes: JSON.stringify(MAPPING) })
        .where('id', '=', mappedSchool)
        .execute();
    }
  });
});

describe('sign-in starts', () => {
  it('are throttled per address: a school’s burst, then the address waits and writes nothing', async () => {
    const start = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/auth/cas/login?uai=${newUai()}`, remoteAddress });
    const audit = await lastAuditId(ctx);
    const allowed = await startsUntilThrottled(() => start('203.0.113.7'), '/ent/refus?motif=unknownSchool');
    const written = (await entAudit(ctx, audit)).length;
    expect(written).toBe(allowed);
    for (let i = 0; i < 10; i++) {
      expect(landing(await start('203.0.113.7')).page).toBe('/ent/refus?motif=tooManyStarts');
    }
    expect((await entAudit(ctx, audit)).length).toBe(written);
    // Another address is not held back.
    expect(landing(await start('198.51.100.9')).page).toBe('/ent/refus?motif=unknownSchool');
  });
});

describe('CAS identities stored before the server was written one way', () => {
  it('are rewritten to it by the migration, unless that spelling is taken', async () => {
    const [a, b] = [await createTeacher(ctx.db), await createTeacher(ctx.db)];
    const now = new Date().toISOString();
    const identity = (user_id: number, issuer: string, subject: string) =>
      ({ user_id, provider: 'cas', issuer, subject, created_at: now, last_seen_at: now }) as const;
    await ctx.db
      .insertInto('external_identities')
      .values([
        identity(a.id, 'https://CAS.Ent-Region.test:443/cas/', 'u1'),
        identity(b.id, 'https://cas.ent-region.test/cas', 'u2'),
        identity(b.id, 'https://Cas.Ent-Region.test/cas', 'u2'),
      ])
      .execute();
    await upCasIssuer(ctx.db as unknown as Kysely<unknown>, ctx.config.database.kind);
    const rows = await ctx.db
      .selectFrom('external_identities')
      .select(['issuer', 'subject'])
      .where('user_id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { issuer: 'https://cas.ent-region.test/cas', subject: 'u1' },
      { issuer: 'https://cas.ent-region.test/cas', subject: 'u2' },
      { issuer: 'https://Cas.Ent-Region.test/cas', subject: 'u2' },
    ]);
  });
});
