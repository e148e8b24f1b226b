// Answers of the operator endpoints (health, readiness, metrics) and of start-up faults.

export const operationsMessages = {
  notReady: 'Not ready',
  databaseUnavailable: 'The database is unavailable. Please try again in a moment.',
  fileStoreUnavailable: 'The file store is unavailable. Please try again in a moment.',
  metricsTokenRequired: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)',
} as const;

/** What each readiness check reports. */
export const readinessProblems = {
  database: 'the database does not answer',
  files: 'the file store cannot be written',
  migrations: 'the database schema is not current (migrations pending)',
} as const;
