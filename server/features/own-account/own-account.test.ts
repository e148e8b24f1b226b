import { describe, expect, it } from 'vitest';
import { ownAccountMessages } from '../../../common/messages/account-access.js';
import {
  createGroup,
  createLevel,
  createSchool,
  createTeacher,
  DEFAULT_PASSWORD,
} from '../../fixtures/factories.js';
import { expectPasswordReplaced, isSignedIn, signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp();

describe('GET /api/user/profile', () => {
  it('shows a teacher their own profile: names, contact, school, levels and groups', async () => {
    const school = await createSchool(ctx.db, { name: 'École Jean Macé' });
    const cp = await createLevel(ctx.db, 'CP');
    const ce1 = await createLevel(ctx.db, 'CE1');
    const teacher = await createTeacher(ctx.db, {
      name: 'Petit',
      firstname: 'Lou',
      telephone: '0611111111',
      school_id: school.id,
      group_limit: 4,
      remarque: 'Note interne de l’administrateur',
      levelIds: [ce1.id, cp.id],
    });
    await createGroup(ctx.db, teacher.id, cp.id);
    const session = await signInAs(ctx, teacher);
    const response = await session.get('/api/user/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      profile: {
        name: 'Petit',
        firstname: 'Lou',
        email: teacher.email,
        telephone: '0611111111',
        school: 'École Jean Macé',
        levels: ['CE1', 'CP'],
        groupCount: 1,
        groupLimit: 4,
      },
    });
    expect(response.body).not.toContain('Note interne');
  });

  it('is for teachers: an admin gets 403, a visitor 401', async () => {
    const admin = await signInNewAdmin(ctx);
    expect((await admin.get('/api/user/profile')).statusCode).toBe(403);
    expect((await apiClient(ctx.app).get('/api/user/profile')).statusCode).toBe(401);
  });
});

describe('POST /api/user/password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const teacher = await createTeacher(ctx.db);
    const session = await signInAs(ctx, teacher);
    const other = await signInAs(ctx, teacher);

    const missing = await session.post('/api/user/password', {
      currentPassword: '',
      password: 'nouveau-secret',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ownAccountMessages.currentRequired);
    const wrong = await session.post('/api/user/password', {
      currentPassword: 'pas-le-bon',
      password: 'nouveau-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ownAccountMessages.currentWrong);
    const short = await session.post('/api/user/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'court',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(ownAccountMessages.passwordTooShort);
    expect(await isSignedIn(other)).toBe(true);

    const changed = await session.post('/api/user/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'nouveau-secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(await isSignedIn(session)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    await expectPasswordReplaced(ctx, teacher, 'nouveau-secret');
  });

  it('ends a sign-in link still waiting', async () => {
    const admin = await signInNewAdmin(ctx);
    const teacher = await createTeacher(ctx.db);
    const { link } = (await admin.post(`/api/admin/teachers/${teacher.id}/sign-in-link`)).json();
    const session = await signInAs(ctx, teacher);
    await session.post('/api/user/password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'nouveau-secret',
    });
    const token = link.url.slice(link.url.indexOf('#') + 1);
    expect((await apiClient(ctx.app).post('/api/auth/sign-in-link', { token })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const response = await apiClient(ctx.app).post('/api/user/password', {
      currentPassword: 'x',
      password: 'nouveau-secret',
    });
    expect(response.statusCode).toBe(401);
  });
});
