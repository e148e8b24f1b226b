// Teacher rules: create, edit, activate/deactivate and delete, each in one transaction with its audit
// row. Deactivation, deletion and a password change sign the teacher out everywhere at once.
import { teacherMessages } from '../../../common/messages/admin.js';
import type { SignInLink, TeacherInvite } from '../../../common/schemas/account-access.js';
import { dropUndefined } from '../../../common/schemas/admin-fields.js';
import type { Teacher, TeacherCreate, TeacherEdit } from '../../../common/schemas/teachers.js';
import type { Db } from '../../db/database.js';
import type { NewUser, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, conflict, notFound } from '../../http-error.js';
import { auditChanges } from '../audit/audit-changes.js';
import { entityAudit } from '../audit/entity-audit.js';
import {
  deleteSessionsOfUser,
  deliverLink,
  hashPassword,
  insertUser,
  isEmailTaken,
  issueSignInLink,
  NO_PASSWORD,
  newAccountColumns,
} from '../auth/accounts.service.js';
import { levelsExist } from '../curriculum/curriculum.service.js';
import type { Mailer } from '../mail/mailer.js';
import { schoolExists } from '../schools/school.service.js';
import { presentTeacher } from './teacher.presenter.js';
import {
  deleteTeacherById,
  findTeacherById,
  findTeacherRow,
  listEntProviders,
  listTeacherLevels,
  replaceTeacherLevels,
  updateTeacher,
} from './teacher.repository.js';

type TeacherVerb = 'create' | 'invite' | 'reset-link' | 'update' | 'activate' | 'deactivate' | 'delete';
const auditTeacher = entityAudit<TeacherVerb>('teacher');

async function loadTeacher(db: Db, id: number): Promise<UserRow> {
  const teacher = await findTeacherById(db, id);
  if (!teacher) throw notFound(teacherMessages.notFound);
  return teacher;
}

export async function presentTeacherById(db: Db, id: number): Promise<Teacher> {
  const row = await findTeacherRow(db, id);
  if (!row) throw notFound(teacherMessages.notFound);
  const providers = await listEntProviders(db, id);
  return presentTeacher(
    row,
    await listTeacherLevels(db, id),
    providers.map((p) => p.provider),
  );
}

/** A teacher's level titles, in the list's order. */
export async function listTeacherLevelTitles(db: Db, id: number): Promise<string[]> {
  return (await listTeacherLevels(db, id)).map((level) => level.title);
}

/** Checks what the body points at: a free email, an existing school, existing levels. */
async function checkReferences(
  db: Db,
  input: { email?: string; schoolId?: number; levelIds?: number[] },
  exceptId?: number,
): Promise<void> {
  if (input.email !== undefined && (await isEmailTaken(db, input.email, exceptId))) {
    throw conflict(teacherMessages.emailTaken);
  }
  if (input.schoolId !== undefined && !(await schoolExists(db, input.schoolId))) {
    throw badRequest(teacherMessages.schoolUnknown);
  }
  if (input.levelIds && !(await levelsExist(db, input.levelIds))) {
    throw badRequest(teacherMessages.levelUnknown);
  }
}

/** A concurrent save of the same email loses the race at the unique index: still a clear 409. */
async function withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(teacherMessages.emailTaken);
    throw error;
  }
}

/** Inserts a teacher account with its levels and its audit row (inside the caller's transaction). */
async function insertTeacherAccount(
  trx: Db,
  actorId: number,
  input: TeacherInvite,
  passwordHash: string,
  verb: Extract<TeacherVerb, 'create' | 'invite'>,
): Promise<number> {
  await checkReferences(trx, { email: input.Email, schoolId: input.school, levelIds: input.levels });
  const id = await insertUser(trx, {
    ...newAccountColumns(new Date().toISOString()),
    email: input.Email,
    name: input.name,
    firstname: input.firstname,
    telephone: input.telephone,
    password_hash: passwordHash,
    role: 'teacher',
    active: input.compteactife ? 1 : 0,
    school_id: input.school,
    group_limit: input.Groups,
    remarque: input.remarque,
  });
  await replaceTeacherLevels(trx, id, input.levels);
  await auditTeacher(trx, actorId, verb, id, {
    email: input.Email,
    schoolId: input.school,
    levelIds: input.levels,
  });
  return id;
}

export async function createTeacher(db: Db, actorId: number, input: TeacherCreate): Promise<Teacher> {
  // Hashing is slow on purpose: do it before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  return withEmailConflict(() =>
    db.transaction().execute(async (trx) => {
      const id = await insertTeacherAccount(trx, actorId, input, passwordHash, 'create');
      return presentTeacherById(trx, id);
    }),
  );
}

/** Where links point and how they leave: the app's public URL and its mailer (null: no SMTP). */
export type LinkContext = { publicUrl: string; mailer: Mailer | null };

/** Creates a teacher without a password: the answer carries a one-time link to choose one. */
export async function inviteTeacher(
  db: Db,
  actorId: number,
  input: TeacherInvite,
  context: LinkContext,
): Promise<{ teacher: Teacher; link: SignInLink }> {
  const { teacher, issued } = await withEmailConflict(() =>
    db.transaction().execute(async (trx) => {
      const id = await insertTeacherAccount(trx, actorId, input, NO_PASSWORD, 'invite');
      const issued = await issueSignInLink(trx, {
        userId: id,
        purpose: 'invite',
        ...context,
        now: new Date(),
        mailNow: true,
      });
      return { teacher: await presentTeacherById(trx, id), issued };
    }),
  );
  return { teacher, link: await deliverLink(issued, context.mailer) };
}

/** "Mot de passe oublié": a new one-time link for this teacher to choose a password (older links
 * stop working; the current password keeps working until a new one is chosen). */
export async function issueTeacherResetLink(
  db: Db,
  actorId: number,
  id: number,
  context: LinkContext,
): Promise<SignInLink> {
  const issued = await db.transaction().execute(async (trx) => {
    await loadTeacher(trx, id);
    const issued = await issueSignInLink(trx, {
      userId: id,
      purpose: 'reset',
      ...context,
      now: new Date(),
      mailNow: true,
    });
    await auditTeacher(trx, actorId, 'reset-link', id, { emailed: issued.email !== null });
    return issued;
  });
  return deliverLink(issued, context.mailer);
}

export async function editTeacher(db: Db, actorId: number, id: number, input: TeacherEdit): Promise<Teacher> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const schoolId = typeof input.school === 'number' ? input.school : undefined;
  return withEmailConflict(() =>
    db.transaction().execute(async (trx) => {
      const current = await loadTeacher(trx, id);
      await checkReferences(trx, { email: input.Email, schoolId, levelIds: input.levels }, id);
      const changes: Partial<NewUser> = {
        name: input.name,
        firstname: input.firstname,
        email: input.Email,
        telephone: input.telephone,
        school_id: schoolId,
        group_limit: input.Groups === '' ? undefined : input.Groups,
        remarque: input.remarque,
        password_hash: passwordHash,
        active: input.compteactife === undefined ? undefined : input.compteactife ? 1 : 0,
      };
      const columns = dropUndefined(changes);
      // A change of levels only is a change of the account too (an import checks updated_at).
      if (Object.keys(columns).length > 0 || input.levels) {
        await updateTeacher(trx, id, { ...columns, updated_at: new Date().toISOString() });
      }
      if (input.levels) await replaceTeacherLevels(trx, id, input.levels);
      const deactivated = current.active === 1 && input.compteactife === false;
      if (passwordHash || deactivated) await deleteSessionsOfUser(trx, id);
      if (Object.keys(input).length > 0) {
        const { password: _password, ...visible } = input;
        await auditTeacher(trx, actorId, 'update', id, {
          email: input.Email ?? current.email,
          fields: Object.keys(visible),
          passwordChanged: Boolean(passwordHash),
          // The password hash stays out of the log.
          ...auditChanges(current, { ...columns, password_hash: undefined }),
        });
      }
      return presentTeacherById(trx, id);
    }),
  );
}

/** Flips the account's active flag; deactivating signs the teacher out at once. */
export async function toggleTeacherActive(db: Db, actorId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await loadTeacher(trx, id);
    const active = current.active !== 1;
    await updateTeacher(trx, id, { active: active ? 1 : 0, updated_at: new Date().toISOString() });
    if (!active) await deleteSessionsOfUser(trx, id);
    await auditTeacher(trx, actorId, active ? 'activate' : 'deactivate', id, { email: current.email });
    return active;
  });
}

/** Deletes the account and, through the cascading keys, its groups, their progress, levels and sessions. */
export async function deleteTeacher(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const teacher = await loadTeacher(trx, id);
    await deleteTeacherById(trx, id);
    await auditTeacher(trx, actorId, 'delete', id, { email: teacher.email, name: teacher.name });
  });
}
