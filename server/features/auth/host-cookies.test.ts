import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { loginWithXsrf } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';

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
