// Answers of the operator endpoints (health, readiness, metrics) and of start-up faults.

export const operationsMessages = {
  notReady: 'Not ready',
  databaseUnavailable: 'La base de données ne répond pas. Réessayez dans un instant.',
  fileStoreUnavailable: 'Le stockage des fichiers ne répond pas. Réessayez dans un instant.',
  metricsTokenRequired: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)',
} as const;

/** What each readiness check reports. */
export const readinessProblems = {
  database: 'the database does not answer',
  files: 'the file store cannot be written',
  migrations: 'the database schema is not current (migrations pending)',
} as const;
