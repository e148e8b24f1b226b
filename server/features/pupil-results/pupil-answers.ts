// A pupil's answers where the standard reports them, read from untrusted content's data: the SCORM
// interactions of an entry's runtime data (the `{ cmi }` object scorm-again commits: its arrays are
// objects keyed '0', '1', …) and the xAPI statements the entry keeps. Anything malformed is skipped
// or read as null, never thrown; every text is cut to PUPIL_ANSWER_MAX_CHARS.
import {
  type AnswerStatement,
  type Interaction,
  PUPIL_ANSWER_MAX_CHARS,
  PUPIL_INTERACTIONS_LISTED,
} from '../../../common/schemas/pupil-results.js';
import { child, scaledToPercent } from '../../../common/standards/standard.js';

/** A SCORM array (an object keyed by index, or a JSON array) as a list in index order. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([key]) => /^\d{1,6}$/.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, item]) => item);
}

/** A text value, trimmed and cut; null when absent or empty. */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, PUPIL_ANSWER_MAX_CHARS) : null;
}

/** The interactions of SCORM runtime data (1.2 and 2004), in their order; [] for other data. */
export function interactionsOf(standard: string | null, data: string | null): Interaction[] {
  if (!data || (standard !== 'scorm12' && standard !== 'scorm2004')) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  const interactions = listOf(child(child(parsed, 'cmi'), 'interactions'));
  return interactions.slice(0, PUPIL_INTERACTIONS_LISTED).flatMap((item): Interaction[] => {
    if (typeof item !== 'object' || item === null) return [];
    const response =
      standard === 'scorm12' ? child(item, 'student_response') : child(item, 'learner_response');
    const at = standard === 'scorm12' ? child(item, 'time') : child(item, 'timestamp');
    const interaction: Interaction = {
      id: text(child(item, 'id')) ?? '',
      type: text(child(item, 'type')),
      description: standard === 'scorm2004' ? text(child(item, 'description')) : null,
      response: text(response),
      result: text(child(item, 'result')),
      correctResponses: listOf(child(item, 'correct_responses')).flatMap((pattern) => {
        const value = text(child(pattern, 'pattern'));
        return value === null ? [] : [value];
      }),
      at: text(at),
    };
    // An interaction the content only sized (no id, no answer) tells nothing.
    return interaction.id || interaction.response !== null ? [interaction] : [];
  });
}

/** A language map's text: French first, then en-US, then the first given. */
function languageText(map: unknown): string | null {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return null;
  const entries = Object.entries(map as Record<string, unknown>);
  const french = entries.find(([language]) => language.toLowerCase().startsWith('fr'));
  const english = entries.find(([language]) => language === 'en-US');
  for (const entry of [french, english, entries[0]]) {
    const found = text(entry?.[1]);
    if (found) return found;
  }
  return null;
}

export type StoredStatement = {
  statement_id: string;
  verb_id: string;
  object_id: string;
  timestamp: string;
  score_scaled: number | null;
  success: number | null;
  statement: string;
};

/** A kept statement as the pupil's detail shows it. */
export function answerStatementOf(row: StoredStatement): AnswerStatement {
  let statement: unknown;
  try {
    statement = JSON.parse(row.statement);
  } catch {
    statement = undefined;
  }
  const object = child(statement, 'object');
  const result = child(statement, 'result');
  const score = row.score_scaled === null ? null : Number(row.score_scaled);
  return {
    id: row.statement_id,
    verbId: row.verb_id,
    verb:
      languageText(child(child(statement, 'verb'), 'display')) ??
      row.verb_id.split(/[/#]/).filter(Boolean).pop() ??
      row.verb_id,
    objectId: row.object_id,
    objectName: languageText(child(child(object, 'definition'), 'name')),
    success: row.success === null ? null : Number(row.success) === 1,
    scorePercent: scaledToPercent(score),
    response: text(child(result, 'response')),
    at: row.timestamp,
  };
}
