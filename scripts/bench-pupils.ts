// Benchmark of pupils at scale (issue 33, docs/benchmarks.md « Élèves ») against the production
// build (`npm run bench:pupils` builds first), on SQLite and on PostgreSQL:
// - 1,000 pupils in 30 classes (3 groups each of 10 teachers of one school), each writing SCORM 1.2
//   runtime data (a commit as scorm-again renders it, a new suspend_data each time) to their own
//   entry of the first activity of the table every 10 s, for 5 minutes, through the real HTTP
//   server (POST /api/user/activity/runtime/:id, bearer + XSRF as the app sends them);
// - meanwhile each teacher reads the learning table of one of their groups in turn
//   (GET /api/user/usertable/:groupId), one read a second per teacher (a teacher reloading);
// - then the teachers' results grid of a group of 35 pupils × 200 given activities
//   (GET /api/user/groups/:groupId/results), timed 30 times.
// Prints errors (must be 0), write p50/p99, learning-table read p50/p99, and write p99 / read p99
// (target ≤ 1.5), per database, with the machine's load.
//   npm run bench:pupils
//   npm run bench:pupils -- --minutes=1 --pupils=200 --db=sqlite
// PostgreSQL: a fresh database on TEST_PG_URL (default: the local server, user postgres), dropped after.
import fs from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { scorm12Commit } from '../common/test/scorm-commits.js';
import { type Db, openDatabase } from '../server/db/database.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import { addPupilToGroup, insertPupil } from '../server/features/pupils/pupil.repository.js';
import { buildLevel } from '../server/fixtures/curriculum.js';
import { createGroup, createSchool, createTeacher, giveActivities } from '../server/fixtures/factories.js';
import { createTestDatabase, type TestDatabase } from '../server/test/test-database.js';
import { builtServer, startBenchServer } from './bench-server.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    pupils: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'both' },
  },
});
const MINUTES = Number(args.minutes);
const PUPILS = Number(args.pupils);
const CLASSES = 30;
const TEACHERS = 10;
const WRITE_EVERY_MS = 10_000;
const READ_EVERY_MS = 1_000;
const GRID = { pupils: 35, activities: 200, reads: 30 };
const kinds = args.db === 'both' ? (['sqlite', 'postgres'] as const) : [args.db as 'sqlite' | 'postgres'];
if (!(MINUTES > 0) || !(PUPILS > 0) || kinds.some((k) => k !== 'sqlite' && k !== 'postgres')) {
  console.error('Usage: bench-pupils [--minutes=5] [--pupils=1000] [--db=sqlite|postgres|both]');
  process.exit(2);
}

const XSRF = 'bench-xsrf';
const headersFor = (token: string) => ({
  'x-xsrf-token': XSRF,
  cookie: `__Host-XSRF-TOKEN=${XSRF}`,
  authorization: `Bearer ${token}`,
  'accept-encoding': 'gzip',
});
const DAY_MS = 86_400_000;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');

type Seeded = {
  teachers: Array<{ token: string; groupIds: number[] }>;
  pupils: Array<{ token: string; entryId: number; groupId: number }>;
  grid: { token: string; groupId: number };
};

/** The school, its 10 teachers and 30 groups over a level of 10 SCORM 1.2 activities, the pupils
 * spread over the groups with their own entry of the table's first activity (given to the group),
 * sessions for all; and the results grid's group. */
async function seed(db: Db): Promise<Seeded> {
  const now = new Date();
  const level = await buildLevel(db, [[{ sessions: [5] }, { sessions: [5] }]]);
  const activityIds = level.lessons[0]!.flatMap((lesson) => lesson.activityIds.flat());
  await db
    .updateTable('activities')
    .set({ package_kind: 'scorm12', package_root: '', launch_path: 'index.html' })
    .where('id', 'in', activityIds)
    .execute();
  const first = activityIds[0]!;
  const school = await createSchool(db, { name: 'École du banc d’essai' });
  const teachers: Seeded['teachers'] = [];
  const groupIds: number[] = [];
  for (let t = 0; t < TEACHERS; t++) {
    const teacher = await createTeacher(db, { school_id: school.id, levelIds: [level.levelId] });
    const ids: number[] = [];
    for (let g = 0; g < CLASSES / TEACHERS; g++) {
      ids.push((await createGroup(db, teacher.id, level.levelId, `Classe ${t + 1}.${g + 1}`)).id);
    }
    groupIds.push(...ids);
    teachers.push({ token: await insertSession(db, teacher.id, now, DAY_MS), groupIds: ids });
  }
  await db
    .insertInto('group_assignments')
    .values(
      groupIds.map((groupId) => ({
        group_id: groupId,
        activity_id: first,
        due_date: null,
        given_at: now.toISOString(),
      })),
    )
    .execute();
  const pupils: Seeded['pupils'] = [];
  for (let p = 0; p < PUPILS; p++) {
    const groupId = groupIds[p % groupIds.length]!;
    const id = await insertPupil(db, { schoolId: school.id, firstname: `Élève${p}`, name: '', now });
    await addPupilToGroup(db, groupId, id, now);
    const entry = await db
      .insertInto('group_activities')
      .values({ group_id: groupId, activity_id: first, pupil_id: id, status: 'pending', completed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    pupils.push({ token: await insertSession(db, id, now, DAY_MS), entryId: entry.id, groupId });
  }
  return { teachers, pupils, grid: await seedGrid(db, school.id) };
}

/** A teacher's group of 35 pupils with 200 activities given, each pupil with an entry of each
 * (two thirds completed with a score). */
async function seedGrid(db: Db, schoolId: number): Promise<Seeded['grid']> {
  const now = new Date();
  const level = await buildLevel(
    db,
    Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => ({ sessions: [10] }))),
  );
  const activityIds = level.lessons.flatMap((lessons) =>
    lessons.flatMap((lesson) => lesson.activityIds.flat()),
  );
  const teacher = await createTeacher(db, { school_id: schoolId, levelIds: [level.levelId] });
  const group = await createGroup(db, teacher.id, level.levelId, 'CM2 (grille)');
  await giveActivities(db, group.id, activityIds, now);
  for (let p = 0; p < GRID.pupils; p++) {
    const id = await insertPupil(db, { schoolId, firstname: `Grille${p}`, name: '', now });
    await addPupilToGroup(db, group.id, id, now);
    const rows = activityIds.map((activityId, a) => {
      const done = (p + a) % 3 !== 0;
      return {
        group_id: group.id,
        activity_id: activityId,
        pupil_id: id,
        status: done ? ('completed' as const) : ('pending' as const),
        completed_at: done ? now.toISOString() : null,
        score: done ? (p * 7 + a * 13) % 101 : null,
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('group_activities')
        .values(rows.slice(i, i + 100))
        .execute();
  }
  return { token: await insertSession(db, teacher.id, now, DAY_MS), groupId: group.id };
}

type Timed = { status: number; ms: number };

async function timedFetch(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** The commit scorm-again renders for a pupil's page, made once: each write fills in its page and
 * answers by text replacement, so the load generator spends its time sending, not rendering. */
const COMMIT_TEMPLATE = JSON.stringify(
  scorm12Commit({
    'cmi.core.lesson_location': 'LOCATION',
    'cmi.suspend_data': 'SUSPEND',
    'cmi.core.score.raw': '50',
    'cmi.core.lesson_status': 'incomplete',
  }),
);

const writeBody = (launchId: string, seq: number, pupil: number) => {
  const suspend = JSON.stringify({
    page: seq,
    answers: Array.from({ length: 8 }, (_, i) => (seq + i + pupil) % 4),
  });
  const data = COMMIT_TEMPLATE.replace('"LOCATION"', JSON.stringify(`page-${seq}`))
    .replace('"SUSPEND"', JSON.stringify(suspend))
    .replace('"50"', JSON.stringify(String(50 + (pupil % 50))));
  return `{"writes":[{"launchId":${JSON.stringify(launchId)},"seq":${seq},"standard":"scorm12","data":${data},"at":${JSON.stringify(new Date().toISOString())}}]}`;
};

function postWrite(
  base: string,
  pupil: Seeded['pupils'][number],
  launchId: string,
  seq: number,
  index: number,
) {
  return timedFetch(`${base}/api/user/activity/runtime/${pupil.entryId}`, {
    method: 'POST',
    headers: { ...headersFor(pupil.token), 'content-type': 'application/json' },
    body: writeBody(launchId, seq, index),
  });
}

const launchIdOf = (index: number) => `bench-launch-${String(index).padStart(6, '0')}`;

type Result = {
  kind: string;
  writes: number[];
  reads: number[];
  errors: Map<string, number>;
  grid: number[];
  loadBefore: string;
  loadAfter: string;
};

async function runOn(kind: 'sqlite' | 'postgres', mainJs: string): Promise<Result> {
  const database: TestDatabase = await createTestDatabase(kind);
  const server = await startBenchServer(mainJs, database.dataDir, {
    ...database.env,
    PUPIL_IDLE_MINUTES: String(Math.min(24 * 60, Math.ceil(MINUTES) + 10)),
  });
  const db = openDatabase(database.database);
  try {
    console.log(`[${kind}] seeding ${PUPILS} pupils in ${CLASSES} classes…`);
    const seeded = await seed(db);
    const base = server.base;
    // The learning tables once, so that each group has its class entries.
    for (const teacher of seeded.teachers) {
      for (const groupId of teacher.groupIds) {
        await timedFetch(`${base}/api/user/usertable/${groupId}`, { headers: headersFor(teacher.token) });
      }
    }
    const probe = await postWrite(base, seeded.pupils[0]!, launchIdOf(0), 1, 0);
    if (probe.status !== 200) throw new Error(`A pupil's first write answered ${probe.status}`);

    const errors = new Map<string, number>();
    const fail = (what: string, status: number) => {
      const key = `${what} ${status}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    };
    const writes: number[] = [];
    const reads: number[] = [];
    const loadBefore = load();
    const endAt = Date.now() + MINUTES * 60_000;
    console.log(
      `[${kind}] ${MINUTES} min: ${PUPILS} pupils writing every 10 s, ${TEACHERS} teachers reading (load ${loadBefore})`,
    );

    const pupilLoop = async (pupil: Seeded['pupils'][number], index: number) => {
      // Spread over the first 10 s, then every 10 s from each pupil's own start.
      const start = Date.now() + (index / seeded.pupils.length) * WRITE_EVERY_MS;
      let seq = index === 0 ? 1 : 0;
      for (let tick = 0; ; tick++) {
        const at = start + tick * WRITE_EVERY_MS;
        if (at >= endAt) return;
        await sleep(Math.max(0, at - Date.now()));
        seq += 1;
        const answer = await postWrite(base, pupil, launchIdOf(index), seq, index);
        if (answer.status === 200) writes.push(answer.ms);
        else fail('write', answer.status);
      }
    };
    const teacherLoop = async (teacher: Seeded['teachers'][number], index: number) => {
      await sleep((index / seeded.teachers.length) * READ_EVERY_MS);
      for (let i = 0; Date.now() < endAt; i++) {
        const groupId = teacher.groupIds[i % teacher.groupIds.length]!;
        const started = Date.now();
        const answer = await timedFetch(`${base}/api/user/usertable/${groupId}`, {
          headers: headersFor(teacher.token),
        });
        if (answer.status === 200) reads.push(answer.ms);
        else fail('read', answer.status);
        await sleep(Math.max(0, READ_EVERY_MS - (Date.now() - started)));
      }
    };
    await Promise.all([
      ...seeded.pupils.map((pupil, index) => pupilLoop(pupil, index)),
      ...seeded.teachers.map((teacher, index) => teacherLoop(teacher, index)),
    ]);
    const loadAfter = load();

    // The results grid, alone.
    const grid: number[] = [];
    const gridUrl = `${base}/api/user/groups/${seeded.grid.groupId}/results`;
    for (let i = 0; i < GRID.reads; i++) {
      const answer = await timedFetch(gridUrl, { headers: headersFor(seeded.grid.token) });
      if (answer.status === 200) grid.push(answer.ms);
      else fail('grid', answer.status);
    }
    return { kind, writes, reads, errors, grid, loadBefore, loadAfter };
  } finally {
    await db.destroy();
    await server.stop();
    await database.drop();
  }
}

function report(result: Result) {
  const errorCount = [...result.errors.values()].reduce((a, b) => a + b, 0);
  const writeP99 = percentile(result.writes, 99);
  const readP99 = percentile(result.reads, 99);
  console.log(`\n== ${result.kind} (${PUPILS} pupils, ${CLASSES} classes, ${MINUTES} min) ==`);
  console.log(
    `errors: ${errorCount}${errorCount ? ` (${[...result.errors].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
  );
  console.log(
    `writes: ${result.writes.length}, p50 ${ms(percentile(result.writes, 50))}, p99 ${ms(writeP99)}`,
  );
  console.log(
    `learning-table reads: ${result.reads.length}, p50 ${ms(percentile(result.reads, 50))}, p99 ${ms(readP99)}`,
  );
  const ratio = writeP99 / readP99;
  console.log(
    `write p99 / read p99: ${ratio.toFixed(2)} (target ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `results grid ${GRID.pupils} × ${GRID.activities}: ${result.grid.length} reads, p50 ${ms(percentile(result.grid, 50))}, p99 ${ms(percentile(result.grid, 99))} (target ≤ 150 ms)`,
  );
  console.log(
    `load average (1/5/15 min): before ${result.loadBefore}, after ${result.loadAfter}; ${os.cpus().length} CPUs`,
  );
  return errorCount;
}

const mainJs = builtServer();
await fs.mkdir(os.tmpdir(), { recursive: true });
let failed = 0;
for (const kind of kinds) failed += report(await runOn(kind, mainJs));
process.exit(failed > 0 ? 1 : 0);
