// Benchmark of GET /api/user/usertable/{id} (docs/decisions.md#performance-budgets): a database with 100,000 groups and a
// level of 2,000 activities; 64 concurrent connections (autocannon, in its own process) on the
// real route, then on bare Fastify routes serving the same JSON from memory, in the same run, each
// client sending a browser's Accept-Encoding. Prints p50/p99 latency and requests/s of each, and the
// ratio to the fastest bare route. Targets: p99 ≤ 25 ms and at least 40 % of the bare route's
// requests/s.
//   npm run bench:learning-table                 (SQLite)
//   DB_KIND=postgres npm run bench:learning-table (PostgreSQL on TEST_PG_URL or the local server)
//   DB_KIND=postgres npm run bench:learning-table -- --instances 2
//                          (also the route on 2 server processes sharing the database, and on 1)
// Seeding takes minutes: BENCH_KEEP_DATABASE=1 keeps the seeded PostgreSQL database and prints its
// URL, BENCH_DATABASE_URL=<that URL> runs on it again without seeding (then drop it yourself).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { type Db, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { hashPassword } from '../server/features/auth/password.js';
import {
  findSessionUser,
  findSessionUserAndGroup,
  insertSession,
} from '../server/features/auth/session.repository.js';
import { findOwnedGroup } from '../server/features/groups/group-access.repository.js';
import { buildLevel } from '../server/fixtures/curriculum.js';
import { createSchool } from '../server/fixtures/factories.js';
import { freePort, stopChild } from '../server/test/processes.js';
import { createTestDatabase } from '../server/test/test-database.js';
import { inProcessApp } from './bench-server.js';

const GROUPS = 100_000;
const TEACHERS = 1_000;
const SMALL_LEVELS = 49;
const BIG_LEVEL_GROUPS = 200;
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const now = () => new Date().toISOString();

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(db: Db): Promise<{ teacherId: number; groupId: number }> {
  const started = Date.now();
  const school = await createSchool(db);
  const passwordHash = await hashPassword('bench-password-123');
  const teachers = Array.from({ length: TEACHERS }, (_, i) => ({
    email: `teacher${i}@bench.test`,
    name: `Teacher ${i}`,
    firstname: 'Bench',
    telephone: '0600000000',
    password_hash: passwordHash,
    role: 'teacher' as const,
    active: 1,
    school_id: school.id,
    group_limit: null,
    remarque: '',
    totp_secret: null,
    totp_enabled: 0,
    totp_last_step: null,
    created_at: now(),
    updated_at: now(),
  }));
  await chunked(teachers, 500, (chunk) => db.insertInto('users').values(chunk).execute());
  const teacherIds = (
    await db.selectFrom('users').select('id').where('role', '=', 'teacher').orderBy('id').execute()
  ).map((r) => r.id);

  // The big level: 4 periods × 10 lessons × 5 sessions × 10 activities = 2,000, a PDF per lesson.
  const big = await buildLevel(
    db,
    Array.from({ length: 4 }, () =>
      Array.from({ length: 10 }, () => ({ sessions: [10, 10, 10, 10, 10], pdfs: 1 })),
    ),
    { title: 'Grand niveau' },
  );
  const smallLevels: number[] = [];
  for (let i = 0; i < SMALL_LEVELS; i++) {
    smallLevels.push((await buildLevel(db, [[{ sessions: [5, 5] }, { sessions: [5, 5] }]])).levelId);
  }

  const assignments = teacherIds.flatMap((id, i) => [
    { user_id: id, level_id: big.levelId },
    { user_id: id, level_id: smallLevels[i % SMALL_LEVELS]! },
  ]);
  await chunked(assignments, 1000, (chunk) => db.insertInto('teacher_levels').values(chunk).execute());

  const groups = Array.from({ length: GROUPS }, (_, i) => {
    const teacherIndex = i % TEACHERS;
    return {
      teacher_id: teacherIds[teacherIndex]!,
      level_id: i < BIG_LEVEL_GROUPS ? big.levelId : smallLevels[teacherIndex % SMALL_LEVELS]!,
      title: `Groupe ${i}`,
      created_at: now(),
    };
  });
  await chunked(groups, 1000, (chunk) => db.insertInto('class_groups').values(chunk).execute());

  // Every group's entries, one set-based statement per kind.
  await sql`INSERT INTO group_activities (group_id, activity_id, status)
    SELECT g.id, a.id, 'pending' FROM class_groups g
    JOIN periods p ON p.level_id = g.level_id JOIN lessons le ON le.period_id = p.id
    JOIN lesson_sessions s ON s.lesson_id = le.id JOIN activities a ON a.session_id = s.id`.execute(db);
  await sql`INSERT INTO group_pdfs (group_id, pdf_id)
    SELECT g.id, d.id FROM class_groups g
    JOIN periods p ON p.level_id = g.level_id JOIN lessons le ON le.period_id = p.id
    JOIN pdfs d ON d.lesson_id = le.id`.execute(db);
  // Some progress: every third activity completed.
  await sql`UPDATE group_activities SET status = 'completed' WHERE id % 3 = 0`.execute(db);

  const counts = await db
    .selectFrom('group_activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `seeded ${GROUPS} groups, ${TEACHERS} teachers, ${Number(counts.n)} activity entries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return benchGroup(db);
}

/** The group measured: the first one on the big level. */
async function benchGroup(db: Db): Promise<{ teacherId: number; groupId: number }> {
  const group = await db
    .selectFrom('class_groups as g')
    .innerJoin('levels as l', 'l.id', 'g.level_id')
    .select(['g.id', 'g.teacher_id'])
    .where('l.title', '=', 'Grand niveau')
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
  return { teacherId: group.teacher_id, groupId: group.id };
}

type Result = { p50: number; p99: number; rps: number; total: number; non2xx: number; errors: number };
type Measured = Result & { cpuPerRequest: number; pgCpuPerRequest: number };

const instancesArg = process.argv.indexOf('--instances');
const INSTANCES = instancesArg === -1 ? 1 : Number(process.argv[instancesArg + 1]);

/** A server process (server/main.ts) on the bench database, with its own DATA_DIR; resolves once ready. */
async function startInstance(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ardoise-bench-instance-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      CONTENT_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ardoise is ready')) resolve();
    });
    child.once('exit', () => reject(new Error(`a server process exited:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Several URLs: autocannon spreads its connections over them (a load balancer without stickiness). */
function autocannon(
  url: string | string[],
  headers: Record<string, string>,
  duration: number,
): Promise<Result> {
  const bin = path.resolve('node_modules/.bin/autocannon');
  const args = ['-c', String(CONNECTIONS), '-d', String(duration), '-j'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(...[url].flat());
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const json = JSON.parse(out);
        resolve({
          p50: json.latency.p50,
          p99: json.latency.p99,
          rps: json.requests.average,
          total: json.requests.total,
          non2xx: json.non2xx,
          errors: json.errors,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function main() {
  const reusedUrl = process.env.BENCH_DATABASE_URL;
  const testDb = reusedUrl
    ? {
        database: { kind: 'postgres' as const, url: reusedUrl },
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ardoise-bench-')),
        drop: async () => undefined,
      }
    : await createTestDatabase();
  const config = {
    ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }),
    database: testDb.database,
  };
  const db = openDatabase(config.database);
  let keep = Boolean(reusedUrl);
  try {
    await migrateToLatest(db, config.database.kind);
    const { teacherId, groupId } = reusedUrl ? await benchGroup(db) : await seed(db);
    if (config.database.kind === 'postgres' && !reusedUrl) await sql`ANALYZE`.execute(db);
    if (process.env.BENCH_KEEP_DATABASE && config.database.kind === 'postgres') {
      keep = true;
      console.log(`kept the seeded database: BENCH_DATABASE_URL=${config.database.url}`);
    }
    const token = await insertSession(db, teacherId, new Date(), 3600_000);

    const app = await inProcessApp(db, config);
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const route = `${appUrl}/api/user/usertable/${groupId}`;
    const auth = { authorization: `Bearer ${token}` };

    const sample = await fetch(route, { headers: auth });
    if (sample.status !== 200) throw new Error(`usertable answered ${sample.status}`);
    const body = await sample.text();
    const payload = JSON.parse(body);
    const activities = payload.res.period
      .flatMap((p: { groupslesson: { sessions: { activities: unknown[] }[] }[] }) => p.groupslesson)
      .flatMap((l: { sessions: { activities: unknown[] }[] }) => l.sessions)
      .flatMap((s: { activities: unknown[] }) => s.activities).length;
    const gzipped = gzipSync(body, { level: 9 });
    console.log(
      `usertable: ${activities} activities, ${(body.length / 1024).toFixed(0)} KiB of JSON, ${(gzipped.length / 1024).toFixed(0)} KiB gzipped`,
    );

    // Bare routes in front of the same JSON: the object serialized on each request, the text as
    // is, and the gzip bytes as they are (what the route sends a browser).
    const bare = Fastify({ logger: false });
    bare.get('/object', async () => payload);
    bare.get('/text', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    bare.get('/gzip', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzipped),
    );
    // The same gzip bytes after one and two database round trips (what the route costs beyond its
    // bytes: the session lookup and the group's versions), to see where the time goes.
    bare.get('/gzip-1-query', async (_request, reply) => {
      await sql`select 1`.execute(db);
      return reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzipped);
    });
    bare.get('/gzip-2-queries', async (_request, reply) => {
      await sql`select 1`.execute(db);
      await sql`select 2`.execute(db);
      return reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzipped);
    });
    // The route's own lookups before its cached bytes: session, then group (two statements), and
    // both in one statement as the route does, to compare the two in the same run.
    const gzipAfter = (lookup: () => Promise<unknown>) => async (_request: unknown, reply: FastifyReply) => {
      await lookup();
      return reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzipped);
    };
    bare.get(
      '/gzip-session-then-group',
      gzipAfter(async () => {
        const caller = await findSessionUser(db, token, new Date());
        if (caller) await findOwnedGroup(db, caller, groupId);
      }),
    );
    bare.get(
      '/gzip-session-and-group',
      gzipAfter(() => findSessionUserAndGroup(db, token, new Date(), groupId)),
    );
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    // Also the server's CPU time per request (this process): steadier than latency on a busy machine.
    // With PostgreSQL on this machine, also the CPU its server processes spent per request.
    // Server processes started for --instances: their CPU is read from /proc instead.
    const measure = async (
      url: string | string[],
      headers: Record<string, string>,
      serverPids?: number[],
    ) => {
      await autocannon(url, headers, 2); // warm-up
      const serverCpu = () => {
        if (serverPids) return cpuMicrosOf((pid) => serverPids.includes(pid));
        const { user, system } = process.cpuUsage();
        return user + system;
      };
      const cpuBefore = serverCpu();
      const pgBefore = postgresCpuMicros();
      const result = await autocannon(url, headers, DURATION_S);
      const total = Math.max(result.total, 1);
      return {
        ...result,
        cpuPerRequest: (serverCpu() - cpuBefore) / total,
        pgCpuPerRequest: (postgresCpuMicros() - pgBefore) / total,
      };
    };
    // Every client sends what the app's fetch sends from a browser (encodings, the XSRF cookie).
    const browser = { 'accept-encoding': 'gzip, deflate, br', cookie: '__Host-XSRF-TOKEN=bench-xsrf-token' };
    const bareResults = {
      object: await measure(`${bareBase}/object`, browser),
      text: await measure(`${bareBase}/text`, browser),
      gzip: await measure(`${bareBase}/gzip`, browser),
    };
    const dbResults =
      config.database.kind === 'postgres'
        ? {
            one: await measure(`${bareBase}/gzip-1-query`, browser),
            two: await measure(`${bareBase}/gzip-2-queries`, browser),
            // In turn, twice: the noisier the machine, the more the order would matter.
            lookups: [
              await measure(`${bareBase}/gzip-session-then-group`, browser),
              await measure(`${bareBase}/gzip-session-and-group`, browser),
              await measure(`${bareBase}/gzip-session-then-group`, browser),
              await measure(`${bareBase}/gzip-session-and-group`, browser),
            ],
          }
        : undefined;
    const routeResult = await measure(route, { ...auth, ...browser });
    const routeIdentity = await measure(route, auth);
    // --instances N: the same route on N server processes of their own (one PostgreSQL database),
    // beside one such process alone, in the same run.
    const processes: Array<{ url: string; pid: number; stop: () => Promise<void> }> = [];
    let processResults: { one: Measured; all: Measured } | undefined;
    if (INSTANCES > 1) {
      if (config.database.kind !== 'postgres') throw new Error('--instances needs DB_KIND=postgres');
      try {
        for (let i = 0; i < INSTANCES; i++) processes.push(await startInstance(config.database.url));
        const routeOf = (instance: { url: string }) => `${instance.url}/api/user/usertable/${groupId}`;
        const pids = processes.map((instance) => instance.pid);
        processResults = {
          one: await measure(routeOf(processes[0]!), { ...auth, ...browser }, pids),
          all: await measure(processes.map(routeOf), { ...auth, ...browser }, pids),
        };
      } finally {
        for (const instance of processes) await instance.stop();
      }
    }

    const row = (name: string, r: Measured) =>
      `${name.padEnd(40)} p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.rps.toFixed(0).padStart(6)} req/s   ${r.cpuPerRequest.toFixed(0).padStart(4)} µs CPU/req` +
      (config.database.kind === 'postgres'
        ? ` + ${r.pgCpuPerRequest.toFixed(0).padStart(4)} µs PostgreSQL`
        : '') +
      `   non-2xx ${r.non2xx}, errors ${r.errors}`;
    console.log(`\n${config.database.kind}, ${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.log(row('bare route, object (JSON.stringify)', bareResults.object));
    console.log(row('bare route, same JSON text', bareResults.text));
    console.log(row('bare route, same gzip bytes', bareResults.gzip));
    if (dbResults) {
      console.log(row('bare gzip + 1 PostgreSQL round trip', dbResults.one));
      console.log(row('bare gzip + 2 PostgreSQL round trips', dbResults.two));
      const [twoA, oneA, twoB, oneB] = dbResults.lookups;
      console.log(row('bare gzip + session, then group (before)', twoA!));
      console.log(row('bare gzip + session and group in one (now)', oneA!));
      console.log(row('bare gzip + session, then group (before)', twoB!));
      console.log(row('bare gzip + session and group in one (now)', oneB!));
      console.log(
        `one statement against two: ${(oneA!.rps / twoA!.rps).toFixed(2)}× / ${(oneB!.rps / twoB!.rps).toFixed(2)}× the req/s, ` +
          `p99 ${oneA!.p99} / ${oneB!.p99} ms against ${twoA!.p99} / ${twoB!.p99} ms`,
      );
    }
    console.log(row('GET user/usertable/{id}', routeResult));
    console.log(row('GET user/usertable/{id}, no gzip accepted', routeIdentity));
    if (processResults) {
      console.log(row('route, 1 server process', processResults.one));
      console.log(row(`route, ${INSTANCES} server processes`, processResults.all));
    }
    const fastestBare = Math.max(...Object.values(bareResults).map((r) => r.rps));
    const ratio = routeResult.rps / fastestBare;
    console.log(
      `route: ${(ratio * 100).toFixed(0)} % of the fastest bare route's req/s (target ≥ 40 %): ${ratio >= 0.4 ? 'PASS' : 'FAIL'}; ` +
        `p99 ${routeResult.p99} ms (target ≤ 25 ms): ${routeResult.p99 <= 25 ? 'PASS' : 'FAIL'}`,
    );
    await bare.close();
    await app.close();
  } finally {
    await db.destroy();
    if (keep) fs.rmSync(testDb.dataDir, { recursive: true, force: true });
    else await testDb.drop();
  }
}

await main();

/** CPU time (µs) used so far by the local PostgreSQL server's processes (0 where /proc is absent). */
function postgresCpuMicros(): number {
  return cpuMicrosOf((_pid, comm) => comm === 'postgres');
}

/** CPU time (µs) used so far by the processes `pick` chooses, read from /proc. */
function cpuMicrosOf(pick: (pid: number, comm: string) => boolean): number {
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [comm, rest] = [
        stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        stat.slice(stat.lastIndexOf(')') + 2),
      ];
      if (!pick(Number(pid), comm)) continue;
      const fields = rest.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks / ticksPerSecond) * 1e6;
}
