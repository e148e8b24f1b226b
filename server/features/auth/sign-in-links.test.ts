import { describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_PATH } from '../../../common/constants.js';
import { ownAccountMessages } from '../../../common/messages/account-access.js';
import { teacherMessages } from '../../../common/messages/admin.js';
import { authMessages } from '../../../common/messages/auth.js';
import { createLevel, createSchool, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { isSignedIn, signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp, signIn } from '../../test/helper.js';

const ctx = setupTestApp();
const anonymous = () => apiClient(ctx.app);

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
const check = (token: string) => anonymous().post('/api/auth/sign-in-link', { token });
const choose = (token: string, password: string) =>
  anonymous().post('/api/auth/sign-in-link/password', { token, password });
const login = (email: string, password: string) =>
  anonymous().post('/api/auth/login', { username: email, password });

async function inviteBody(overrides: Record<string, unknown> = {}) {
  const school = await createSchool(ctx.db);
  const level = await createLevel(ctx.db);
  return {
    name: 'Durand',
    firstname: 'Léa',
    school: school.id,
    levels: [{ id: level.id, title: 'x' }],
    Groups: 3,
    Email: `lea.${Math.random().toString(36).slice(2)}@Example.test`,
    compteactife: true,
    telephone: '0600000000',
    remarque: '',
    ...overrides,
  };
}

describe('a teacher created without a password', () => {
  it('gets a one-time link that expires, opens to their account, and lets them choose a password once', async () => {
    const admin = await signInNewAdmin(ctx);
    const body = await inviteBody();
    const before = Date.now();
    const response = await admin.post('/api/admin/teachers/invite', body);
    expect(response.statusCode).toBe(201);
    const { teacher, link } = response.json();
    expect(teacher).toMatchObject({
      name: 'Durand',
      firstname: 'Léa',
      email: body.Email.toLowerCase(),
      Groups: 3,
    });
    expect(link.url).toMatch(new RegExp(`^${ctx.config.publicUrl}${SIGN_IN_LINK_PATH}#[\\w-]{43}$`));
    expect(link.email).toBeNull(); // no SMTP here
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    // No password works until one is chosen; the refusal is the usual one.
    const refused = await login(teacher.email, '');
    expect(refused.statusCode).toBe(400);
    const guessed = await login(teacher.email, 'anything-at-all');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().message).toBe(authMessages.invalidCredentials);

    const token = tokenOf(link.url);
    const info = await check(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      success: true,
      email: teacher.email,
      firstname: 'Léa',
      purpose: 'invite',
      expiresAt: link.expiresAt,
    });

    const short = await choose(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(ownAccountMessages.passwordTooShort);
    const chosen = await choose(token, 'le-mot-de-passe-de-lea');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ success: true, email: teacher.email });
    expect((await login(teacher.email, 'le-mot-de-passe-de-lea')).statusCode).toBe(200);

    // Used up.
    expect((await check(token)).statusCode).toBe(404);
    const again = await choose(token, 'un-autre-mot-de-passe');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ownAccountMessages.linkUnknown);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', teacher.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['teacher.invite', 'user.choose-password']);
  });

  it('answers 404 for an expired link, and for one that was never issued', async () => {
    const admin = await signInNewAdmin(ctx);
    const { link } = (await admin.post('/api/admin/teachers/invite', await inviteBody())).json();
    await ctx.db
      .updateTable('sign_in_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await check(tokenOf(link.url))).statusCode).toBe(404);
    expect((await choose(tokenOf(link.url), 'assez-long-pour-passer')).statusCode).toBe(404);
    expect((await check('x'.repeat(43))).statusCode).toBe(404);
    expect((await check('')).statusCode).toBe(400);
  });

  it('uses a link once even when two pages send a password at the same moment', async () => {
    const admin = await signInNewAdmin(ctx);
    const { link } = (await admin.post('/api/admin/teachers/invite', await inviteBody())).json();
    const token = tokenOf(link.url);
    const answers = await Promise.all([
      choose(token, 'premier-mot-de-passe'),
      choose(token, 'second-mot-de-passe'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('refuses what the spec form refuses, an email already used, and keeps the link of a deactivated account', async () => {
    const admin = await signInNewAdmin(ctx);
    const missing = await admin.post('/api/admin/teachers/invite', { ...(await inviteBody()), name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(teacherMessages.nameRequired);
    const existing = await createTeacher(ctx.db);
    const taken = await admin.post('/api/admin/teachers/invite', await inviteBody({ Email: existing.email }));
    expect(taken.statusCode).toBe(409);

    const inactive = (
      await admin.post('/api/admin/teachers/invite', await inviteBody({ compteactife: false }))
    ).json();
    const token = tokenOf(inactive.link.url);
    const refused = await choose(token, 'assez-long-pour-passer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(authMessages.accountInactive);
    expect((await check(token)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const teacher = await signInAs(ctx, await createTeacher(ctx.db));
    expect((await teacher.post('/api/admin/teachers/invite', await inviteBody())).statusCode).toBe(403);
    expect((await anonymous().post('/api/admin/teachers/invite', await inviteBody())).statusCode).toBe(401);
  });
});

describe('"Mot de passe oublié"', () => {
  it('gives the admin a 24-hour link; the old password works until a new one is chosen, then sessions end', async () => {
    const admin = await signInNewAdmin(ctx);
    const teacher = await createTeacher(ctx.db);
    const session = await signInAs(ctx, teacher);
    const first = (await admin.post(`/api/admin/teachers/${teacher.id}/sign-in-link`)).json().link;
    const response = await admin.post(`/api/admin/teachers/${teacher.id}/sign-in-link`);
    expect(response.statusCode).toBe(200);
    const { link } = response.json();
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // A new link replaces the older one.
    expect((await check(tokenOf(first.url))).statusCode).toBe(404);
    expect((await check(tokenOf(link.url))).json().purpose).toBe('reset');
    expect((await login(teacher.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

    expect((await choose(tokenOf(link.url), 'nouveau-mot-de-passe')).statusCode).toBe(200);
    expect(await isSignedIn(session)).toBe(false);
    expect((await login(teacher.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    await signIn(ctx.app, { email: teacher.email, password: 'nouveau-mot-de-passe' });
  });

  it('answers 404 for an unknown teacher and for an admin id', async () => {
    const admin = await signInNewAdmin(ctx);
    expect((await admin.post('/api/admin/teachers/999999/sign-in-link')).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/teachers/${admin.admin.id}/sign-in-link`)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/teachers/abc/sign-in-link')).statusCode).toBe(400);
  });
});
