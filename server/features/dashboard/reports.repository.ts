// SQL of the dashboard's reports: licences to renew, completions and active groups per week, schools
// ranked by completions per group, and one school's usage. Each is one set-based query over indexes
// or the running totals of migration 005, so it stays fast with millions of progress rows.
import { sql } from 'kysely';
import { isoDay, licenceDaysLeft } from '../../../common/licence.js';
import type { ActivityWeek, Licence, SchoolActivity, SchoolUsage } from '../../../common/schemas/insights.js';
import type { Db } from '../../db/database.js';

const DAY_MS = 86_400_000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export const LICENCE_HORIZON_DAYS = 90;

/** Active licences ending within 90 days (today included), and those past their end but still active. */
export async function selectLicencesToRenew(db: Db, now: Date): Promise<Licence[]> {
  const today = isoDay(now);
  const rows = await db
    .selectFrom('schools')
    .select(['id', 'name', 'city', 'license_end_date'])
    .where('active_license', '=', 1)
    .where('license_end_date', '<=', isoDay(addDays(now, LICENCE_HORIZON_DAYS)))
    .orderBy('license_end_date')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    city: row.city,
    endDate: row.license_end_date,
    daysLeft: licenceDaysLeft(row.license_end_date, today),
  }));
}

export const WEEKS = 12;

/** Monday 00:00 UTC of the week holding `date`. */
function weekStart(date: Date): Date {
  const day = new Date(`${isoDay(date)}T00:00:00Z`);
  return addDays(day, -((day.getUTCDay() + 6) % 7));
}

/** Completions and active groups (at least one completion) in each of the last 12 weeks, this one
 * included: at most 12 rows of the weekly totals. */
export async function selectWeeklyActivity(db: Db, now: Date): Promise<ActivityWeek[]> {
  const current = weekStart(now);
  const starts = Array.from({ length: WEEKS }, (_, i) => isoDay(addDays(current, 7 * (i - WEEKS + 1))));
  const rows = await db
    .selectFrom('activity_weeks')
    .select(['week_start', 'completions', 'active_groups'])
    .where('week_start', '>=', starts[0]!)
    .execute();
  const byWeek = new Map(rows.map((row) => [row.week_start, row]));
  return starts.map((start) => ({
    weekStart: start,
    completions: Number(byWeek.get(start)?.completions ?? 0),
    activeGroups: Number(byWeek.get(start)?.active_groups ?? 0),
  }));
}

export const RANKING_DAYS = 30;
export const RANKING_SIZE = 10;

type SchoolRate = Omit<SchoolActivity, 'name' | 'city'>;

/** Every school with at least one group: its groups, and their completions over the last 30 days
 * (today and the 29 days before, UTC), from the per school and day totals. Two reads joined here:
 * SQLite would join the two aggregates by scanning one for each row of the other. */
async function selectSchoolRates(db: Db, now: Date): Promise<SchoolRate[]> {
  const since = isoDay(addDays(now, 1 - RANKING_DAYS));
  const groups = await db
    .selectFrom('class_groups as g')
    .innerJoin('users as u', 'u.id', 'g.teacher_id')
    .select((eb) => ['u.school_id', eb.fn.countAll<number>().as('groups')])
    .where('u.school_id', 'is not', null)
    .groupBy('u.school_id')
    .execute();
  // Grouped on an expression: SQLite would otherwise walk the whole table in school_id index
  // order to skip a sort, instead of reading only the last 30 days by primary key.
  const recent = await db
    .selectFrom('activity_school_days')
    .select((eb) => [sql<number>`school_id + 0`.as('school_id'), eb.fn.sum<number>('completions').as('done')])
    .where('day', '>=', since)
    .groupBy(sql`school_id + 0`)
    .execute();
  const done = new Map(recent.map((row) => [Number(row.school_id), Number(row.done)]));
  return groups.map((row) => {
    const id = Number(row.school_id);
    const count = Number(row.groups);
    const completions = done.get(id) ?? 0;
    return { id, groups: count, completions, perGroup: round1(completions / count) };
  });
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The ten most active schools over 30 days, and the ten least active among the others (fewest first). */
export async function selectSchoolRanking(db: Db, now: Date) {
  const byRate = (a: SchoolRate, b: SchoolRate) =>
    b.completions / b.groups - a.completions / a.groups || b.completions - a.completions || a.id - b.id;
  const sorted = (await selectSchoolRates(db, now)).sort(byRate);
  const most = sorted.slice(0, RANKING_SIZE);
  const least = sorted.slice(RANKING_SIZE).reverse().slice(0, RANKING_SIZE);
  const ids = [...most, ...least].map((school) => school.id);
  const names =
    ids.length === 0
      ? []
      : await db.selectFrom('schools').select(['id', 'name', 'city']).where('id', 'in', ids).execute();
  const byId = new Map(names.map((row) => [row.id, row]));
  const named = (rates: SchoolRate[]): SchoolActivity[] =>
    rates.map((rate) => ({
      ...rate,
      name: byId.get(rate.id)?.name ?? '',
      city: byId.get(rate.id)?.city ?? '',
    }));
  return { most: named(most), least: named(least) };
}

/** One school over the last 30 days: teachers who signed in, groups with a completion, completions. */
export async function selectSchoolUsage(db: Db, schoolId: number, now: Date): Promise<SchoolUsage> {
  const since = addDays(now, -RANKING_DAYS).toISOString();
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users as u')
        .select(eb.fn.countAll<number>().as('c'))
        .where('u.school_id', '=', schoolId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('audit_log as a')
              .select(sql.lit(1).as('one'))
              .whereRef('a.actor_id', '=', 'u.id')
              .where('a.created_at', '>=', since)
              .where('a.action', '=', 'auth.login'),
          ),
        )
        .as('teachers'),
      eb
        .selectFrom('group_activities as ga')
        .innerJoin('class_groups as g', 'g.id', 'ga.group_id')
        .innerJoin('users as u', 'u.id', 'g.teacher_id')
        .select((inner) => inner.fn.count<number>('ga.group_id').distinct().as('c'))
        .where('u.school_id', '=', schoolId)
        .where('ga.completed_at', '>=', since)
        .as('groups'),
      eb
        .selectFrom('group_activities as ga')
        .innerJoin('class_groups as g', 'g.id', 'ga.group_id')
        .innerJoin('users as u', 'u.id', 'g.teacher_id')
        .select(eb.fn.countAll<number>().as('c'))
        .where('u.school_id', '=', schoolId)
        .where('ga.completed_at', '>=', since)
        .as('completions'),
    ])
    .executeTakeFirstOrThrow();
  return {
    since: isoDay(addDays(now, -RANKING_DAYS)),
    teachersSignedIn: Number(row.teachers),
    activeGroups: Number(row.groups),
    completions: Number(row.completions),
  };
}
