// Starts and stops the tests' S3-protocol server (s3rver-process.mjs) and makes buckets on it.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../config.js';
import { stopChild } from './processes.js';

/** s3rver's one account; the SDK finds these in the environment like real credentials. (And no
 * notice that later SDK releases will need Node 22: see s3-store.ts.) */
export const S3RVER_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

export type S3Server = { endpoint: string; port: number; process: ChildProcess; stop: () => Promise<void> };

/** A running s3rver keeping its objects in `directory`; `port` 0 picks a free one. */
export async function startS3Server(directory: string, port = 0): Promise<S3Server> {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.resolve('server/test/s3rver-process.mjs'), directory, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const listening = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  lines.close();
  return {
    endpoint: `http://127.0.0.1:${listening}`,
    port: listening,
    process: child,
    stop: () => stopChild(child),
  };
}

/** A running s3rver over a new temporary folder (named from `prefix`), its credentials set in this
 * process's environment for the SDK; `stop` removes the folder too. */
export async function startTemporaryS3Server(prefix: string): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const server = await startS3Server(directory);
  Object.assign(process.env, S3RVER_CREDENTIALS);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** A new, empty bucket on the server at `endpoint`, as the file store's configuration. */
export async function createTestBucket(endpoint: string): Promise<Extract<FileStoreConfig, { kind: 's3' }>> {
  const config = {
    kind: 's3' as const,
    bucket: `ardoise-test-${crypto.randomBytes(6).toString('hex')}`,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
  };
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: true,
    credentials: {
      accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID,
      secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
    },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  } finally {
    client.destroy();
  }
  return config;
}

/** The environment a server process needs to use that bucket. */
export function fileStoreEnv(config: FileStoreConfig): Record<string, string> {
  if (config.kind === 'local') return { S3_BUCKET: '' };
  return {
    S3_BUCKET: config.bucket,
    S3_ENDPOINT: config.endpoint ?? '',
    S3_REGION: config.region,
    S3_FORCE_PATH_STYLE: String(config.forcePathStyle),
    ...S3RVER_CREDENTIALS,
  };
}
