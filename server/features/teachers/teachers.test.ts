import { describe, expect, it } from 'vitest';
import { teacherMessages } from '../../../common/messages/admin.js';
import { authMessages } from '../../../common/messages/auth.js';
import { getTeachersResponseSchema } from '../../../common/schemas/teachers.js';
import {
  createAdmin,
  createGroup,
  createLevel,
  createSchool,
  createTeacher,
} from '../../fixtures/factories.js';
import {
  auditOf,
  createTeacherWithProgress,
  expectShape,
  isSignedIn,
  NOTHING_LEFT,
  rowsOfTeacher,
  signInAs,
  signInNewAdmin,
  switchAccessOffAndOn,
} from '../../test/admin-helpers.js';
import { setupTestApp, signIn } from '../../test/helper.js';

const ctx = setupTestApp();
const adminClient = () => signInNewAdmin(ctx);

let counter = 0;
async function validTeacher(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const school = await createSchool(ctx.db, { name: `École ${counter}` });
  const level = await createLevel(ctx.db, `Niveau ${counter}`);
  return {
    body: {
      name: 'Martin',
      firstname: 'Lucie',
      school: school.id,
      levels: [{ id: level.id, title: `Niveau ${counter}` }],
      Groups: 3,
      Email: `Lucie.Martin.${counter}@Example.test`,
      compteactife: true,
      telephone: '0612345678',
      password: 'secret-password',
      remarque: 'CE1',
      ...overrides,
    },
    school,
    level,
  };
}

const teacherRow = (id: number) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionsOf = async (userId: number) =>
  (await ctx.db.selectFrom('auth_sessions').select('id').where('user_id', '=', userId).execute()).length;

describe('POST /api/admin/createteacher', () => {
  it('creates a teacher who can then sign in, and lists them in the spec shape', async () => {
    const client = await adminClient();
    const { body, school, level } = await validTeacher();
    const response = await client.post('/api/admin/createteacher', body);
    expect(response.statusCode).toBe(201);
    const { teacher } = response.json();
    expect(teacher).toEqual({
      id: expect.any(Number),
      name: 'Martin',
      firstname: 'Lucie',
      email: body.Email.toLowerCase(),
      telephone: '0612345678',
      school: `École ${counter}`,
      schoolId: school.id,
      level: `Niveau ${counter}`,
      levelIds: [level.id],
      active: true,
      remarque: 'CE1',
      groupCount: 0,
      Groups: 3,
      signIn: ['password'],
    });
    const list = (await client.get('/api/admin/getteachers')).json();
    expect(list.success).toBe(true);
    expect(list.teachers).toContainEqual(teacher);
    await signIn(ctx.app, { email: body.Email, password: 'secret-password' });
    const audit = await auditOf(ctx, 'teacher', teacher.id);
    expect(audit[0]).toMatchObject({ action: 'teacher.create', actor_id: client.admin.id });
    expect(audit[0]!.details).not.toContain('secret-password');
    expect((await teacherRow(teacher.id)).password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts plain level ids, an empty Groups as no limit, and string values from forms', async () => {
    const client = await adminClient();
    const { body, level } = await validTeacher();
    const other = await createLevel(ctx.db, 'Autre');
    const response = await client.post('/api/admin/createteacher', {
      ...body,
      school: String(body.school),
      levels: [level.id, other.id, level.id],
      Groups: '',
      compteactife: 'false',
      remarque: 'vide',
    });
    expect(response.statusCode).toBe(201);
    const { teacher } = response.json();
    expect(teacher).toMatchObject({ Groups: null, active: false, remarque: '' });
    expect([...teacher.levelIds].sort()).toEqual([level.id, other.id].sort());
    expect(teacher.level.split(', ').sort()).toEqual(['Autre', `Niveau ${counter}`].sort());
  });

  const invalidCases: Array<[string, Record<string, unknown>, string]> = [
    ['no name', { name: '' }, teacherMessages.nameRequired],
    ['a blank name', { name: '   ' }, teacherMessages.nameRequired],
    ['no firstname', { firstname: undefined }, teacherMessages.firstnameRequired],
    ['no school', { school: '' }, teacherMessages.schoolRequired],
    ['a school that is not an id', { school: 'abc' }, teacherMessages.schoolRequired],
    ['a level that is not an id', { levels: ['x'] }, teacherMessages.levelUnknown],
    ['negative Groups', { Groups: -1 }, teacherMessages.invalidGroups],
    ['fractional Groups', { Groups: '2.5' }, teacherMessages.invalidGroups],
    ['no Email', { Email: '' }, teacherMessages.emailRequired],
    ['a malformed Email', { Email: 'lucie@' }, teacherMessages.invalidEmail],
    ['no telephone', { telephone: '' }, teacherMessages.telephoneRequired],
    ['no password', { password: '' }, teacherMessages.passwordRequired],
    ['a missing password', { password: undefined }, teacherMessages.passwordRequired],
    ['a 7-character password', { password: '1234567' }, teacherMessages.passwordTooShort],
    ['a 201-character name', { name: 'x'.repeat(201) }, teacherMessages.tooLong],
  ];
  it.each(invalidCases)('rejects %s with its message', async (_label, overrides, message) => {
    const client = await adminClient();
    const { body } = await validTeacher(overrides);
    const response = await client.post('/api/admin/createteacher', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
    const created = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', String(body.Email).toLowerCase())
      .execute();
    expect(created).toHaveLength(0);
  });

  it('rejects a school or a level that does not exist', async () => {
    const client = await adminClient();
    const school = await client.post(
      '/api/admin/createteacher',
      (await validTeacher({ school: 999999 })).body,
    );
    expect(school.statusCode).toBe(400);
    expect(school.json().message).toBe(teacherMessages.schoolUnknown);
    const level = await client.post(
      '/api/admin/createteacher',
      (await validTeacher({ levels: [{ id: 999999 }] })).body,
    );
    expect(level.statusCode).toBe(400);
    expect(level.json().message).toBe(teacherMessages.levelUnknown);
  });

  it('answers 409 for an email any account already uses, whatever its case', async () => {
    const client = await adminClient();
    const existing = await createTeacher(ctx.db);
    const teacher = await client.post(
      '/api/admin/createteacher',
      (await validTeacher({ Email: existing.email.toUpperCase() })).body,
    );
    expect(teacher.statusCode).toBe(409);
    expect(teacher.json()).toEqual({ success: false, message: teacherMessages.emailTaken });
    const admin = await client.post(
      '/api/admin/createteacher',
      (await validTeacher({ Email: client.admin.email })).body,
    );
    expect(admin.statusCode).toBe(409);
  });
});

describe('GET /api/admin/getteachers and getlevel&schools', () => {
  it('gives the school name, the level titles as text and the real group count', async () => {
    const client = await adminClient();
    const school = await createSchool(ctx.db, { name: 'Collège Victor Hugo' });
    const a = await createLevel(ctx.db, 'CM1');
    const b = await createLevel(ctx.db, 'CM2');
    const teacher = await createTeacher(ctx.db, {
      school_id: school.id,
      levelIds: [b.id, a.id],
      group_limit: 5,
    });
    await createGroup(ctx.db, teacher.id, a.id);
    await createGroup(ctx.db, teacher.id, b.id);
    const body = (await client.get('/api/admin/getteachers')).json();
    expectShape(getTeachersResponseSchema, body);
    const { teachers } = body;
    expect(teachers.find((t: { id: number }) => t.id === teacher.id)).toMatchObject({
      school: 'Collège Victor Hugo',
      level: 'CM1, CM2',
      levelIds: [a.id, b.id],
      groupCount: 2,
      Groups: 5,
      active: true,
    });
    expect(teachers.some((t: { id: number }) => t.id === client.admin.id)).toBe(false);

    const options = await client.get('/api/admin/getlevel&schools');
    expect(options.statusCode).toBe(200);
    const choices = options.json();
    expect(choices.schools).toContainEqual({ id: school.id, name: 'Collège Victor Hugo' });
    expect(choices.levels).toContainEqual({ id: a.id, title: 'CM1' });
    expect(choices.levels).toContainEqual({ id: b.id, title: 'CM2' });
  });
});

describe('PATCH /api/admin/editteacherteacher/:id', () => {
  it('changes only the non-empty fields and replaces the levels', async () => {
    const client = await adminClient();
    const { body } = await validTeacher();
    const { teacher } = (await client.post('/api/admin/createteacher', body)).json();
    const newLevel = await createLevel(ctx.db, 'Nouveau');
    const response = await client.patch(`/api/admin/editteacherteacher/${teacher.id}`, {
      name: 'Bernard',
      firstname: '',
      Email: '',
      password: '',
      telephone: '',
      levels: [{ id: newLevel.id, title: 'Nouveau' }],
      Groups: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().teacher).toEqual({
      ...teacher,
      name: 'Bernard',
      level: 'Nouveau',
      levelIds: [newLevel.id],
      Groups: null,
    });
    const audit = await auditOf(ctx, 'teacher', teacher.id);
    expect(JSON.parse(audit.at(-1)!.details)).toEqual({
      email: teacher.email,
      fields: ['name', 'levels', 'Groups'],
      passwordChanged: false,
      before: { name: teacher.name, group_limit: teacher.Groups },
      after: { name: 'Bernard', group_limit: null },
    });
  });

  it('a new password signs the teacher out everywhere and is the one that works', async () => {
    const client = await adminClient();
    const teacher = await createTeacher(ctx.db);
    const session = await signInAs(ctx, teacher);
    const response = await client.patch(`/api/admin/editteacherteacher/${teacher.id}`, {
      password: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(session)).toBe(false);
    await signIn(ctx.app, { email: teacher.email, password: 'brand-new-pass' });
    const audit = await auditOf(ctx, 'teacher', teacher.id);
    expect(JSON.parse(audit.at(-1)!.details)).toEqual({
      email: teacher.email,
      fields: [],
      passwordChanged: true,
      before: {},
      after: {},
    });
  });

  it('deactivating through the form signs the teacher out', async () => {
    const client = await adminClient();
    const teacher = await createTeacher(ctx.db);
    await signInAs(ctx, teacher);
    await client.patch(`/api/admin/editteacherteacher/${teacher.id}`, { compteactife: false });
    expect(await sessionsOf(teacher.id)).toBe(0);
    expect((await teacherRow(teacher.id)).active).toBe(0);
  });

  it('moves the teacher to another school, lower-casing a new email', async () => {
    const client = await adminClient();
    const teacher = await createTeacher(ctx.db);
    const school = await createSchool(ctx.db, { name: 'Autre école' });
    const response = await client.patch(`/api/admin/editteacherteacher/${teacher.id}`, {
      school: school.id,
      Email: 'New.Address@Example.test',
    });
    expect(response.json().teacher).toMatchObject({
      school: 'Autre école',
      schoolId: school.id,
      email: 'new.address@example.test',
    });
  });

  it('validates what it receives: short password, bad email, taken email, unknown school or level', async () => {
    const client = await adminClient();
    const teacher = await createTeacher(ctx.db);
    const other = await createTeacher(ctx.db);
    const url = `/api/admin/editteacherteacher/${teacher.id}`;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ password: 'short' }, 400, teacherMessages.passwordTooShort],
      [{ Email: 'nope' }, 400, teacherMessages.invalidEmail],
      [{ Email: other.email.toUpperCase() }, 409, teacherMessages.emailTaken],
      [{ school: 999999 }, 400, teacherMessages.schoolUnknown],
      [{ levels: [999999] }, 400, teacherMessages.levelUnknown],
      [{ Groups: 'many' }, 400, teacherMessages.invalidGroups],
    ];
    for (const [body, status, message] of cases) {
      const response = await client.patch(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    // Its own email is not a conflict.
    expect((await client.patch(url, { Email: teacher.email })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and for an admin’s id', async () => {
    const client = await adminClient();
    for (const id of [999999, client.admin.id]) {
      const response = await client.patch(`/api/admin/editteacherteacher/${id}`, { name: 'X' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(teacherMessages.notFound);
    }
    expect((await client.patch('/api/admin/editteacherteacher/abc', { name: 'X' })).statusCode).toBe(400);
  });
});

describe('how teachers sign in', () => {
  it('shows the ENTs an account is known to, and no placeholder address', async () => {
    const client = await adminClient();
    const now = new Date().toISOString();
    const entOnly = await createTeacher(ctx.db, { email: 'gar-0123456789abcdef01234567@ent.invalid' });
    await ctx.db.updateTable('users').set({ password_hash: '' }).where('id', '=', entOnly.id).execute();
    const both = await createTeacher(ctx.db);
    const identity = { issuer: 'https://idp.test', created_at: now, last_seen_at: now };
    await ctx.db
      .insertInto('external_identities')
      .values([
        { ...identity, user_id: entOnly.id, provider: 'gar', subject: 'ido-1' },
        { ...identity, user_id: both.id, provider: 'cas', subject: 'user-2' },
        { ...identity, user_id: both.id, provider: 'gar', subject: 'ido-2' },
      ])
      .execute();
    const { teachers } = (await client.get('/api/admin/getteachers')).json();
    expect(teachers.find((t: { id: number }) => t.id === entOnly.id)).toMatchObject({
      email: '',
      signIn: ['gar'],
    });
    expect(teachers.find((t: { id: number }) => t.id === both.id)).toMatchObject({
      signIn: ['password', 'cas', 'gar'],
    });
    const edited = await client.patch(`/api/admin/editteacherteacher/${entOnly.id}`, {
      remarque: 'Venue du GAR',
    });
    expect(edited.json().teacher).toMatchObject({ email: '', signIn: ['gar'] });
  });
});

describe('PATCH /api/admin/toggleactive/:id', () => {
  it('deactivates (signing out at once and refusing sign-in) and reactivates', async () => {
    const client = await adminClient();
    const teacher = await createTeacher(ctx.db);
    const url = `/api/admin/toggleactive/${teacher.id}`;
    const [off, on] = await switchAccessOffAndOn(ctx, client, url, teacher, authMessages.accountInactive);
    expect(off).toEqual({ success: true, active: false });
    expect(on).toEqual({ success: true, active: true });
    expect((await auditOf(ctx, 'teacher', teacher.id)).map((row) => row.action)).toEqual([
      'teacher.deactivate',
      'teacher.activate',
    ]);
  });

  it('answers 404 for an unknown id and an admin’s id', async () => {
    const client = await adminClient();
    expect((await client.patch('/api/admin/toggleactive/999999')).statusCode).toBe(404);
    expect((await client.patch(`/api/admin/toggleactive/${client.admin.id}`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/removeteacher/:id', () => {
  it('removes the account, its groups, their progress, its levels and sessions, in one go', async () => {
    const client = await adminClient();
    const { teacher, group, activity, session } = await createTeacherWithProgress(ctx);

    const response = await client.delete(`/api/admin/removeteacher/${teacher.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await isSignedIn(session)).toBe(false);
    expect(await rowsOfTeacher(ctx, teacher.id, group.id)).toEqual(NOTHING_LEFT);
    // The school and the curriculum stay.
    expect(
      await ctx.db.selectFrom('schools').select('id').where('id', '=', teacher.schoolId).execute(),
    ).toHaveLength(1);
    expect(
      await ctx.db.selectFrom('activities').select('id').where('id', '=', activity.id).execute(),
    ).toHaveLength(1);
    const audit = await auditOf(ctx, 'teacher', teacher.id);
    expect(audit.at(-1)).toMatchObject({ action: 'teacher.delete', actor_id: client.admin.id });

    const again = await client.delete(`/api/admin/removeteacher/${teacher.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(teacherMessages.notFound);
  });

  it('never deletes an admin through the teacher route', async () => {
    const client = await adminClient();
    const other = await createAdmin(ctx.db);
    expect((await client.delete(`/api/admin/removeteacher/${other.id}`)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', other.id).execute()).toHaveLength(
      1,
    );
  });
});
