// Measures the bulk import at the size of a publisher's school year: 5,000 schools, then
// 50,000 teachers, each file previewed, imported, and imported again (every row unchanged). Starts
// the production build (`npm run build` first) on free ports with a fresh database (SQLite; or
// PostgreSQL with DB_KIND=postgres), writes the files on disk, sends them as the import screen does
// (multipart, NDJSON answers read as they stream), and samples the server's RSS from /proc every
// 50 ms. Prints, per step: wall time, rows, and the server's peak RSS above its level before the step.
// `npm run bench:import` (add `-- --xlsx` to send the teachers as an XLSX workbook too).
import fs from 'node:fs';
import path from 'node:path';
import { importColumns } from '../common/schemas/imports.js';
import { csvFile, uaiFor, xlsxFile } from '../server/fixtures/import-files.js';
import { createTestDatabase } from '../server/test/test-database.js';
import { builtServer, measurePeakRss, signInBenchAdmin, startBenchServer } from './bench-server.js';

const SCHOOLS = 5_000;
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 50_000);
const LEVELS = ['CP', 'CE1', 'CE2', 'CM1', 'CM2'];

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
  const mainJs = builtServer();
  const database = await createTestDatabase();
  const dataDir = database.dataDir;
  const server = await startBenchServer(mainJs, dataDir, {
    DATABASE_URL: database.database.kind === 'postgres' ? database.database.url : '',
    // e.g. '--max-old-space-size=64': the import must fit in a small heap whatever the file's size.
    NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const { base, pid } = server;
  try {
    const auth = (await signInBenchAdmin(base)).headers;
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

    /** Sends a file and reads the NDJSON answer as it streams; `step` measures its time and memory. */
    const send = async (label: string, url: string, name: string) => {
      const form = new FormData();
      // The schools file is Windows-1252 without BOM, as an older French Excel writes it: declared.
      if (name === 'ecoles.csv') form.append('encodage', 'windows-1252');
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
      return { rows, links, last };
    };
    const step = async (label: string, url: string, name: string) => {
      const {
        result: { rows, links, last },
        seconds,
        before,
        peak,
      } = await measurePeakRss(pid, () => send(label, url, name), { everyMs: 50 });
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
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
