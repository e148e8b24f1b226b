// What runtime writes do, through the real app and database: replays applied once, completion
// through the learning table's rule, and the score in the (cached) learning table.
import { describe, expect, it } from 'vitest';
import { RUNTIME_WRITES_MAX_PER_REQUEST } from '../../../common/constants.js';
import { runtimeMessages } from '../../../common/messages/runtime.js';
import { teacherAreaMessages } from '../../../common/messages/teacher-area.js';
import type { UserTableResponse } from '../../../common/schemas/teacher-area.js';
import { scorm12Commit, scorm2004Commit } from '../../../common/test/scorm-commits.js';
import { buildLevel } from '../../fixtures/curriculum.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { setupTestApp, signIn } from '../../test/helper.js';
import { launch, newLaunchId, post, teacherWithActivities, write } from './runtime.factories.js';

const ctx = setupTestApp();

describe('POST /api/user/activity/runtime/:id: replays and results', () => {
  it('applies each (launch, seq) once: the same write twice, then a batch re-sent with one new write', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    const id = entryIds[0]!;
    const launchId = newLaunchId();
    const at = (location: string) => scorm12Commit({ 'cmi.core.lesson_location': location });
    const first = write(launchId, 1, 'scorm12', at('p1'));
    expect((await post(client, id, [first])).json()).toEqual({
      success: true,
      applied: 1,
      status: 'pending',
      score: null,
    });
    expect((await post(client, id, [first])).json()).toEqual({
      success: true,
      applied: 0,
      status: 'pending',
      score: null,
    });

    const second = write(launchId, 2, 'scorm12', at('p2'));
    expect((await post(client, id, [first, second])).json()).toMatchObject({ applied: 1 });
    // A replay of an older write does not bring its data back.
    expect((await post(client, id, [first])).json()).toMatchObject({ applied: 0 });
    expect((await launch(client, id)).runtime?.data).toEqual(at('p2'));

    // Another launch (another device) counts from 1 on its own; the latest write's data is kept.
    const other = write(newLaunchId(), 1, 'scorm12', at('p9'));
    expect((await post(client, id, [other, write(launchId, 3, 'scorm12', at('p3'))])).json()).toMatchObject({
      applied: 2,
    });
    expect((await launch(client, id)).runtime?.data).toEqual(at('p3'));
    const marks = await ctx.db
      .selectFrom('activity_runtime_launches')
      .select(['launch_id', 'last_seq'])
      .where('entry_id', '=', id)
      .orderBy('last_seq')
      .execute();
    expect(marks).toEqual([
      { launch_id: other.launchId, last_seq: 1 },
      { launch_id: launchId, last_seq: 3 },
    ]);
  });

  it('applies a batch sent twice at the same moment once', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'h5p', 1);
    const launchId = newLaunchId();
    const writes = [1, 2, 3].map((seq) => write(launchId, seq, 'h5p', { state: `step ${seq}` }));
    const answers = await Promise.all([
      post(client, entryIds[0]!, writes),
      post(client, entryIds[0]!, writes),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().applied).sort()).toEqual([0, 3]);
  });

  it('completes the entry through the learning table’s rule; a locked entry takes no data and no score', async () => {
    const { client, entryIds, table } = await teacherWithActivities(ctx, 'scorm2004', 2);
    const [first, second] = entryIds as [number, number];
    const done = scorm2004Commit({ 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.75' });

    // Not the next activity (locked): refused whole, as PATCH updatePending refuses it.
    const early = await post(client, second, [write(newLaunchId(), 1, 'scorm2004', done)]);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ success: false, message: teacherAreaMessages.notAllowedDescription });
    expect((await client.patch(`/api/user/updatePending/${second}`)).statusCode).toBe(403);
    expect((await launch(client, second)).runtime).toBeNull();
    expect((await table()).period[0]!.groupslesson[0]!.sessions[0]!.activities[1]).toMatchObject({
      status: 'pending',
      score: null,
    });

    const passed = scorm2004Commit({
      'cmi.success_status': 'passed',
      'cmi.score.raw': '9',
      'cmi.score.max': '10',
    });
    const answer = await post(client, first, [write(newLaunchId(), 1, 'scorm2004', passed)]);
    expect(answer.json()).toEqual({ success: true, applied: 1, status: 'completed', score: 90 });
    const activities = (await table()).period[0]!.groupslesson[0]!.sessions[0]!.activities;
    expect(activities.map((a) => [a.status, a.score])).toEqual([
      ['completed', 90],
      ['pending', null],
    ]);

    // Later the content reports "incomplete" again: a completed entry never goes back.
    const again = scorm2004Commit({ 'cmi.completion_status': 'incomplete' });
    expect((await post(client, first, [write(newLaunchId(), 1, 'scorm2004', again)])).json()).toMatchObject({
      status: 'completed',
      score: 90,
    });
    // The refused one takes its data and completes once it is the next activity.
    expect((await post(client, second, [write(newLaunchId(), 1, 'scorm2004', done)])).json()).toMatchObject({
      status: 'completed',
      score: 75,
    });
  });

  it('gives the learning table a fresh ETag when the status or score changes, not for resume data alone', async () => {
    const { client, groupId, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    const url = `/api/user/usertable/${groupId}`;
    const etagNow = async (previous?: string) => {
      const response = await client.request({
        method: 'GET',
        url,
        headers: previous ? { 'if-none-match': previous } : {},
      });
      return { status: response.statusCode, etag: String(response.headers.etag), body: response.body };
    };
    const start = await etagNow();
    const launchId = newLaunchId();
    const resumeOnly = scorm12Commit({ 'cmi.suspend_data': 'page=3' });
    await post(client, entryIds[0]!, [write(launchId, 1, 'scorm12', resumeOnly)]);
    expect((await etagNow(start.etag)).status).toBe(304);

    const scored = scorm12Commit({ 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '40' });
    await post(client, entryIds[0]!, [write(launchId, 2, 'scorm12', scored)]);
    const after = await etagNow(start.etag);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(start.etag);
    const activity = JSON.parse(after.body).res.period[0].groupslesson[0].sessions[0].activities[0];
    expect(activity).toMatchObject({ status: 'completed', score: 40 });
  });

  it('refuses writes to an activity of a locked lesson, keeping no score for the table', async () => {
    const level = await buildLevel(ctx.db, [[{ sessions: [1] }, { sessions: [1] }]]);
    await ctx.db.updateTable('activities').set({ package_kind: 'scorm12' }).execute();
    const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    const { group } = (await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'G' })).json();
    const lessons = async () =>
      (await client.get(`/api/user/usertable/${group.id}`)).json<UserTableResponse>().res.period[0]!
        .groupslesson;
    const locked = (await lessons())[1]!.sessions[0]!.activities[0]!;
    const passed = scorm12Commit({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '95' });
    const response = await post(client, locked.id, [write(newLaunchId(), 1, 'scorm12', passed)]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: teacherAreaMessages.notAllowedDescription });
    expect((await lessons())[1]!.sessions[0]!.activities[0]).toMatchObject({
      status: 'pending',
      score: null,
    });
    expect((await launch(client, locked.id)).runtime).toBeNull();
  });

  it('gives no score for a SCORM max of 0 or below', async () => {
    const { client, entryIds, table } = await teacherWithActivities(ctx, 'scorm12', 1);
    const zeroMax = {
      cmi: { core: { lesson_status: 'completed', score: { raw: '50', min: '-10', max: '0' } } },
    };
    const answer = await post(client, entryIds[0]!, [write(newLaunchId(), 1, 'scorm12', zeroMax)]);
    expect(answer.json()).toEqual({ success: true, applied: 1, status: 'completed', score: null });
    expect((await table()).period[0]!.groupslesson[0]!.sessions[0]!.activities[0]!.score).toBeNull();
  });

  it('keeps the last score reported: a write without a score does not erase it', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'h5p', 1);
    const launchId = newLaunchId();
    const result = { raw: 2, max: 8, completed: false };
    expect((await post(client, entryIds[0]!, [write(launchId, 1, 'h5p', { result })])).json().score).toBe(25);
    expect(
      (await post(client, entryIds[0]!, [write(launchId, 2, 'h5p', { state: '{}' })])).json().score,
    ).toBe(25);
  });

  it('keeps a finished attempt’s score while a retake runs (Captivate sets 0 as it starts)', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    const id = entryIds[0]!;
    const attempt = (status: string, raw: string) =>
      scorm12Commit({ 'cmi.core.lesson_status': status, 'cmi.core.score.raw': raw });
    expect(
      (await post(client, id, [write(newLaunchId(), 1, 'scorm12', attempt('incomplete', '0'))])).json(),
    ).toMatchObject({ status: 'pending', score: null });
    expect(
      (await post(client, id, [write(newLaunchId(), 1, 'scorm12', attempt('passed', '80'))])).json(),
    ).toMatchObject({ status: 'completed', score: 80 });
    expect(
      (await post(client, id, [write(newLaunchId(), 1, 'scorm12', attempt('incomplete', '0'))])).json(),
    ).toMatchObject({ status: 'completed', score: 80 });
  });

  it('names each activity’s kind in the learning table, beside the spec’s fields', async () => {
    for (const kind of ['h5p', 'cmi5'] as const) {
      const { table } = await teacherWithActivities(ctx, kind, 1);
      const [activity] = (await table()).period[0]!.groupslesson[0]!.sessions[0]!.activities;
      expect(activity).toMatchObject({ status: 'pending', score: null, kind });
    }
  });

  it('forgets an entry’s runtime data with the group', async () => {
    const { client, groupId, entryIds } = await teacherWithActivities(ctx, 'h5p', 1);
    await post(client, entryIds[0]!, [write(newLaunchId(), 1, 'h5p', { state: 'x' })]);
    expect((await client.delete(`/api/user/deletegroup/${groupId}`)).statusCode).toBe(200);
    for (const table of ['activity_runtime', 'activity_runtime_launches'] as const) {
      const rows = await ctx.db
        .selectFrom(table)
        .select('entry_id')
        .where('entry_id', '=', entryIds[0]!)
        .execute();
      expect(rows).toEqual([]);
    }
  });
});

describe('GET /api/user/activity/runtime/:id?launches=: what the server has of writes sent unanswered', () => {
  it('gives the highest write applied for each launch asked about, 0 for a launch it never heard of', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 2);
    const [id, otherEntry] = entryIds as [number, number];
    const [sent, unheard, elsewhere] = [newLaunchId(), newLaunchId(), newLaunchId()];
    const commit = scorm12Commit({ 'cmi.core.lesson_location': 'p1' });
    await post(client, id, [write(sent, 1, 'scorm12', commit), write(sent, 2, 'scorm12', commit)]);
    await post(client, otherEntry, [write(elsewhere, 4, 'scorm12', commit)]);

    const answer = await client.get(
      `/api/user/activity/runtime/${id}?launches=${sent},${unheard},${elsewhere}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    // A launch of another entry is not this entry's: 0, as if unheard.
    expect(answer.json()).toEqual({ success: true, launches: { [sent]: 2, [unheard]: 0, [elsewhere]: 0 } });
  });

  it('answers 404 to another teacher and for unknown ids, 400 without valid launch ids, 401 signed out', async () => {
    const { client, entryIds } = await teacherWithActivities(ctx, 'scorm12', 1);
    const id = entryIds[0]!;
    const launchId = newLaunchId();
    await post(client, id, [write(launchId, 1, 'scorm12', scorm12Commit({}))]);
    const other = await teacherWithActivities(ctx, 'scorm12', 1);
    const asked = `/api/user/activity/runtime/${id}?launches=${launchId}`;
    expect((await other.client.get(asked)).statusCode).toBe(404);
    expect((await client.get(`/api/user/activity/runtime/2147483647?launches=${launchId}`)).statusCode).toBe(
      404,
    );
    for (const query of ['', '?launches=', '?launches=short', `?launches=${launchId},bad id`]) {
      const refused = await client.get(`/api/user/activity/runtime/${id}${query}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false });
    }
    const tooMany = Array.from({ length: RUNTIME_WRITES_MAX_PER_REQUEST + 1 }, newLaunchId).join(',');
    const refused = await client.get(`/api/user/activity/runtime/${id}?launches=${tooMany}`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, runtimeMessages.tooManyLaunches]);
    expect((await ctx.app.inject({ method: 'GET', url: asked })).statusCode).toBe(401);
  });
});
