// Vitest global setup, once per project of the run (vitest.config.ts):
// - on PostgreSQL: a database migrated once, that every test file's database is cloned from
//   (CREATE DATABASE … TEMPLATE: a copy instead of running the migrations again per file);
// - for the bucket project: the s3rver its files store into.
// Workers find both in the environment, which they inherit from this process.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { S3RVER_CREDENTIALS, startS3Server } from './s3-server.js';
import { createMigratedTemplate } from './test-database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardowns: Array<() => Promise<void>> = [];
  const env = project.config.env ?? {};
  if (env.DB_KIND === 'postgres' && !process.env.TEST_PG_TEMPLATE) {
    const template = await createMigratedTemplate();
    process.env.TEST_PG_TEMPLATE = template.name;
    teardowns.push(template.drop);
  }
  if (env.FILE_STORE === 's3' && !process.env.TEST_S3_ENDPOINT) {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-s3rver-'));
    const server = await startS3Server(directory);
    Object.assign(process.env, S3RVER_CREDENTIALS, { TEST_S3_ENDPOINT: server.endpoint });
    teardowns.push(async () => {
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
    });
  }
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown();
  };
}
