// Seeds the insight reports' scale data on top of `npm run seed:admin-scale`: a curriculum of 100
// activities per level, classes up to 100,000 groups, one progress row per group × activity (10
// million), completions spread over two years, licence end dates spread around today, and a year of
// sign-ins in the audit log. Rows are written set-based (INSERT … SELECT), one batch of groups per
// transaction, with the big secondary indexes built once at the end: minutes, not hours.
// Usage: `DATA_DIR=… npm run seed:insights-scale` (or DATABASE_URL=postgres://…), after seed:admin-scale.
import { pathToFileURL } from 'node:url';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { type Db, type DbKind, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { backfillCompletionTotals } from '../server/db/migrations/2026-11-23-005-insights.js';

const GROUPS = 100_000;
const LESSONS_PER_LEVEL = 10;
const ACTIVITIES_PER_LESSON = 10;
const GROUPS_PER_BATCH = 2_000;
const MINUTES_IN_TWO_YEARS = 2 * 365 * 24 * 60;
const SIGN_INS_PER_TEACHER = 20;

/** The indexes of group_activities (as the migrations define them) that the bulk insert drops and
 * builds again at the end, in this order. */
const PROGRESS_INDEXES = [
  { name: 'group_activities_activity_id', columns: ['activity_id'] },
  { name: 'group_activities_completed_at', columns: ['completed_at', 'group_id'] },
];

const log = (message: string) => console.log(`[${(performance.now() / 1000).toFixed(0)} s] ${message}`);

/** An ISO-8601 UTC timestamp `minutes` (an SQL integer expression) before now, as the app writes them. */
function minutesAgo(kind: DbKind, minutes: RawBuilder<number>): RawBuilder<string> {
  return kind === 'postgres'
    ? sql`to_char((now() at time zone 'utc') - make_interval(mins => ${minutes}), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ${minutes} || ' minutes')`;
}

async function addCurriculum(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const levels = await db.selectFrom('levels').select('id').execute();
  for (const level of levels) {
    const has = await db
      .selectFrom('periods')
      .select('id')
      .where('level_id', '=', level.id)
      .limit(1)
      .executeTakeFirst();
    if (has) continue;
    await db.transaction().execute(async (trx) => {
      const period = await trx
        .insertInto('periods')
        .values({ level_id: level.id, title: 'Période 1', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let l = 1; l <= LESSONS_PER_LEVEL; l++) {
        const lesson = await trx
          .insertInto('lessons')
          .values({ period_id: period.id, title: `Leçon ${l}`, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const session = await trx
          .insertInto('lesson_sessions')
          .values({ lesson_id: lesson.id, title: 'Séance 1', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('activities')
          .values(
            Array.from({ length: ACTIVITIES_PER_LESSON }, (_, a) => ({
              session_id: session.id,
              title: `Activité ${l}.${a + 1}`,
              package_hash: `scale-${level.id}-${l}-${a}`.padEnd(64, '0'),
              size_bytes: 0,
              created_at: now,
            })),
          )
          .execute();
      }
    });
  }
  log(`curriculum: ${levels.length} levels × ${LESSONS_PER_LEVEL * ACTIVITIES_PER_LESSON} activities`);
}

async function addGroups(db: Db): Promise<void> {
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('class_groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Each teacher gets one more group in a level of theirs, round after round, until 100,000.
  while ((await count()) < GROUPS) {
    const missing = GROUPS - (await count());
    await sql`INSERT INTO class_groups (teacher_id, level_id, title, created_at)
      SELECT tl.user_id, min(tl.level_id), 'Classe scale', ${new Date().toISOString()}
      FROM teacher_levels tl GROUP BY tl.user_id ORDER BY tl.user_id LIMIT ${missing}`.execute(db);
  }
  log(`groups: ${await count()}`);
}

async function addProgress(db: Db, kind: DbKind): Promise<void> {
  const already = await db.selectFrom('group_activities').select('id').limit(1).executeTakeFirst();
  if (already) {
    log('progress rows already there: skipped');
    return;
  }
  // Built again at the end, sorted once instead of updated row by row. PostgreSQL's completion
  // triggers are switched off too and the totals filled once at the end (SQLite cannot switch
  // triggers off: its totals follow row by row).
  if (kind === 'postgres') await sql`ALTER TABLE group_activities DISABLE TRIGGER USER`.execute(db);
  for (const index of PROGRESS_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  const { min, max } = await db
    .selectFrom('class_groups')
    .select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')])
    .executeTakeFirstOrThrow();
  // A fixed pseudo-random spread: ~45 % of entries completed, dates over the last two years, more recent
  // ones for groups whose id ends low (so that some schools are busier than others).
  const mix = sql<number>`((g.id * 7919 + a.id * 104729) % 1000)`;
  const completed = sql<boolean>`(${mix} < 450)`;
  const age = sql<number>`((g.id * 31 + a.id * 977) % ${sql.lit(MINUTES_IN_TWO_YEARS)}) / (1 + g.id % 3)`;
  for (let start = Number(min); start <= Number(max); start += GROUPS_PER_BATCH) {
    await db.transaction().execute((trx) =>
      sql`INSERT INTO group_activities (group_id, activity_id, status, completed_at)
        SELECT g.id, a.id,
          CASE WHEN ${completed} THEN 'completed' ELSE 'pending' END,
          CASE WHEN ${completed} THEN ${minutesAgo(kind, sql<number>`(${age})`)} END
        FROM class_groups g
        JOIN periods p ON p.level_id = g.level_id
        JOIN lessons le ON le.period_id = p.id
        JOIN lesson_sessions s ON s.lesson_id = le.id
        JOIN activities a ON a.session_id = s.id
        WHERE g.id >= ${start} AND g.id < ${start + GROUPS_PER_BATCH}
        ORDER BY g.id, a.id`.execute(trx),
    );
    if (((start - Number(min)) / GROUPS_PER_BATCH) % 10 === 9)
      log(`progress: groups up to ${start + GROUPS_PER_BATCH - 1}`);
  }
  log('progress rows written; building indexes');
  for (const index of PROGRESS_INDEXES) {
    await db.schema.createIndex(index.name).on('group_activities').columns(index.columns).execute();
  }
  log('progress indexes built');
  if (kind === 'postgres') {
    // Migrations speak untyped Kysely.
    await backfillCompletionTotals(db as unknown as Kysely<unknown>, kind);
    await sql`ALTER TABLE group_activities ENABLE TRIGGER USER`.execute(db);
    log('completion totals filled');
  }
}

async function spreadLicences(db: Db, kind: DbKind): Promise<void> {
  // End dates from 100 days ago to 400 days ahead, by school id.
  const offset = sql<number>`((id * 37) % 500 - 100)`;
  const endDate =
    kind === 'postgres'
      ? sql<string>`to_char(current_date + ${offset}::int, 'YYYY-MM-DD')`
      : sql<string>`date('now', (${offset}) || ' days')`;
  await sql`UPDATE schools SET license_end_date = ${endDate}`.execute(db);
  log('licence end dates spread');
}

async function addSignIns(db: Db, kind: DbKind): Promise<void> {
  const already = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'auth.login')
    .limit(1)
    .executeTakeFirst();
  if (already) return;
  const age = sql<number>`((u.id * 7919 + n.i * 104729) % ${sql.lit(365 * 24 * 60)})`;
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(SIGN_INS_PER_TEACHER)})
    INSERT INTO audit_log (actor_id, action, entity, entity_id, details, created_at)
    SELECT u.id, 'auth.login', 'auth', NULL, '{}', ${minutesAgo(kind, age)}
    FROM users u CROSS JOIN n WHERE u.role = 'teacher'`.execute(db);
  log(`sign-ins: ${SIGN_INS_PER_TEACHER} per teacher over the last year`);
}

export async function seedInsightsScale(db: Db, kind: DbKind): Promise<void> {
  await addCurriculum(db);
  await addGroups(db);
  await addProgress(db, kind);
  await spreadLicences(db, kind);
  await addSignIns(db, kind);
  // What autovacuum does on a live server, done now so that the timings see settled tables.
  if (kind === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    await seedInsightsScale(db, config.database.kind);
    log('done');
  } finally {
    await db.destroy();
  }
}
