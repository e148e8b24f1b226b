// The licence rule on the server: the rule of common/licence.ts on a school row, and its SQL twin
// beside it (keep them in step): a school's teachers may be signed in only while its licence is
// switched on and today lies within its dates. Admins are not bound by it.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isoDay, licenceState } from '../../../common/licence.js';

export type Licence = {
  active_license: number | null;
  license_start_date: string | null;
  license_end_date: string | null;
};

export type LicenceRefusal = 'inactive' | 'notStarted' | 'expired';

/** Why the licence keeps the school's teachers out on `now`'s day, or null when it lets them in. */
export function licenceRefusal(licence: Licence, now: Date): LicenceRefusal | null {
  const state = licenceState(
    {
      active: licence.active_license === 1,
      start: licence.license_start_date,
      end: licence.license_end_date,
    },
    isoDay(now),
  );
  return state === 'active' ? null : state;
}

export const licenceLetsTeachersIn = (licence: Licence, now: Date): boolean =>
  licenceRefusal(licence, now) === null;

/** The same rule in SQL, on the `schools` row joined as `school` (an alias of the query). */
export function licenceLetsTeachersInSql(school: string, today: string): RawBuilder<SqlBool> {
  const column = (name: keyof Licence) => sql.ref(`${school}.${name}`);
  return sql<SqlBool>`(${column('active_license')} = 1 and ${column('license_start_date')} <= ${today} and ${column('license_end_date')} >= ${today})`;
}
