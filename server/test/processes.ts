// Helpers for tests and benchmarks that run the server as a real child process.
import type { ChildProcess } from 'node:child_process';
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
