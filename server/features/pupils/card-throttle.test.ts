// The door's throttle rules as numbers (docs/pupils.md#sans-ent--les-cartes-de-connexion): a
// pupil's waits grow and are capped, are forgotten after a quiet hour; a class's bucket holds 60
// failures and drains one every 10 s; a pupil retrying at once for an hour cannot fill it.
import { describe, expect, it } from 'vitest';
import { PUPIL_FORGET_AFTER_MS, pupilDelay } from '../../../common/pupils.js';
import { CLASS_BURST, CLASS_REFILL_MS, classRule, pupilRule } from './card-throttle.js';

describe('the pupil rule', () => {
  it('lets 2 failures go, then waits 30 s, 1, 2, 4 min, then 5 min at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(pupilDelay)).toEqual([
      0, 0, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });

  it('forgets the failures after a quiet hour', () => {
    const state = { failures: 6, lastFailureAt: 0 };
    expect(pupilRule(state, PUPIL_FORGET_AFTER_MS - 1).failures).toBe(7);
    expect(pupilRule(state, PUPIL_FORGET_AFTER_MS).failures).toBe(1);
  });
});

describe('the class rule', () => {
  it('holds 60 failures, then waits; it drains one every 10 s', () => {
    let state: ReturnType<typeof classRule> | undefined;
    for (let i = 0; i < CLASS_BURST; i += 1) state = classRule(state, 0);
    expect(state?.blockedUntil).toBeNull();
    expect(classRule(state, 0).blockedUntil).toBe(CLASS_REFILL_MS);
    expect(classRule(state, CLASS_REFILL_MS).blockedUntil).toBeNull();
  });

  it('is never filled by one pupil retrying the moment each wait ends', () => {
    let pupil: ReturnType<typeof pupilRule> | undefined;
    let room: ReturnType<typeof classRule> | undefined;
    let now = 0;
    while (now < 3_600_000) {
      pupil = pupilRule(pupil, now);
      room = classRule(room, now);
      expect(room.blockedUntil).toBeNull();
      now = pupil.blockedUntil ?? now + 1_000;
    }
    expect(pupil?.failures).toBeLessThan(25);
  });
});
