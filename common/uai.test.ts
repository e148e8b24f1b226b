import { describe, expect, it } from 'vitest';
import { isValidUai, normaliseUai } from './uai.js';

describe('the UAI', () => {
  it('accepts 7 digits followed by their key letter', () => {
    expect(isValidUai('0750654D')).toBe(true);
    // 0000000 % 23 = 0 → A; 0000022 % 23 = 22 → Z; 0000008 % 23 = 8 → J (I is skipped).
    expect(isValidUai('0000000A')).toBe(true);
    expect(isValidUai('0000022Z')).toBe(true);
    expect(isValidUai('0000008J')).toBe(true);
  });

  it('refuses a wrong key letter, a wrong length, and letters the key never uses', () => {
    for (const value of ['0750654E', '075065D', '07506544D', '0750654', 'D0750654', '0000008I', '']) {
      expect(isValidUai(value), value).toBe(false);
    }
  });

  it('is checked in upper case, after normalising what was typed', () => {
    expect(isValidUai('0750654d')).toBe(false);
    expect(normaliseUai(' 0750654d ')).toBe('0750654D');
    expect(isValidUai(normaliseUai(' 0750654d '))).toBe(true);
  });
});
