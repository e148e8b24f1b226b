import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// '@/…' names a file from the repository root (web code imports common/ and its own folders so).
const rootAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

// Unit and API tests, in one run of four projects (`--project <name>` runs one of them):
// - `unit`: the files that touch no database, run once;
// - `sqlite` and `postgres`: every file that uses a database (it imports test/helper.ts or
//   test/test-database.ts), run on each; on PostgreSQL each file's database is cloned from a
//   template migrated once per run (test/global-setup.ts);
// - `bucket`: the paths where the file store's driver shows (upload, content, downloads, backup,
//   two instances) again on PostgreSQL with the files in a bucket of an s3rver on loopback. The
//   drivers themselves share one contract suite (storage/file-store.contract.test.ts).
// Files of a worker share their modules (isolate: false): each file builds its own app and
// database, and importing the server once per worker instead of once per file saves about half
// of the suite's CPU time.
const testFiles = ['server', 'common', 'web', 'scripts'].flatMap((folder) =>
  fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
);
const usesDatabase = (file: string) =>
  /from '[./]*(server\/)?test\/(helper|test-database)\.js'/.test(fs.readFileSync(file, 'utf8'));

const bucketFiles = [
  'server/features/uploads/uploads.test.ts',
  'server/features/content/content.test.ts',
  'server/features/player/player.test.ts',
  'scripts/backup-restore.test.ts',
  'server/two-instances.test.ts',
];

const project = (name: string, include: string[], env: Record<string, string> = {}) => ({
  extends: true as const,
  test: { name, include, env },
});

export default defineConfig({
  resolve: { alias: rootAlias },
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    // Each project transforms the files it runs; with the module cache on disk
    // (node_modules/.experimental-vitest-cache) a file transformed for one project is read back
    // by the next (transform time 17 -> 10 s a run from a fresh clone: docs/decisions.md).
    experimental: { fsModuleCache: true },
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    isolate: false,
    // Vitest's default on 2 cores is one worker; most files wait on a database or a child
    // process much of the time, so three keep both cores busy (docs/decisions.md: measured).
    maxWorkers: 3,
    // expect.poll waits for a background job (a mail, a subscription) as long as a busy machine
    // needs; Vitest's default is 1 s.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      project(
        'unit',
        testFiles.filter((file) => !usesDatabase(file)),
      ),
      project('sqlite', testFiles.filter(usesDatabase), { DB_KIND: 'sqlite' }),
      project('postgres', testFiles.filter(usesDatabase), { DB_KIND: 'postgres' }),
      project('bucket', bucketFiles, { DB_KIND: 'postgres', FILE_STORE: 's3' }),
    ],
  },
});
