// Helpers of the admin API tests: an admin session, a teacher with everything a teacher owns (levels,
// a group with progress and a PDF, a signed-in session), and what is left of it after a change.

import { expect } from 'vitest';
import type { z } from 'zod';
import {
  type CreatedUser,
  createActivity,
  createActivityEntry,
  createAdmin,
  createGroup,
  createPdf,
  createSessionPath,
  createTeacher,
  DEFAULT_PASSWORD,
} from '../fixtures/factories.js';
import type { ApiClient, TestContext } from './helper.js';
import { apiClient, signIn } from './helper.js';

/**
 * Checks a body against its response schema, extra fields included: the list routes send plain JSON
 * (no per-response zod), so this is where their shape is held to the schema.
 */
export function expectShape(schema: z.ZodType, body: unknown): void {
  expect(schema.parse(body)).toEqual(body);
}

/** A new admin, signed in. */
export async function signInNewAdmin(
  ctx: TestContext,
): Promise<ApiClient & { token: string; admin: CreatedUser }> {
  const admin = await createAdmin(ctx.db);
  return Object.assign(await signIn(ctx.app, { email: admin.email, password: DEFAULT_PASSWORD }), { admin });
}

export function signInAs(ctx: TestContext, user: { email: string }) {
  return signIn(ctx.app, { email: user.email, password: DEFAULT_PASSWORD });
}

/** Whether a session still lets its holder in. */
export async function isSignedIn(session: ApiClient): Promise<boolean> {
  return (await session.get('/api/auth/me')).statusCode !== 401;
}

/** The login route's answer to the user's first password (the factories' default). */
function loginWithDefaultPassword(ctx: TestContext, user: { email: string }) {
  return apiClient(ctx.app).post('/api/auth/login', { username: user.email, password: DEFAULT_PASSWORD });
}

/** What the login route answers to the user's right password (e.g. why it refuses them). */
export async function loginMessage(ctx: TestContext, user: { email: string }): Promise<string> {
  return (await loginWithDefaultPassword(ctx, user)).json().message;
}

/** After a password change: the new password signs the user in, the old (default) one is refused. */
export async function expectPasswordReplaced(ctx: TestContext, user: { email: string }, newPassword: string) {
  await signIn(ctx.app, { email: user.email, password: newPassword });
  expect((await loginWithDefaultPassword(ctx, user)).statusCode).toBe(401);
}

/** The user's login with the right password, sent with these XSRF cookies and this header (none
 * when left out) in place of the matching pair every client sends: how the XSRF checks are probed. */
export function loginWithXsrf(
  ctx: TestContext,
  user: { email: string },
  xsrf: { cookies?: Record<string, string>; header?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.email, password: DEFAULT_PASSWORD },
    cookies: xsrf.cookies ?? {},
    headers: xsrf.header === undefined ? {} : { 'x-xsrf-token': xsrf.header },
  });
}

/**
 * Flips a switch of the teacher's access twice through `url` (PATCH): off signs the teacher out at
 * once and makes sign-in answer `refusal`; on lets them sign in again. Returns both answers' bodies.
 */
export async function switchAccessOffAndOn(
  ctx: TestContext,
  client: ApiClient,
  url: string,
  teacher: { email: string },
  refusal: string,
): Promise<[off: unknown, on: unknown]> {
  const session = await signInAs(ctx, teacher);
  const off = await client.patch(url);
  expect(off.statusCode).toBe(200);
  expect(await isSignedIn(session)).toBe(false);
  expect(await loginMessage(ctx, teacher)).toBe(refusal);
  const on = await client.patch(url);
  expect(on.statusCode).toBe(200);
  await signInAs(ctx, teacher);
  return [off.json(), on.json()];
}

/** The audit entries of one entity, oldest first. */
export function auditOf(ctx: TestContext, entity: 'school' | 'teacher', entityId: number) {
  return ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

/** A teacher with a level, a group that has progress on an activity and a PDF, and a session. */
export async function createTeacherWithProgress(ctx: TestContext, values: { school_id?: number } = {}) {
  const { levelId, lessonId, sessionId } = await createSessionPath(ctx.db);
  const activity = await createActivity(ctx.db, sessionId);
  const pdf = await createPdf(ctx.db, lessonId);
  const teacher = await createTeacher(ctx.db, { ...values, levelIds: [levelId] });
  const group = await createGroup(ctx.db, teacher.id, levelId);
  await createActivityEntry(ctx.db, group.id, activity.id, null);
  await ctx.db.insertInto('group_pdfs').values({ group_id: group.id, pdf_id: pdf.id }).execute();
  const session = await signInAs(ctx, teacher);
  return { teacher, group, activity, session };
}

/** How many rows of each kind the teacher and their group still have. */
export async function rowsOfTeacher(ctx: TestContext, teacherId: number, groupId: number) {
  const count = async (
    table: 'users' | 'teacher_levels' | 'auth_sessions' | 'class_groups' | 'group_activities' | 'group_pdfs',
    column: 'id' | 'user_id' | 'group_id',
    value: number,
  ) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column as never, '=', value as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users', 'id', teacherId),
    teacher_levels: await count('teacher_levels', 'user_id', teacherId),
    auth_sessions: await count('auth_sessions', 'user_id', teacherId),
    class_groups: await count('class_groups', 'id', groupId),
    group_activities: await count('group_activities', 'group_id', groupId),
    group_pdfs: await count('group_pdfs', 'group_id', groupId),
  };
}

export const NOTHING_LEFT = {
  users: 0,
  teacher_levels: 0,
  auth_sessions: 0,
  class_groups: 0,
  group_activities: 0,
  group_pdfs: 0,
};
