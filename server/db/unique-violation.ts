// Recognises a unique-constraint violation on either database, so a race on a unique value
// (two admins saving the same email at once) answers 409 instead of 500.
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23505 unique_violation. SQLite (better-sqlite3): SQLITE_CONSTRAINT_UNIQUE.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
