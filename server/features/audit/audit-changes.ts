// What an edit changed, as the audit log shows it: the values before and after, for the columns
// whose value really changed (never secrets: callers leave those out).

export type AuditChanges = { before: Record<string, unknown>; after: Record<string, unknown> };

export function auditChanges(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): AuditChanges {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined || current[column] === value) continue;
    before[column] = current[column] ?? null;
    after[column] = value;
  }
  return { before, after };
}
