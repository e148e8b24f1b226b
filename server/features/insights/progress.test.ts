// A group's overview and CSV exports on a real database: statuses with the table's locking rule,
// completion dates ("—" when completed before dates were kept), ownership (another teacher: 404).
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { httpMessages } from '../../../common/messages/http.js';
import { groupOverviewResponseSchema } from '../../../common/schemas/insights.js';
import {
  createActivity,
  createActivityEntry,
  createGroup,
  createLesson,
  createLessonSession,
  createLevel,
  createPeriod,
  createTeacher,
} from '../../fixtures/factories.js';
import { expectShape, signInAs } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp();

/** A level with one period of two lessons (two activities, then one), a teacher and their group. */
async function levelWithGroup() {
  const level = await createLevel(ctx.db, 'CE1');
  const period = await createPeriod(ctx.db, level.id, 'Période 1');
  const first = await createLesson(ctx.db, period.id, 'Les sons');
  const second = await createLesson(ctx.db, period.id, '=Leçon piégée');
  const s1 = await createLessonSession(ctx.db, first.id, 'Séance A');
  const s2 = await createLessonSession(ctx.db, second.id, 'Séance B');
  const a1 = await createActivity(ctx.db, s1.id, { title: 'Écouter' });
  const a2 = await createActivity(ctx.db, s1.id, { title: 'Répéter; deux fois' });
  const a3 = await createActivity(ctx.db, s2.id, { title: 'Lire' });
  const teacher = await createTeacher(ctx.db, { levelIds: [level.id] });
  const group = await createGroup(ctx.db, teacher.id, level.id, 'CE1 A');
  const e1 = await createActivityEntry(ctx.db, group.id, a1.id, null); // completed before dates were kept
  const e2 = await createActivityEntry(ctx.db, group.id, a2.id);
  const e3 = await createActivityEntry(ctx.db, group.id, a3.id);
  return { level, teacher, group, entries: [e1.id, e2.id, e3.id] as const };
}

describe('GET /api/user/groupoverview/:groupId', () => {
  it('lists activities by lesson as completed, pending or locked, with dates and completion over time', async () => {
    const { teacher, group, entries } = await levelWithGroup();
    const client = await signInAs(ctx, teacher);
    const before = (await client.get(`/api/user/groupoverview/${group.id}`)).json();
    expectShape(groupOverviewResponseSchema, before);
    expect(before.lessons.map((l: { title: string }) => l.title)).toEqual(['Les sons', '=Leçon piégée']);
    expect(
      before.lessons.flatMap((l: { activities: { title: string; status: string; completedAt: null }[] }) =>
        l.activities.map((a) => [a.title, a.status, a.completedAt]),
      ),
    ).toEqual([
      ['Écouter', 'completed', null],
      ['Répéter; deux fois', 'pending', null],
      ['Lire', 'locked', null],
    ]);
    expect(before.totals).toEqual({ completed: 1, total: 3, undated: 1 });
    expect(before.timeline).toEqual([]);

    expect((await client.patch(`/api/user/updatePending/${entries[1]}`)).statusCode).toBe(200);
    const after = (await client.get(`/api/user/groupoverview/${group.id}`)).json();
    const [, repeat] = after.lessons[0].activities;
    expect(repeat.status).toBe('completed');
    expect(repeat.completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(after.lessons[1].activities[0].status).toBe('pending');
    expect(after.timeline).toEqual([{ date: repeat.completedAt.slice(0, 10), completed: 2 }]);
  });

  it('answers 404 for another teacher’s group, 400 for a bad id and 401 without a session', async () => {
    const { group } = await levelWithGroup();
    const other = await signInAs(ctx, (await levelWithGroup()).teacher);
    const foreign = await other.get(`/api/user/groupoverview/${group.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: httpMessages.notFound });
    expect((await other.get(`/api/user/groupexport/${group.id}`)).statusCode).toBe(404);
    const bad = await other.get('/api/user/groupoverview/-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: httpMessages.invalidId });
    const anonymous = await apiClient(ctx.app).get(`/api/user/groupoverview/${group.id}`);
    expect(anonymous.json()).toEqual({ success: false, message: authMessages.notSignedIn });
  });
});

describe('CSV exports', () => {
  it('exports a group: BOM, ";" separator, French statuses, "—" for an unknown date, formulas neutralised', async () => {
    const { teacher, group, entries } = await levelWithGroup();
    await ctx.db
      .updateTable('group_activities')
      .set({ status: 'completed', completed_at: '2026-11-02T08:30:15.000Z', score: 87.5 })
      .where('id', '=', entries[1])
      .execute();
    const client = await signInAs(ctx, teacher);
    const overview = (await client.get(`/api/user/groupoverview/${group.id}`)).json();
    expect(overview.lessons[0].activities[1]).toMatchObject({ status: 'completed', score: 87.5 });
    const response = await client.get(`/api/user/groupexport/${group.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="groupe-${group.id}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Leçon;Séance;Activité;Statut;Terminée le (UTC);Score',
      'Les sons;Séance A;Écouter;Terminée;—;',
      'Les sons;Séance A;"Répéter; deux fois";Terminée;2026-11-02 08:30;87,5',
      "'=Leçon piégée;Séance B;Lire;À faire;;",
      '',
    ]);
  });

  it('exports every group the teacher owns in a level, and no one else’s', async () => {
    const { level, teacher, group } = await levelWithGroup();
    const second = await createGroup(ctx.db, teacher.id, level.id, 'CE1 B');
    const stranger = await createTeacher(ctx.db, { levelIds: [level.id] });
    await createGroup(ctx.db, stranger.id, level.id, 'CE1 Z');
    const client = await signInAs(ctx, teacher);
    const response = await client.get(`/api/user/levelexport/${level.id}`);
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Groupe;Leçon;Séance;Activité;Statut;Terminée le (UTC);Score');
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['CE1 A', 'CE1 A', 'CE1 A']);
    expect(second.id).not.toBe(group.id); // a group without entries yet adds no line

    const outsider = await createTeacher(ctx.db);
    const refused = await (await signInAs(ctx, outsider)).get(`/api/user/levelexport/${level.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await client.get('/api/user/levelexport/abc')).statusCode).toBe(400);
  });
});
