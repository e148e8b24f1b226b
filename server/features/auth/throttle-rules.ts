// The rules that slow password guessing (OWASP Authentication Cheat Sheet), as pure functions of
// a budget's last state and the time: every password or 2FA check draws on budgets, and a failure
// may make the next try wait. Nothing here is ever a lock: each wait ends on its own.
//
// - account: failures typed for one account from browsers it does not know. 5 are free, then the
//   next try waits 1 min, 2, 4, 8, then 15 min at most per failure. Forgotten after a quiet day.
// - device: the same rule for one browser that has signed in to that account before (device
//   cookie): its failures draw on its own budget, never on the account's, so a stranger's guesses
//   do not keep the owner out of a browser the owner uses.
// - address: failures from one IP address, over every account, as a leaky bucket sized for a
//   school of 1,000 people behind one address: 300 failures in hand, one more every 6 s.

export type ThrottleScope = 'account' | 'device' | 'address';

export const ACCOUNT_FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A budget with no failure for this long starts again from zero. */
export const FORGET_AFTER_MS = 24 * 3_600_000;
export const ADDRESS_BURST = 300;
export const ADDRESS_REFILL_MS = 6_000;

/** What a budget remembers: a count of failures (account, device) or the bucket's level (address),
 * and when the last failure happened (ms). */
export type BudgetState = { failures: number; lastFailureAt: number };
export type AfterFailure = BudgetState & { blockedUntil: number | null };

/** The wait after the n-th failure in a row of an account or a device. */
export function backoffDelay(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES), MAX_DELAY_MS);
}

/** The address bucket's level at `now`: it drains by one failure every ADDRESS_REFILL_MS. */
export function addressLevel(state: BudgetState | undefined, now: number): number {
  if (!state) return 0;
  return Math.max(0, state.failures - (now - state.lastFailureAt) / ADDRESS_REFILL_MS);
}

/** A budget after one more failure at `now`, with the time before which the next try is refused. */
export function afterFailure(
  scope: ThrottleScope,
  state: BudgetState | undefined,
  now: number,
): AfterFailure {
  if (scope === 'address') {
    const level = addressLevel(state, now) + 1;
    const over = level - ADDRESS_BURST;
    return {
      failures: level,
      lastFailureAt: now,
      blockedUntil: over > 0 ? now + Math.ceil(over * ADDRESS_REFILL_MS) : null,
    };
  }
  const remembered = state && now - state.lastFailureAt < FORGET_AFTER_MS ? state.failures : 0;
  const failures = remembered + 1;
  const delay = backoffDelay(failures);
  return { failures, lastFailureAt: now, blockedUntil: delay > 0 ? now + delay : null };
}

/** The address a budget is kept for: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64, the block one subscriber (a school's line) usually gets whole. */
export function addressBudgetOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  // 'a:b::c' leaves out as many zero groups as make eight.
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Retry-After in whole seconds (never 0 while a wait remains). */
export function retryAfterSeconds(blockedUntil: number, now: number): number {
  return Math.max(1, Math.ceil((blockedUntil - now) / 1000));
}

/** The tries an attacker who retries the moment each wait ends gets on one account within
 * `periodMs` (from a fresh budget): the figure docs/security.md gives. */
export function guessesWithin(periodMs: number): number {
  let state: AfterFailure | undefined;
  let now = 0;
  let guesses = 0;
  while (now < periodMs) {
    state = afterFailure('account', state, now);
    guesses += 1;
    now = state.blockedUntil ?? now;
  }
  return guesses;
}
