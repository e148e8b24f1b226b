// Measures the bulk import at the size of a publisher's school year: 5,000 schools, then
// 50,000 teachers, each file previewed, imported, and imported again (every row unchanged). Starts
// the production build (`npm run build` first) on free ports with a fresh database (SQLite; or
// PostgreSQL with DB_KIND=postgres), writes the files on disk, sends them as the import screen does
// (multipart, NDJSON answers read as they stream), and samples the server's RSS from /proc every
// 50 ms. Prints, per step: wall time, rows, and the server's peak RSS above its level before the step.
// `npm run bench:import` (add `-- --xlsx` to send the teachers as an XLSX workbook too).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importColumns } from '../common/schemas/imports.js';
import { csvFile, uaiFor, xlsxFile } from '../server/fixtures/import-files.js';
import { freePort } from '../server/test/processes.js';
import { createTestDatabase } from '../server/test/test-database.js';

const ADMIN = { email: 'bench@ardoise.test', password: 'bench-password-123' };
const XSRF = 'bench-xsrf';
const SCHOOLS = 5_000;
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 50_000);
const LEVELS = ['CP', 'CE1', 'CE2', 'CM1', 'CM2'];

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

function schoolRows(): string[][] {
  return Array.from({ length: SCHOOLS }, (_, i) => [
    uaiFor(1_000_000 + i),
    `École ${i} Jean-Jaurès`,
    `Ville ${i % 700}`,
    `${i} rue de l’École`,
    `ecole${i}@exemple.fr`,
    '0102030405',
    `ecole${i}.fr`,
    '01/09/2026',
    '31/08/2027',
    LEVELS.slice(0, 1 + (i % LEVELS.length)).join('|'),
    i % 10 === 0 ? 'Remarque' : '',
  ]);
}

function teacherRows(): string[][] {
  return Array.from({ length: TEACHERS }, (_, i) => [
    `enseignant.${i}@exemple.fr`,
    `Nom${i}`,
    `Prénom${i}`,
    '0612345678',
    uaiFor(1_000_000 + (i % SCHOOLS)),
    LEVELS[i % LEVELS.length]!,
    '',
    '',
  ]);
}

async function main(): Promise<void> {
  const mainJs = path.resolve('dist/server/server/main.js');
  if (!fs.existsSync(mainJs)) throw new Error('No production build: run `npm run build` first.');
  const database = await createTestDatabase();
  const dataDir = database.dataDir;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      PORT: String(port),
      CONTENT_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.database.kind === 'postgres' ? database.database.url : '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // e.g. '--max-old-space-size=64': the import must fit in a small heap whatever the file's size.
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid as number;
  try {
    const deadline = Date.now() + 30_000;
    while (
      !(await fetch(`${base}/api/auth/me`).then(
        (r) => r.status === 204,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const headers = { 'x-xsrf-token': XSRF, cookie: `__Host-XSRF-TOKEN=${XSRF}` };
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { ...headers, authorization: `Bearer ${token}` };
    for (const title of LEVELS) {
      await fetch(`${base}/api/admin/createlevel`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
    }

    const files: Record<string, string> = {};
    const write = (name: string, data: Buffer) => {
      files[name] = path.join(dataDir, name);
      fs.writeFileSync(files[name]!, data);
      return `${name}: ${mb(data.length)} MB`;
    };
    const written = [
      write('ecoles.csv', csvFile(importColumns.schools, schoolRows(), { encoding: 'win1252' })),
      write('enseignants.csv', csvFile(importColumns.teachers, teacherRows(), { encoding: 'utf8-bom' })),
    ];
    const withXlsx = process.argv.includes('--xlsx');
    if (withXlsx)
      written.push(write('enseignants.xlsx', await xlsxFile(importColumns.teachers, teacherRows())));
    console.log(`Files: ${written.join(', ')}; database: ${database.database.kind}`);

    /** Sends a file, reads the NDJSON answer as it streams, and measures time and memory. */
    const step = async (label: string, url: string, name: string) => {
      const before = rssBytes(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssBytes(pid));
      }, 50);
      const started = performance.now();
      const form = new FormData();
      form.append('file', await fs.openAsBlob(files[name]!), name);
      const response = await fetch(`${base}/api/admin/${url}`, { method: 'POST', headers: auth, body: form });
      if (response.status !== 200) throw new Error(`${label}: ${response.status} ${await response.text()}`);
      let rows = 0;
      let links = 0;
      let last = '';
      let pending = '';
      const decoder = new TextDecoder();
      for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk as Uint8Array, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('{"type":"row"')) rows += 1;
          else if (line.startsWith('{"type":"link"')) links += 1;
          if (line) last = line;
        }
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssBytes(pid));
      console.log(
        `${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  RSS before ${mb(before).padStart(6)} MB, peak +${mb(peak - before).padStart(5)} MB` +
          `${rows ? `  ${rows} rows` : ''}${links ? `  ${links} links` : ''}  → ${last.slice(0, 110)}`,
      );
    };

    await step('schools: preview', 'import/schools/preview', 'ecoles.csv');
    await step('schools: import', 'import/schools', 'ecoles.csv');
    await step('schools: import again (unchanged)', 'import/schools', 'ecoles.csv');
    await step('teachers: preview', 'import/teachers/preview', 'enseignants.csv');
    await step('teachers: import', 'import/teachers', 'enseignants.csv');
    await step('teachers: import again (unchanged)', 'import/teachers', 'enseignants.csv');
    if (withXlsx) await step('teachers XLSX: preview', 'import/teachers/preview', 'enseignants.xlsx');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
