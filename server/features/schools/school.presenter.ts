// Turns school rows (snake_case SQL) into the spec's School JSON (docs/product.md#entities-and-their-fields), with the ENT fields.
import type { SubscriptionState } from '../../../common/schemas/ent.js';
import type { School } from '../../../common/schemas/schools.js';
import type { SchoolWithCounts } from './school.repository.js';

export type SchoolExtras = {
  levels: Array<{ id: number; title: string }>;
  subscription: SubscriptionState | null;
};

/** The CAS attribute mapping as stored ('' = none). */
export const parseCasAttributes = (stored: string): Record<string, string> =>
  stored ? (JSON.parse(stored) as Record<string, string>) : {};

export function presentSchool(row: SchoolWithCounts, extras: SchoolExtras): School {
  return {
    id: row.id,
    schoolName: row.name,
    city: row.city,
    email: row.email,
    telephone: row.telephone,
    website: row.website,
    addres: row.address,
    remarque: row.remarque,
    activelicense: row.active_license === 1,
    licensestartdate: row.license_start_date,
    licensesddate: row.license_end_date,
    licensespaymentdate: row.license_payment_date,
    uai: row.uai ?? '',
    signInMethod: row.sign_in_method,
    casUrl: row.cas_url,
    casAttributes: parseCasAttributes(row.cas_attributes),
    levels: extras.levels,
    groupQuota: row.default_group_limit,
    subscription: extras.subscription,
    teacherCount: Number(row.teacher_count ?? 0),
    groupCount: Number(row.group_count ?? 0),
  };
}
