import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_BURST,
  ADDRESS_REFILL_MS,
  type AfterFailure,
  addressBudgetOf,
  afterFailure,
  backoffDelay,
  FIRST_DELAY_MS,
  FORGET_AFTER_MS,
  guessesWithin,
  MAX_DELAY_MS,
  retryAfterSeconds,
} from './throttle-rules.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('account and device budgets', () => {
  it('lets 5 failures through, then waits 1, 2, 4, 8 minutes, then 15 at most', () => {
    const delays = Array.from({ length: 12 }, (_, i) => backoffDelay(i + 1) / MINUTE);
    expect(delays).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 15, 15, 15, 15]);
    expect(ACCOUNT_FREE_FAILURES).toBe(5);
    expect(FIRST_DELAY_MS).toBe(MINUTE);
    expect(MAX_DELAY_MS).toBe(15 * MINUTE);
  });

  it('gives an attacker who retries the moment each wait ends 11 guesses in the first hour, then 4 an hour', () => {
    // 5 at once, then at 1, 3, 7, 15, 30 and 45 minutes; from then on one every 15 minutes.
    expect(guessesWithin(HOUR)).toBe(11);
    expect(guessesWithin(2 * HOUR) - guessesWithin(HOUR)).toBe(HOUR / MAX_DELAY_MS);
    expect(guessesWithin(24 * HOUR)).toBe(11 + 23 * 4);
  });

  it('forgets failures after a quiet day', () => {
    let state: AfterFailure | undefined;
    for (let i = 0; i < 8; i++) state = afterFailure('account', state, 0);
    expect(state?.failures).toBe(8);
    expect(afterFailure('account', state, FORGET_AFTER_MS - 1).failures).toBe(9);
    expect(afterFailure('account', state, FORGET_AFTER_MS)).toEqual({
      failures: 1,
      lastFailureAt: FORGET_AFTER_MS,
      blockedUntil: null,
    });
  });
});

describe('address budget', () => {
  it('holds 300 failures at once, then one every 6 seconds', () => {
    let state: AfterFailure | undefined;
    for (let i = 0; i < ADDRESS_BURST; i++) {
      state = afterFailure('address', state, 0);
      expect(state.blockedUntil).toBeNull();
    }
    state = afterFailure('address', state, 0);
    expect(state.blockedUntil).toBe(ADDRESS_REFILL_MS);
    // Once the wait is over the bucket has room for exactly one more.
    state = afterFailure('address', state, ADDRESS_REFILL_MS);
    expect(state.blockedUntil).toBe(2 * ADDRESS_REFILL_MS);
  });

  it('never stops a school of 1,000 people in a morning rush: everyone within 5 minutes, a third mistyping once', () => {
    const people = 1_000;
    let state: AfterFailure | undefined;
    let blocked = 0;
    for (let person = 0; person < people; person++) {
      if (person % 3 !== 0) continue; // the other two thirds type their password right
      const at = Math.floor((person / people) * 5 * MINUTE);
      if (state?.blockedUntil && state.blockedUntil > at) blocked += 1;
      state = afterFailure('address', state, at);
    }
    expect(blocked).toBe(0);
    expect(state?.blockedUntil).toBeNull();
  });

  it('lets one address spray at most 300 guesses at once, then 600 an hour, over every account', () => {
    let state: AfterFailure | undefined;
    let now = 0;
    let guesses = 0;
    while (now < HOUR) {
      state = afterFailure('address', state, now);
      guesses += 1;
      now = state.blockedUntil ?? now;
    }
    expect(guesses).toBe(ADDRESS_BURST + HOUR / ADDRESS_REFILL_MS);
  });
});

it('rounds Retry-After up to whole seconds', () => {
  expect(retryAfterSeconds(60_000, 0)).toBe(60);
  expect(retryAfterSeconds(60_001, 0)).toBe(61);
  expect(retryAfterSeconds(1, 0)).toBe(1);
});

it('keeps an IPv4 address as it is and an IPv6 address by its /64', () => {
  expect(addressBudgetOf('198.51.100.7')).toBe('198.51.100.7');
  expect(addressBudgetOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  expect(addressBudgetOf('2001:db8:12:34:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:12:34::/64');
  expect(addressBudgetOf('2001:0db8:0012:0034::1')).toBe('2001:db8:12:34::/64');
  expect(addressBudgetOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(addressBudgetOf('::1')).toBe('0:0:0:0::/64');
  expect(addressBudgetOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
});
