// What a pupil's detail reads of untrusted content: SCORM interactions in either array form, cut
// texts, malformed data skipped (never thrown), language maps read French first.
import { describe, expect, it } from 'vitest';
import { PUPIL_ANSWER_MAX_CHARS } from '../../../common/schemas/pupil-results.js';
import { answerStatementOf, interactionsOf } from './pupil-answers.js';

describe('interactionsOf', () => {
  it('reads SCORM arrays kept as JSON arrays too, and skips items that say nothing', () => {
    const data = JSON.stringify({
      cmi: {
        interactions: [
          { id: 'q1', type: 'true-false', learner_response: 'true', result: 0.5, correct_responses: [] },
          'not an object',
          { id: '', learner_response: '' },
        ],
      },
    });
    expect(interactionsOf('scorm2004', data)).toEqual([
      {
        id: 'q1',
        type: 'true-false',
        description: null,
        response: 'true',
        result: '0.5',
        correctResponses: [],
        at: null,
      },
    ]);
  });

  it('reads nothing of other standards, of malformed JSON or of a cmi without interactions', () => {
    const scorm = JSON.stringify({ cmi: { interactions: { 0: { id: 'q', student_response: 'a' } } } });
    expect(interactionsOf('h5p', scorm)).toEqual([]);
    expect(interactionsOf('scorm12', '{not json')).toEqual([]);
    expect(interactionsOf('scorm12', JSON.stringify({ cmi: { interactions: 'x' } }))).toEqual([]);
    expect(interactionsOf('scorm12', null)).toEqual([]);
    // In index order, not key order; 1.2 has no description.
    const ordered = JSON.stringify({
      cmi: {
        interactions: {
          10: { id: 'ten', student_response: 'x', description: 'ignored' },
          2: { id: 'two', student_response: 'y' },
        },
      },
    });
    expect(interactionsOf('scorm12', ordered).map((i) => [i.id, i.description])).toEqual([
      ['two', null],
      ['ten', null],
    ]);
  });

  it('cuts long answers', () => {
    const data = JSON.stringify({
      cmi: { interactions: { 0: { id: 'q', student_response: 'a'.repeat(5000) } } },
    });
    expect(interactionsOf('scorm12', data)[0]!.response).toHaveLength(PUPIL_ANSWER_MAX_CHARS);
  });
});

describe('answerStatementOf', () => {
  const row = {
    statement_id: 'a1b2',
    verb_id: 'http://adlnet.gov/expapi/verbs/answered',
    object_id: 'https://contenu.test/q',
    timestamp: '2026-11-20T10:00:00.000Z',
    score_scaled: 0.756,
    success: 1,
  };

  it('names the verb and the object in French first, else en-US, else the first given', () => {
    const statement = JSON.stringify({
      verb: { display: { 'en-US': 'answered', 'fr-FR': 'a répondu' } },
      object: { definition: { name: { de: 'Frage', 'en-US': 'Question' } } },
      result: { response: 'chat' },
    });
    expect(answerStatementOf({ ...row, statement })).toEqual({
      id: 'a1b2',
      verbId: row.verb_id,
      verb: 'a répondu',
      objectId: row.object_id,
      objectName: 'Question',
      success: true,
      scorePercent: 75.6,
      response: 'chat',
      at: row.timestamp,
    });
  });

  it("falls back to the verb id's last part when the statement is not readable", () => {
    const read = answerStatementOf({ ...row, success: null, score_scaled: null, statement: '{' });
    expect([read.verb, read.objectName, read.success, read.scorePercent, read.response]).toEqual([
      'answered',
      null,
      null,
      null,
      null,
    ]);
  });
});
