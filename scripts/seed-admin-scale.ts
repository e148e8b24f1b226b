// Seeds the admin lists at scale (docs/decisions.md#performance-budgets): 5,000 schools and 50,000 teachers by default, with
// levels, teacher levels and some groups, in batched inserts inside one transaction. The password is
// hashed once and reused (every seeded teacher signs in with SEED_PASSWORD).
// Usage: `npm run seed:admin-scale` (DATA_DIR / DATABASE_URL pick the database, as for the server),
// optionally `-- --schools 5000 --teachers 50000`.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config.js';
import { type Db, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { NewSchool, NewUser } from '../server/db/schema.js';
import { hashPassword } from '../server/features/auth/password.js';
import { newAccountColumns } from '../server/features/auth/user.repository.js';

export const SEED_PASSWORD = 'scale-password-123';
const BATCH = 500;

const FIRST_NAMES = ['Lucie', 'Hugo', 'Emma', 'Louis', 'Chloé', 'Jules', 'Léa', 'Arthur', 'Manon', 'Gabriel'];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
];
const CITIES = [
  'Lyon',
  'Paris',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Lille',
  'Rennes',
  'Nice',
  'Grenoble',
  'Dijon',
];

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

export type ScaleCounts = { schools: number; teachers: number; levels?: number; groupsPerTeacher?: number };

export async function seedAdminScale(db: Db, counts: ScaleCounts): Promise<void> {
  const { schools, teachers, levels = 12, groupsPerTeacher = 1 } = counts;
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const now = new Date().toISOString();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const tag = Date.now().toString(36);

  await db.transaction().execute(async (trx) => {
    const levelIds = (
      await trx
        .insertInto('levels')
        .values(Array.from({ length: levels }, (_, i) => ({ title: `Niveau ${i + 1}`, created_at: now })))
        .returning('id')
        .execute()
    ).map((row) => row.id);

    const schoolRows: NewSchool[] = Array.from({ length: schools }, (_, i) => ({
      name: `École ${LAST_NAMES[i % 10]} ${i + 1}`,
      city: CITIES[(i * 7) % 10]!,
      email: `ecole${i + 1}.${tag}@scale.test`,
      telephone: `04 ${String(10_000_000 + i).slice(-8)}`,
      website: `ecole${i + 1}.scale.test`,
      address: `${i + 1} rue de l’École`,
      remarque: '',
      active_license: i % 5 === 0 ? 0 : 1,
      license_start_date: day(-30),
      license_end_date: day(335),
      license_payment_date: day(-30),
      created_at: now,
      updated_at: now,
    }));
    const schoolIds: number[] = [];
    await insertInBatches(schoolRows, async (batch) => {
      const rows = await trx.insertInto('schools').values(batch).returning('id').execute();
      schoolIds.push(...rows.map((row) => row.id));
    });

    const teacherRows: NewUser[] = Array.from({ length: teachers }, (_, i) => ({
      ...newAccountColumns(now),
      email: `teacher${i + 1}.${tag}@scale.test`,
      name: LAST_NAMES[(i * 3) % 10]!,
      firstname: FIRST_NAMES[i % 10]!,
      telephone: `06 ${String(10_000_000 + i).slice(-8)}`,
      password_hash: passwordHash,
      role: 'teacher',
      active: i % 17 === 0 ? 0 : 1,
      school_id: schoolIds[i % schoolIds.length] ?? null,
      group_limit: i % 3 === 0 ? null : 5,
    }));
    const teacherIds: number[] = [];
    await insertInBatches(teacherRows, async (batch) => {
      const rows = await trx.insertInto('users').values(batch).returning('id').execute();
      teacherIds.push(...rows.map((row) => row.id));
    });

    const teacherLevels = teacherIds.flatMap((userId, i) => [
      { user_id: userId, level_id: levelIds[i % levelIds.length]! },
      { user_id: userId, level_id: levelIds[(i + 1) % levelIds.length]! },
    ]);
    await insertInBatches(teacherLevels, (batch) => trx.insertInto('teacher_levels').values(batch).execute());

    const groups = teacherIds.flatMap((teacherId, i) =>
      Array.from({ length: groupsPerTeacher }, (_, g) => ({
        teacher_id: teacherId,
        level_id: levelIds[i % levelIds.length]!,
        title: `Groupe ${g + 1}`,
        created_at: now,
      })),
    );
    await insertInBatches(groups, (batch) => trx.insertInto('class_groups').values(batch).execute());
  });
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    const counts = { schools: argument('schools', 5_000), teachers: argument('teachers', 50_000) };
    const started = performance.now();
    await seedAdminScale(db, counts);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${counts.schools} schools and ${counts.teachers} teachers in ${seconds} s (password: ${SEED_PASSWORD}).`,
    );
  } finally {
    await db.destroy();
  }
}
