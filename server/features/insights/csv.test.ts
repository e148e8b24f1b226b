import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV for French Excel', () => {
  it('starts with a UTF-8 BOM, separates cells with ";" and ends lines with CRLF', () => {
    const csv = toCsv(['Leçon', 'Score'], [['Les accents é à ç', 80]]);
    expect(csv).toBe('\uFEFFLeçon;Score\r\nLes accents é à ç;80\r\n');
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it.each(['=1+1', '+33 6 00', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('neutralises the formula %j', (text) => {
    expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes cells holding the separator, quotes or line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('dit "oui"')).toBe('"dit ""oui"""');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvCell('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(87.5)).toBe('87,5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('texte simple')).toBe('texte simple');
  });
});
