// Runs the numbered migrations at start. The list is explicit so the build needs no file scanning.
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db, DbKind } from './database.js';
import * as initial from './migrations/2026-11-22-001-initial.js';
import * as learningTable from './migrations/2026-11-22-002-learning-table.js';

type MigrationModule = { up: (db: Kysely<unknown>, kind: DbKind) => Promise<void> };

const migrations: Record<string, MigrationModule> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-learning-table': learningTable,
};

export async function migrateToLatest(db: Db, kind: DbKind): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const entries = Object.entries(migrations).map(([name, module]): [string, Migration] => [
        name,
        { up: (migrationDb) => module.up(migrationDb, kind) },
      ]);
      return Object.fromEntries(entries);
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const which = failed ? `Migration ${failed.migrationName}` : 'Migrating the database';
    throw new Error(`${which} failed: ${String(error)}`);
  }
}
