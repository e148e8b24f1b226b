// The audit log's entries in words (texts in common/messages/insights): kinds of object, actions,
// and a change's details as readable lines.
import { entRefusals } from '../../../../../common/messages/ent.js';
import { insightsMessages as m } from '../../../../../common/messages/insights.js';

export const entityLabels = m.auditEntities;

/** 'school.delete' → 'École : suppression'; unknown actions are shown as they are stored. */
export function actionLabel(action: string, entity: string): string {
  const verb = m.auditVerbs[action.slice(action.indexOf('.') + 1)];
  if (!verb) return action;
  if (entity === 'auth') return verb.charAt(0).toUpperCase() + verb.slice(1);
  return `${entityLabels[entity] ?? entity} : ${verb}`;
}

const text = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** One line per detail; `before`/`after` objects become "field: before → after" lines. */
export function detailLines(details: Record<string, unknown>): string[] {
  const { before, after, ...rest } = details;
  const lines: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      lines.push(`${key} : ${text(b[key])} → ${text(a[key])}`);
    }
  }
  for (const [key, value] of Object.entries(rest)) {
    // An ENT refusal's reason is stored as its key: shown as the sentence the user read.
    const reason = key === 'reason' && typeof value === 'string' && Object.hasOwn(entRefusals, value);
    const shown = reason
      ? entRefusals[value as keyof typeof entRefusals]
      : Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'boolean'
          ? value
            ? m.yes
            : m.no
          : text(value);
    lines.push(`${m.auditDetailNames[key] ?? key} : ${shown}`);
  }
  return lines;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
