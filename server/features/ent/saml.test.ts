// GAR sign-in against a real SAML identity provider (SimpleSAMLphp on loopback, started once for
// this file): metadata, signed requests, first visit and later visits, refusals, linking a password
// account, the answers an IdP should never send (replayed, unsigned, wrongly signed, expired, for
// another audience, pointing elsewhere), answers not tied to a signed request, from or to another
// entity, and forged answers padded to stall the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { entMessages, entRefusals } from '../../../common/messages/ent.js';
import { createLevel, createSchool, createTeacher, daysFromToday, newUai } from '../../fixtures/factories.js';
import { FormBrowser } from '../../test/browser-form.js';
import {
  ACS_URL,
  browserOf,
  type EntBrowser,
  entAudit,
  landing,
  lastAuditId,
  openEntSession,
  postAcs,
  SP_ENTITY_ID,
  spKeyFiles,
  startsUntilThrottled,
  storedUser,
  tradeCode,
} from '../../test/ent-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { type IdpUser, type SamlIdp, signInAtIdp, startSamlIdp } from '../../test/saml-idp.js';
import {
  craftSamlResponse,
  paddedEncryptedSamlResponse,
  paddedSamlResponse,
  requestIdOf,
} from '../../test/saml-responses.js';
import { ACCOUNT_FREE_FAILURES } from '../auth/throttle-rules.js';
import { createCertificate } from './certificates.js';
import { STATE_COOKIE, STATE_LENGTH } from './sign-in-state.js';

const UAI = { open: newUai(), ended: newUai(), unknown: newUai(), passwordOnly: newUai() };
const LINKED_EMAIL = 'paul.durand@ecole.test';

const teacher = (ido: string, extra: Record<string, string | string[]> = {}) => ({
  IDO: ido,
  NOM: 'Martin',
  PRE: 'Claire',
  UAI: [UAI.open],
  PRO: 'National_ens',
  ...extra,
});
const USERS: IdpUser[] = [
  {
    username: 'claire',
    password: 'secret',
    attributes: teacher('ido-claire', {
      P_MEL: 'Claire.Martin@ac-lyon.test',
      DIV: ['6A##6EME A', '5B##5EME B'],
      GRO: 'LAT##Latin',
    }),
  },
  // The same teacher later: another name, other classes.
  {
    username: 'claire-later',
    password: 'secret',
    attributes: teacher('ido-claire', { NOM: 'Martin-Durand', DIV: '4C##4EME C' }),
  },
  { username: 'parent', password: 'secret', attributes: teacher('ido-parent', { PRO: 'National_tut' }) },
  { username: 'inconnu', password: 'secret', attributes: teacher('ido-inconnu', { UAI: [UAI.unknown] }) },
  { username: 'ancien', password: 'secret', attributes: teacher('ido-ancien', { UAI: [UAI.ended] }) },
  { username: 'motdepasse', password: 'secret', attributes: teacher('ido-mdp', { UAI: [UAI.passwordOnly] }) },
  {
    username: 'doc',
    password: 'secret',
    attributes: teacher('ido-doc', { PRO: 'National_doc', NOM: 'Leroy' }),
  },
  {
    username: 'paul',
    password: 'secret',
    attributes: teacher('ido-paul', { P_MEL: LINKED_EMAIL, NOM: 'Durand' }),
  },
  {
    username: 'lea',
    password: 'secret',
    attributes: teacher('ido-lea', { P_MEL: 'lea.roux@ecole.test', NOM: 'Roux' }),
  },
  { username: 'bavard', password: 'secret', attributes: teacher('ido-bavard', { NOM: 'x'.repeat(150) }) },
  { username: 'controle', password: 'secret', attributes: teacher('ido-controle', { NOM: 'Mar\u0007tin' }) },
];

let idp: SamlIdp;
const sp = spKeyFiles();
beforeAll(async () => {
  idp = await startSamlIdp({
    sp: { entityId: SP_ENTITY_ID, acsUrl: ACS_URL, certPem: sp.certPem },
    users: USERS,
  });
});
afterAll(async () => {
  await idp?.close();
});

const ctx = setupTestApp(() => ({
  saml: {
    idpMetadata: idp.metadataUrl,
    ...sp.files(),
  },
}));

let schoolId: number;
let levels: number[];
beforeAll(async () => {
  const school = await createSchool(ctx.db, { uai: UAI.open, sign_in_method: 'gar', default_group_limit: 3 });
  schoolId = school.id;
  levels = [(await createLevel(ctx.db, 'CE1')).id, (await createLevel(ctx.db, 'CE2')).id];
  await ctx.db
    .insertInto('school_levels')
    .values(levels.map((levelId) => ({ school_id: school.id, level_id: levelId })))
    .execute();
  await createSchool(ctx.db, { uai: UAI.ended, sign_in_method: 'gar', license_end_date: daysFromToday(-1) });
  await createSchool(ctx.db, { uai: UAI.passwordOnly });
});

/** From Ardoise's sign-in link, through the IdP's login page, to what the ACS answers. */
async function signInThroughGar(username: string, next?: string) {
  const start = await apiClient(ctx.app).get(
    `/api/auth/saml/login${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  );
  expect(start.statusCode, start.body).toBe(302);
  const form = await signInAtIdp(String(start.headers.location), { username, password: 'secret' });
  expect(form.action).toBe(ACS_URL);
  const browser = browserOf(start);
  return { fields: form.fields, acs: await postAcs(ctx, form.fields, browser), browser };
}

/** A sign-in through the GAR, to the session it opens in the browser that started it. */
async function sessionThroughGar(username: string) {
  const { acs, browser } = await signInThroughGar(username);
  return openEntSession(ctx, acs, browser);
}

const countUsers = async () => (await ctx.db.selectFrom('users').select('id').execute()).length;

describe('the service provider', () => {
  it('publishes its metadata, whose entityID is exactly its own URL', async () => {
    const response = await apiClient(ctx.app).get('/api/auth/saml/metadata');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(response.body).toContain(`entityID="${SP_ENTITY_ID}"`);
    expect(response.body).toMatch(/AuthnRequestsSigned="true"/);
    expect(response.body).toContain(
      `Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ACS_URL}"`,
    );
    expect(response.body).toMatch(/<KeyDescriptor use="signing">/);
  });

  it('starts a sign-in with a signed request over HTTP-Redirect, and keeps it to check the answer', async () => {
    const response = await apiClient(ctx.app).get('/api/auth/saml/login');
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${idp.url}/saml2/idp/SSOService.php`);
    expect(location.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(location.searchParams.get('Signature')).toBeTruthy();
    const kept = await ctx.db
      .selectFrom('ent_states')
      .select('kind')
      .where('key', '=', requestIdOf(location.toString()))
      .executeTakeFirst();
    expect(kept).toEqual({ kind: 'saml-request' });
  });

  it('refuses a return address outside Ardoise, before going to the IdP', async () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/api/auth/logout']) {
      const response = await apiClient(ctx.app).get(`/api/auth/saml/login?next=${encodeURIComponent(next)}`);
      expect(landing(response).page, next).toBe('/ent/refus?motif=badReturn');
    }
  });
});

describe('a teacher’s first visit, and the next ones', () => {
  it('makes the account from what the GAR sends, in the school of the UAI, with its licence', async () => {
    const audit = await lastAuditId(ctx);
    const { acs, browser } = await signInThroughGar('claire', '/user');
    const session = await openEntSession(ctx, acs, browser);
    expect(session.user).toMatchObject({ name: 'Martin', role: 'teacher' });
    expect(session.next).toBe('/user');

    const user = await storedUser(ctx, session.user.id);
    expect(user).toMatchObject({
      email: 'claire.martin@ac-lyon.test',
      firstname: 'Claire',
      school_id: schoolId,
      group_limit: 3,
      active: 1,
      password_hash: '',
    });
    const levelRows = await ctx.db
      .selectFrom('teacher_levels')
      .select('level_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(levelRows.map((row) => row.level_id).sort()).toEqual(levels);
    const classes = await ctx.db
      .selectFrom('teacher_classes')
      .select(['kind', 'code', 'label'])
      .where('user_id', '=', user.id)
      .orderBy('code')
      .execute();
    expect(classes).toEqual([
      { kind: 'div', code: '5B', label: '5EME B' },
      { kind: 'div', code: '6A', label: '6EME A' },
      // GRO came as a single value.
      { kind: 'gro', code: 'LAT', label: 'Latin' },
    ]);
    // The session works on the teacher's screens.
    const levelsSeen = await session.client.get('/api/user/getuserlevels');
    expect(levelsSeen.json().res.map((level: { title: string }) => level.title)).toEqual(['CE1', 'CE2']);
    // The one-time code is spent.
    const again = await apiClient(ctx.app).post('/api/auth/ent/session', { code: session.code });
    expect(again.statusCode).toBe(401);
    expect(await entAudit(ctx, audit)).toEqual([
      expect.objectContaining({ action: 'teacher.ent-create', entity_id: user.id }),
      expect.objectContaining({
        action: 'auth.ent-login',
        actor_id: user.id,
        details: { provider: 'gar', created: true },
      }),
    ]);
  });

  it('finds the same account later: name and classes refreshed, the teacher’s groups kept', async () => {
    const first = await sessionThroughGar('claire');
    const created = await first.client.post(`/api/user/creategroups/${levels[0]}`, { title: 'Mon groupe' });
    expect(created.statusCode).toBe(200);
    const before = await countUsers();
    const later = await sessionThroughGar('claire-later');
    expect(later.user.id).toBe(first.user.id);
    expect(later.user.name).toBe('Martin-Durand');
    expect(await countUsers()).toBe(before);
    const classes = await ctx.db
      .selectFrom('teacher_classes')
      .select('code')
      .where('user_id', '=', later.user.id)
      .execute();
    expect(classes).toEqual([{ code: '4C' }]);
    const groups = (await later.client.get(`/api/user/getgroups/${levels[0]}`)).json().res;
    expect(groups.map((group: { title: string }) => group.title)).toContain('Mon groupe');
  });

  it('gives an account with no email from the ENT an address that cannot receive mail', async () => {
    const session = await sessionThroughGar('doc');
    const user = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toMatch(/^gar-[0-9a-f]{24}@ent\.invalid$/);
  });
});

describe('refusals, said why on a page of ours, in the audit log, and nothing made', () => {
  it.each([
    ['parent', 'profile'],
    ['inconnu', 'unknownSchool'],
    ['ancien', 'licenceExpired'],
    ['motdepasse', 'schoolNotEnt'],
    ['bavard', 'invalid'],
    ['controle', 'invalid'],
  ])('%s: %s', async (username, reason) => {
    const [users, audit] = [await countUsers(), await lastAuditId(ctx)];
    const { acs } = await signInThroughGar(username);
    expect(landing(acs).page).toBe(`/ent/refus?motif=${reason}`);
    expect(await countUsers()).toBe(users);
    expect(await entAudit(ctx, audit)).toEqual([
      expect.objectContaining({
        action: 'auth.ent-refused',
        details: expect.objectContaining({ provider: 'gar', reason }),
      }),
    ]);
  });

  it('refuses a teacher the admin deactivated', async () => {
    const session = await sessionThroughGar('claire');
    await ctx.db.updateTable('users').set({ active: 0 }).where('id', '=', session.user.id).execute();
    const { acs } = await signInThroughGar('claire');
    expect(landing(acs).page).toBe('/ent/refus?motif=accountInactive');
    await ctx.db.updateTable('users').set({ active: 1 }).where('id', '=', session.user.id).execute();
  });
});

describe('a password account with the ENT’s email', () => {
  it('is linked only once its password is proven', async () => {
    const paul = await createTeacher(ctx.db, { email: LINKED_EMAIL, school_id: schoolId, name: 'Durand' });
    const { acs, browser } = await signInThroughGar('paul', '/user');
    const { page, params } = landing(acs);
    expect(page).toBe('/ent/lier');
    expect(params.get('compte')).toBe('p…d@ecole.test');
    // The link page's call, from the browser that started the sign-in.
    const client = {
      post: (url: string, payload: Record<string, unknown>) =>
        apiClient(ctx.app).request({ method: 'POST', url, payload, cookies: browser }),
    };
    const wrong = await client.post('/api/auth/ent/link', {
      code: params.get('code'),
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(entMessages.wrongPassword);
    expect(
      await ctx.db.selectFrom('external_identities').select('id').where('user_id', '=', paul.id).execute(),
    ).toEqual([]);
    // The password proof draws on the sign-in's budget: after 5 wrong ones, the next try waits.
    for (let i = 1; i < ACCOUNT_FREE_FAILURES; i++) {
      const again = await client.post('/api/auth/ent/link', { code: params.get('code'), password: `x${i}` });
      expect(again.statusCode).toBe(401);
    }
    const throttled = await client.post('/api/auth/ent/link', {
      code: params.get('code'),
      password: paul.password,
    });
    expect(throttled.statusCode).toBe(429);
    const seconds = Number(throttled.headers['retry-after']);
    expect(throttled.json().message).toBe(authMessages.tooManyAttempts(seconds));
    // The minute passes (the wait's end is in the database, which the test moves instead of waiting).
    await ctx.db
      .updateTable('sign_in_throttle')
      .set({ blocked_until: new Date().toISOString() })
      .where('key', '=', `account:${paul.email}`)
      .execute();

    const right = await client.post('/api/auth/ent/link', {
      code: params.get('code'),
      password: paul.password,
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ user: { id: paul.id }, next: '/user' });
    // The password is proven: this browser is known to Paul's account from now on.
    expect(right.cookies.map((c) => c.name)).toContain(`__Host-ardoise_device_${paul.id}`);
    // The code is spent; from now on the ENT signs Paul in directly.
    const replay = await client.post('/api/auth/ent/link', {
      code: params.get('code'),
      password: paul.password,
    });
    expect(replay.statusCode).toBe(401);
    const next = await sessionThroughGar('paul');
    expect(next.user.id).toBe(paul.id);
  });
});

/** A sign-in started at Ardoise: the id of the request now waiting for its answer, the browser that
 * started it and the RelayState the IdP sends back with the answer. */
async function startedRequest() {
  const start = await apiClient(ctx.app).get('/api/auth/saml/login');
  const location = new URL(String(start.headers.location));
  return {
    requestId: requestIdOf(location.toString()),
    browser: browserOf(start),
    RelayState: location.searchParams.get('RelayState') ?? '',
  };
}

/** Posts an answer as the browser that started the sign-in does. */
const answerAs = (started: Awaited<ReturnType<typeof startedRequest>>, SAMLResponse: string) =>
  postAcs(ctx, { SAMLResponse, RelayState: started.RelayState }, started.browser);

/** A response the tests craft, signed with the IdP's own key unless told otherwise. */
const crafted = (overrides: Partial<Parameters<typeof craftSamlResponse>[0]> & { inResponseTo: string }) =>
  craftSamlResponse({
    idpEntityId: idp.entityId,
    spEntityId: SP_ENTITY_ID,
    acsUrl: ACS_URL,
    attributes: teacher('ido-crafted', { NOM: 'Crafted' }),
    signingKey: idp.keys.keyPem,
    ...overrides,
  });

/** A sign-in started at Ardoise (so that a request is waiting), answered by a crafted response. */
async function craftedAnswer(overrides: Partial<Parameters<typeof craftSamlResponse>[0]> = {}) {
  const started = await startedRequest();
  const acs = await answerAs(started, crafted({ inResponseTo: started.requestId, ...overrides }));
  return { acs, browser: started.browser };
}

const requestState = async (id: string) =>
  (await ctx.db.selectFrom('ent_states').select('kind').where('key', '=', id).executeTakeFirst())?.kind;

describe('answers an IdP should never send', () => {
  it('accepts a well-made one (so that the refusals below come from their case)', async () => {
    const { acs, browser } = await craftedAnswer();
    const session = await openEntSession(ctx, acs, browser);
    expect(session.user.name).toBe('Crafted');
  });

  it.each([
    ['unsigned', { signingKey: undefined }],
    ['signed with another key', { signingKey: createCertificate({ commonName: 'x', days: 1 }).keyPem }],
    ['expired', { validityOffsetMs: -3_600_000 }],
    ['for another audience', { audience: 'https://other-resource.example/saml' }],
  ])('refuses one %s, and makes nothing', async (_case, overrides) => {
    const [users, audit] = [await countUsers(), await lastAuditId(ctx)];
    const { acs: response } = await craftedAnswer({
      attributes: teacher('ido-refused', { NOM: 'Refused' }),
      ...overrides,
    });
    expect(landing(response).page).toBe('/ent/refus?motif=invalid');
    expect(await countUsers()).toBe(users);
    expect(await entAudit(ctx, audit)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ reason: 'invalid' }) }),
    ]);
  });

  it('refuses an answer to a request it never sent', async () => {
    const SAMLResponse = craftSamlResponse({
      inResponseTo: '_never-sent',
      idpEntityId: idp.entityId,
      spEntityId: SP_ENTITY_ID,
      acsUrl: ACS_URL,
      attributes: teacher('ido-unsolicited'),
      signingKey: idp.keys.keyPem,
    });
    expect(landing(await postAcs(ctx, { SAMLResponse })).page).toBe('/ent/refus?motif=expired');
  });

  it('takes a real answer once: replayed, even at the same moment, it opens nothing', async () => {
    const { fields, acs, browser } = await signInThroughGar('claire');
    await openEntSession(ctx, acs, browser);
    const sessions = (
      await ctx.db.selectFrom('ent_states').select('key').where('kind', '=', 'session-code').execute()
    ).length;
    const replays = await Promise.all([postAcs(ctx, fields, browser), postAcs(ctx, fields, browser)]);
    for (const replay of replays) expect(landing(replay).page).toBe('/ent/refus?motif=expired');
    expect(
      (await ctx.db.selectFrom('ent_states').select('key').where('kind', '=', 'session-code').execute())
        .length,
    ).toBe(sessions);
  });

  it('refuses a RelayState pointing elsewhere, leaving the request for the real answer', async () => {
    const start = await apiClient(ctx.app).get('/api/auth/saml/login');
    const form = await signInAtIdp(
      String(start.headers.location),
      { username: 'claire', password: 'secret' },
      new FormBrowser(),
    );
    const browser = browserOf(start);
    const state = form.fields.RelayState!.slice(0, STATE_LENGTH);
    const evil = await postAcs(
      ctx,
      { ...form.fields, RelayState: `${state}https://evil.example/steal` },
      browser,
    );
    expect(landing(evil).page).toBe('/ent/refus?motif=badReturn');
    // Nothing was spent: the genuine form still signs in.
    await openEntSession(ctx, await postAcs(ctx, form.fields, browser), browser);
  });

  it('answers a form without a SAMLResponse with a clear 400', async () => {
    const response = await postAcs(ctx, { RelayState: '/user' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(entRefusals.invalid);
  });
});

describe('a sign-in belongs to the browser that started it (login forgery)', () => {
  const anotherBrowser = async (): Promise<EntBrowser> =>
    browserOf(await apiClient(ctx.app).get('/api/auth/saml/login'));

  it('sets its state as a __Host- cookie that a cross-site POST from the IdP still carries', async () => {
    const start = await apiClient(ctx.app).get('/api/auth/saml/login');
    const cookie = start.cookies.find((c) => c.name === STATE_COOKIE);
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'None' });
    expect(cookie?.domain).toBeUndefined();
    // The RelayState carries the same state, then the path.
    expect(new URL(String(start.headers.location)).searchParams.get('RelayState')).toBe(cookie?.value);
  });

  it('refuses someone else’s answer posted to this browser from another site, and opens nothing', async () => {
    // Posted to a victim who started no sign-in, or who started their own.
    for (const victim of [{}, await anotherBrowser()]) {
      // The attacker signs in with their own account and keeps the IdP's form instead of posting it.
      const attacker = await apiClient(ctx.app).get('/api/auth/saml/login');
      const form = await signInAtIdp(
        String(attacker.headers.location),
        { username: 'claire', password: 'secret' },
        new FormBrowser(),
      );
      const [sessions, audit] = [await countSessionCodes(), await lastAuditId(ctx)];
      const response = await postAcs(ctx, form.fields, victim);
      expect(landing(response).page).toBe('/ent/refus?motif=notStartedHere');
      expect(await countSessionCodes()).toBe(sessions);
      expect(await entAudit(ctx, audit)).toEqual([
        expect.objectContaining({ details: expect.objectContaining({ reason: 'notStartedHere' }) }),
      ]);
    }
  });

  it('refuses the one-time code of someone else’s sign-in, sent as a link', async () => {
    const attacker = await signInThroughGar('claire');
    const code = landing(attacker.acs).params.get('code') ?? '';
    for (const victim of [{}, await anotherBrowser()]) {
      const trade = await tradeCode(ctx, code, victim);
      expect(trade.statusCode).toBe(403);
      expect(trade.json().message).toBe(entRefusals.notStartedHere);
      expect(trade.cookies.map((c) => c.name)).not.toContain('__Host-ardoise_session');
    }
  });

  it('refuses a link code in another browser before any password is tried', async () => {
    await createTeacher(ctx.db, { email: 'lea.roux@ecole.test', school_id: schoolId, name: 'Roux' });
    const { acs } = await signInThroughGar('lea');
    const { page, params } = landing(acs);
    expect(page).toBe('/ent/lier');
    const code = params.get('code');
    const link = await apiClient(ctx.app).post('/api/auth/ent/link', { code, password: 'x' });
    expect(link.statusCode).toBe(403);
    expect(link.json().message).toBe(entRefusals.notStartedHere);
  });

  it('lets two sign-ins of one browser, in two tabs, both finish', async () => {
    const first = await apiClient(ctx.app).get('/api/auth/saml/login');
    const browser = browserOf(first);
    const second = await apiClient(ctx.app).request({
      method: 'GET',
      url: '/api/auth/saml/login',
      cookies: browser,
    });
    expect(browserOf(second)).toEqual(browser);
    for (const start of [first, second]) {
      const form = await signInAtIdp(
        String(start.headers.location),
        { username: 'claire', password: 'secret' },
        new FormBrowser(),
      );
      await openEntSession(ctx, await postAcs(ctx, form.fields, browser), browser);
    }
  });
});

const countSessionCodes = async () =>
  (await ctx.db.selectFrom('ent_states').select('key').where('kind', '=', 'session-code').execute()).length;

describe('sign-in starts', () => {
  it('are throttled per address, before a refused return address is written to the audit log', async () => {
    const start = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/auth/saml/login?next=https%3A%2F%2Fevil.example%2F',
        remoteAddress: '203.0.113.8',
      });
    const audit = await lastAuditId(ctx);
    const allowed = await startsUntilThrottled(start, '/ent/refus?motif=badReturn');
    expect(await entAudit(ctx, audit)).toHaveLength(allowed);
  });
});

describe('one request, one answer, read from a signed place', () => {
  it('refuses an assertion sent unasked (no signed InResponseTo), whatever request the response names', async () => {
    // One captured IdP-initiated assertion, its unsigned response rewritten to name a fresh request
    // each time: none of them signs in.
    const assertion = { attributes: teacher('ido-unasked', { NOM: 'Unasked' }), subjectInResponseTo: null };
    const [users, audit] = [await countUsers(), await lastAuditId(ctx)];
    for (let i = 0; i < 2; i++) {
      const started = await startedRequest();
      const response = await answerAs(started, crafted({ inResponseTo: started.requestId, ...assertion }));
      expect(landing(response).page).toBe('/ent/refus?motif=expired');
    }
    expect(await countUsers()).toBe(users);
    expect(await entAudit(ctx, audit)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ error: expect.stringMatching(/^unsolicited/) }),
      }),
      expect.objectContaining({
        details: expect.objectContaining({ error: expect.stringMatching(/^unsolicited/) }),
      }),
    ]);
  });

  it('refuses a real answer replayed with its unsigned root rewritten to name a fresh request', async () => {
    const { fields, acs, browser } = await signInThroughGar('claire');
    await openEntSession(ctx, acs, browser);
    const answered = /\sInResponseTo="([^"]+)"/.exec(
      Buffer.from(fields.SAMLResponse!, 'base64').toString('utf8'),
    )?.[1];
    const fresh = await startedRequest();
    const rewritten = Buffer.from(fields.SAMLResponse!, 'base64')
      .toString('utf8')
      .replace(`InResponseTo="${answered}"`, `InResponseTo="${fresh.requestId}"`);
    const audit = await lastAuditId(ctx);
    const replay = await answerAs(fresh, Buffer.from(rewritten).toString('base64'));
    expect(landing(replay).page).toBe('/ent/refus?motif=invalid');
    expect(await entAudit(ctx, audit)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ error: 'the InResponseTo values disagree' }),
      }),
    ]);
  });

  it('takes the response’s InResponseTo when the response itself is signed, once', async () => {
    const started = await startedRequest();
    const SAMLResponse = crafted({
      inResponseTo: started.requestId,
      subjectInResponseTo: null,
      signResponse: true,
      attributes: teacher('ido-signed-response', { NOM: 'Signed' }),
    });
    const session = await openEntSession(ctx, await answerAs(started, SAMLResponse), started.browser);
    expect(session.user.name).toBe('Signed');
    expect(await requestState(started.requestId)).toBeUndefined();
    expect(landing(await answerAs(started, SAMLResponse)).page).toBe('/ent/refus?motif=expired');
  });

  it('reads the response’s root, not a comment before it, and leaves other requests waiting', async () => {
    const [answered, other] = [await startedRequest(), await startedRequest()];
    const xml = Buffer.from(crafted({ inResponseTo: answered.requestId }), 'base64').toString('utf8');
    const tricked = Buffer.from(`<!--<samlp:Response InResponseTo="${other.requestId}">-->${xml}`).toString(
      'base64',
    );
    const response = await answerAs(answered, tricked);
    expect((await openEntSession(ctx, response, answered.browser)).user.name).toBe('Crafted');
    expect(await requestState(answered.requestId)).toBeUndefined();
    expect(await requestState(other.requestId)).toBe('saml-request');
    // Replayed with the comment naming the other request: refused, the other request still waits.
    expect(landing(await answerAs(answered, tricked)).page).toBe('/ent/refus?motif=expired');
    expect(await requestState(other.requestId)).toBe('saml-request');
  });

  it.each([
    [
      'an assertion issued by another entity',
      { issuer: 'https://other-idp.example/saml' },
      /assertion issued by/,
    ],
    [
      'a response issued by another entity',
      { responseIssuer: 'https://other-idp.example/saml' },
      /response issued by/,
    ],
    [
      'a response sent to another address',
      { destination: 'https://other-sp.example/acs' },
      /response sent to/,
    ],
    [
      'an assertion confirmed for another recipient',
      { recipient: 'https://other-sp.example/acs' },
      /subject confirmed for/,
    ],
  ])('refuses %s, signed with the IdP’s key, and makes nothing', async (_case, overrides, error) => {
    const [users, audit] = [await countUsers(), await lastAuditId(ctx)];
    const started = await startedRequest();
    const response = await answerAs(
      started,
      crafted({ inResponseTo: started.requestId, attributes: teacher('ido-elsewhere'), ...overrides }),
    );
    expect(landing(response).page).toBe('/ent/refus?motif=invalid');
    expect(await countUsers()).toBe(users);
    expect(await entAudit(ctx, audit)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ reason: 'invalid', error: expect.stringMatching(error) }),
      }),
    ]);
  });
});

describe('bounded work before any signature code', () => {
  // The worker starts with the provider and is long ready on a running server; here one ordinary
  // answer makes sure it is before the timings.
  beforeAll(async () => {
    expect(landing((await craftedAnswer({ signingKey: undefined })).acs).page).toBe(
      '/ent/refus?motif=invalid',
    );
  });

  /** Posts the padded answer and, until it is answered, asks GET /api/config again and again:
   * how long the answer took, and the longest time between two answers to GET /api/config (what
   * a request arriving at the worst moment waits), in ms. */
  async function postWhileAsking(SAMLResponse: string) {
    let answered = false;
    let longestWait = 0;
    const asking = (async () => {
      let last = performance.now();
      for (;;) {
        expect((await apiClient(ctx.app).get('/api/config')).statusCode).toBe(200);
        longestWait = Math.max(longestWait, performance.now() - last);
        last = performance.now();
        if (answered) return;
        // Let the server's I/O run between two requests (inject alone may never leave microtasks).
        await new Promise(setImmediate);
      }
    })();
    const sent = performance.now();
    const acs = await postAcs(ctx, { SAMLResponse });
    const acsMs = performance.now() - sent;
    answered = true;
    await asking;
    return { acs, acsMs, configMs: longestWait };
  }

  it.each([
    [
      'in the response',
      () =>
        startedRequest().then(({ requestId }) =>
          paddedSamlResponse({ inResponseTo: requestId, idpEntityId: idp.entityId, padding: 16_000 }),
        ),
    ],
    [
      'in an assertion encrypted to Ardoise',
      () =>
        startedRequest().then(({ requestId }) =>
          paddedEncryptedSamlResponse({
            inResponseTo: requestId,
            idpEntityId: idp.entityId,
            spCertPem: sp.certPem,
            padding: 16_000,
          }),
        ),
    ],
  ])(
    'refuses 16,000 padding elements %s within a second, other requests answered meanwhile',
    async (where, build) => {
      const SAMLResponse = await build();
      const { acs, acsMs, configMs } = await postWhileAsking(SAMLResponse);
      report(`16,000 padding elements ${where}`, SAMLResponse, acsMs, configMs);
      expect(landing(acs).page).toBe('/ent/refus?motif=invalid');
      expect(acsMs).toBeLessThan(1000);
      expect(configMs).toBeLessThan(1000);
    },
    120_000,
  );

  it('checks an answer padded up to the limits off the event loop: other requests answered meanwhile', async () => {
    // 500 elements with the Response and its dummy signature: the most the limits let through, so
    // it reaches the signature code, in the worker (how long that takes depends on the machine).
    const { requestId } = await startedRequest();
    const SAMLResponse = paddedSamlResponse({
      inResponseTo: requestId,
      idpEntityId: idp.entityId,
      padding: 485,
    });
    const { acs, acsMs, configMs } = await postWhileAsking(SAMLResponse);
    report('padding up to the limits', SAMLResponse, acsMs, configMs);
    expect(landing(acs).page).toBe('/ent/refus?motif=invalid');
    expect(configMs).toBeLessThan(1000);
  });
});

function report(what: string, samlResponse: string, acsMs: number, configMs: number) {
  const elements = Buffer.from(samlResponse, 'base64')
    .toString()
    .match(/<[^/!?]/g)?.length;
  console.log(
    `SAMLResponse with ${what} (${elements} elements, ${Math.round(samlResponse.length / 1024)} KB of base64): answered in ${Math.round(acsMs)} ms, longest wait of GET /api/config meanwhile ${Math.round(configMs)} ms`,
  );
}
