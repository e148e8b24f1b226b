// The rules that slow picture guessing at the pupils' door (docs/pupils.md#les-limites), as pure
// functions of a budget's last state and the time, in the shape of the teachers' throttle rules
// (features/auth/throttle-rules.ts). Nothing here is ever a lock: each wait ends on its own.
//
// - pupil ('pupil:<id>'): wrong picture codes in a row for one pupil. 3 are free (a six-year-old
//   mistaps), then the next try waits 30 s, 1 min, 2 min, 4 min, then 5 min at most per failure.
//   A success forgets them; so does an hour without a failure.
// - class ('class:<groupId>'): every wrong code in one class, as a leaky bucket: 60 in hand, one
//   more every 10 s. One pupil who keeps failing is held by their own waits to about 20 failures
//   an hour, far below what the bucket drains (360 an hour), so the class never waits for them;
//   someone trying codes across all the pupils empties it and then waits 10 s per try.
// - address ('classe:<address>'): unknown class codes and refused QR tokens from one address, as
//   a leaky bucket of 60, one more every 10 s.
import { PUPIL_FORGET_AFTER_MS, pupilDelay } from '../../../common/pupils.js';
import type { AfterFailure, BudgetState } from '../auth/throttle-rules.js';

export const CLASS_BURST = 60;
export const CLASS_REFILL_MS = 10_000;
export const ADDRESS_BURST = 60;
export const ADDRESS_REFILL_MS = 10_000;

export function pupilRule(state: BudgetState | undefined, now: number): AfterFailure {
  const remembered = state && now - state.lastFailureAt < PUPIL_FORGET_AFTER_MS ? state.failures : 0;
  const failures = remembered + 1;
  const delay = pupilDelay(failures);
  return { failures, lastFailureAt: now, blockedUntil: delay > 0 ? now + delay : null };
}

/** A leaky bucket of `burst` failures that drains one every `refillMs`. */
export const bucketRule =
  (burst: number, refillMs: number) =>
  (state: BudgetState | undefined, now: number): AfterFailure => {
    const level = (state ? Math.max(0, state.failures - (now - state.lastFailureAt) / refillMs) : 0) + 1;
    const over = level - burst;
    return {
      failures: level,
      lastFailureAt: now,
      blockedUntil: over > 0 ? now + Math.ceil(over * refillMs) : null,
    };
  };

export const classRule = bucketRule(CLASS_BURST, CLASS_REFILL_MS);
export const addressRule = bucketRule(ADDRESS_BURST, ADDRESS_REFILL_MS);
