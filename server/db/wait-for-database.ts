// Start-up waits for the database: it may still be starting (containers, failover). Retries with
// backoff until the configured time is up, saying so in one line per try, then gives up.
import { sql } from 'kysely';
import { isDatabaseUnavailable } from './connection-errors.js';
import type { Db } from './database.js';

export class DatabaseUnreachableError extends Error {}

export async function waitForDatabase(
  db: Db,
  timeoutMs: number,
  print: (line: string) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delayMs = 250;
  for (;;) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      const reason = describe(error);
      if (!isDatabaseUnavailable(error)) {
        throw new DatabaseUnreachableError(`Cannot use the database: ${reason}`);
      }
      if (Date.now() + delayMs > deadline) {
        throw new DatabaseUnreachableError(
          `Cannot reach the database (${reason}); gave up after ${Math.round(timeoutMs / 1000)} s (DB_CONNECT_TIMEOUT_SECONDS)`,
        );
      }
      print(`Database not reachable (${reason}); retrying in ${(delayMs / 1000).toFixed(1)} s`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5000);
    }
  }
}

/** One line: pg reports a refused connection as an AggregateError of one error per address. */
function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (error instanceof Error) return error.message.split('\n')[0] || error.name;
  return String(error);
}
