// A real Ardoise server process (server/main.ts, bundled once per run by global-setup.ts) on a
// given DATA_DIR and database, for tests that must stop it the hard way (kill -9) or run several.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Config } from '../config.js';
import { freePort } from './processes.js';

export type ServerProcess = {
  url: string;
  /** The content origin (admin preview, offline player). */
  contentUrl: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** SIGKILL, as a crash or the OOM killer would: no handler runs. Resolves once it is gone. */
  kill9: () => Promise<void>;
  /** SIGTERM (graceful shutdown); resolves once it has exited. */
  stop: () => Promise<void>;
};

/** server/main.ts bundled for this run (global-setup.ts): what a test runs as a server process. */
export function serverBundle(): string {
  const bundle = process.env.TEST_SERVER_BUNDLE;
  if (!bundle) throw new Error('TEST_SERVER_BUNDLE is unset: server/test/global-setup.ts builds it');
  return bundle;
}

/** Starts the server on `dataDir` and `database` (PORT=0); resolves once it listens. */
export async function startServerProcess(
  dataDir: string,
  database: Config['database'],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  // The content origin on a port known here, so the app origin's "listening" line is told apart
  // whichever of the two is logged first.
  const contentPort = String(await freePort());
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    CONTENT_PORT: contentPort,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  };
  // SQLite: the server opens DATA_DIR/ardoise.sqlite, where the test databases live too.
  if (database.kind === 'postgres') childEnv.DATABASE_URL = database.url;
  else delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [serverBundle()], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // PORT=0: the port is read from the "Server listening" log line of the app origin.
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      for (const match of output.matchAll(/"msg":"Server listening at (http:\/\/127\.0\.0\.1:(\d+))"/g)) {
        if (match[2] !== contentPort) resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  const contentUrl = `http://127.0.0.1:${contentPort}`;
  return {
    url,
    contentUrl,
    child,
    output: () => output,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
