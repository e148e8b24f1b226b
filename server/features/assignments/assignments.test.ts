// The work a teacher gives a group's pupils and the pupils' space (docs/pupils.md): give and take
// back a lesson, a session or an activity, what the table counts of it, the pupil's list and rule,
// a pupil playing through the runtime routes, and who sees what.
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AssignmentsResponse } from '../../../common/schemas/assignments.js';
import type { PupilGroupResponse, PupilGroupsResponse } from '../../../common/schemas/pupil-space.js';
import type { UserTableResponse } from '../../../common/schemas/teacher-area.js';
import { scorm12Commit } from '../../../common/test/scorm-commits.js';
import { buildLevel } from '../../fixtures/curriculum.js';
import { createPupil, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { type ApiClient, setupTestApp, signIn } from '../../test/helper.js';
import { signInAsPupil } from '../../test/pupil-helpers.js';
import { listPupilGroups, loadPupilGroup } from '../pupil-space/pupil-space.service.js';
import { launch, newLaunchId, post, write } from '../runtime/runtime.factories.js';

const ctx = setupTestApp();

/** A teacher's group over one period of two lessons: lesson A (sessions of 2 and 1 activities),
 * lesson B (one session of 1), all SCORM 1.2; two pupils in the group. */
async function classWithPupils() {
  const level = await buildLevel(ctx.db, [[{ sessions: [2, 1] }, { sessions: [1] }]]);
  const [lessonA, lessonB] = level.lessons[0]!;
  await ctx.db
    .updateTable('activities')
    .set({ package_kind: 'scorm12', package_root: '', launch_path: 'index.html' })
    .execute();
  const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
  const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  const { group } = (await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'CM1' })).json();
  const table = async () =>
    (await client.get(`/api/user/usertable/${group.id}`)).json<UserTableResponse>().res;
  const sessions = (await table()).period[0]!.groupslesson.flatMap((lesson) => lesson.sessions);
  const classEntries = sessions.flatMap((session) => session.activities.map((a) => a.id));
  const pupils = await Promise.all(
    ['Alice', 'Bruno'].map((firstname) =>
      createPupil(ctx.db, { schoolId: teacher.schoolId, groupIds: [group.id], firstname, name: 'Martin' }),
    ),
  );
  return {
    level,
    lessonA: lessonA!,
    lessonB: lessonB!,
    teacher,
    client,
    groupId: group.id as number,
    table,
    classEntries,
    pupils,
  };
}

const give = (client: ApiClient, groupId: number, body: unknown) =>
  client.post(`/api/user/groups/${groupId}/assignments`, body);
const retire = (client: ApiClient, groupId: number, body: unknown) =>
  client.request({
    method: 'DELETE',
    url: `/api/user/groups/${groupId}/assignments`,
    payload: body as object,
  });
const assignments = async (client: ApiClient, groupId: number) => {
  const response = await client.get(`/api/user/groups/${groupId}/assignments`);
  expect(response.statusCode).toBe(200);
  return response.json<AssignmentsResponse>().assignments;
};
const pupilGroup = async (client: ApiClient, groupId: number) => {
  const response = await client.get(`/api/eleve/groups/${groupId}`);
  expect(response.statusCode).toBe(200);
  return response.json<PupilGroupResponse>();
};
const done = (score: string) =>
  scorm12Commit({ 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': score });

describe('giving work to the pupils', () => {
  it('gives a lesson, a session and an activity, updates the date when given again, and takes them back', async () => {
    const c = await classWithPupils();
    const lessonA = await give(c.client, c.groupId, {
      kind: 'lesson',
      id: c.lessonA.id,
      dueDate: '2026-12-04',
    });
    expect(lessonA.statusCode).toBe(200);
    expect(lessonA.json<AssignmentsResponse>().assignments).toEqual(
      c.lessonA.activityIds.flat().map((activityId, index) => ({
        activityId,
        entryId: c.classEntries[index],
        dueDate: '2026-12-04',
        givenAt: expect.any(String),
        finished: 0,
        pupils: 2,
        meanScore: null,
      })),
    );
    const before = await assignments(c.client, c.groupId);

    // Again, with another date: the date changes, not the moment it was given.
    await give(c.client, c.groupId, { kind: 'session', id: c.lessonA.sessionIds[1]!, dueDate: null });
    const after = await assignments(c.client, c.groupId);
    expect(after.map((a) => a.dueDate)).toEqual(['2026-12-04', '2026-12-04', null]);
    expect(after[2]!.givenAt).toBe(before[2]!.givenAt);

    await give(c.client, c.groupId, { kind: 'activity', id: c.classEntries[3]!, dueDate: null });
    expect((await assignments(c.client, c.groupId)).map((a) => a.entryId)).toEqual(c.classEntries);

    expect(
      (await retire(c.client, c.groupId, { kind: 'session', id: c.lessonA.sessionIds[0]! })).statusCode,
    ).toBe(200);
    expect((await assignments(c.client, c.groupId)).map((a) => a.entryId)).toEqual(c.classEntries.slice(2));
    await retire(c.client, c.groupId, { kind: 'activity', id: c.classEntries[3]! });
    await retire(c.client, c.groupId, { kind: 'lesson', id: c.lessonA.id });
    expect(await assignments(c.client, c.groupId)).toEqual([]);
  });

  it('answers 404 for an item outside the group’s level, a pupil’s entry or another teacher’s group, 400 for bad input, and changes nothing', async () => {
    const c = await classWithPupils();
    const other = await classWithPupils();
    for (const body of [
      { kind: 'lesson', id: other.lessonA.id, dueDate: null },
      { kind: 'session', id: other.lessonA.sessionIds[0], dueDate: null },
      { kind: 'activity', id: other.classEntries[0], dueDate: null },
      { kind: 'lesson', id: 999_999, dueDate: null },
    ]) {
      expect((await give(c.client, c.groupId, body)).statusCode).toBe(404);
      expect((await retire(c.client, c.groupId, { kind: body.kind, id: body.id })).statusCode).toBe(404);
    }
    const theirs = { kind: 'lesson', id: other.lessonA.id, dueDate: null };
    expect((await give(c.client, other.groupId, theirs)).statusCode).toBe(404);
    expect((await c.client.get(`/api/user/groups/${other.groupId}/assignments`)).statusCode).toBe(404);

    for (const [body, message] of [
      [
        { kind: 'lesson', id: c.lessonA.id, dueDate: '2026-02-30' },
        'La date doit être une date valide (AAAA-MM-JJ).',
      ],
      [
        { kind: 'lesson', id: c.lessonA.id, dueDate: '04/12/2026' },
        'La date doit être une date valide (AAAA-MM-JJ).',
      ],
      [
        { kind: 'period', id: c.lessonA.id, dueDate: null },
        'Choisissez une activité, une séance ou une leçon.',
      ],
    ] as const) {
      const response = await give(c.client, c.groupId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message ?? response.json().error).toContain(message);
    }
    expect((await give(c.client, c.groupId, { kind: 'lesson', id: 'x', dueDate: null })).statusCode).toBe(
      400,
    );
    expect((await give(c.client, c.groupId, { kind: 'lesson', id: c.lessonA.id })).statusCode).toBe(400);
    expect(await assignments(c.client, c.groupId)).toEqual([]);
    expect(await assignments(other.client, other.groupId)).toEqual([]);
  });

  it('refuses a pupil (403) on the teacher’s routes', async () => {
    const c = await classWithPupils();
    const pupil = await signInAsPupil(ctx, c.pupils[0]!.id);
    expect((await pupil.get(`/api/user/groups/${c.groupId}/assignments`)).statusCode).toBe(403);
    expect(
      (await give(pupil, c.groupId, { kind: 'lesson', id: c.lessonA.id, dueDate: null })).statusCode,
    ).toBe(403);
  });
});

describe('the pupil’s space', () => {
  it('lists the pupil’s groups with their counts and idle minutes, and nothing of another pupil’s group', async () => {
    const c = await classWithPupils();
    const other = await classWithPupils();
    await give(c.client, c.groupId, { kind: 'lesson', id: c.lessonA.id, dueDate: null });
    const alice = await signInAsPupil(ctx, c.pupils[0]!.id);
    const response = await alice.get('/api/eleve/groups');
    expect(response.statusCode).toBe(200);
    expect(response.json<PupilGroupsResponse>()).toEqual({
      success: true,
      pupil: { id: c.pupils[0]!.id, name: 'Alice Martin' },
      idleMinutes: Math.round(ctx.app.config.pupilIdleMs / 60_000),
      groups: [{ id: c.groupId, title: 'CM1', teacher: expect.any(String), toDo: 3, done: 0 }],
    });
    expect((await alice.get(`/api/eleve/groups/${other.groupId}`)).statusCode).toBe(404);
    expect((await c.client.get('/api/eleve/groups')).statusCode).toBe(403);
  });

  it('applies the pupil’s own rule over what was given, lets them play it, and moves the teacher’s counts, not the class’s table', async () => {
    const c = await classWithPupils();
    // Lesson B and the second session of lesson A only: lesson A's first session is not theirs.
    await give(c.client, c.groupId, { kind: 'session', id: c.lessonA.sessionIds[1]!, dueDate: '2026-12-04' });
    await give(c.client, c.groupId, { kind: 'lesson', id: c.lessonB.id, dueDate: null });
    const alice = await signInAsPupil(ctx, c.pupils[0]!.id);
    const first = await pupilGroup(alice, c.groupId);
    expect(first.activities.map(({ state, score, dueDate }) => ({ state, score, dueDate }))).toEqual([
      { state: 'todo', score: null, dueDate: '2026-12-04' },
      { state: 'locked', score: null, dueDate: null },
    ]);
    const [a3, b1] = first.activities.map((a) => a.entryId) as [number, number];
    expect(a3).not.toBe(c.classEntries[2]);

    // Locked: the runtime refuses it whole.
    expect((await post(alice, b1, [write(newLaunchId(), 1, 'scorm12', done('50'))])).statusCode).toBe(403);

    const versionBefore = await progressVersion(c.groupId);
    expect((await launch(alice, a3)).package.kind).toBe('scorm12');
    const played = await post(alice, a3, [write(newLaunchId(), 1, 'scorm12', done('80'))]);
    expect(played.statusCode).toBe(200);
    expect(played.json()).toMatchObject({ status: 'completed', score: 80 });
    expect(await progressVersion(c.groupId)).toBe(versionBefore);
    // The class's table did not move.
    const table = await c.table();
    expect(
      table.period[0]!.groupslesson.flatMap((l) => l.sessions.flatMap((s) => s.activities)).map(
        (a) => a.status,
      ),
    ).toEqual(['pending', 'pending', 'pending', 'pending']);

    const second = await pupilGroup(alice, c.groupId);
    expect(second.activities.map(({ state, score }) => ({ state, score }))).toEqual([
      { state: 'done', score: 80 },
      { state: 'todo', score: null },
    ]);
    // A completed activity stays replayable.
    expect((await post(alice, a3, [write(newLaunchId(), 1, 'scorm12', done('90'))])).statusCode).toBe(200);

    const bruno = await signInAsPupil(ctx, c.pupils[1]!.id);
    expect((await pupilGroup(bruno, c.groupId)).activities.map((a) => a.state)).toEqual(['todo', 'locked']);
    expect((await bruno.get(`/api/user/activity/launch/${a3}`)).statusCode).toBe(404);

    const counts = await assignments(c.client, c.groupId);
    expect(counts.map(({ finished, pupils, meanScore }) => ({ finished, pupils, meanScore }))).toEqual([
      { finished: 1, pupils: 2, meanScore: 90 },
      { finished: 0, pupils: 2, meanScore: null },
    ]);
    expect((await alice.get('/api/eleve/groups')).json<PupilGroupsResponse>().groups[0]).toMatchObject({
      toDo: 1,
      done: 1,
    });

    // Taken back: the pupil no longer sees nor opens it; the result stays for the teacher's entries.
    await retire(c.client, c.groupId, { kind: 'session', id: c.lessonA.sessionIds[1]! });
    expect((await pupilGroup(alice, c.groupId)).activities.map((a) => a.entryId)).toEqual([b1]);
    expect((await alice.get(`/api/user/activity/launch/${a3}`)).statusCode).toBe(404);
    expect((await post(alice, a3, [write(newLaunchId(), 1, 'scorm12', done('10'))])).statusCode).toBe(404);
    const kept = await ctx.db
      .selectFrom('group_activities')
      .select(['status', 'score'])
      .where('id', '=', a3)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ status: 'completed', score: 90 });
    // Given again: it is back, with its result.
    await give(c.client, c.groupId, { kind: 'session', id: c.lessonA.sessionIds[1]!, dueDate: null });
    expect((await pupilGroup(alice, c.groupId)).activities[0]).toMatchObject({
      entryId: a3,
      state: 'done',
      score: 90,
    });
  });

  it('makes a pupil’s missing entries on reading their space, and writes nothing once none is missing', async () => {
    const c = await classWithPupils();
    await give(c.client, c.groupId, { kind: 'lesson', id: c.lessonA.id, dueDate: null });
    /** The kinds of the statements the pupil's two reads run (SelectQueryNode, InsertQueryNode …). */
    const statementsOfReads = async (pupilId: number) => {
      const kinds: string[] = [];
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          kinds.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const db = ctx.db.withPlugin(plugin);
      await listPupilGroups(db, pupilId);
      const { activities } = await loadPupilGroup(db, pupilId, c.groupId);
      return { kinds, entryIds: activities.map((a) => a.entryId) };
    };
    const writes = (kinds: string[]) => kinds.filter((kind) => kind !== 'SelectQueryNode');

    const first = await statementsOfReads(c.pupils[0]!.id);
    expect(writes(first.kinds)).toEqual(['InsertQueryNode']);
    expect(first.entryIds).toHaveLength(3);
    const again = await statementsOfReads(c.pupils[0]!.id);
    expect(writes(again.kinds)).toEqual([]);
    expect(again.entryIds).toEqual(first.entryIds);

    // A pupil who joins after the work was given gets their own entries at their first read.
    const late = await createPupil(ctx.db, { schoolId: c.teacher.schoolId, groupIds: [c.groupId] });
    const lateClient = await signInAsPupil(ctx, late.id);
    const lateEntries = (await pupilGroup(lateClient, c.groupId)).activities;
    expect(lateEntries.map((a) => a.state)).toEqual(['todo', 'locked', 'locked']);
    expect(lateEntries.map((a) => a.entryId)).not.toContain(first.entryIds[0]);
    expect((await launch(lateClient, lateEntries[0]!.entryId)).package.kind).toBe('scorm12');

    // Work given later: the next read adds only its entry.
    await give(c.client, c.groupId, { kind: 'lesson', id: c.lessonB.id, dueDate: null });
    const more = await statementsOfReads(c.pupils[0]!.id);
    expect(writes(more.kinds)).toEqual(['InsertQueryNode']);
    expect(more.entryIds.slice(0, 3)).toEqual(first.entryIds);
    expect(more.entryIds).toHaveLength(4);
  });

  it('shows a pupil of another group of the same teacher nothing of it', async () => {
    const c = await classWithPupils();
    const { group } = (
      await c.client.post(`/api/user/creategroups/${c.level.levelId}`, { title: 'CM2' })
    ).json();
    const zoe = await createPupil(ctx.db, {
      schoolId: c.teacher.schoolId,
      groupIds: [group.id],
      firstname: 'Zoé',
    });
    await give(c.client, c.groupId, { kind: 'lesson', id: c.lessonA.id, dueDate: null });
    const alice = await signInAsPupil(ctx, c.pupils[0]!.id);
    const entry = (await pupilGroup(alice, c.groupId)).activities[0]!.entryId;
    const client = await signInAsPupil(ctx, zoe.id);
    const groups = (await client.get('/api/eleve/groups')).json<PupilGroupsResponse>().groups;
    expect(groups).toEqual([expect.objectContaining({ id: group.id, toDo: 0, done: 0 })]);
    expect((await pupilGroup(client, group.id)).activities).toEqual([]);
    expect((await client.get(`/api/eleve/groups/${c.groupId}`)).statusCode).toBe(404);
    expect((await client.get(`/api/user/activity/launch/${entry}`)).statusCode).toBe(404);
    expect((await client.get(`/api/user/activity/launch/${c.classEntries[0]}`)).statusCode).toBe(404);
  });
});

async function progressVersion(groupId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('class_groups')
    .select('progress_version')
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.progress_version);
}
