// Which xAPI statements of H5P content become a result kept for the learner.
import { describe, expect, it } from 'vitest';
import { resultOfStatement, statementToKeep } from './h5p-xapi';

const verb = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}` });
const scored = { score: { raw: 2, max: 3, scaled: 0.67 }, completion: true, success: false };

describe('resultOfStatement', () => {
  it('keeps a completed or answered statement on the main content, with its score and success', () => {
    expect(resultOfStatement({ verb: verb('completed'), result: scored })).toEqual({
      raw: 2,
      max: 3,
      completed: true,
      success: false,
    });
    expect(resultOfStatement({ verb: verb('answered'), result: { score: { raw: 1, max: 1 } } })).toEqual({
      raw: 1,
      max: 1,
      completed: true,
    });
    expect(
      resultOfStatement({ verb: verb('completed'), result: {}, context: { contextActivities: {} } }),
    ).toEqual({ raw: 0, max: 0, completed: true });
  });

  it('ignores other verbs, sub-content, statements without a result and odd values', () => {
    expect(resultOfStatement({ verb: verb('attempted'), result: scored })).toBeNull();
    expect(resultOfStatement({ verb: verb('progressed'), result: scored })).toBeNull();
    expect(
      resultOfStatement({
        verb: verb('answered'),
        result: scored,
        context: { contextActivities: { parent: [{ id: 'http://content.test/x' }] } },
      }),
    ).toBeNull();
    expect(resultOfStatement({ verb: verb('completed') })).toBeNull();
    expect(resultOfStatement({ verb: verb('completed'), result: { score: { raw: -1, max: 3 } } })).toBeNull();
    expect(resultOfStatement(null)).toBeNull();
    expect(resultOfStatement('completed')).toBeNull();
  });
});

describe('statementToKeep', () => {
  const statement = {
    actor: { objectType: 'Agent', account: { homePage: 'http://content', name: 'x' } },
    verb: verb('answered'),
    object: { id: 'http://content/h5p', objectType: 'Activity' },
    result: scored,
    timestamp: '2026-11-23T10:00:00.000Z',
  };
  it('keeps completed and answered statements, sub-content too, with a UUID id set', () => {
    const kept = statementToKeep(statement);
    expect(kept?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept).toMatchObject(statement);
    const sub = { ...statement, context: { contextActivities: { parent: [{ id: 'http://content/h5p' }] } } };
    expect(statementToKeep(sub)?.verb.id).toBe(verb('answered').id);
  });
  it('drops other verbs and statements the server would refuse', () => {
    expect(statementToKeep({ ...statement, verb: verb('interacted') })).toBeNull();
    expect(statementToKeep({ ...statement, object: undefined })).toBeNull();
    expect(statementToKeep({ ...statement, timestamp: 'yesterday' })).toBeNull();
    expect(statementToKeep(null)).toBeNull();
  });
});
