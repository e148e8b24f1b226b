// The production build (`npm run build` first) run by a benchmark as a child process on free ports,
// with the bench's admin, and what a benchmark measures it with (its RSS, an admin's API calls); or
// the app built in the bench's own process.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import type { Config } from '../server/config.js';
import type { Db } from '../server/db/database.js';
import { LocalFileStore } from '../server/storage/local-store.js';
import { freePort, stopChild, waitUntilAnswering } from '../server/test/processes.js';

export const BENCH_ADMIN = { email: 'bench@ardoise.test', password: 'bench-password-123' };
const XSRF = 'bench-xsrf';
/** What the app's fetch sends on every call from a browser: the XSRF cookie and its header. */
const XSRF_HEADERS = { 'x-xsrf-token': XSRF, cookie: `__Host-XSRF-TOKEN=${XSRF}` };

export type BenchServer = { base: string; pid: number; stop(): Promise<void> };

/** The built server's entry point; throws when there is no build. */
export function builtServer(): string {
  const mainJs = path.resolve('dist/server/server/main.js');
  if (!fs.existsSync(mainJs)) throw new Error('No production build: run `npm run build` first.');
  return mainJs;
}

/** Starts the built server on `dataDir` (SQLite unless `env` names a database) and resolves once it
 * serves; `env` adds to or overrides its environment. Its stdout is ignored, its stderr shown. */
export async function startBenchServer(
  mainJs: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      PORT: String(port),
      CONTENT_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // Signed out, and serving.
    await waitUntilAnswering(`${base}/api/auth/me`, child, () => '(stderr above)', {
      ready: (response) => response.status === 204,
      timeoutMs: 30_000,
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, pid: child.pid as number, stop: () => stopChild(child) };
}

/** Signs the bench's admin in through the login route; `headers` are those of the admin's API calls
 * (XSRF cookie and header, bearer token; no content type). */
export async function signInBenchAdmin(
  base: string,
): Promise<{ token: string; headers: Record<string, string> }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...XSRF_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return { token, headers: { ...XSRF_HEADERS, authorization: `Bearer ${token}` } };
}

/** The resident memory of a process, from /proc. */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Runs `task` while sampling the process's RSS every `everyMs` (`onSample` sees each sample, ms
 * since the start and bytes); answers the task's result, its time, the RSS just before and the peak. */
export async function measurePeakRss<T>(
  pid: number,
  task: () => Promise<T>,
  { everyMs = 10, onSample }: { everyMs?: number; onSample?: (ms: number, rss: number) => void } = {},
) {
  const before = rssBytes(pid);
  let peak = before;
  const started = performance.now();
  const sample = () => {
    try {
      const rss = rssBytes(pid);
      peak = Math.max(peak, rss);
      onSample?.(performance.now() - started, rss);
    } catch {
      // The process is gone.
    }
  };
  const sampler = setInterval(sample, everyMs);
  try {
    const result = await task();
    const seconds = (performance.now() - started) / 1000;
    sample();
    return { result, seconds, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** The app built in the bench's process over `db`: files in the config's folder, no log, no web
 * build (only the API is measured). */
export async function inProcessApp(db: Db, config: Config) {
  const files = new LocalFileStore(config.filesDir);
  await files.init();
  return buildApp({ db, config, files, logger: false, webDir: path.join(config.dataDir, 'no-web') });
}
