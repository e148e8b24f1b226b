// Vitest global setup of the PostgreSQL + object store run (FILE_STORE=s3, `npm run test:pg-s3`):
// one s3rver for the whole run, its objects in a temp folder; every test file makes its own bucket
// on it (test-database.ts). The workers find the endpoint and s3rver's credentials in the environment.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3RVER_CREDENTIALS, startS3Server } from './s3-server.js';

export default async function setup(): Promise<() => Promise<void>> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-s3rver-'));
  const server = await startS3Server(directory);
  Object.assign(process.env, S3RVER_CREDENTIALS, { TEST_S3_ENDPOINT: server.endpoint });
  return async () => {
    await server.stop();
    await fs.rm(directory, { recursive: true, force: true });
  };
}
