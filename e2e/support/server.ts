// Starts the production build (dist/) as a real server process on free ports with a fresh data
// folder, and opens the same SQLite database so tests can seed rows with the factories.
import { type ChildProcess, spawn } from 'node:child_process';
import dns from 'node:dns';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../../server/db/database.js';
import { collectOutput, freePort, stopChild, waitUntilAnswering } from '../../server/test/processes.js';

export const ADMIN_EMAIL = 'admin@ardoise.test';
export const ADMIN_PASSWORD = 'admin-password-123';

/** The app's host name with `hostNames`; the content origin is `content.` under it. */
export const APP_HOST = 'ardoise.localhost';

export type RunningServer = {
  /** The app origin as the browser reaches it. */
  url: string;
  /** The app origin by its address, for calls from Node. */
  apiUrl: string;
  contentUrl: string;
  dataDir: string;
  db: Db;
  output: () => string;
  /** Stops the server with SIGTERM (graceful shutdown) and resolves with its exit code. */
  close: () => Promise<number | null>;
};

// The servers are reached by host names under `localhost`, which Chromium resolves to loopback
// itself (RFC 6761); Node's resolver does not. The tests' own requests from Node resolve them the
// same way as the browser (Node's fetch and http, and Playwright's route.fetch, go through
// dns.lookup).
const toLoopback = <Lookup>(lookup: Lookup) =>
  ((hostname: string, ...rest: unknown[]) =>
    (lookup as (...args: unknown[]) => unknown)(
      hostname.endsWith('.localhost') ? '127.0.0.1' : hostname,
      ...rest,
    )) as Lookup;
dns.lookup = toLoopback(dns.lookup);
dns.promises.lookup = toLoopback(dns.promises.lookup);

// Each test process runs its own snapshot of dist/, so a rebuild elsewhere (another test run,
// a developer's `npm run build`) cannot pull files from under a running server.
let buildSnapshot: Promise<string> | undefined;
function snapshotBuild(): Promise<string> {
  buildSnapshot ??= (async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-build-'));
    await fs.cp(path.resolve('dist'), path.join(root, 'dist'), { recursive: true });
    await fs.copyFile(path.resolve('package.json'), path.join(root, 'package.json'));
    await fs.symlink(path.resolve('node_modules'), path.join(root, 'node_modules'));
    process.once('exit', () => fsSync.rmSync(root, { recursive: true, force: true }));
    return root;
  })();
  return buildSnapshot;
}

/** `options.port`: a port picked beforehand, when something must know the server's URL before it
 * starts (the SAML identity provider knows its service provider's). `options.hostNames`: the
 * browser reaches the app and the content origin by host names (`ardoise.localhost`,
 * `content.ardoise.localhost`), as in production; Chromium resolves `*.localhost` to loopback
 * (Node does not: `apiUrl` is the app by its address). `options.contentHost`: another name for the
 * content origin, e.g. one under another site than the app's: Chromium counts an unknown top-level
 * label such as `localhost` as a public suffix, so `content.ardoise-contenu.localhost` is another
 * site than `ardoise.localhost`, as `ardoise-contenu.fr` is than `ardoise.fr`. */
export async function startServer(
  env: Record<string, string> = {},
  options: { port?: number; hostNames?: boolean; contentHost?: string; attempt?: number } = {},
): Promise<RunningServer> {
  const hostNames = options.hostNames ?? true;
  const contentHost = options.contentHost ?? `content.${APP_HOST}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-e2e-'));
  const port = options.port ?? (await freePort());
  let contentPort = await freePort();
  while (contentPort === port) contentPort = await freePort();
  const mainJs = path.join(await snapshotBuild(), 'dist/server/server/main.js');
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...(hostNames
        ? {
            PUBLIC_URL: `http://${APP_HOST}:${port}`,
            CONTENT_URL: `http://${contentHost}:${contentPort}`,
          }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const apiUrl = `http://127.0.0.1:${port}`;
  try {
    // Signed out, and serving.
    await waitUntilAnswering(`${apiUrl}/api/auth/me`, child, output, {
      ready: (response) => response.status === 204,
      timeoutMs: 30_000,
    });
  } catch (error) {
    child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
    // Another process took a port between its pick and the server's listen: pick again.
    const attempt = options.attempt ?? 0;
    if (String(error).includes('EADDRINUSE') && attempt < 2) {
      return startServer(env, { ...options, attempt: attempt + 1 });
    }
    throw error;
  }
  const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'ardoise.sqlite') });
  const host = hostNames ? APP_HOST : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    apiUrl,
    contentUrl: `http://${hostNames ? contentHost : host}:${contentPort}`,
    dataDir,
    db,
    output,
    close: async () => {
      await db.destroy();
      await stopChild(child);
      await fs.rm(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
