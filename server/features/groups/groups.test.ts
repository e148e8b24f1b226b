import { describe, expect, it } from 'vitest';
import { teacherAreaMessages } from '../../../common/messages/teacher-area.js';
import { buildLevel } from '../../fixtures/curriculum.js';
import { createGroup, createLevel, createTeacher } from '../../fixtures/factories.js';
import { signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp();

async function teacherWith(levelIds: number[], values: { group_limit?: number | null } = {}) {
  const teacher = await createTeacher(ctx.db, { levelIds, ...values });
  return { teacher, client: await signInAs(ctx, teacher) };
}

describe('GET /api/user/getuserlevels', () => {
  it('lists only the levels assigned to the teacher, by title', async () => {
    const b = await createLevel(ctx.db, 'B niveau');
    const a = await createLevel(ctx.db, 'A niveau');
    await createLevel(ctx.db, 'C niveau non assigné');
    const { client } = await teacherWith([b.id, a.id]);
    const response = await client.get('/api/user/getuserlevels');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      res: [
        { id: a.id, title: 'A niveau' },
        { id: b.id, title: 'B niveau' },
      ],
    });
  });

  it('gives an admin every level', async () => {
    const level = await createLevel(ctx.db, 'Niveau pour admin');
    const client = await signInNewAdmin(ctx);
    const ids = client
      .get('/api/user/getuserlevels')
      .then((r) => r.json().res.map((l: { id: number }) => l.id));
    expect(await ids).toContain(level.id);
  });

  it('needs a signed-in caller', async () => {
    expect((await apiClient(ctx.app).get('/api/user/getuserlevels')).statusCode).toBe(401);
  });
});

describe('groups of a level', () => {
  it('creates a group with an entry per activity and PDF of the level, and lists it with its progress', async () => {
    const level = await buildLevel(ctx.db, [[{ sessions: [2, 1], pdfs: 1 }], [{ sessions: [1] }]]);
    const { client } = await teacherWith([level.levelId]);

    const created = await client.post(`/api/user/creategroups/${level.levelId}`, { title: '  CM1 A  ' });
    expect(created.statusCode).toBe(200);
    const { group } = created.json();
    expect(created.json()).toEqual({ success: true, group: { id: expect.any(Number), title: 'CM1 A' } });

    const activities = await ctx.db
      .selectFrom('group_activities')
      .selectAll()
      .where('group_id', '=', group.id)
      .execute();
    expect(activities).toHaveLength(4);
    expect(new Set(activities.map((a) => a.status))).toEqual(new Set(['pending']));
    const pdfs = await ctx.db.selectFrom('group_pdfs').selectAll().where('group_id', '=', group.id).execute();
    expect(pdfs).toHaveLength(1);

    await ctx.db
      .updateTable('group_activities')
      .set({ status: 'completed' })
      .where('id', '=', activities[0]!.id)
      .execute();
    const second = (await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'CM1 B' })).json()
      .group;

    const list = await client.get(`/api/user/getgroups/${level.levelId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      res: [
        { id: group.id, title: 'CM1 A', count: 1, total: 4 },
        { id: second.id, title: 'CM1 B', count: 0, total: 4 },
      ],
    });
  });

  it('shows neither another teacher’s groups nor groups of another level', async () => {
    const level = await createLevel(ctx.db);
    const other = await createLevel(ctx.db);
    const { teacher, client } = await teacherWith([level.id, other.id]);
    const colleague = await createTeacher(ctx.db, { levelIds: [level.id] });
    await createGroup(ctx.db, colleague.id, level.id, 'Pas à moi');
    await createGroup(ctx.db, teacher.id, other.id, 'Autre niveau');
    const mine = await createGroup(ctx.db, teacher.id, level.id, 'À moi');
    const list = (await client.get(`/api/user/getgroups/${level.id}`)).json().res;
    expect(list.map((g: { id: number }) => g.id)).toEqual([mine.id]);
  });

  it('refuses a blank or missing name with the spec’s message, and an over-long one', async () => {
    const level = await createLevel(ctx.db);
    const { client } = await teacherWith([level.id]);
    for (const body of [{ title: '   ' }, { title: '' }, {}, { title: 12 }]) {
      const response = await client.post(`/api/user/creategroups/${level.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ success: false, message: teacherAreaMessages.groupNameRequired });
    }
    const long = await client.post(`/api/user/creategroups/${level.id}`, { title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(teacherAreaMessages.groupNameTooLong);
  });

  it('enforces the teacher’s group limit, across levels and under concurrent requests', async () => {
    const level = await createLevel(ctx.db);
    const other = await createLevel(ctx.db);
    const { teacher, client } = await teacherWith([level.id, other.id], { group_limit: 3 });
    await createGroup(ctx.db, teacher.id, other.id);

    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        client.post(`/api/user/creategroups/${level.id}`, { title: `G${i}` }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = attempts.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        error: teacherAreaMessages.groupLimitReached(3),
        message: teacherAreaMessages.groupLimitReached(3),
      });
    }
    const count = await ctx.db
      .selectFrom('class_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('teacher_id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('lets an admin create and list groups in any level (their own groups only)', async () => {
    const level = await createLevel(ctx.db);
    const client = await signInNewAdmin(ctx);
    const teacher = await createTeacher(ctx.db, { levelIds: [level.id] });
    await createGroup(ctx.db, teacher.id, level.id);
    const created = await client.post(`/api/user/creategroups/${level.id}`, { title: 'Groupe admin' });
    expect(created.statusCode).toBe(200);
    const list = (await client.get(`/api/user/getgroups/${level.id}`)).json().res;
    expect(list.map((g: { title: string }) => g.title)).toEqual(['Groupe admin']);
  });

  it('answers 404 for a level that is not assigned or does not exist, 400 for a bad id', async () => {
    const assigned = await createLevel(ctx.db);
    const notAssigned = await createLevel(ctx.db);
    const { client } = await teacherWith([assigned.id]);
    for (const id of [notAssigned.id, 999_999]) {
      expect((await client.get(`/api/user/getgroups/${id}`)).statusCode).toBe(404);
      expect((await client.post(`/api/user/creategroups/${id}`, { title: 'x' })).statusCode).toBe(404);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await client.get(`/api/user/getgroups/${id}`)).statusCode, id).toBe(400);
      expect((await client.delete(`/api/user/deletegroup/${id}`)).statusCode, id).toBe(400);
    }
  });

  it('deletes the teacher’s own group with its entries, then answers 404', async () => {
    const level = await buildLevel(ctx.db, [[{ sessions: [2], pdfs: 1 }]]);
    const { client } = await teacherWith([level.levelId]);
    const { group } = (
      await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'À supprimer' })
    ).json();
    const response = await client.delete(`/api/user/deletegroup/${group.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const left = await ctx.db
      .selectFrom('group_activities')
      .select('id')
      .where('group_id', '=', group.id)
      .execute();
    expect(left).toEqual([]);
    expect((await client.delete(`/api/user/deletegroup/${group.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/user/getgroups/${level.levelId}`)).json().res).toEqual([]);
  });

  it('needs the XSRF header for writes', async () => {
    const level = await createLevel(ctx.db);
    const { client } = await teacherWith([level.id]);
    const response = await client.request({
      method: 'POST',
      url: `/api/user/creategroups/${level.id}`,
      payload: { title: 'x' },
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the groups of the classes the ENT sent', () => {
  /** A teacher whose ENT sent these classes (as a sign-in through the ENT records them). */
  async function teacherWithClasses(levelIds: number[], values: { group_limit?: number | null } = {}) {
    const signedIn = await teacherWith(levelIds, values);
    await ctx.db
      .insertInto('teacher_classes')
      .values([
        { user_id: signedIn.teacher.id, kind: 'div', code: '6A', label: '6EME A' },
        { user_id: signedIn.teacher.id, kind: 'div', code: '5B', label: '5EME B' },
        { user_id: signedIn.teacher.id, kind: 'gro', code: 'LAT', label: 'Latin' },
      ])
      .execute();
    return signedIn;
  }
  const titles = async (client: Awaited<ReturnType<typeof teacherWith>>['client'], levelId: number) =>
    (await client.get(`/api/user/getgroups/${levelId}`))
      .json()
      .res.map((g: { title: string }) => g.title)
      .sort();

  it('makes one group per class in one click, with the level’s entries, and never twice', async () => {
    const level = await buildLevel(ctx.db, [[{ sessions: [2] }]]);
    const other = await createLevel(ctx.db);
    const { teacher, client } = await teacherWithClasses([level.levelId, other.id]);
    // A group the teacher made by hand under a class's name counts as that class's.
    await createGroup(ctx.db, teacher.id, level.levelId, '5eme b');

    const listed = await client.get(`/api/user/classes/${level.levelId}`);
    expect(listed.json().classes).toEqual([
      { kind: 'div', code: '5B', label: '5EME B', hasGroup: true },
      { kind: 'div', code: '6A', label: '6EME A', hasGroup: false },
      { kind: 'gro', code: 'LAT', label: 'Latin', hasGroup: false },
    ]);

    const made = await client.post(`/api/user/createclassgroups/${level.levelId}`);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({
      success: true,
      created: [
        { id: expect.any(Number), title: '6EME A' },
        { id: expect.any(Number), title: 'Latin' },
      ],
      limitReached: null,
    });
    const entries = await ctx.db
      .selectFrom('group_activities')
      .select('id')
      .where('group_id', '=', made.json().created[0].id)
      .execute();
    expect(entries).toHaveLength(2);
    // Again, even twice at once: nothing more.
    const again = await Promise.all([
      client.post(`/api/user/createclassgroups/${level.levelId}`),
      client.post(`/api/user/createclassgroups/${level.levelId}`),
    ]);
    for (const response of again) expect(response.json().created).toEqual([]);
    expect(await titles(client, level.levelId)).toEqual(['5eme b', '6EME A', 'Latin']);
    // Another level gets its own.
    const inOther = await client.post(`/api/user/createclassgroups/${other.id}`);
    expect(inOther.json().created).toHaveLength(3);
  });

  it('stops at the teacher’s group limit and says so', async () => {
    const level = await createLevel(ctx.db);
    const { teacher, client } = await teacherWithClasses([level.id], { group_limit: 2 });
    await createGroup(ctx.db, teacher.id, level.id, 'Déjà là');
    const made = await client.post(`/api/user/createclassgroups/${level.id}`);
    expect(made.json()).toMatchObject({ created: [{ title: '5EME B' }], limitReached: 2 });
    expect((await client.post(`/api/user/createclassgroups/${level.id}`)).json()).toMatchObject({
      created: [],
      limitReached: 2,
    });
  });

  it('keeps to the teacher’s own levels, and makes nothing for a teacher the ENT sent no class', async () => {
    const level = await createLevel(ctx.db);
    const { client } = await teacherWithClasses([]);
    expect((await client.post(`/api/user/createclassgroups/${level.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/user/classes/${level.id}`)).statusCode).toBe(404);
    const plain = await teacherWith([level.id]);
    expect((await plain.client.get(`/api/user/classes/${level.id}`)).json()).toEqual({ classes: [] });
    expect((await plain.client.post(`/api/user/createclassgroups/${level.id}`)).json()).toEqual({
      success: true,
      created: [],
      limitReached: null,
    });
  });
});
