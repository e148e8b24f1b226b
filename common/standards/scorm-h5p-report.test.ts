// What an activity reports, read from the commits scorm-again really renders (its Scorm12API and
// Scorm2004API run in Node here, driven by LMSSetValue / SetValue as content drives them) and
// from H5P results; hostile or broken data never yields NaN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scorm12Commit, scorm2004Commit } from '../test/scorm-commits.js';
import { deriveRuntimeReport } from './index.js';
import { decimal } from './scorm.js';

describe('SCORM 1.2 (scorm-again commits)', () => {
  it('reads the status and the score within its range', () => {
    const data = scorm12Commit({
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '17',
      'cmi.core.score.min': '0',
      'cmi.core.score.max': '20',
      'cmi.suspend_data': 'slide=4',
    });
    expect(data).toMatchObject({ cmi: { core: { lesson_status: 'passed', score: { raw: '17' } } } });
    expect(deriveRuntimeReport('scorm12', data)).toEqual({ completed: true, passed: true, scorePercent: 85 });
  });

  it('counts completed and failed as the end of the attempt, not incomplete or browsed', () => {
    const report = (status: string) =>
      deriveRuntimeReport('scorm12', scorm12Commit({ 'cmi.core.lesson_status': status }));
    expect(report('completed')).toEqual({ completed: true, passed: false, scorePercent: null });
    expect(report('failed')).toEqual({ completed: true, passed: false, scorePercent: null });
    expect(report('incomplete')).toEqual({ completed: false, passed: false, scorePercent: null });
    expect(report('browsed')).toEqual({ completed: false, passed: false, scorePercent: null });
  });

  it('takes raw as a percentage when no range is given, and keeps two decimals', () => {
    const noRange = scorm12Commit({ 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '72.5' });
    expect(deriveRuntimeReport('scorm12', noRange).scorePercent).toBe(72.5);
    const thirds = scorm12Commit({
      'cmi.core.lesson_status': 'failed',
      'cmi.core.score.raw': '1',
      'cmi.core.score.max': '3',
    });
    expect(deriveRuntimeReport('scorm12', thirds).scorePercent).toBe(33.33);
  });

  it('gives no score when the max is 0 or below, or leaves no range above the min', () => {
    const scorm12 = (score: Record<string, string>) =>
      deriveRuntimeReport('scorm12', { cmi: { core: { lesson_status: 'completed', score } } }).scorePercent;
    expect(scorm12({ raw: '50', max: '0' })).toBeNull();
    expect(scorm12({ raw: '-15', min: '-20', max: '-10' })).toBeNull();
    expect(scorm12({ raw: '5', min: '10', max: '10' })).toBeNull();
    expect(scorm12({ raw: '50', max: '' })).toBe(50);
    const scorm2004 = (score: Record<string, string>) =>
      deriveRuntimeReport('scorm2004', { cmi: { completion_status: 'completed', score } }).scorePercent;
    expect(scorm2004({ raw: '-5', min: '-10', max: '0' })).toBeNull();
    expect(scorm2004({ raw: '-1', min: '-10', max: '-0.5' })).toBeNull();
    expect(scorm2004({ raw: '5', min: '0', max: '10' })).toBe(50);
  });

  it('counts the score only once the attempt ended (Captivate sets 0 as it starts)', () => {
    const starting = (status: string) =>
      scorm12Commit({
        'cmi.core.lesson_status': status,
        'cmi.core.score.raw': '0',
        'cmi.core.score.max': '100',
      });
    expect(deriveRuntimeReport('scorm12', starting('incomplete')).scorePercent).toBeNull();
    expect(deriveRuntimeReport('scorm12', starting('browsed')).scorePercent).toBeNull();
    expect(deriveRuntimeReport('scorm12', starting('passed')).scorePercent).toBe(0);
  });

  it('has no score until the content sets one (scorm-again renders it as empty strings)', () => {
    const data = scorm12Commit({ 'cmi.core.lesson_location': 'p2' });
    expect(data).toMatchObject({ cmi: { core: { score: { raw: '' } } } });
    expect(deriveRuntimeReport('scorm12', data).scorePercent).toBeNull();
  });
});

describe('SCORM 2004 (scorm-again commits)', () => {
  it('reads completion, success and the scaled score first', () => {
    const data = scorm2004Commit({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.9',
      'cmi.score.raw': '3',
      'cmi.score.max': '10',
    });
    expect(deriveRuntimeReport('scorm2004', data)).toEqual({
      completed: true,
      passed: true,
      scorePercent: 90,
    });
  });

  it('falls back to raw within min/max, and to null without a range', () => {
    const ranged = scorm2004Commit({
      'cmi.completion_status': 'completed',
      'cmi.score.raw': '15',
      'cmi.score.min': '10',
      'cmi.score.max': '20',
    });
    expect(deriveRuntimeReport('scorm2004', ranged).scorePercent).toBe(50);
    const bare = scorm2004Commit({ 'cmi.completion_status': 'completed', 'cmi.score.raw': '15' });
    expect(deriveRuntimeReport('scorm2004', bare).scorePercent).toBeNull();
  });

  it('keeps completion and success apart', () => {
    const failedButDone = scorm2004Commit({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
      'cmi.score.scaled': '-0.5',
    });
    expect(deriveRuntimeReport('scorm2004', failedButDone)).toEqual({
      completed: true,
      passed: false,
      scorePercent: 0,
    });
    const passedOnly = scorm2004Commit({ 'cmi.success_status': 'passed' });
    expect(deriveRuntimeReport('scorm2004', passedOnly)).toEqual({
      completed: false,
      passed: true,
      scorePercent: null,
    });
  });

  it('counts the score once the attempt is completed, passed or failed, not while it runs', () => {
    const report = (fields: Record<string, string>) =>
      deriveRuntimeReport('scorm2004', scorm2004Commit({ 'cmi.score.scaled': '0', ...fields })).scorePercent;
    expect(report({ 'cmi.completion_status': 'incomplete' })).toBeNull();
    expect(report({ 'cmi.success_status': 'unknown' })).toBeNull();
    expect(report({ 'cmi.success_status': 'failed' })).toBe(0);
    expect(report({ 'cmi.completion_status': 'completed' })).toBe(0);
  });
});

describe('H5P results', () => {
  it('reads completed, success and raw / max', () => {
    const data = { state: '{"answers":[1]}', result: { raw: 3, max: 4, completed: true, success: true } };
    expect(deriveRuntimeReport('h5p', data)).toEqual({ completed: true, passed: true, scorePercent: 75 });
    expect(deriveRuntimeReport('h5p', { state: '{}' })).toEqual({
      completed: false,
      passed: false,
      scorePercent: null,
    });
    expect(
      deriveRuntimeReport('h5p', { result: { raw: 2, max: 0, completed: true } }).scorePercent,
    ).toBeNull();
  });
});

describe('nonsense', () => {
  it('parses SCORM decimals strictly', () => {
    expect([' 7.5 ', '85', '.5', '-1', '+2.'].map(decimal)).toEqual([7.5, 85, 0.5, -1, 2]);
    for (const bad of ['', 'abc', '1e400', '0x10', '1,5', 'NaN', 'Infinity', null, {}, [], Number.NaN]) {
      expect(decimal(bad)).toBeNull();
    }
  });

  it('never gives NaN or a score outside 0–100, whatever the data', () => {
    const standards = fc.constantFrom('scorm12' as const, 'scorm2004' as const, 'h5p' as const);
    const scoreish = fc.oneof(fc.string(), fc.double(), fc.constant('1e999'), fc.constant(null));
    const data = fc.oneof(
      fc.anything(),
      fc.record({
        cmi: fc.record({
          core: fc.record({ lesson_status: fc.string(), score: fc.dictionary(fc.string(), scoreish) }),
          score: fc.record({ scaled: scoreish, raw: scoreish, min: scoreish, max: scoreish }),
        }),
        result: fc.record({ raw: scoreish, max: scoreish, completed: fc.anything() }),
      }),
    );
    fc.assert(
      fc.property(standards, data, (standard, value) => {
        const report = deriveRuntimeReport(standard, value);
        expect(typeof report.completed).toBe('boolean');
        expect(typeof report.passed).toBe('boolean');
        if (report.scorePercent !== null) {
          expect(report.scorePercent).toBeGreaterThanOrEqual(0);
          expect(report.scorePercent).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});
