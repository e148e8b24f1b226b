import { describe, expect, it } from 'vitest';
import { adminProfileMessages } from '../../../common/messages/admin.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { expectPasswordReplaced, signInNewAdmin } from '../../test/admin-helpers.js';
import { setupTestApp, signIn } from '../../test/helper.js';

const ctx = setupTestApp();

async function signedInAdmin() {
  const client = await signInNewAdmin(ctx);
  return { admin: client.admin, client };
}

const userRow = (id: number) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PATCH /api/admin/updateadmin', () => {
  it('updates the given fields, drops empty ones and lower-cases the email', async () => {
    const { admin, client } = await signedInAdmin();
    const before = await userRow(admin.id);
    const response = await client.patch('/api/admin/updateadmin', {
      name: '  Durand ',
      firstname: 'Claire',
      email: `New-${admin.email.toUpperCase()}`,
      telephone: '',
      password: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      admin: {
        id: admin.id,
        name: 'Durand',
        firstname: 'Claire',
        email: `new-${admin.email}`,
        telephone: before.telephone,
      },
    });
    const after = await userRow(admin.id);
    expect(after.password_hash).toBe(before.password_hash);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', admin.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain('admin.update-profile');
    expect(JSON.parse(audit.at(-1)!.details)).toEqual({
      fields: ['name', 'firstname', 'email'],
      passwordChanged: false,
    });
  });

  it('changes the password, keeps the current session and signs other sessions out', async () => {
    const { admin, client } = await signedInAdmin();
    const other = await signIn(ctx.app, { email: admin.email, password: DEFAULT_PASSWORD });
    const response = await client.patch('/api/admin/updateadmin', { password: 'a-new-password' });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    await expectPasswordReplaced(ctx, admin, 'a-new-password');
  });

  it('rejects a short password and a malformed email with the spec messages', async () => {
    const { client } = await signedInAdmin();
    const short = await client.patch('/api/admin/updateadmin', { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ success: false, message: adminProfileMessages.passwordTooShort });
    const email = await client.patch('/api/admin/updateadmin', { email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe(adminProfileMessages.invalidEmail);
    const long = await client.patch('/api/admin/updateadmin', { name: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);
    const wrongType = await client.patch('/api/admin/updateadmin', { name: 42 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 409 when the email belongs to another account, in any case', async () => {
    const { client } = await signedInAdmin();
    const teacher = await createTeacher(ctx.db);
    const response = await client.patch('/api/admin/updateadmin', { email: teacher.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: adminProfileMessages.emailTaken });
  });

  it('accepts its own current email and an empty body', async () => {
    const { admin, client } = await signedInAdmin();
    expect((await client.patch('/api/admin/updateadmin', { email: admin.email })).statusCode).toBe(200);
    expect((await client.patch('/api/admin/updateadmin', {})).statusCode).toBe(200);
  });
});
