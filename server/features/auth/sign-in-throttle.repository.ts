// The sign-in budgets (table sign_in_throttle): one row per budget key with its failures, the
// last one's time and, while it must wait, until when. login-throttle.ts decides; this stores.
// Also the key that signs device cookies (table signing_keys), shared by every instance.
import type { Db } from '../../db/database.js';

type BudgetRow = { failures: number; last_failure_at: string };
type BudgetValues = BudgetRow & { blocked_until: string | null };

/** The latest time any of these budgets waits until, when one still waits at `now`. */
export async function findLatestBlock(db: Db, keys: string[], now: string): Promise<string | null> {
  const row = await db
    .selectFrom('sign_in_throttle')
    .select('blocked_until')
    .where('key', 'in', keys)
    .where('blocked_until', '>', now)
    .orderBy('blocked_until', 'desc')
    .executeTakeFirst();
  return row?.blocked_until ?? null;
}

/** Budgets whose last failure is older than `before` are forgotten. */
export async function deleteBudgetsIdleSince(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('last_failure_at', '<', before).execute();
}

export async function deleteBudgets(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', 'in', keys).execute();
}

export function findBudget(db: Db, key: string): Promise<BudgetValues | undefined> {
  return db
    .selectFrom('sign_in_throttle')
    .select(['failures', 'last_failure_at', 'blocked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Writes a budget only if it still is `previous` (or, without `previous`, does not exist yet):
 * false when another instance changed it first. */
export async function writeBudgetIfUnchanged(
  db: Db,
  key: string,
  previous: BudgetRow | undefined,
  values: BudgetValues,
): Promise<boolean> {
  if (!previous) {
    const inserted = await db
      .insertInto('sign_in_throttle')
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows) === 1;
  }
  const updated = await db
    .updateTable('sign_in_throttle')
    .set(values)
    .where('key', '=', key)
    .where('failures', '=', previous.failures)
    .where('last_failure_at', '=', previous.last_failure_at)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A signing key's secret (base64url), created by its migration. */
export async function findSigningSecret(db: Db, name: 'device-cookie'): Promise<string> {
  const row = await db
    .selectFrom('signing_keys')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}
