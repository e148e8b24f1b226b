// Measures the teacher's grid of a group's pupils' results (GET /api/user/groups/{id}/results,
// docs/pupils.md « Les résultats des élèves ») at the scale: 35 pupils × 200 given activities,
// nearly every cell played (runtime data, 1–3 launches, statements on some), beside 5 more groups of
// the same size in the same database, on SQLite and on PostgreSQL. Times the route in the server
// (Fastify inject: routing, the session and group lookup, validation, SQL, serialisation; no
// network): 5 warm-up calls, then RUNS timed calls; prints the median and p95. Target: ≤ 150 ms.
//   npx tsx scripts/measure-pupil-grid.ts            (both databases)
//   MEASURE_DB=sqlite npx tsx scripts/measure-pupil-grid.ts
import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import { seedLargeClasses } from '../server/features/pupil-results/pupil-results.factories.js';
import { createTestDatabase } from '../server/test/test-database.js';
import { inProcessApp } from './bench-server.js';

const PUPILS = 35;
const ACTIVITIES = 200;
const GROUPS = 6; // the measured one and 5 more
const RUNS = Number(process.env.RUNS ?? 50);
const TARGET_MS = 150;

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
    const { teacher, groupIds } = await seedLargeClasses(db, {
      groups: GROUPS,
      pupils: PUPILS,
      lessons: ACTIVITIES / 10,
    });
    const teacherId = teacher.id;
    const groupId = groupIds[0]!;
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
    const app = await inProcessApp(db, config);
    await app.ready();
    const call = async () => {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const response = await app.inject({
        method: 'GET',
        url: `/api/user/groups/${groupId}/results`,
        headers: { authorization: `Bearer ${token}` },
      });
      const elapsed = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      // This process's CPU time: the whole call on SQLite (in process), Node's share on PostgreSQL.
      // Unlike the elapsed time, it does not grow when other processes share the machine.
      const cpuMs = (cpu.user + cpu.system) / 1000;
      if (response.statusCode !== 200)
        throw new Error(`results answered ${response.statusCode}: ${response.body}`);
      return { elapsed, cpuMs, bytes: response.rawPayload.length, body: response.json() };
    };
    const sample = await call();
    const cells = sample.body.cells.flat();
    console.log(
      `${kind}: grid of ${sample.body.pupils.length} × ${sample.body.activities.length}, ${cells.filter(Boolean).length} cells played, ${(sample.bytes / 1024).toFixed(0)} KiB of JSON`,
    );
    for (let i = 0; i < 4; i++) await call();
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { elapsed, cpuMs } = await call();
      times.push(elapsed);
      cpuTimes.push(cpuMs);
    }
    cpuTimes.sort((a, b) => a - b);
    const [load] = (await import('node:os')).loadavg();
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `${kind}: GET /api/user/groups/:groupId/results over ${RUNS} calls: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms) ${p95 <= TARGET_MS ? 'OK' : 'OVER'}; this process's CPU per call: median ${percentile(cpuTimes, 50).toFixed(1)} ms, p95 ${percentile(cpuTimes, 95).toFixed(1)} ms; load average ${load?.toFixed(1)}`,
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
