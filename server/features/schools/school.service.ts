// School rules: create, edit, licence toggle and delete, each in one transaction with its audit row
// and, when the licence changes what the GAR should hold, the subscription to send.
import { schoolMessages, teacherMessages } from '../../../common/messages/admin.js';
import { entMessages } from '../../../common/messages/ent.js';
import { dropUndefined } from '../../../common/schemas/admin-fields.js';
import type { School, SchoolCreate, SchoolEdit } from '../../../common/schemas/schools.js';
import type { GarSubscriptionsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { NewSchool, SchoolRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, conflict, notFound } from '../../http-error.js';
import { auditChanges } from '../audit/audit-changes.js';
import { entityAudit } from '../audit/entity-audit.js';
import { levelsExist } from '../curriculum/curriculum.service.js';
import { privateAddressOf } from '../ent/cas-address.js';
import { planSubscription, subscriptionStates } from '../gar-subscriptions/subscription.service.js';
import { forgetPupilsOfSchool } from '../pupil-admin/pupil-admin.service.js';
import { licenceLetsTeachersIn } from './licence.js';
import { presentSchool } from './school.presenter.js';
import {
  countTeachersOfSchool,
  deleteSchoolById,
  deleteSessionsOfSchool,
  findSchoolById,
  findSchoolWithCounts,
  insertSchool,
  isUaiTaken,
  listSchoolLevels,
  listSchoolsWithCounts,
  replaceSchoolLevels,
  updateSchool,
} from './school.repository.js';

// Whether a school has this id: a teacher's school, a school's report.
export { schoolExists } from './school.repository.js';

const auditSchool = entityAudit<'create' | 'update' | 'activate' | 'deactivate' | 'delete'>('school');

/** What the school rules need besides the database: where subscriptions go (unset = nowhere), and
 * whether a CAS server may be at a private address. */
export type SchoolContext = {
  db: Db;
  subscriptions: GarSubscriptionsConfig | undefined;
  casAllowPrivateAddresses: boolean;
};

async function loadSchool(db: Db, id: number): Promise<SchoolRow> {
  const school = await findSchoolById(db, id);
  if (!school) throw notFound(schoolMessages.notFound);
  return school;
}

/** Every school as the list shows it, in a fixed number of queries. */
export async function listSchools(db: Db): Promise<School[]> {
  const [rows, levels, states] = await Promise.all([
    listSchoolsWithCounts(db),
    listSchoolLevels(db),
    subscriptionStates(db),
  ]);
  const levelsOf = new Map<number, Array<{ id: number; title: string }>>();
  for (const level of levels) {
    const list = levelsOf.get(level.school_id) ?? [];
    list.push({ id: level.id, title: level.title });
    levelsOf.set(level.school_id, list);
  }
  return rows.map((row) =>
    presentSchool(row, { levels: levelsOf.get(row.id) ?? [], subscription: states.get(row.id) ?? null }),
  );
}

async function presentById(db: Db, id: number): Promise<School> {
  const row = await findSchoolWithCounts(db, id);
  if (!row) throw notFound(schoolMessages.notFound);
  const levels = await listSchoolLevels(db, id);
  const states = await subscriptionStates(db, [id]);
  return presentSchool(row, {
    levels: levels.map(({ id: levelId, title }) => ({ id: levelId, title })),
    subscription: states.get(id) ?? null,
  });
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
    uai: input.uai === undefined ? undefined : input.uai || null,
    sign_in_method: input.signInMethod,
    cas_url: input.casUrl,
    cas_attributes:
      input.casAttributes === undefined
        ? undefined
        : Object.keys(input.casAttributes).length === 0
          ? ''
          : JSON.stringify(input.casAttributes),
    default_group_limit: input.groupQuota,
  };
  return dropUndefined(columns);
}

/** A UAI names one school: a clear 409 when it is taken, also when a concurrent save wins the race
 * at the unique index. */
async function withUaiConflict<T>(
  db: Db,
  uai: string | null | undefined,
  exceptId: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (uai && (await isUaiTaken(db, uai, exceptId))) throw conflict(schoolMessages.uaiTaken);
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(schoolMessages.uaiTaken);
    throw error;
  }
}

/** A CAS server Ardoise is to call must be on the Internet (cas-address.ts), unless allowed. */
async function checkCasUrl(ctx: SchoolContext, casUrl: string | undefined): Promise<void> {
  if (!casUrl || ctx.casAllowPrivateAddresses) return;
  const address = await privateAddressOf(casUrl);
  if (address) throw badRequest(entMessages.casUrlPrivate(address));
}

async function checkLevels(db: Db, levelIds: number[] | undefined): Promise<void> {
  if (levelIds && !(await levelsExist(db, levelIds))) {
    throw badRequest(teacherMessages.levelUnknown);
  }
}

export async function createSchool(
  ctx: SchoolContext,
  actorId: number,
  input: SchoolCreate,
): Promise<School> {
  const { db } = ctx;
  const now = new Date().toISOString();
  const columns = toColumns(input) as NewSchool;
  await checkCasUrl(ctx, columns.cas_url);
  return withUaiConflict(db, columns.uai, undefined, () =>
    db.transaction().execute(async (trx) => {
      await checkLevels(trx, input.levels);
      const id = await insertSchool(trx, { ...columns, created_at: now, updated_at: now });
      await replaceSchoolLevels(trx, id, input.levels);
      await planSubscription(trx, ctx.subscriptions, await loadSchool(trx, id));
      await auditSchool(trx, actorId, 'create', id, { name: input.schoolName });
      return presentById(trx, id);
    }),
  );
}

export async function editSchool(
  ctx: SchoolContext,
  actorId: number,
  id: number,
  input: SchoolEdit,
): Promise<School> {
  const { db } = ctx;
  const now = new Date();
  const { levels, ...fields } = input;
  const changes = toColumns(fields);
  await checkCasUrl(ctx, changes.cas_url);
  return withUaiConflict(db, changes.uai, id, () =>
    db.transaction().execute(async (trx) => {
      const current = await loadSchool(trx, id);
      const next = { ...current, ...changes };
      if (next.license_end_date < next.license_start_date) throw badRequest(schoolMessages.endBeforeStart);
      if (next.sign_in_method === 'cas' && !next.cas_url) throw badRequest(entMessages.casUrlRequired);
      await checkLevels(trx, levels);
      const columnChanges = auditChanges(current, changes);
      // A change of levels only is a change of the school too (an import checks updated_at).
      if (Object.keys(changes).length > 0 || levels) {
        await updateSchool(trx, id, { ...changes, updated_at: now.toISOString() });
        if (licenceLetsTeachersIn(current, now) && !licenceLetsTeachersIn(next, now)) {
          await deleteSessionsOfSchool(trx, id);
        }
      }
      if (levels) await replaceSchoolLevels(trx, id, levels);
      if (Object.keys(changes).length > 0 || levels) {
        await planSubscription(trx, ctx.subscriptions, await loadSchool(trx, id));
        await auditSchool(trx, actorId, 'update', id, {
          name: next.name,
          fields: Object.keys(input),
          ...columnChanges,
          ...(levels ? { levels } : {}),
        });
      }
      return presentById(trx, id);
    }),
  );
}

/** Flips the licence; switching it off signs the school's teachers out at once. */
export async function toggleSchoolLicence(ctx: SchoolContext, actorId: number, id: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await loadSchool(trx, id);
    const active = current.active_license !== 1;
    await updateSchool(trx, id, { active_license: active ? 1 : 0, updated_at: new Date().toISOString() });
    if (!active) await deleteSessionsOfSchool(trx, id);
    await planSubscription(trx, ctx.subscriptions, { ...current, active_license: active ? 1 : 0 });
    await auditSchool(trx, actorId, active ? 'activate' : 'deactivate', id, { name: current.name });
    return active;
  });
}

/** Deletes the school and, through the cascading keys, its teachers, their groups, progress and
 * sessions, and its pupils; its GAR subscription is queued for deletion. */
export async function deleteSchool(ctx: SchoolContext, actorId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const school = await loadSchool(trx, id);
    const teachers = await countTeachersOfSchool(trx, id);
    // Its pupils go too (docs/privacy.md): nothing of them is left in the audit log's details.
    const pupils = await forgetPupilsOfSchool(trx, id);
    await planSubscription(trx, ctx.subscriptions, { id, deleted: true });
    await deleteSchoolById(trx, id);
    await auditSchool(trx, actorId, 'delete', id, {
      name: school.name,
      teachersDeleted: teachers,
      ...(pupils > 0 ? { pupilsDeleted: pupils } : {}),
    });
  });
}
