import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { teacherAreaMessages } from '../../../common/messages/teacher-area.js';
import type { TablePeriod, UserTableResponse } from '../../../common/schemas/teacher-area.js';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/database.js';
import { buildLevel } from '../../fixtures/curriculum.js';
import {
  createActivity,
  createLesson,
  createLessonSession,
  createPdf,
  createPeriod,
  createTeacher,
  DEFAULT_PASSWORD,
} from '../../fixtures/factories.js';
import { signInNewAdmin } from '../../test/admin-helpers.js';
import { setupTestApp, signIn } from '../../test/helper.js';
import { teacherWithGroup } from '../../test/teacher-area-helpers.js';
import { loadUserTable } from './learning-table.service.js';

const ctx = setupTestApp();

const activityIds = (periods: TablePeriod[]) =>
  periods.flatMap((p) =>
    p.groupslesson.flatMap((l) => l.sessions.flatMap((s) => s.activities.map((a) => a.id))),
  );

/** The ids of the group's entries (its row for each activity, or each PDF), in the content's order. */
async function entryIdsOf(groupId: number, table: 'group_activities' | 'group_pdfs'): Promise<number[]> {
  const column = table === 'group_activities' ? 'activity_id' : 'pdf_id';
  const rows = await ctx.db
    .selectFrom(table)
    .select('id')
    .where('group_id', '=', groupId)
    .orderBy(column)
    .execute();
  return rows.map((row) => row.id);
}

/** Counts the statements a database runs once given its plugin (`db.withPlugin(counter.plugin)`). */
function statementCounter() {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count += 1;
      return args.result;
    },
  };
  return {
    plugin,
    count: () => count,
    reset: () => {
      count = 0;
    },
  };
}

/** An html5 activity of the table the group has not started yet, under its entry's id. */
const notStarted = (entryId: number | undefined, name: string) => ({
  id: entryId,
  name,
  status: 'pending',
  score: null,
  kind: 'html5',
});

describe('GET /api/user/usertable/:groupId', () => {
  it('returns periods, lessons, sessions, activities and PDFs in order, with the group’s entry ids', async () => {
    const { level, groupId, table } = await teacherWithGroup(ctx, [
      [{ sessions: [2, 1], pdfs: 2 }, { sessions: [] }],
      [],
    ]);
    const res = await table();
    expect(res.group).toEqual({
      id: groupId,
      title: 'Groupe',
      levelid: level.levelId,
      leveltitle: expect.any(String),
    });
    const entries = await entryIdsOf(groupId, 'group_activities');
    const pdfEntries = await entryIdsOf(groupId, 'group_pdfs');
    const lesson = level.lessons[0]![0]!;
    expect(res.period).toEqual([
      {
        periodsid: level.periodIds[0],
        groupsid: groupId,
        title: 'Période 1',
        groupslesson: [
          {
            id: lesson.id,
            title: 'Leçon 1.1',
            sessions: [
              {
                id: lesson.sessionIds[0],
                name: 'Séance 1',
                activities: [
                  notStarted(entries[0], 'Activité 1.1.1.1'),
                  notStarted(entries[1], 'Activité 1.1.1.2'),
                ],
              },
              {
                id: lesson.sessionIds[1],
                name: 'Séance 2',
                activities: [notStarted(entries[2], 'Activité 1.1.2.1')],
              },
            ],
            pdfgroups: [
              { id: pdfEntries[0], title: 'Document 1.1' },
              { id: pdfEntries[1], title: 'Document 1.2' },
            ],
          },
          { id: level.lessons[0]![1]!.id, title: 'Leçon 1.2', sessions: [], pdfgroups: [] },
        ],
      },
      { periodsid: level.periodIds[1], groupsid: groupId, title: 'Période 2', groupslesson: [] },
    ]);
  });

  it('shows content added after the group was created as pending, keeping existing ids and statuses', async () => {
    const { level, client, groupId, table } = await teacherWithGroup(ctx, [[{ sessions: [2] }]]);
    const before = await table();
    const [first] = activityIds(before.period);
    expect((await client.patch(`/api/user/updatePending/${first}`)).statusCode).toBe(200);

    const lesson = level.lessons[0]![0]!;
    await createActivity(ctx.db, lesson.sessionIds[0]!, { title: 'Nouvelle activité' });
    await createPdf(ctx.db, lesson.id, { title: 'Nouveau document' });
    const period = await createPeriod(ctx.db, level.levelId, 'Nouvelle période');
    const newLesson = await createLesson(ctx.db, period.id, 'Nouvelle leçon');
    const newSession = await createLessonSession(ctx.db, newLesson.id, 'Nouvelle séance');
    await createActivity(ctx.db, newSession.id, { title: 'Encore une' });

    const after = await table();
    const ids = activityIds(after.period);
    expect(ids.slice(0, 2)).toEqual(activityIds(before.period));
    expect(ids).toHaveLength(4);
    const activities = after.period.flatMap((p) =>
      p.groupslesson.flatMap((l) => l.sessions.flatMap((s) => s.activities)),
    );
    expect(activities.map((a) => [a.name, a.status])).toEqual([
      ['Activité 1.1.1.1', 'completed'],
      ['Activité 1.1.1.2', 'pending'],
      ['Nouvelle activité', 'pending'],
      ['Encore une', 'pending'],
    ]);
    expect(after.period[0]!.groupslesson[0]!.pdfgroups.map((d) => d.title)).toEqual(['Nouveau document']);
    expect(await table()).toEqual(after);
    const rows = await ctx.db
      .selectFrom('group_activities')
      .select('id')
      .where('group_id', '=', groupId)
      .execute();
    expect(rows).toHaveLength(4);
  });

  it('builds the table with a constant number of queries whatever the size of the level', async () => {
    const countQueries = async (db: Db, run: (db: Db) => Promise<unknown>) => {
      const counter = statementCounter();
      await run(db.withPlugin(counter.plugin));
      return counter.count();
    };
    const measure = async (shape: Parameters<typeof buildLevel>[1]) => {
      const level = await buildLevel(ctx.db, shape);
      const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
      const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
      const { group } = (await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'G' })).json();
      const caller = { id: teacher.id, name: teacher.name, role: 'teacher' as const, sessionId: 0 };
      const steady = await countQueries(ctx.db, (db) => loadUserTable(db, caller, group.id));
      // New content in every lesson: still one insert per kind.
      for (const period of level.lessons) {
        for (const lesson of period) {
          await createActivity(ctx.db, lesson.sessionIds[0]!);
          await createPdf(ctx.db, lesson.id);
        }
      }
      const withNewContent = await countQueries(ctx.db, (db) => loadUserTable(db, caller, group.id));
      return { steady, withNewContent };
    };
    const small = await measure([[{ sessions: [1] }]]);
    const large = await measure(
      Array.from({ length: 4 }, () => Array.from({ length: 6 }, () => ({ sessions: [3, 3, 2], pdfs: 2 }))),
    );
    expect(small).toEqual(large);
    expect(small.steady).toBe(3);
    // + one INSERT … SELECT, one progress-version bump and one read per kind
    expect(small.withNewContent).toBe(9);
  });

  it('serves each change at once although tables are cached: renames, new content, progress', async () => {
    const { level, client, table } = await teacherWithGroup(ctx, [[{ sessions: [2] }]]);
    const first = await table();
    expect(await table()).toEqual(first);
    const lesson = level.lessons[0]![0]!;
    const [activityId] = lesson.activityIds[0]!;
    await ctx.db.updateTable('activities').set({ title: 'Renommée' }).where('id', '=', activityId!).execute();
    await ctx.db
      .updateTable('lessons')
      .set({ title: 'Leçon renommée' })
      .where('id', '=', lesson.id)
      .execute();
    const renamed = await table();
    expect(renamed.period[0]!.groupslesson[0]!.title).toBe('Leçon renommée');
    expect(renamed.period[0]!.groupslesson[0]!.sessions[0]!.activities[0]!.name).toBe('Renommée');
    const [entry] = activityIds(renamed.period);
    await client.patch(`/api/user/updatePending/${entry}`);
    expect((await table()).period[0]!.groupslesson[0]!.sessions[0]!.activities[0]!.status).toBe('completed');
    await ctx.db.deleteFrom('activities').where('id', '=', activityId!).execute();
    expect(activityIds((await table()).period)).toHaveLength(1);
  });

  it('sends the table gzip-compressed to a browser, and 304 while the browser’s copy is current', async () => {
    const { client, groupId, table, level } = await teacherWithGroup(
      ctx,
      Array.from({ length: 2 }, () => Array.from({ length: 4 }, () => ({ sessions: [5, 5], pdfs: 1 }))),
    );
    const url = `/api/user/usertable/${groupId}`;
    const browserGet = (headers: Record<string, string> = {}) =>
      client.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });

    const plain = await client.get(url);
    const zipped = await browserGet();
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['cache-control']).toBe('private, no-cache');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const etag = String(zipped.headers.etag);
    expect(plain.headers.etag).toBe(etag);
    const revalidated = await browserGet({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    // Progress changes the table, so the old copy is no longer current.
    await client.patch(`/api/user/updatePending/${activityIds((await table()).period)[0]}`);
    const afterProgress = await browserGet({ 'if-none-match': etag });
    expect(afterProgress.statusCode).toBe(200);
    expect(afterProgress.headers.etag).not.toBe(etag);

    // A colleague holding the same ETag still learns nothing about the group.
    const colleague = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const colleagueClient = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    const probe = await colleagueClient.request({ method: 'GET', url, headers: { 'if-none-match': '*' } });
    expect(probe.statusCode).toBe(404);
  });

  it('answers 404 for another teacher’s group, a group in a level no longer assigned, or an unknown id', async () => {
    const { teacher, groupId, level } = await teacherWithGroup(ctx, [[{ sessions: [1] }]]);
    const colleague = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const colleagueClient = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    expect((await colleagueClient.get(`/api/user/usertable/${groupId}`)).statusCode).toBe(404);
    expect((await colleagueClient.get('/api/user/usertable/99999999')).statusCode).toBe(404);
    expect((await colleagueClient.get('/api/user/usertable/nope')).statusCode).toBe(400);

    const owner = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    await ctx.db.deleteFrom('teacher_levels').where('user_id', '=', teacher.id).execute();
    expect((await owner.get(`/api/user/usertable/${groupId}`)).statusCode).toBe(404);
  });

  it('reads the session and the group in one statement once the table is cached', async () => {
    const counter = statementCounter();
    const app = await buildApp({
      db: ctx.db.withPlugin(counter.plugin),
      config: ctx.config,
      files: ctx.files,
      logger: false,
      webDir: path.join(ctx.config.dataDir, 'no-web'),
    });
    try {
      const { teacher, groupId } = await teacherWithGroup(ctx, [[{ sessions: [2] }]]);
      const client = await signIn(app, { email: teacher.email, password: DEFAULT_PASSWORD });
      expect((await client.get(`/api/user/usertable/${groupId}`)).statusCode).toBe(200);
      const counted = async (url: string) => {
        counter.reset();
        const response = await client.get(url);
        return { status: response.statusCode, statements: counter.count() };
      };
      expect(await counted(`/api/user/usertable/${groupId}`)).toEqual({ status: 200, statements: 1 });
      expect(await counted('/api/user/usertable/99999999')).toEqual({ status: 404, statements: 1 });
    } finally {
      await app.close();
    }
  });

  it('signs out a teacher deactivated since sign-in, and serves an admin their own group in any level', async () => {
    const { teacher, client, groupId } = await teacherWithGroup(ctx, [[{ sessions: [1] }]]);
    await ctx.db.updateTable('users').set({ active: 0 }).where('id', '=', teacher.id).execute();
    const refused = await client.get(`/api/user/usertable/${groupId}`);
    expect(refused.statusCode).toBe(401);

    const level = await buildLevel(ctx.db, [[{ sessions: [1] }]]);
    const adminClient = await signInNewAdmin(ctx);
    const { group } = (
      await adminClient.post(`/api/user/creategroups/${level.levelId}`, { title: 'A' })
    ).json();
    const table = await adminClient.get(`/api/user/usertable/${group.id}`);
    expect(table.statusCode).toBe(200);
    expect(table.json<UserTableResponse>().res.group).toMatchObject({ id: group.id, levelid: level.levelId });
  });

  it('does not let an admin open a teacher’s group', async () => {
    const { groupId } = await teacherWithGroup(ctx, [[{ sessions: [1] }]]);
    const client = await signInNewAdmin(ctx);
    expect((await client.get(`/api/user/usertable/${groupId}`)).statusCode).toBe(404);
  });
});

describe('the admin’s order', () => {
  it('orders the table and decides which activity and lesson open first', async () => {
    const { level, client, table } = await teacherWithGroup(ctx, [[{ sessions: [2] }, { sessions: [1] }]]);
    const [a1, a2, b1] = activityIds((await table()).period) as [number, number, number];
    const admin = await signInNewAdmin(ctx);
    const [lessonA, lessonB] = (await table()).period[0]!.groupslesson.map((lesson) => lesson.id) as [
      number,
      number,
    ];
    const sessionOfA = (await admin.get(`/api/admin/getsession/${lessonA}`)).json().session[0].id;
    expect(
      (await admin.patch(`/api/admin/reorderactivities/${sessionOfA}`, { order: [a2, a1] })).statusCode,
    ).toBe(200);
    const period = (await admin.get(`/api/admin/levels/${level.periodIds[0]}`)).json();
    expect(period.lessons.map((l: { id: number }) => l.id)).toEqual([lessonA, lessonB]);
    expect(
      (await admin.patch(`/api/admin/reorderlessons/${level.periodIds[0]}`, { order: [lessonB, lessonA] }))
        .statusCode,
    ).toBe(200);

    // The cached table follows at once: lesson B first, then A with a2 before a1.
    expect(activityIds((await table()).period)).toEqual([b1, a2, a1]);
    expect((await client.patch(`/api/user/updatePending/${a2}`)).statusCode).toBe(403); // lesson A is locked now
    expect((await client.patch(`/api/user/updatePending/${b1}`)).statusCode).toBe(200);
    expect((await client.patch(`/api/user/updatePending/${a1}`)).statusCode).toBe(403); // a2 comes first
    expect((await client.patch(`/api/user/updatePending/${a2}`)).statusCode).toBe(200);
  });
});

describe('PATCH /api/user/updatePending/:activityId', () => {
  it('completes activities in order, is idempotent and never goes back to pending', async () => {
    const { client, table } = await teacherWithGroup(ctx, [[{ sessions: [2, 1] }, { sessions: [1] }]]);
    const [a1, a2, a3, b1] = activityIds((await table()).period) as [number, number, number, number];

    const patch = (id: number) => client.patch(`/api/user/updatePending/${id}`);
    const refused = async (id: number) => {
      const response = await patch(id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: teacherAreaMessages.notAllowedDescription });
    };

    await refused(a2); // not the first pending of its lesson
    await refused(b1); // lesson locked behind the first one
    expect((await patch(a1)).json()).toEqual({ success: true });
    expect((await patch(a1)).json()).toEqual({ success: true }); // idempotent
    await refused(a3);
    expect((await patch(a2)).statusCode).toBe(200);
    await refused(b1);
    expect((await patch(a3)).statusCode).toBe(200);
    expect((await patch(b1)).statusCode).toBe(200);
    expect((await patch(a2)).statusCode).toBe(200); // completed stays clickable

    const statuses = (await table()).period[0]!.groupslesson.flatMap((l) =>
      l.sessions.flatMap((s) => s.activities.map((a) => a.status)),
    );
    expect(statuses).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('records when an activity was completed, once', async () => {
    const { client, table } = await teacherWithGroup(ctx, [[{ sessions: [1] }]]);
    const [id] = activityIds((await table()).period) as [number];
    /** Clicks the activity (completes it) and reads when the server recorded it completed. */
    const clickAndReadCompletion = async () => {
      await client.patch(`/api/user/updatePending/${id}`);
      const row = await ctx.db
        .selectFrom('group_activities')
        .select('completed_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.completed_at;
    };
    const first = await clickAndReadCompletion();
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await clickAndReadCompletion()).toBe(first);
  });

  it('answers 404 to another teacher and for unknown ids, 400 for bad ids, 401 without a session', async () => {
    const { table, level } = await teacherWithGroup(ctx, [[{ sessions: [1] }]]);
    const [id] = activityIds((await table()).period) as [number];
    const colleague = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const client = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    expect((await client.patch(`/api/user/updatePending/${id}`)).statusCode).toBe(404);
    expect((await client.patch('/api/user/updatePending/2147483647')).statusCode).toBe(404);
    expect((await client.patch('/api/user/updatePending/x')).statusCode).toBe(400);
    const status = await ctx.db
      .selectFrom('group_activities')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('pending');
  });
});
