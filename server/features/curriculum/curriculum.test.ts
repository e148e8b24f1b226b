import { beforeAll, describe, expect, it } from 'vitest';
import { curriculumMessages as m } from '../../../common/messages/curriculum.js';
import {
  createActivity,
  createActivityEntry,
  createGroup,
  createLesson,
  createLevel,
  createPdf,
  createPeriod,
  createSessionPath,
  createTeacher,
} from '../../fixtures/factories.js';
import { packageDirKey, packageZipKey, pdfKey } from '../../storage/keys.js';
import { signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { type ApiClient, apiClient, setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp();
let admin: ApiClient;
let teacher: ApiClient;

beforeAll(async () => {
  admin = await signInNewAdmin(ctx);
  teacher = await signInAs(ctx, await createTeacher(ctx.db));
});

const ROUTES: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string]> = [
  ['GET', '/api/admin/levels'],
  ['POST', '/api/admin/createlevel'],
  ['PATCH', '/api/admin/editlevel/1'],
  ['DELETE', '/api/admin/removelevel/1'],
  ['GET', '/api/admin/period/1'],
  ['POST', '/api/admin/createperiod'],
  ['PATCH', '/api/admin/editperiod/1'],
  ['DELETE', '/api/admin/removeperiod/1'],
  ['GET', '/api/admin/levels/1'],
  ['POST', '/api/admin/createlessons'],
  ['PATCH', '/api/admin/editlesson/1'],
  ['DELETE', '/api/admin/deletelesosn/1'],
  ['GET', '/api/admin/getsession/1'],
  ['POST', '/api/admin/createsession'],
  ['PATCH', '/api/admin/editsession/1'],
  ['DELETE', '/api/admin/deletsession/1'],
  ['PATCH', '/api/admin/editpdf/1'],
  ['DELETE', '/api/admin/deletpdf/1'],
  ['GET', '/api/admin/getactivites/1'],
  ['PATCH', '/api/admin/editfile/1'],
  ['DELETE', '/api/admin/deletefile/1'],
  ['GET', '/api/admin/pdf-details/1'],
  ['PATCH', '/api/admin/reorderperiods/1'],
  ['PATCH', '/api/admin/reorderlessons/1'],
  ['PATCH', '/api/admin/reordersessions/1'],
  ['PATCH', '/api/admin/reorderactivities/1'],
];

describe('access', () => {
  it('answers 401 without a session and 403 to a teacher on every curriculum route', async () => {
    for (const [method, url] of ROUTES) {
      const payload = method === 'POST' || method === 'PATCH' ? { title: 'x' } : undefined;
      const anonymous = await apiClient(ctx.app).request({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asTeacher = await teacher.request({ method, url, payload });
      expect(asTeacher.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('does not accept the session cookie instead of the bearer header', async () => {
    const response = await apiClient(ctx.app).request({
      method: 'GET',
      url: '/api/admin/levels',
      cookies: { '__Host-ardoise_session': (admin as ApiClient & { token: string }).token },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('levels', () => {
  it('creates, lists in creation order, renames and deletes a level', async () => {
    const first = await admin.post('/api/admin/createlevel', { title: '  CP  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, level: { id: expect.any(Number), title: 'CP' } });
    const second = (await admin.post('/api/admin/createlevel', { title: 'A-CE1' })).json().level;
    const list = (await admin.get('/api/admin/levels')).json().levels as Array<{ id: number; title: string }>;
    const ids = list.map((level) => level.id);
    expect(ids.indexOf(first.json().level.id)).toBeLessThan(ids.indexOf(second.id));

    const edit = await admin.patch(`/api/admin/editlevel/${second.id}`, { title: 'CE1' });
    expect(edit.json()).toEqual({ success: true });
    expect((await admin.get('/api/admin/levels')).json().levels).toContainEqual({
      id: second.id,
      title: 'CE1',
    });

    expect((await admin.delete(`/api/admin/removelevel/${second.id}`)).json()).toEqual({ success: true });
    const after = (await admin.get('/api/admin/levels')).json().levels as Array<{ id: number }>;
    expect(after.map((level) => level.id)).not.toContain(second.id);
  });

  it('refuses a blank title with the spec message, and unknown or bad ids', async () => {
    for (const body of [{ title: '   ' }, { title: '' }, {}]) {
      const response = await admin.post('/api/admin/createlevel', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: m.levelNameEmpty });
    }
    const long = await admin.post('/api/admin/createlevel', { title: 'x'.repeat(201) });
    expect(long.json().message).toBe(m.titleTooLong);
    const level = await createLevel(ctx.db);
    expect((await admin.patch(`/api/admin/editlevel/${level.id}`, { title: ' ' })).json().message).toBe(
      m.levelNameEmpty,
    );
    expect((await admin.patch('/api/admin/editlevel/999999', { title: 'x' })).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/removelevel/999999')).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/removelevel/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/period/-1')).statusCode).toBe(400);
  });
});

describe('periods', () => {
  it('creates periods in a level, lists them in order with the level name, renames and deletes', async () => {
    const level = await createLevel(ctx.db, 'CM1');
    const p1 = (
      await admin.post('/api/admin/createperiod', { title: 'Période 1', levelid: level.id })
    ).json();
    expect(p1).toEqual({ success: true, period: { id: expect.any(Number), title: 'Période 1' } });
    const p2 = (
      await admin.post('/api/admin/createperiod', { title: 'Période 2', levelid: String(level.id) })
    ).json();
    const list = (await admin.get(`/api/admin/period/${level.id}`)).json();
    expect(list).toEqual({
      levelname: 'CM1',
      periods: [p1.period, p2.period],
      trail: [{ kind: 'level', id: level.id, title: 'CM1' }],
    });

    await admin.patch(`/api/admin/editperiod/${p2.period.id}`, { title: 'Période deux' });
    await admin.delete(`/api/admin/removeperiod/${p1.period.id}`);
    expect((await admin.get(`/api/admin/period/${level.id}`)).json().periods).toEqual([
      { id: p2.period.id, title: 'Période deux' },
    ]);
  });

  it('checks the title, the level id and that the level exists', async () => {
    const level = await createLevel(ctx.db);
    const blank = await admin.post('/api/admin/createperiod', { title: ' ', levelid: level.id });
    expect(blank.json().message).toBe(m.periodNameEmpty);
    const missing = await admin.post('/api/admin/createperiod', { title: 'P' });
    expect(missing.json()).toEqual({ success: false, message: m.levelIdMissing });
    const unknown = await admin.post('/api/admin/createperiod', { title: 'P', levelid: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.levelNotFound);
    expect((await admin.get('/api/admin/period/999999')).statusCode).toBe(404);
    expect((await admin.patch(`/api/admin/editperiod/1`, { title: '' })).json().message).toBe(
      m.periodNameEmpty,
    );
  });
});

describe('lessons', () => {
  it('creates lessons in a period (levelid = the period), lists them with the period name', async () => {
    const level = await createLevel(ctx.db, 'CE1');
    const period = await createPeriod(ctx.db, level.id, 'Période A');
    const l1 = (
      await admin.post('/api/admin/createlessons', { title: 'Les sons', levelid: period.id })
    ).json();
    expect(l1).toEqual({ success: true, lesson: { id: expect.any(Number), title: 'Les sons' } });
    const l2 = (
      await admin.post('/api/admin/createlessons', { title: 'Les mots', levelid: period.id })
    ).json();
    expect((await admin.get(`/api/admin/levels/${period.id}`)).json()).toEqual({
      levelname: 'Période A',
      levelid: level.id,
      lessons: [l1.lesson, l2.lesson],
      trail: [
        { kind: 'level', id: level.id, title: 'CE1' },
        { kind: 'period', id: period.id, title: 'Période A' },
      ],
    });
    expect((await admin.patch(`/api/admin/editlesson/${l1.lesson.id}`, { title: 'Sons' })).json()).toEqual({
      success: true,
    });
    expect((await admin.delete(`/api/admin/deletelesosn/${l2.lesson.id}`)).json()).toEqual({ success: true });
    expect((await admin.get(`/api/admin/levels/${period.id}`)).json().lessons).toEqual([
      { id: l1.lesson.id, title: 'Sons' },
    ]);
  });

  it('checks the title and the period', async () => {
    const blank = await admin.post('/api/admin/createlessons', { title: '', levelid: 1 });
    expect(blank.json().message).toBe(m.lessonNameEmpty);
    expect((await admin.post('/api/admin/createlessons', { title: 'x' })).json().message).toBe(
      m.periodIdMissing,
    );
    expect((await admin.post('/api/admin/createlessons', { title: 'x', levelid: 999999 })).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/admin/levels/999999')).statusCode).toBe(404);
    expect((await admin.patch('/api/admin/editlesson/1', { title: ' ' })).json().message).toBe(
      m.lessonNameEmpty,
    );
  });
});

describe('sessions, PDFs and activities', () => {
  it('lists the sessions and PDFs of a lesson with its title and period', async () => {
    const level = await createLevel(ctx.db, 'CE2');
    const period = await createPeriod(ctx.db, level.id, 'Période 3');
    const lesson = await createLesson(ctx.db, period.id, 'Leçon 1');
    const s1 = (await admin.post('/api/admin/createsession', { title: 'Séance 1', id: lesson.id })).json();
    expect(s1).toEqual({ success: true, session: { id: expect.any(Number), title: 'Séance 1' } });
    const s2 = (await admin.post('/api/admin/createsession', { title: 'Séance 2', id: lesson.id })).json();
    const pdf = await createPdf(ctx.db, lesson.id, { title: 'Fiche' });
    expect((await admin.get(`/api/admin/getsession/${lesson.id}`)).json()).toEqual({
      session: [s1.session, s2.session],
      pdf: [{ id: pdf.id, title: 'Fiche' }],
      lessontitle: 'Leçon 1',
      parrentid: period.id,
      trail: [
        { kind: 'level', id: level.id, title: 'CE2' },
        { kind: 'period', id: period.id, title: 'Période 3' },
        { kind: 'lesson', id: lesson.id, title: 'Leçon 1' },
      ],
    });

    await admin.patch(`/api/admin/editsession/${s1.session.id}`, { title: 'Séance un' });
    await admin.patch(`/api/admin/editpdf/${pdf.id}`, { title: 'Fiche élève' });
    await admin.delete(`/api/admin/deletsession/${s2.session.id}`);
    expect((await admin.get(`/api/admin/getsession/${lesson.id}`)).json()).toMatchObject({
      session: [{ id: s1.session.id, title: 'Séance un' }],
      pdf: [{ id: pdf.id, title: 'Fiche élève' }],
    });
  });

  it('lists, renames and deletes the activities of a session', async () => {
    const { lessonId, sessionId } = await createSessionPath(ctx.db, { session: 'Séance' });
    const a1 = await createActivity(ctx.db, sessionId, { title: 'Jeu 1' });
    const a2 = await createActivity(ctx.db, sessionId, { title: 'Jeu 2' });
    expect((await admin.get(`/api/admin/getactivites/${sessionId}`)).json()).toEqual({
      activities: [
        // `package` is null until the start-up step describes a package stored without a summary.
        { id: a1.id, title: 'Jeu 1', package: null },
        { id: a2.id, title: 'Jeu 2', package: null },
      ],
      title: 'Séance',
      parentid: lessonId,
      trail: [
        { kind: 'level', id: expect.any(Number), title: expect.any(String) },
        { kind: 'period', id: expect.any(Number), title: expect.any(String) },
        { kind: 'lesson', id: lessonId, title: expect.any(String) },
        { kind: 'session', id: sessionId, title: 'Séance' },
      ],
    });
    expect((await admin.patch(`/api/admin/editfile/${a1.id}`, { title: ' ' })).json().message).toBe(
      m.activityNameRequired,
    );
    await admin.patch(`/api/admin/editfile/${a1.id}`, { title: 'Jeu un' });
    await admin.delete(`/api/admin/deletefile/${a2.id}`);
    expect((await admin.get(`/api/admin/getactivites/${sessionId}`)).json().activities).toEqual([
      { id: a1.id, title: 'Jeu un', package: null },
    ]);
  });

  it('checks session and PDF titles and ids', async () => {
    expect((await admin.post('/api/admin/createsession', { title: ' ', id: 1 })).json().message).toBe(
      m.sessionNameEmpty,
    );
    expect((await admin.post('/api/admin/createsession', { title: 'S' })).json().message).toBe(
      m.lessonIdMissing,
    );
    expect((await admin.post('/api/admin/createsession', { title: 'S', id: 999999 })).statusCode).toBe(404);
    expect((await admin.patch('/api/admin/editpdf/1', { title: '' })).json().message).toBe(m.pdfNameEmpty);
    expect((await admin.patch('/api/admin/editsession/1', { title: '' })).json().message).toBe(
      m.sessionNameEmpty,
    );
    expect((await admin.get('/api/admin/getsession/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/getactivites/999999')).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/deletpdf/999999')).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/deletefile/999999')).statusCode).toBe(404);
    expect((await admin.patch('/api/admin/editfile/999999', { title: 'x' })).statusCode).toBe(404);
  });
});

/** Writes a stand-in file at a key, as the upload flow would have. */
async function storeFile(key: string): Promise<void> {
  await ctx.files.write(key, Buffer.from(key));
}

async function storePackage(hash: string): Promise<void> {
  await storeFile(packageZipKey(hash));
  await storeFile(`${packageDirKey(hash)}/index.html`);
}

async function count(
  table:
    | 'periods'
    | 'lessons'
    | 'lesson_sessions'
    | 'pdfs'
    | 'activities'
    | 'class_groups'
    | 'group_activities'
    | 'group_pdfs',
) {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('deleting a node', () => {
  it('removes the whole subtree, the progress rows and the files no other row uses', async () => {
    const { levelId, lessonId, sessionId } = await createSessionPath(ctx.db);
    const sharedHash = 'a'.repeat(64);
    const ownHash = 'b'.repeat(64);
    const ownPdf = pdfKey('c'.repeat(64));
    await storePackage(sharedHash);
    await storePackage(ownHash);
    await storeFile(ownPdf);
    const activity = await createActivity(ctx.db, sessionId, { packageHash: ownHash });
    await createActivity(ctx.db, sessionId, { packageHash: sharedHash });
    const pdf = await createPdf(ctx.db, lessonId, { fileKey: ownPdf });
    // The same package is used in another level too: its files must stay.
    const other = await createSessionPath(ctx.db);
    const survivor = await createActivity(ctx.db, other.sessionId, { packageHash: sharedHash });
    const teacherUser = await createTeacher(ctx.db, { levelIds: [levelId] });
    const group = await createGroup(ctx.db, teacherUser.id, levelId);
    await createActivityEntry(ctx.db, group.id, activity.id);
    await ctx.db.insertInto('group_pdfs').values({ group_id: group.id, pdf_id: pdf.id }).execute();

    const before = {
      periods: await count('periods'),
      lessons: await count('lessons'),
      sessions: await count('lesson_sessions'),
      activities: await count('activities'),
      pdfs: await count('pdfs'),
      progress: await count('group_activities'),
      pdfProgress: await count('group_pdfs'),
    };
    const response = await admin.delete(`/api/admin/removelevel/${levelId}`);
    expect(response.json()).toEqual({ success: true });

    expect(await count('periods')).toBe(before.periods - 1);
    expect(await count('lessons')).toBe(before.lessons - 1);
    expect(await count('lesson_sessions')).toBe(before.sessions - 1);
    expect(await count('activities')).toBe(before.activities - 2);
    expect(await count('pdfs')).toBe(before.pdfs - 1);
    expect(await count('group_activities')).toBe(before.progress - 1);
    expect(await count('group_pdfs')).toBe(before.pdfProgress - 1);
    expect(await ctx.files.exists(packageZipKey(ownHash))).toBe(false);
    expect(await ctx.files.exists(packageDirKey(ownHash))).toBe(false);
    expect(await ctx.files.exists(ownPdf)).toBe(false);
    expect(await ctx.files.exists(packageZipKey(sharedHash))).toBe(true);
    expect(await ctx.files.exists(`${packageDirKey(sharedHash)}/index.html`)).toBe(true);

    // Once the last user of the shared package goes, its files go too.
    await admin.delete(`/api/admin/deletefile/${survivor.id}`);
    expect(await ctx.files.exists(packageZipKey(sharedHash))).toBe(false);
    expect(await ctx.files.exists(packageDirKey(sharedHash))).toBe(false);
  });

  it('removes a PDF file only when no other PDF row shares it', async () => {
    const { lessonId } = await createSessionPath(ctx.db);
    const key = pdfKey('d'.repeat(64));
    await storeFile(key);
    const a = await createPdf(ctx.db, lessonId, { fileKey: key });
    const b = await createPdf(ctx.db, lessonId, { fileKey: key });
    await admin.delete(`/api/admin/deletpdf/${a.id}`);
    expect(await ctx.files.exists(key)).toBe(true);
    await admin.delete(`/api/admin/deletpdf/${b.id}`);
    expect(await ctx.files.exists(key)).toBe(false);
  });

  it('deletes a period, a lesson and a session with everything under them', async () => {
    const { levelId, periodId, lessonId, sessionId } = await createSessionPath(ctx.db);
    const hash = 'e'.repeat(64);
    await storePackage(hash);
    await createActivity(ctx.db, sessionId, { packageHash: hash });
    await admin.delete(`/api/admin/deletsession/${sessionId}`);
    expect(await ctx.files.exists(packageZipKey(hash))).toBe(false);
    expect((await admin.get(`/api/admin/getsession/${lessonId}`)).json().session).toEqual([]);

    await admin.delete(`/api/admin/deletelesosn/${lessonId}`);
    expect((await admin.get(`/api/admin/levels/${periodId}`)).json().lessons).toEqual([]);
    await admin.delete(`/api/admin/removeperiod/${periodId}`);
    expect((await admin.get(`/api/admin/period/${levelId}`)).json().periods).toEqual([]);
    expect((await admin.get(`/api/admin/levels/${periodId}`)).statusCode).toBe(404);
  });
});

describe('audit trail', () => {
  it('records who created, renamed and deleted a node, in the same transaction as the change', async () => {
    const created = (await admin.post('/api/admin/createlevel', { title: 'Audité' })).json().level;
    await admin.patch(`/api/admin/editlevel/${created.id}`, { title: 'Audité 2' });
    await admin.delete(`/api/admin/removelevel/${created.id}`);
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'actor_id'])
      .where('entity', '=', 'level')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['level.create', 'level.rename', 'level.delete']);
    expect(new Set(rows.map((row) => row.actor_id)).size).toBe(1);
    expect(rows[0]?.actor_id).toEqual(expect.any(Number));
    // A refused change leaves no entry.
    await admin.patch('/api/admin/editlevel/999999', { title: 'x' });
    const none = await ctx.db.selectFrom('audit_log').select('id').where('entity_id', '=', 999999).execute();
    expect(none).toEqual([]);
  });
});

describe('reordering (ours, beside the spec’s calls)', () => {
  it('puts periods, lessons, sessions and activities in the admin’s order, which the lists follow', async () => {
    const { levelId, periodId, lessonId, sessionId } = await createSessionPath(ctx.db);
    const secondPeriod = await createPeriod(ctx.db, levelId, 'Période B');
    const secondLesson = await createLesson(ctx.db, periodId, 'Leçon B');
    const secondSession = (
      await admin.post('/api/admin/createsession', { title: 'Séance B', id: lessonId })
    ).json().session;
    const a1 = await createActivity(ctx.db, sessionId, { title: 'A1' });
    const a2 = await createActivity(ctx.db, sessionId, { title: 'A2' });
    const a3 = await createActivity(ctx.db, sessionId, { title: 'A3' });

    const cases: Array<[path: string, parent: number, order: number[], list: () => Promise<number[]>]> = [
      [
        'reorderperiods',
        levelId,
        [secondPeriod.id, periodId],
        async () => (await admin.get(`/api/admin/period/${levelId}`)).json().periods.map(idOf),
      ],
      [
        'reorderlessons',
        periodId,
        [secondLesson.id, lessonId],
        async () => (await admin.get(`/api/admin/levels/${periodId}`)).json().lessons.map(idOf),
      ],
      [
        'reordersessions',
        lessonId,
        [secondSession.id, sessionId],
        async () => (await admin.get(`/api/admin/getsession/${lessonId}`)).json().session.map(idOf),
      ],
      [
        'reorderactivities',
        sessionId,
        [a3.id, a1.id, a2.id],
        async () => (await admin.get(`/api/admin/getactivites/${sessionId}`)).json().activities.map(idOf),
      ],
    ];
    for (const [path, parent, order, list] of cases) {
      const response = await admin.patch(`/api/admin/${path}/${parent}`, { order });
      expect(response.json(), path).toEqual({ success: true });
      expect(await list(), path).toEqual(order);
    }
    // A new activity goes last, after the reordered ones.
    const a4 = (await admin.post('/api/admin/createsession', { title: 'Séance C', id: lessonId })).json()
      .session;
    expect((await admin.get(`/api/admin/getsession/${lessonId}`)).json().session.map(idOf)).toEqual([
      secondSession.id,
      sessionId,
      a4.id,
    ]);
    const entry = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'details'])
      .where('action', '=', 'activity.reorder')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'session', entity_id: sessionId });
    expect(JSON.parse(entry.details)).toEqual({ parentTitle: expect.any(String), count: 3 });
  });

  it('refuses an order that is not every child once (409), an unknown parent (404) and bad bodies (400)', async () => {
    const { sessionId } = await createSessionPath(ctx.db);
    const a1 = await createActivity(ctx.db, sessionId);
    const a2 = await createActivity(ctx.db, sessionId);
    const other = await createActivity(ctx.db, (await createSessionPath(ctx.db)).sessionId);
    for (const order of [[a1.id], [a1.id, a1.id], [a1.id, other.id], [a1.id, a2.id, other.id]]) {
      const response = await admin.patch(`/api/admin/reorderactivities/${sessionId}`, { order });
      expect(response.statusCode, JSON.stringify(order)).toBe(409);
      expect(response.json()).toEqual({ success: false, message: m.reorderMismatch });
    }
    expect((await admin.patch('/api/admin/reorderactivities/999999', { order: [1] })).statusCode).toBe(404);
    expect((await admin.patch(`/api/admin/reorderactivities/${sessionId}`, { order: [] })).json()).toEqual({
      success: false,
      message: m.reorderEmpty,
    });
    for (const body of [{}, { order: 'x' }, { order: [0] }, { order: [-1] }]) {
      expect((await admin.patch(`/api/admin/reorderactivities/${sessionId}`, body)).statusCode).toBe(400);
    }
    // Nothing changed.
    expect((await admin.get(`/api/admin/getactivites/${sessionId}`)).json().activities.map(idOf)).toEqual([
      a1.id,
      a2.id,
    ]);
  });
});

function idOf(item: { id: number }): number {
  return item.id;
}
