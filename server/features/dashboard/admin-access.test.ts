// Every admin back-office route of this area answers 401 to anonymous callers and 403 to teachers.
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp, signIn } from '../../test/helper.js';

const ctx = setupTestApp();

const routes: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string]> = [
  ['GET', '/api/admin/getkpi'],
  ['GET', '/api/admin/getschools'],
  ['POST', '/api/admin/createschool'],
  ['PATCH', '/api/admin/editschoolform/1'],
  ['DELETE', '/api/admin/school/1'],
  ['PATCH', '/api/admin/schooltoggle/1'],
  ['GET', '/api/admin/getteachers'],
  ['POST', '/api/admin/createteacher'],
  ['PATCH', '/api/admin/editteacherteacher/1'],
  ['DELETE', '/api/admin/removeteacher/1'],
  ['PATCH', '/api/admin/toggleactive/1'],
  ['GET', '/api/admin/getlevel&schools'],
  ['PATCH', '/api/admin/updateadmin'],
  ['GET', '/api/admin/admintwofactorinfo'],
  ['POST', '/api/auth/setup-2fa'],
  ['GET', '/api/admin/insights/licences'],
  ['GET', '/api/admin/insights/licences.csv'],
  ['GET', '/api/admin/insights/activity'],
  ['GET', '/api/admin/schoolusage/1'],
  ['GET', '/api/admin/audit'],
];

describe('admin routes: who may call them', () => {
  it.each(routes)('%s %s: 401 without a session', async (method, url) => {
    const response = await apiClient(ctx.app).request({ method, url, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: authMessages.notSignedIn });
  });

  it.each(routes)('%s %s: 401 with an unknown token', async (method, url) => {
    const response = await apiClient(ctx.app, 'not-a-real-token').request({ method, url, payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it.each(routes)('%s %s: 403 for a teacher, and nothing changes', async (method, url) => {
    const teacher = await createTeacher(ctx.db);
    const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    const schoolsBefore = await ctx.db.selectFrom('schools').select('id').execute();
    const response = await client.request({ method, url, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: authMessages.forbidden });
    expect(await ctx.db.selectFrom('schools').select('id').execute()).toEqual(schoolsBefore);
  });

  it('lets an admin through', async () => {
    const client = await signInNewAdmin(ctx);
    expect((await client.get('/api/admin/getkpi')).statusCode).toBe(200);
  });
});
