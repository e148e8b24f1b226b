// Vitest global setup, once per project of the run (vitest.config.ts):
// - on PostgreSQL: a database migrated once, that every test file's database is cloned from
//   (CREATE DATABASE … TEMPLATE: a copy instead of running the migrations again per file);
// - for the bucket project: the s3rver its files store into;
// - once per run: the server bundled into one file (esbuild), for the tests that run it as a process
//   of its own (server-process.ts): it starts on 2 s of CPU where `node --import tsx` took 4.5.
// Workers find them in the environment, which they inherit from this process.
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { startTemporaryS3Server } from './s3-server.js';
import { createMigratedTemplate } from './test-database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardowns: Array<() => Promise<void>> = [];
  const env = project.config.env ?? {};
  if (env.DB_KIND === 'postgres' && !process.env.TEST_PG_TEMPLATE) {
    const template = await createMigratedTemplate();
    process.env.TEST_PG_TEMPLATE = template.name;
    teardowns.push(template.drop);
  }
  if (!process.env.TEST_SERVER_BUNDLE) {
    // Beside the project's node_modules, which the bundle imports its packages from.
    const cache = path.resolve('node_modules/.cache');
    await fs.mkdir(cache, { recursive: true });
    const folder = await fs.mkdtemp(path.join(cache, 'ardoise-test-server-'));
    const outfile = path.join(folder, 'main.mjs');
    await build({
      entryPoints: [path.resolve('server/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile,
      logLevel: 'warning',
    });
    process.env.TEST_SERVER_BUNDLE = outfile;
    teardowns.push(() => fs.rm(folder, { recursive: true, force: true }));
  }
  if (env.FILE_STORE === 's3' && !process.env.TEST_S3_ENDPOINT) {
    const server = await startTemporaryS3Server('ardoise-s3rver-');
    process.env.TEST_S3_ENDPOINT = server.endpoint;
    teardowns.push(server.stop);
  }
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown();
  };
}
