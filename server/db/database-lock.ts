// Named locks that every instance sharing the database agrees on. PostgreSQL: a session advisory
// lock keyed by a hash of the name, held on one connection for the task's length. SQLite has one
// writer process, so a lock inside this process is all it needs.
import { sql } from 'kysely';
import { type Db, postgresPool } from './database.js';

const chains = new Map<string, Promise<unknown>>();

/** Runs `task` once every earlier task of this process holding the same name has finished. */
export async function withProcessLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(name, settled);
  try {
    return await run;
  } finally {
    if (chains.get(name) === settled) chains.delete(name);
  }
}

/** How many connections this process may hold waiting on advisory locks at once: the tasks need
 * pool connections of their own, so lock holders must never fill the pool. */
const MAX_HELD_LOCKS = 3;
let heldLocks = 0;
const waitingForSlot: Array<() => void> = [];

async function takeSlot(): Promise<void> {
  if (heldLocks < MAX_HELD_LOCKS) {
    heldLocks += 1;
    return;
  }
  await new Promise<void>((resolve) => waitingForSlot.push(resolve));
}

function giveSlot(): void {
  const next = waitingForSlot.shift();
  if (next) next();
  else heldLocks -= 1;
}

/**
 * Runs `task` while holding the lock `name` across every process on this database. Within this
 * process, tasks on one name queue first (so one connection per name waits, not one per caller).
 */
export function withDatabaseLock<T>(db: Db, name: string, task: () => Promise<T>): Promise<T> {
  return withProcessLock(name, async () => {
    if (!postgresPool(db)) return task();
    await takeSlot();
    try {
      return await db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(hashtextextended(${name}, 0))`.execute(connection);
        try {
          return await task();
        } finally {
          // Fails only when the connection is gone, and then the server has dropped the lock too.
          await sql`select pg_advisory_unlock(hashtextextended(${name}, 0))`
            .execute(connection)
            .catch(() => undefined);
        }
      });
    } finally {
      giveSlot();
    }
  });
}
