// The licence rule, once in TypeScript and once in SQL, side by side (keep them in step): a school's
// teachers may be signed in only while its licence is switched on and today lies within its dates.
// Admins are not bound by it. Dates are ISO 'YYYY-MM-DD', so text order is date order.
import { type RawBuilder, type SqlBool, sql } from 'kysely';

export type Licence = {
  active_license: number | null;
  license_start_date: string | null;
  license_end_date: string | null;
};

export type LicenceRefusal = 'inactive' | 'notStarted' | 'expired';

/** The calendar day of `now` in UTC, as the dates are stored. */
export const isoDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Why the licence keeps the school's teachers out on `now`'s day, or null when it lets them in.
 * A missing value refuses, as the SQL's comparisons with NULL do. */
export function licenceRefusal(licence: Licence, now: Date): LicenceRefusal | null {
  const today = isoDay(now);
  if (licence.active_license !== 1) return 'inactive';
  if (licence.license_start_date === null || licence.license_start_date > today) return 'notStarted';
  if (licence.license_end_date === null || licence.license_end_date < today) return 'expired';
  return null;
}

export const licenceLetsTeachersIn = (licence: Licence, now: Date): boolean =>
  licenceRefusal(licence, now) === null;

/** The same rule in SQL, on the `schools` row joined as `school` (an alias of the query). */
export function licenceLetsTeachersInSql(school: string, today: string): RawBuilder<SqlBool> {
  const column = (name: keyof Licence) => sql.ref(`${school}.${name}`);
  return sql<SqlBool>`(${column('active_license')} = 1 and ${column('license_start_date')} <= ${today} and ${column('license_end_date')} >= ${today})`;
}
