// Helpers for tests and benchmarks that run a server (Ardoise, or a test's CAS, IdP or S3 server) as
// a real child process.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';

/** A TCP port free on loopback right now (the OS picks it; it is released before returning). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Everything the child writes to stdout and stderr so far, for assertions and error reports. */
export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => output;
}

/** Polls `url` until `ready` accepts its answer (by default any 2xx); throws with the child's output
 * when the child exits first or `timeoutMs` runs out. */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  output: () => string,
  { ready = (response: Response) => response.ok, timeoutMs = 20_000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (ready(response)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Stops the child with SIGTERM (its graceful shutdown) and waits for it to exit; nothing to do
 * when it has already gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A test's server run from its own temporary `folder` (the CAS server, the IdP): waits until it
 * answers at `readyUrl`; its `close` stops it and removes the folder. */
export async function awaitFolderServer(
  child: ChildProcess,
  readyUrl: string,
  folder: string,
): Promise<{ close(): Promise<void> }> {
  await waitUntilAnswering(readyUrl, child, collectOutput(child));
  return {
    async close() {
      await stopChild(child);
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
