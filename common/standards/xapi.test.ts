// cmi5's rules over statements, as the server applies them to an entry's whole history (and the
// player may to one launch): moveOn, the mastery score, the latest score, untrusted input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveRuntimeReport } from './index.js';
import { deriveXapiReport, type StatementFacts, statementFacts, XAPI_VERBS, type XapiRules } from './xapi.js';

const AU = 'https://ardoise.test/au';
const facts = (
  verb: keyof typeof XAPI_VERBS | 'answered',
  scaled: number | null = null,
  objectId = AU,
): StatementFacts => ({
  verbId: verb === 'answered' ? 'http://adlnet.gov/expapi/verbs/answered' : XAPI_VERBS[verb],
  objectId,
  scoreScaled: scaled,
  success: null,
  completion: null,
});
const rules = (moveOn: XapiRules['moveOn'], masteryScore: number | null = null): XapiRules => ({
  activityId: AU,
  moveOn,
  masteryScore,
});

describe('deriveXapiReport', () => {
  it('applies each moveOn', () => {
    const completed = [facts('completed')];
    const passed = [facts('passed')];
    const both = [...completed, ...passed];
    const satisfied = (moveOn: XapiRules['moveOn']) =>
      [[], completed, passed, both].map((s) => deriveXapiReport(s, rules(moveOn)).satisfied);
    expect(satisfied('NotApplicable')).toEqual([true, true, true, true]);
    expect(satisfied('Completed')).toEqual([false, true, false, true]);
    expect(satisfied('Passed')).toEqual([false, false, true, true]);
    expect(satisfied('CompletedOrPassed')).toEqual([false, true, true, true]);
    expect(satisfied('CompletedAndPassed')).toEqual([false, false, false, true]);
  });

  it('counts passed only at or above the mastery score, and failed never', () => {
    const report = (scaled: number | null) =>
      deriveXapiReport([facts('passed', scaled)], rules('Passed', 0.8));
    expect(report(0.79).passed).toBe(false);
    expect(report(null).passed).toBe(false);
    expect(report(0.8).passed).toBe(true);
    expect(deriveXapiReport([facts('failed', 1)], rules('Passed')).passed).toBe(false);
  });

  it('keeps the latest score about the AU, ignoring other objects', () => {
    const report = deriveXapiReport(
      [facts('answered', 0.3), facts('passed', 0.9), facts('answered', 0.1, `${AU}/q1`), facts('completed')],
      rules('Completed'),
    );
    expect(report).toEqual({ completed: true, passed: true, scorePercent: 90, satisfied: true });
    expect(deriveXapiReport([facts('completed', null, `${AU}/q1`)], rules('Completed')).satisfied).toBe(
      false,
    );
  });
});

describe('statementFacts', () => {
  it('reads scaled, else raw within min/max, and never yields NaN for hostile input', () => {
    const statement = (result: unknown) => ({ verb: { id: XAPI_VERBS.passed }, object: { id: AU }, result });
    expect(statementFacts(statement({ score: { scaled: 0.5 }, success: true })).scoreScaled).toBe(0.5);
    expect(statementFacts(statement({ score: { raw: 15, min: 10, max: 20 } })).scoreScaled).toBe(0.5);
    expect(statementFacts(statement({ score: { raw: 5, max: 0 } })).scoreScaled).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = statementFacts(value);
        expect(Number.isNaN(read.scoreScaled)).toBe(false);
        expect(typeof read.verbId).toBe('string');
      }),
    );
  });

  it('lets deriveRuntimeReport read one cmi5 write', () => {
    const data = {
      documents: [],
      statements: [
        { verb: { id: XAPI_VERBS.completed }, object: { id: AU }, result: { score: { scaled: 0.25 } } },
      ],
    };
    expect(deriveRuntimeReport('cmi5', data)).toEqual({ completed: true, passed: false, scorePercent: 25 });
    expect(deriveRuntimeReport('tincan', { statements: 'x' })).toEqual({
      completed: false,
      passed: false,
      scorePercent: null,
    });
  });
});
