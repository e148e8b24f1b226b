// Turns school rows (snake_case SQL) into the spec's School JSON (SPEC §3).
import type { School } from '../../../common/schemas/schools.js';
import type { SchoolWithCounts } from './school.repository.js';

export function presentSchool(row: SchoolWithCounts): School {
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
    teacherCount: Number(row.teacher_count ?? 0),
    groupCount: Number(row.group_count ?? 0),
  };
}
