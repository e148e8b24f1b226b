// Slows down password guessing: failures are counted per account and per IP in a fixed window;
// past the limit the key is refused (429) until the block ends. Kept in the database so that
// several app processes share the counters (DESIGN §1).
import type { Db } from '../../db/database.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_BLOCK_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** True when any of the keys is currently blocked. */
export async function isThrottled(db: Db, keys: string[], now: Date): Promise<boolean> {
  const blocked = await db
    .selectFrom('login_throttle')
    .select('key')
    .where('key', 'in', keys)
    .where('blocked_until', '>', now.toISOString())
    .executeTakeFirst();
  return blocked !== undefined;
}

export async function recordFailure(db: Db, key: string, limit: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Insert-if-missing first, so that two concurrent first failures cannot collide.
    await trx
      .insertInto('login_throttle')
      .values({ key, failures: 0, window_started_at: now.toISOString(), blocked_until: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const windowOpen = now.getTime() - Date.parse(row.window_started_at) < THROTTLE_WINDOW_MS;
    const failures = windowOpen ? row.failures + 1 : 1;
    await trx
      .updateTable('login_throttle')
      .set({
        failures,
        window_started_at: windowOpen ? row.window_started_at : now.toISOString(),
        blocked_until: failures >= limit ? new Date(now.getTime() + THROTTLE_BLOCK_MS).toISOString() : null,
      })
      .where('key', '=', key)
      .execute();
  });
}

export async function resetFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
