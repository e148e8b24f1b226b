// Measures the teacher's grid of a group's pupils' results (GET /api/user/groups/{id}/results,
// docs/pupils.md « Les résultats des élèves ») at the scale: 35 pupils × 200 given activities,
// nearly every cell played (runtime data, 1–3 launches, statements on some), beside 5 more groups of
// the same size in the same database, on SQLite and on PostgreSQL. Times the route in the server
// (Fastify inject: routing, the session and group lookup, validation, SQL, serialisation; no
// network): 5 warm-up calls, then RUNS timed calls; prints the median and p95. Target: ≤ 150 ms.
//   npx tsx scripts/measure-pupil-grid.ts            (both databases)
//   MEASURE_DB=sqlite npx tsx scripts/measure-pupil-grid.ts
import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { type Db, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import { addPupilToGroup, insertPupil } from '../server/features/pupils/pupil.repository.js';
import {
  createGroup,
  createLesson,
  createLessonSession,
  createLevel,
  createPeriod,
  createTeacher,
} from '../server/fixtures/factories.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import { createTestDatabase } from '../server/test/test-database.js';

const PUPILS = 35;
const ACTIVITIES = 200;
const GROUPS = 6; // the measured one and 5 more
const RUNS = Number(process.env.RUNS ?? 50);
const TARGET_MS = 150;
const BATCH = 400;

/** A deterministic pseudo-random sequence, so both databases get the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

const FIRSTNAMES = ['Léa', 'Hugo', 'Chloé', 'Louis', 'Inès', 'Jules', 'Zoé', 'Émile', 'Manon', 'Noah'];

async function seed(db: Db) {
  const next = random(42);
  const level = await createLevel(db, 'CM2');
  const period = await createPeriod(db, level.id, 'Période 1');
  const activityIds: number[] = [];
  for (let l = 0; l < 20; l++) {
    const lesson = await createLesson(db, period.id, `Leçon ${l + 1}`);
    for (let s = 0; s < 2; s++) {
      const session = await createLessonSession(db, lesson.id, `Séance ${s + 1}`);
      const rows = Array.from({ length: 5 }, (_, a) => ({
        session_id: session.id,
        title: `Activité ${l + 1}.${s + 1}.${a + 1}`,
        position: a,
        package_hash: crypto.randomBytes(32).toString('hex'),
        size_bytes: 0,
        created_at: new Date().toISOString(),
        package_kind: 'scorm12' as const,
      }));
      const inserted = await db.insertInto('activities').values(rows).returning('id').execute();
      activityIds.push(...inserted.map((row) => row.id));
    }
  }
  const teacher = await createTeacher(db, { levelIds: [level.id] });
  const groupIds: number[] = [];
  const now = new Date();
  for (let g = 0; g < GROUPS; g++) {
    const group = await createGroup(db, teacher.id, level.id, `Groupe ${g + 1}`);
    groupIds.push(group.id);
    await db
      .insertInto('group_assignments')
      .values(
        activityIds.map((id) => ({
          group_id: group.id,
          activity_id: id,
          due_date: null,
          given_at: now.toISOString(),
        })),
      )
      .execute();
    const pupilIds: number[] = [];
    for (let p = 0; p < PUPILS; p++) {
      const id = await insertPupil(db, {
        schoolId: teacher.schoolId,
        firstname: FIRSTNAMES[p % FIRSTNAMES.length]!,
        name: `Nom${g}-${p}`,
        now,
      });
      await addPupilToGroup(db, group.id, id, now);
      pupilIds.push(id);
    }
    // Nine cells in ten played: 60 % of them completed with a score.
    const entries = pupilIds.flatMap((pupilId) =>
      activityIds
        .filter(() => next() < 0.9)
        .map((activityId) => {
          const completed = next() < 0.6;
          return {
            group_id: group.id,
            activity_id: activityId,
            pupil_id: pupilId,
            status: completed ? ('completed' as const) : ('pending' as const),
            completed_at: completed ? new Date(now.getTime() - next() * 30 * 86_400_000).toISOString() : null,
            score: completed ? Math.round(next() * 100) : null,
          };
        }),
    );
    const entryIds: number[] = [];
    await insertBatches(entries, async (batch) => {
      const ids = await db.insertInto('group_activities').values(batch).returning('id').execute();
      entryIds.push(...ids.map((row) => row.id));
    });
    const data = JSON.stringify({
      cmi: {
        core: { lesson_status: 'passed', score: { raw: '80', min: '', max: '100' } },
        suspend_data: 'x'.repeat(3000), // a real package's resume state
        interactions: { 0: { id: 'q1', type: 'choice', student_response: 'b', result: 'correct' } },
      },
    });
    await insertBatches(entryIds, (batch) =>
      db
        .insertInto('activity_runtime')
        .values(
          batch.map((id) => ({
            entry_id: id,
            standard: 'scorm12' as const,
            data,
            updated_at: now.toISOString(),
          })),
        )
        .execute(),
    );
    const launches = entryIds.flatMap((id) =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => ({
        entry_id: id,
        launch_id: crypto.randomBytes(12).toString('base64url'),
        last_seq: i + 1,
      })),
    );
    await insertBatches(launches, (batch) =>
      db.insertInto('activity_runtime_launches').values(batch).execute(),
    );
    const statements = entryIds
      .filter(() => next() < 0.2)
      .flatMap((id) =>
        [0, 1].map((i) => ({
          entry_id: id,
          statement_id: crypto.randomUUID(),
          verb_id: 'http://adlnet.gov/expapi/verbs/answered',
          object_id: `https://contenu.test/q${i}`,
          timestamp: now.toISOString(),
          stored_at: now.toISOString(),
          score_scaled: null,
          success: 1 as const,
          completion: null,
          statement: '{}',
        })),
      );
    await insertBatches(statements, (batch) => db.insertInto('xapi_statements').values(batch).execute());
  }
  return { teacherId: teacher.id, groupId: groupIds[0]! };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(kind: 'sqlite' | 'postgres') {
  const testDb = await createTestDatabase(kind);
  const config = {
    ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }),
    database: testDb.database,
  };
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, kind);
    const started = performance.now();
    const { teacherId, groupId } = await seed(db);
    if (kind === 'postgres') await sql`ANALYZE`.execute(db);
    const entries = await db
      .selectFrom('group_activities')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('pupil_id', 'is not', null)
      .executeTakeFirstOrThrow();
    console.log(
      `${kind}: seeded ${GROUPS} groups × ${PUPILS} pupils × ${ACTIVITIES} activities (${entries.n} pupil entries) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const token = await insertSession(db, teacherId, new Date(), 3_600_000);
    const files = new LocalFileStore(config.filesDir);
    await files.init();
    const app = await buildApp({
      db,
      config,
      files,
      logger: false,
      webDir: path.join(testDb.dataDir, 'no-web'),
    });
    await app.ready();
    const call = async () => {
      const t0 = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/user/groups/${groupId}/results`,
        headers: { authorization: `Bearer ${token}` },
      });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200)
        throw new Error(`results answered ${response.statusCode}: ${response.body}`);
      return { elapsed, bytes: response.rawPayload.length, body: response.json() };
    };
    const sample = await call();
    const cells = sample.body.cells.flat();
    console.log(
      `${kind}: grid of ${sample.body.pupils.length} × ${sample.body.activities.length}, ${cells.filter(Boolean).length} cells played, ${(sample.bytes / 1024).toFixed(0)} KiB of JSON`,
    );
    for (let i = 0; i < 4; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await call()).elapsed);
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `${kind}: GET /api/user/groups/:groupId/results over ${RUNS} calls: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms) ${p95 <= TARGET_MS ? 'OK' : 'OVER'}`,
    );
    await app.close();
    return p95 <= TARGET_MS;
  } finally {
    await db.destroy();
    await testDb.drop();
  }
}

const kinds = process.env.MEASURE_DB
  ? [process.env.MEASURE_DB as 'sqlite' | 'postgres']
  : (['sqlite', 'postgres'] as const);
let ok = true;
for (const kind of kinds) ok = (await measure(kind)) && ok;
process.exitCode = ok ? 0 : 1;
