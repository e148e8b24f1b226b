// The dashboard's reports on a real database: licences to renew (JSON and CSV), weekly activity,
// school rankings, and one school's usage.

import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '../../../common/messages/http.js';
import {
  activityResponseSchema,
  licencesResponseSchema,
  schoolUsageResponseSchema,
} from '../../../common/schemas/insights.js';
import { backfillCompletionTotals } from '../../db/migrations/2026-11-23-005-insights.js';
import {
  createActivity,
  createActivityEntry,
  createGroup,
  createSchool,
  createSessionPath,
  createTeacher,
  DEFAULT_PASSWORD,
  daysFromToday,
} from '../../fixtures/factories.js';
import { expectShape, signInNewAdmin } from '../../test/admin-helpers.js';
import { setupTestApp, signIn } from '../../test/helper.js';

const ctx = setupTestApp();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A group of a new teacher in `schoolId` with `total` activity entries, `done` of them completed at `at`. */
async function groupWithProgress(schoolId: number, total: number, done: { count: number; at: string }) {
  const { levelId, sessionId } = await createSessionPath(ctx.db);
  const teacher = await createTeacher(ctx.db, { school_id: schoolId, levelIds: [levelId] });
  const group = await createGroup(ctx.db, teacher.id, levelId);
  for (let i = 0; i < total; i++) {
    const activity = await createActivity(ctx.db, sessionId);
    await createActivityEntry(ctx.db, group.id, activity.id, i < done.count ? done.at : undefined);
  }
  return { teacher, group };
}

describe('GET /api/admin/insights/licences', () => {
  it('lists active licences ending within 90 days and past ones still active, soonest first', async () => {
    const admin = await signInNewAdmin(ctx);
    const tag = `Lic-${Date.now()}`;
    const school = (name: string, end: number, active = 1) =>
      createSchool(ctx.db, {
        name: `${tag} ${name}`,
        license_end_date: daysFromToday(end),
        active_license: active,
      });
    await school('dans 45 jours', 45);
    await school('échue il y a 5 jours', -5);
    await school('dans 10 jours', 10);
    await school('dans 90 jours', 90);
    await school('dans 91 jours', 91);
    await school('échue mais désactivée', -5, 0);
    await school('désactivée, dans 10 jours', 10, 0);

    const response = await admin.get('/api/admin/insights/licences');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectShape(licencesResponseSchema, body);
    const mine = body.licences.filter((l: { name: string }) => l.name.startsWith(tag));
    expect(
      mine.map((l: { name: string; daysLeft: number }) => [l.name.slice(tag.length + 1), l.daysLeft]),
    ).toEqual([
      ['échue il y a 5 jours', -5],
      ['dans 10 jours', 10],
      ['dans 45 jours', 45],
      ['dans 90 jours', 90],
    ]);
  });

  it('downloads the same list as a CSV that French Excel opens, formulas neutralised', async () => {
    const admin = await signInNewAdmin(ctx);
    await createSchool(ctx.db, {
      name: '=HYPERLINK("http://x")',
      city: 'Saint-Étienne',
      license_end_date: daysFromToday(3),
    });
    const response = await admin.get('/api/admin/insights/licences.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="licences-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('École;Ville;Fin de licence;Jours restants');
    expect(lines).toContain(`"'=HYPERLINK(""http://x"")";Saint-Étienne;${daysFromToday(3)};3`);
  });
});

describe('GET /api/admin/insights/activity', () => {
  it('counts completions and active groups per week over 12 weeks, and ranks schools over 30 days', async () => {
    const admin = await signInNewAdmin(ctx);
    const busy = await createSchool(ctx.db, { name: 'École très active' });
    const quiet = await createSchool(ctx.db, { name: 'École endormie' });
    await groupWithProgress(busy.id, 4, { count: 4, at: daysAgo(1) });
    await groupWithProgress(busy.id, 2, { count: 2, at: daysAgo(1) });
    await groupWithProgress(quiet.id, 3, { count: 3, at: daysAgo(60) });
    await groupWithProgress(quiet.id, 1, { count: 1, at: daysAgo(200) }); // older than 12 weeks

    const response = await admin.get('/api/admin/insights/activity');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectShape(activityResponseSchema, body);
    expect(body.weeks).toHaveLength(12);
    const mondays = body.weeks.map((w: { weekStart: string }) =>
      new Date(`${w.weekStart}T00:00:00Z`).getUTCDay(),
    );
    expect(new Set(mondays)).toEqual(new Set([1]));
    const weekOf = (iso: string) =>
      body.weeks.findLast((w: { weekStart: string }) => w.weekStart <= iso.slice(0, 10));
    const recent = weekOf(daysAgo(1));
    expect(recent.completions).toBeGreaterThanOrEqual(6);
    expect(recent.activeGroups).toBeGreaterThanOrEqual(2);
    expect(weekOf(daysAgo(60)).completions).toBeGreaterThanOrEqual(3);
    const total = body.weeks.reduce((sum: number, w: { completions: number }) => sum + w.completions, 0);
    expect(total).toBe(9); // the one completed 200 days ago is not counted

    expect(body.mostActive[0]).toMatchObject({ id: busy.id, groups: 2, completions: 6, perGroup: 3 });
    const all = [...body.mostActive, ...body.leastActive];
    expect(all.find((s: { id: number }) => s.id === quiet.id)).toMatchObject({
      groups: 2,
      completions: 0,
      perGroup: 0,
    });
  });
  it('counts a completion made on the learning table at once (the totals follow every completion)', async () => {
    const admin = await signInNewAdmin(ctx);
    const school = await createSchool(ctx.db);
    const { teacher, group } = await groupWithProgress(school.id, 2, { count: 0, at: daysAgo(0) });
    const thisWeek = async () => (await admin.get('/api/admin/insights/activity')).json().weeks.at(-1);
    const before = await thisWeek();
    const entry = await ctx.db
      .selectFrom('group_activities')
      .select('id')
      .where('group_id', '=', group.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    expect((await client.patch(`/api/user/updatePending/${entry.id}`)).statusCode).toBe(200);
    expect((await client.patch(`/api/user/updatePending/${entry.id}`)).statusCode).toBe(200); // counted once
    const after = await thisWeek();
    expect(after.completions).toBe(before.completions + 1);
    expect(after.activeGroups).toBe(before.activeGroups + 1);
    const body = (await admin.get('/api/admin/insights/activity')).json();
    const ranked = [...body.mostActive, ...body.leastActive].find((s: { id: number }) => s.id === school.id);
    expect(ranked).toMatchObject({ groups: 1, completions: 1, perGroup: 1 });
  });
});

describe('completion totals (migration 005)', () => {
  it('fills from existing progress rows the same totals the triggers keep', async () => {
    const admin = await signInNewAdmin(ctx);
    const school = await createSchool(ctx.db);
    await groupWithProgress(school.id, 3, { count: 3, at: daysAgo(3) });
    await groupWithProgress(school.id, 2, { count: 1, at: daysAgo(15) });
    const kept = (await admin.get('/api/admin/insights/activity')).json();
    for (const table of ['activity_group_weeks', 'activity_weeks', 'activity_school_days'] as const) {
      await ctx.db.deleteFrom(table).execute();
    }
    await backfillCompletionTotals(ctx.db as unknown as Kysely<unknown>, ctx.config.database.kind);
    expect((await admin.get('/api/admin/insights/activity')).json()).toEqual(kept);
  });
});

describe('GET /api/admin/schoolusage/:id', () => {
  it('counts the last 30 days: teachers who signed in, groups active, activities completed', async () => {
    const admin = await signInNewAdmin(ctx);
    const school = await createSchool(ctx.db);
    const { teacher } = await groupWithProgress(school.id, 3, { count: 2, at: daysAgo(2) });
    await groupWithProgress(school.id, 2, { count: 2, at: daysAgo(40) });
    await createTeacher(ctx.db, { school_id: school.id }); // never signs in

    const before = (await admin.get(`/api/admin/schoolusage/${school.id}`)).json();
    expectShape(schoolUsageResponseSchema, before);
    expect(before.usage).toMatchObject({ teachersSignedIn: 0, activeGroups: 1, completions: 2 });

    await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    const after = (await admin.get(`/api/admin/schoolusage/${school.id}`)).json();
    expect(after.usage).toMatchObject({ teachersSignedIn: 1, activeGroups: 1, completions: 2 });
    expect(after.usage.since).toBe(daysFromToday(-30));
  });

  it('answers 404 for an unknown school and 400 for an invalid id', async () => {
    const admin = await signInNewAdmin(ctx);
    const unknown = await admin.get('/api/admin/schoolusage/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: httpMessages.notFound });
    const invalid = await admin.get('/api/admin/schoolusage/abc');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ success: false, message: httpMessages.invalidId });
  });
});
