// Factories: rows with sensible defaults, used by tests and by the seed scripts. Each returns what
// a test needs next (ids, and the plain password for users).
import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { NewSchool, NewUser } from '../db/schema.js';
import { hashPassword } from '../features/auth/password.js';
import { insertUser } from '../features/auth/user.repository.js';

const nowIso = () => new Date().toISOString();
const unique = () => crypto.randomBytes(4).toString('hex');
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const DEFAULT_PASSWORD = 'password123';

// Hashing is slow on purpose; tests hash the default password once.
let defaultHash: Promise<string> | undefined;
async function passwordHashFor(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

export async function createSchool(db: Db, values: Partial<NewSchool> = {}): Promise<{ id: number }> {
  const row = await db
    .insertInto('schools')
    .values({
      name: `École ${unique()}`,
      city: 'Lyon',
      email: '',
      telephone: '0102030405',
      website: '',
      address: '',
      remarque: '',
      active_license: 1,
      license_start_date: daysFromToday(-30),
      license_end_date: daysFromToday(335),
      license_payment_date: today(),
      created_at: nowIso(),
      updated_at: nowIso(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row;
}

export type CreatedUser = { id: number; email: string; password: string; name: string };

async function createUser(db: Db, values: Partial<NewUser> & { password?: string }): Promise<CreatedUser> {
  const { password = DEFAULT_PASSWORD, ...rest } = values;
  const user: NewUser = {
    email: `user-${unique()}@example.test`,
    name: `User ${unique()}`,
    firstname: 'Test',
    telephone: '0600000000',
    password_hash: await passwordHashFor(password),
    role: 'teacher',
    active: 1,
    school_id: null,
    group_limit: null,
    remarque: '',
    totp_secret: null,
    totp_enabled: 0,
    totp_last_step: null,
    created_at: nowIso(),
    updated_at: nowIso(),
    ...rest,
  };
  const id = await insertUser(db, user);
  return { id, email: user.email.toLowerCase(), password, name: user.name };
}

export function createAdmin(db: Db, values: Partial<NewUser> & { password?: string } = {}) {
  return createUser(db, { role: 'admin', name: `Admin ${unique()}`, ...values });
}

/** A teacher in a school with a valid licence (a new school unless one is given). */
export async function createTeacher(
  db: Db,
  values: Partial<NewUser> & { password?: string; levelIds?: number[] } = {},
): Promise<CreatedUser & { schoolId: number }> {
  const { levelIds = [], ...rest } = values;
  const schoolId = rest.school_id ?? (await createSchool(db)).id;
  const teacher = await createUser(db, { role: 'teacher', ...rest, school_id: schoolId });
  if (levelIds.length > 0) {
    await db
      .insertInto('teacher_levels')
      .values(levelIds.map((levelId) => ({ user_id: teacher.id, level_id: levelId })))
      .execute();
  }
  return { ...teacher, schoolId };
}

export { daysFromToday, today };

// Curriculum rows. Files are not written here: tests that need real package or PDF bytes store
// them through the upload flow or the file store and pass the key/hash.

export async function createLevel(db: Db, title = `Niveau ${unique()}`): Promise<{ id: number }> {
  return db
    .insertInto('levels')
    .values({ title, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createPeriod(db: Db, levelId: number, title = `Période ${unique()}`) {
  return db
    .insertInto('periods')
    .values({ level_id: levelId, title, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createLesson(db: Db, periodId: number, title = `Leçon ${unique()}`) {
  return db
    .insertInto('lessons')
    .values({ period_id: periodId, title, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createLessonSession(db: Db, lessonId: number, title = `Séance ${unique()}`) {
  return db
    .insertInto('lesson_sessions')
    .values({ lesson_id: lessonId, title, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createActivity(
  db: Db,
  sessionId: number,
  values: { title?: string; packageHash?: string; sizeBytes?: number } = {},
) {
  return db
    .insertInto('activities')
    .values({
      session_id: sessionId,
      title: values.title ?? `Activité ${unique()}`,
      package_hash: values.packageHash ?? crypto.createHash('sha256').update(unique()).digest('hex'),
      size_bytes: values.sizeBytes ?? 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createPdf(
  db: Db,
  lessonId: number,
  values: { title?: string; fileKey?: string; sizeBytes?: number } = {},
) {
  return db
    .insertInto('pdfs')
    .values({
      lesson_id: lessonId,
      title: values.title ?? `Document ${unique()}`,
      file_key: values.fileKey ?? `pdfs/${unique()}.pdf`,
      size_bytes: values.sizeBytes ?? 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createGroup(db: Db, teacherId: number, levelId: number, title = `Groupe ${unique()}`) {
  return db
    .insertInto('class_groups')
    .values({ teacher_id: teacherId, level_id: levelId, title, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}
