// The pupil column of the authorization tests (docs/pupils.md): a pupil reaches no route of the
// spec's users (every teacher and admin route answers 403, checked over every registered route, so
// a route added later is covered), and the routes that play an entry find only the pupil's own
// entries of activities still given to a group they still belong to: anything else is 404.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { createPupil, createPupilEntry } from '../../fixtures/factories.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { pupilWithOwnEntry } from '../../test/pupil-helpers.js';
import { registeredRoutes } from '../../test/routes.js';
import { teacherWithActivities } from '../runtime/runtime.factories.js';

const ctx = setupTestApp();

afterEach(() => {
  vi.useRealTimers();
});

/** Routes a pupil may call besides the public ones: their own space and the entry-playing routes. */
const PUPIL_ROUTES = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/user/activity/launch/:id',
  'GET /api/user/activity/runtime/:id',
  'POST /api/user/activity/runtime/:id',
  'GET /api/user/activity/download/:id',
]);

const isPupilRoute = (method: string, url: string) =>
  PUPIL_ROUTES.has(`${method} ${url}`) || url.startsWith('/api/eleve/') || url.startsWith('/api/classe/');

async function aPupilWithAnEntry() {
  const setup = await teacherWithActivities(ctx, 'scorm12', 2);
  const own = await pupilWithOwnEntry(
    ctx,
    { schoolId: setup.teacher.schoolId, groupId: setup.groupId },
    setup.entryIds[0]!,
  );
  return { ...setup, teacherClient: setup.client, ...own };
}

describe('a pupil on the routes of teachers and admins', () => {
  it('answers 403 on every route of a teacher or an admin, and changes nothing', async () => {
    const { client } = await aPupilWithAnEntry();
    const routes = registeredRoutes(ctx.app).filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    const refused: string[] = [];
    for (const route of routes) {
      if (isPupilRoute(route.method, route.url)) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
      const anonymous = await apiClient(ctx.app).request({ method: route.method as 'GET', url, payload: {} });
      if (anonymous.statusCode !== 401) continue; // a public route
      const response = await client.request({ method: route.method as 'GET', url, payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ success: false, message: authMessages.forbidden });
      refused.push(route.url);
    }
    expect(refused).toContain('/api/user/usertable/:groupId');
    expect(refused).toContain('/api/admin/getschools');
  });

  it('tells a pupil who they are', async () => {
    const { client, pupil } = await aPupilWithAnEntry();
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: pupil.id, role: 'pupil' });
    expect(me.json().profile.email).toBe('');
  });

  it('never lets a pupil sign in with a password', async () => {
    const { pupil } = await aPupilWithAnEntry();
    const row = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', pupil.id)
      .executeTakeFirstOrThrow();
    const response = await apiClient(ctx.app).post('/api/auth/login', { username: row.email, password: '' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('a pupil’s session on a refused call', () => {
  it('is not pushed forward by a 403, only by a call the pupil may make', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-12-03T09:00:00.000Z');
    vi.setSystemTime(start);
    const { client, pupil } = await aPupilWithAnEntry();
    const idleMs = ctx.app.config.pupilIdleMs;
    const expiresAt = async () =>
      (
        await ctx.db
          .selectFrom('auth_sessions')
          .select('expires_at')
          .where('user_id', '=', pupil.id)
          .executeTakeFirstOrThrow()
      ).expires_at;
    expect(await expiresAt()).toBe(new Date(start + idleMs).toISOString());

    // Well past the one-minute step: a call that would slide if it were allowed.
    vi.setSystemTime(start + 5 * 60_000);
    expect((await client.get('/api/admin/getschools')).statusCode).toBe(403);
    expect((await client.get('/api/user/usertable/1')).statusCode).toBe(403);
    expect(await expiresAt()).toBe(new Date(start + idleMs).toISOString());

    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect(await expiresAt()).toBe(new Date(start + 5 * 60_000 + idleMs).toISOString());
  });
});

describe('a pupil signing out', () => {
  it("ends their session (« Changer d'élève »)", async () => {
    const { client } = await aPupilWithAnEntry();
    expect((await client.post('/api/auth/logout', {})).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('a pupil on the routes that play an entry', () => {
  it('opens their own entry of a given activity', async () => {
    const { client, entry } = await aPupilWithAnEntry();
    const launch = await client.get(`/api/user/activity/launch/${entry.id}`);
    expect(launch.statusCode).toBe(200);
  });

  it("finds neither the class's entry, another pupil's, nor their own once the activity is taken back", async () => {
    const first = await aPupilWithAnEntry();
    const other = await createPupil(ctx.db, { schoolId: first.teacher.schoolId, groupIds: [first.groupId] });
    const othersEntry = await createPupilEntry(ctx.db, {
      groupId: first.groupId,
      activityId: first.activityId,
      pupilId: other.id,
    });
    for (const id of [first.entryIds[0]!, othersEntry.id]) {
      expect((await first.client.get(`/api/user/activity/launch/${id}`)).statusCode).toBe(404);
      expect((await first.client.get(`/api/user/activity/download/${id}`)).statusCode).toBe(404);
    }
    await ctx.db.deleteFrom('group_assignments').where('group_id', '=', first.groupId).execute();
    expect((await first.client.get(`/api/user/activity/launch/${first.entry.id}`)).statusCode).toBe(404);
  });

  it("never shows a teacher a pupil's entry through the class's routes", async () => {
    const { entry, teacherClient } = await aPupilWithAnEntry();
    expect((await teacherClient.get(`/api/user/activity/launch/${entry.id}`)).statusCode).toBe(404);
  });
});

describe('entries', () => {
  it('keeps one class entry and one entry per pupil for a group and an activity', async () => {
    const { groupId, activityId, pupil } = await aPupilWithAnEntry();
    const again = (pupilId: number | null) =>
      ctx.db
        .insertInto('group_activities')
        .values({
          group_id: groupId,
          activity_id: activityId,
          pupil_id: pupilId,
          status: 'pending',
          completed_at: null,
        })
        .execute();
    await expect(again(null)).rejects.toThrow();
    await expect(again(pupil.id)).rejects.toThrow();
    const rows = await ctx.db
      .selectFrom('group_activities')
      .select('pupil_id')
      .where('group_id', '=', groupId)
      .where('activity_id', '=', activityId)
      .execute();
    expect(rows.map((row) => row.pupil_id).sort()).toEqual([pupil.id, null].sort());
  });
});
