// Tells "the database cannot be reached right now" (retry later: 503) apart from every other
// database error (a bug or bad data: 500).
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL: server shutting down or restarting, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // SQLite: another writer held the database longer than busy_timeout.
  'SQLITE_BUSY',
]);

/** pg's own words when a connection dies or cannot be opened (these errors carry no code). */
const unreachableMessages =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return unreachableMessages.test(error.message);
}
