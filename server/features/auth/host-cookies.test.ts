import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { loginWithXsrf, signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { CONTENT_COOKIE } from './content-pass.js';

const ctx = setupTestApp();

describe('host-only cookies', () => {
  it('sets the session cookie host-only with the __Host- prefix (Secure, Path=/, no Domain)', async () => {
    const teacher = await createTeacher(ctx.db);
    const response = await apiClient(ctx.app).post('/api/auth/login', {
      username: teacher.email,
      password: DEFAULT_PASSWORD,
    });
    const cookie = response.cookies.find((c) => c.name === '__Host-ardoise_session');
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.domain).toBeUndefined();
    expect(response.cookies.map((c) => c.name)).not.toContain('ardoise_session');
  });

  it('reads only the __Host- XSRF cookie: a planted XSRF-TOKEN of the same value does not pass', async () => {
    const admin = await createAdmin(ctx.db);
    const planted = await loginWithXsrf(ctx, admin, {
      cookies: { 'XSRF-TOKEN': 'tossed' },
      header: 'tossed',
    });
    expect(planted.statusCode).toBe(403);
  });

  it('replaces an XSRF token that does not match: the 403 carries a fresh one, which then works', async () => {
    const admin = await createAdmin(ctx.db);
    const refused = await loginWithXsrf(ctx, admin, {
      cookies: { '__Host-XSRF-TOKEN': 'stale' },
      header: 'other',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(authMessages.xsrfInvalid);
    const fresh = refused.cookies.find((c) => c.name === '__Host-XSRF-TOKEN');
    expect(fresh).toMatchObject({ path: '/', secure: true, sameSite: 'Strict' });
    expect(fresh?.domain).toBeUndefined();
    expect(fresh?.value).not.toBe('stale');
    const retried = await loginWithXsrf(ctx, admin, {
      cookies: { '__Host-XSRF-TOKEN': fresh!.value },
      header: fresh!.value,
    });
    expect(retried.statusCode).toBe(200);
  });
});

describe('the content origin pass', () => {
  const exchange = (pass: string) =>
    ctx.content.inject({
      method: 'POST',
      url: '/content/pass',
      payload: pass,
      headers: { 'content-type': 'text/plain', origin: ctx.config.publicUrl },
    });

  it('is exchanged once signed by the app for a host-only cookie of the content origin', async () => {
    const admin = await signInNewAdmin(ctx);
    const answer = await admin.get('/api/content/pass');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { pass } = answer.json<{ pass: string }>();
    expect(pass).not.toContain(admin.token);
    const exchanged = await exchange(pass);
    expect(exchanged.statusCode).toBe(204);
    expect(exchanged.headers['access-control-allow-origin']).toBe(ctx.config.publicUrl);
    expect(exchanged.headers['access-control-allow-credentials']).toBe('true');
    const cookie = exchanged.cookies.find((c) => c.name === CONTENT_COOKIE);
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.domain).toBeUndefined();
    // The exchange pass is no cookie, and the cookie is no exchange pass.
    expect((await exchange(cookie!.value)).statusCode).toBe(401);
    const asCookie = await ctx.content.inject({
      method: 'GET',
      url: '/content/999999/index.html',
      cookies: { [CONTENT_COOKIE]: pass },
    });
    expect(asCookie.statusCode).toBe(401);
  });

  it('is for admins only, refuses forged or altered passes, and ends with the session', async () => {
    const teacher = await signInAs(ctx, await createTeacher(ctx.db));
    expect((await teacher.get('/api/content/pass')).statusCode).toBe(403);
    expect((await apiClient(ctx.app).get('/api/content/pass')).statusCode).toBe(401);
    const admin = await signInNewAdmin(ctx);
    const { pass } = (await admin.get('/api/content/pass')).json<{ pass: string }>();
    expect((await exchange('1.exchange.99999999999999.forged')).statusCode).toBe(401);
    const [sid, purpose, expires, mac] = pass.split('.');
    expect((await exchange(`${sid}.${purpose}.${Number(expires) + 1}.${mac}`)).statusCode).toBe(401);
    await admin.post('/api/auth/logout');
    expect((await exchange(pass)).statusCode).toBe(401);
  });
});
