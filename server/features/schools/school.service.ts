// School rules: create, edit, licence toggle and delete, each in one transaction with its audit row.
import { schoolMessages } from '../../../common/messages/admin.js';
import { dropUndefined } from '../../../common/schemas/admin-fields.js';
import type { School, SchoolCreate, SchoolEdit } from '../../../common/schemas/schools.js';
import type { Db } from '../../db/database.js';
import type { NewSchool, SchoolRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import { auditChanges } from '../audit/audit-changes.js';
import { licenceLetsTeachersIn } from './licence.js';
import { presentSchool } from './school.presenter.js';
import {
  countTeachersOfSchool,
  deleteSchoolById,
  deleteSessionsOfSchool,
  findSchoolById,
  findSchoolWithCounts,
  insertSchool,
  updateSchool,
} from './school.repository.js';

const ENTITY = 'school';

async function loadSchool(db: Db, id: number): Promise<SchoolRow> {
  const school = await findSchoolById(db, id);
  if (!school) throw notFound(schoolMessages.notFound);
  return school;
}

async function presentById(db: Db, id: number): Promise<School> {
  const row = await findSchoolWithCounts(db, id);
  if (!row) throw notFound(schoolMessages.notFound);
  return presentSchool(row);
}

/** Spec field names -> columns, for the fields present in a create or edit body. */
function toColumns(input: SchoolEdit): Partial<NewSchool> {
  const columns: Partial<NewSchool> = {
    name: input.schoolName,
    city: input.city,
    email: input.email,
    telephone: input.telephone,
    website: input.website,
    address: input.addres,
    remarque: input.remarque,
    license_start_date: input.licensestartdate,
    license_end_date: input.licensesddate,
    license_payment_date: input.licensespaymentdate,
    active_license: input.activelicense === undefined ? undefined : input.activelicense ? 1 : 0,
  };
  return dropUndefined(columns);
}

export async function createSchool(db: Db, actorId: number, input: SchoolCreate): Promise<School> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const columns = toColumns(input) as NewSchool;
    const id = await insertSchool(trx, { ...columns, created_at: now, updated_at: now });
    await recordAudit(trx, {
      actorId,
      action: 'school.create',
      entity: ENTITY,
      entityId: id,
      details: { name: input.schoolName },
    });
    return presentById(trx, id);
  });
}

export async function editSchool(db: Db, actorId: number, id: number, input: SchoolEdit): Promise<School> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const current = await loadSchool(trx, id);
    const changes = toColumns(input);
    const next = { ...current, ...changes };
    if (next.license_end_date < next.license_start_date) throw badRequest(schoolMessages.endBeforeStart);
    if (Object.keys(changes).length > 0) {
      await updateSchool(trx, id, { ...changes, updated_at: now.toISOString() });
      if (licenceLetsTeachersIn(current, now) && !licenceLetsTeachersIn(next, now)) {
        await deleteSessionsOfSchool(trx, id);
      }
      await recordAudit(trx, {
        actorId,
        action: 'school.update',
        entity: ENTITY,
        entityId: id,
        details: { name: next.name, fields: Object.keys(input), ...auditChanges(current, changes) },
      });
    }
    return presentById(trx, id);
  });
}

/** Flips the licence; switching it off signs the school's teachers out at once. */
export async function toggleSchoolLicence(db: Db, actorId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await loadSchool(trx, id);
    const active = current.active_license !== 1;
    await updateSchool(trx, id, { active_license: active ? 1 : 0, updated_at: new Date().toISOString() });
    if (!active) await deleteSessionsOfSchool(trx, id);
    await recordAudit(trx, {
      actorId,
      action: active ? 'school.activate' : 'school.deactivate',
      entity: ENTITY,
      entityId: id,
      details: { name: current.name },
    });
    return active;
  });
}

/** Deletes the school and, through the cascading keys, its teachers, their groups, progress and sessions. */
export async function deleteSchool(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const school = await loadSchool(trx, id);
    const teachers = await countTeachersOfSchool(trx, id);
    await deleteSchoolById(trx, id);
    await recordAudit(trx, {
      actorId,
      action: 'school.delete',
      entity: ENTITY,
      entityId: id,
      details: { name: school.name, teachersDeleted: teachers },
    });
  });
}
