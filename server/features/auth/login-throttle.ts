// Throttles every password and 2FA check (sign-in, own-password change, ENT account link), and the
// ENT sign-in starts of an address, by the rules of throttle-rules.ts. The budgets live in the database so that instances share them.
import { authMessages } from '../../../common/messages/auth.js';
import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  deleteBudgets,
  deleteBudgetsIdleSince,
  findBudget,
  findLatestBlock,
  writeBudgetIfUnchanged,
} from './sign-in-throttle.repository.js';
import {
  type AfterFailure,
  addressBudgetOf,
  afterFailure,
  type BudgetState,
  FORGET_AFTER_MS,
  retryAfterSeconds,
  type ThrottleScope,
} from './throttle-rules.js';

/** What is being checked, for the audit log. */
export type CheckPurpose = 'sign-in' | 'password-change' | 'ent-link' | 'two-factor';

/** Who tries: the account (email), the address, and this browser's id when it carries a valid
 * device cookie for that account. */
export type Attempt = { email: string; ip: string; deviceId: string | null; purpose: CheckPurpose };

type Budget = { scope: ThrottleScope; key: string };

/** A known browser draws on its own budget only; any other on the account's and the address's. */
export function budgetsOf(attempt: Attempt): Budget[] {
  if (attempt.deviceId) return [{ scope: 'device', key: `device:${attempt.deviceId}` }];
  return [
    { scope: 'account', key: `account:${attempt.email}` },
    { scope: 'address', key: `address:${addressBudgetOf(attempt.ip)}` },
  ];
}

/** Refuses the try (429, Retry-After) while any of its budgets is waiting; the password is not
 * even checked then. */
export async function assertMayTry(db: Db, attempt: Attempt, now: Date): Promise<void> {
  const blockedUntil = await findLatestBlock(
    db,
    budgetsOf(attempt).map((budget) => budget.key),
    now.toISOString(),
  );
  if (!blockedUntil) return;
  const seconds = retryAfterSeconds(Date.parse(blockedUntil), now.getTime());
  throw tooManyRequests(authMessages.tooManyAttempts(seconds), seconds);
}

/** Counts a failed check against each budget; a budget that must now wait is written to the audit
 * log. */
export async function recordFailure(db: Db, attempt: Attempt, now: Date): Promise<void> {
  await deleteBudgetsIdleSince(db, new Date(now.getTime() - FORGET_AFTER_MS).toISOString());
  for (const budget of budgetsOf(attempt)) {
    const blockedUntil = await addFailure(db, budget.key, ruleOf(budget.scope), now.getTime());
    if (blockedUntil === null) continue;
    await recordAudit(db, {
      actorId: null,
      action: 'auth.throttle',
      entity: 'auth',
      entityId: null,
      details: {
        email: attempt.email.slice(0, 254),
        scope: budget.scope,
        ...(budget.scope === 'address' ? { address: addressBudgetOf(attempt.ip) } : {}),
        seconds: retryAfterSeconds(blockedUntil, now.getTime()),
        purpose: attempt.purpose,
      },
    });
  }
}

/** A check that passed: the account's (or this browser's) failures are forgiven. The address's
 * are not: one good password must not buy a sprayer a new bucket. */
export async function recordSuccess(db: Db, attempt: Attempt): Promise<void> {
  const keys = budgetsOf(attempt)
    .filter((budget) => budget.scope !== 'address')
    .map((budget) => budget.key);
  await deleteBudgets(db, keys);
}

/** One use of an address's own bucket `name`, by the address rule, for something anonymous that
 * writes (an ENT sign-in start): false while the bucket waits. */
export async function spendAddressBudget(db: Db, name: string, ip: string, now: Date): Promise<boolean> {
  const key = `${name}:${addressBudgetOf(ip)}`;
  if (await findLatestBlock(db, [key], now.toISOString())) return false;
  await addFailure(db, key, ruleOf('address'), now.getTime());
  return true;
}

/** How a budget's failures add up: its state after one more failure at `now` (ms). */
export type BudgetRule = (state: BudgetState | undefined, now: number) => AfterFailure;

const ruleOf =
  (scope: ThrottleScope): BudgetRule =>
  (state, now) =>
    afterFailure(scope, state, now);

/** For the doors with rules of their own (the pupils' cards, docs/pupils.md): the latest time (ms)
 * any of these budgets waits until, when one still waits at `now`, else null. */
export async function budgetsBlockedUntil(db: Db, keys: string[], now: Date): Promise<number | null> {
  const blockedUntil = await findLatestBlock(db, keys, now.toISOString());
  return blockedUntil ? Date.parse(blockedUntil) : null;
}

/** One more failure on the budget `key` by `rule` (budgets idle for a day are forgotten first);
 * returns the time (ms) it now waits until, or null. */
export async function countFailure(db: Db, key: string, rule: BudgetRule, now: Date): Promise<number | null> {
  await deleteBudgetsIdleSince(db, new Date(now.getTime() - FORGET_AFTER_MS).toISOString());
  return addFailure(db, key, rule, now.getTime());
}

/** Forgets these budgets (a success). */
export async function forgetBudgets(db: Db, keys: string[]): Promise<void> {
  await deleteBudgets(db, keys);
}

/** One more failure on a budget, written only if nobody changed it meanwhile (two instances may
 * count at once): read, compute, compare-and-set, again on a lost race. Returns the time (ms) the
 * budget now waits until, or null. */
async function addFailure(db: Db, key: string, rule: BudgetRule, now: number): Promise<number | null> {
  for (;;) {
    const row = await findBudget(db, key);
    const previous = row && { failures: row.failures, lastFailureAt: Date.parse(row.last_failure_at) };
    const next = rule(previous, now);
    const values = {
      failures: next.failures,
      last_failure_at: new Date(next.lastFailureAt).toISOString(),
      blocked_until: next.blockedUntil === null ? null : new Date(next.blockedUntil).toISOString(),
    };
    if (await writeBudgetIfUnchanged(db, key, row, values)) return next.blockedUntil;
  }
}
