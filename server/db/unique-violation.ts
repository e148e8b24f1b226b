// Recognises a unique-constraint violation on either database, so a race on a unique value
// (two admins saving the same email at once) answers 409 instead of 500.
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23505 unique_violation. SQLite (better-sqlite3): SQLITE_CONSTRAINT_UNIQUE.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Recognises a foreign-key violation on either database: a row inserted under a parent that was
 * deleted meanwhile (an upload racing the deletion of its session) answers 404 instead of 500. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23503 foreign_key_violation. SQLite (better-sqlite3): SQLITE_CONSTRAINT_FOREIGNKEY.
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
