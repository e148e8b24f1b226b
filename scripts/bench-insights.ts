// Benchmark of the insight reports on the scale data (`npm run seed:admin-scale` then
// `npm run seed:insights-scale` on the same DATA_DIR or DATABASE_URL): builds the real app on that
// database and times each report route in the server (Fastify inject: routing, auth, validation,
// SQL, serialisation; no network), a warm-up then RUNS timed calls each. Prints the median and the
// slowest run per report. Target: ≤ 200 ms each.
//   DATA_DIR=/path/to/data npm run bench:insights
//   DATABASE_URL=postgres://127.0.0.1/ardoise_scale npm run bench:insights
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import { createAdmin } from '../server/fixtures/factories.js';
import { LocalFileStore } from '../server/storage/local-store.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 200;
const HOUR = 3_600_000;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const db = openDatabase(config.database);
await migrateToLatest(db, config.database.kind);
const files = new LocalFileStore(config.filesDir);
const app = await buildApp({ db, config, files, logger: false, webDir: path.join(config.dataDir, 'no-web') });
await app.ready();

const counts = await db
  .selectNoFrom((eb) => [
    eb.selectFrom('group_activities').select(eb.fn.countAll<number>().as('n')).as('progress'),
    eb.selectFrom('class_groups').select(eb.fn.countAll<number>().as('n')).as('groups'),
    eb.selectFrom('schools').select(eb.fn.countAll<number>().as('n')).as('schools'),
    eb.selectFrom('audit_log').select(eb.fn.countAll<number>().as('n')).as('audit'),
  ])
  .executeTakeFirstOrThrow();
console.log(
  `${config.database.kind}: ${counts.progress} progress rows, ${counts.groups} groups, ${counts.schools} schools, ${counts.audit} audit rows`,
);

const admin = await createAdmin(db);
const adminToken = await insertSession(db, admin.id, new Date(), HOUR);
// A teacher who may sign in today, with the most groups; their biggest level; the busiest school.
const today = new Date().toISOString().slice(0, 10);
const teacher = await db
  .selectFrom('users as u')
  .innerJoin('schools as s', 's.id', 'u.school_id')
  .innerJoin('class_groups as g', 'g.teacher_id', 'u.id')
  .select(['u.id', 'u.email', 'g.id as group_id', 'g.level_id', 's.id as school_id'])
  .where('u.active', '=', 1)
  .where('s.active_license', '=', 1)
  .where('s.license_start_date', '<=', today)
  .where('s.license_end_date', '>=', today)
  .orderBy('u.id')
  .limit(1)
  .executeTakeFirstOrThrow();
const teacherToken = await insertSession(db, teacher.id, new Date(), HOUR);
const busiest = await db
  .selectFrom('users')
  .select(['school_id', (eb) => eb.fn.countAll<number>().as('n')])
  .where('school_id', 'is not', null)
  .groupBy('school_id')
  .orderBy(sql`2`, 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const oldest = await db
  .selectFrom('audit_log')
  .select('id')
  .orderBy('id')
  .offset(1000)
  .limit(1)
  .executeTakeFirstOrThrow();

const reports: Array<[label: string, url: string, token: string]> = [
  ['licences (JSON)', '/api/admin/insights/licences', adminToken],
  ['licences (CSV)', '/api/admin/insights/licences.csv', adminToken],
  ['activity: 12 weeks + school rankings', '/api/admin/insights/activity', adminToken],
  ['school usage (busiest school)', `/api/admin/schoolusage/${busiest.school_id}`, adminToken],
  ['audit log: first page', '/api/admin/audit', adminToken],
  ['audit log: by actor', `/api/admin/audit?actor=${encodeURIComponent(teacher.email)}`, adminToken],
  ['audit log: kind + dates', '/api/admin/audit?entity=auth&from=2026-01-01&to=2026-03-31', adminToken],
  ['audit log: a deep page', `/api/admin/audit?before=${oldest.id}`, adminToken],
  ['group overview', `/api/user/groupoverview/${teacher.group_id}`, teacherToken],
  ['group CSV', `/api/user/groupexport/${teacher.group_id}`, teacherToken],
  ['level CSV (all the teacher’s groups)', `/api/user/levelexport/${teacher.level_id}`, teacherToken],
];

let failed = false;
for (const [label, url, token] of reports) {
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (run > 0) times.push(elapsed); // run 0 warms caches and prepared statements
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const max = times.at(-1)!;
  if (median > TARGET_MS) failed = true;
  console.log(
    `${label.padEnd(40)} median ${median.toFixed(1).padStart(7)} ms   max ${max.toFixed(1).padStart(7)} ms`,
  );
}

await db.deleteFrom('auth_sessions').where('user_id', 'in', [admin.id, teacher.id]).execute();
await db.deleteFrom('users').where('id', '=', admin.id).execute();
await app.close();
await db.destroy();
console.log(
  failed ? `Some report is over ${TARGET_MS} ms (median).` : `Every report within ${TARGET_MS} ms (median).`,
);
