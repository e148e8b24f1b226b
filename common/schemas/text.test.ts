// The one control-character rule: what text from outside may hold, in lines and on one line.
import { describe, expect, it } from 'vitest';
import { hasNoControlCharacter, isOneCleanLine } from './text.js';

describe('control characters', () => {
  it('refuses C0 controls, DEL and C1 controls anywhere', () => {
    for (const control of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009F']) {
      expect(hasNoControlCharacter(`a${control}b`)).toBe(false);
      expect(isOneCleanLine(`a${control}b`)).toBe(false);
    }
  });

  it('lets text of several lines hold tabs and line breaks, but not a one-line value', () => {
    expect(hasNoControlCharacter('ligne 1\r\n\tligne 2')).toBe(true);
    expect(isOneCleanLine('/user\n')).toBe(false);
    expect(isOneCleanLine('a\tb')).toBe(false);
  });

  it('leaves every printable character alone, accents, non-breaking spaces and emoji included', () => {
    const text = 'Élève « Zoé » — 12\u00a0% 🍎';
    expect(hasNoControlCharacter(text)).toBe(true);
    expect(isOneCleanLine(text)).toBe(true);
  });
});
