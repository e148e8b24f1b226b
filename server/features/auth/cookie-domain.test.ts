import { describe, expect, it } from 'vitest';
import { createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { apiClient, setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp({ cookieDomain: 'ardoise.example' });

describe('COOKIE_DOMAIN', () => {
  it('scopes the session cookie to the shared parent domain of both origins', async () => {
    const teacher = await createTeacher(ctx.db);
    const response = await apiClient(ctx.app).post('/api/auth/login', {
      username: teacher.email,
      password: DEFAULT_PASSWORD,
    });
    const cookie = response.cookies.find((c) => c.name === 'ardoise_session');
    expect(cookie).toMatchObject({ domain: 'ardoise.example', httpOnly: true, sameSite: 'Strict' });
  });
});
