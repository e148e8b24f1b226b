// Runs the numbered migrations at start. The list is explicit so the build needs no file scanning.
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db, DbKind } from './database.js';
import { withDatabaseLock } from './database-lock.js';
import * as initial from './migrations/2026-11-22-001-initial.js';
import * as learningTable from './migrations/2026-11-22-002-learning-table.js';
import * as packageDescription from './migrations/2026-11-23-003-package-description.js';
import * as activityRuntime from './migrations/2026-11-23-004-activity-runtime.js';
import * as insights from './migrations/2026-11-23-005-insights.js';
import * as xapiStatements from './migrations/2026-11-23-006-xapi-statements.js';
import * as schoolUai from './migrations/2026-11-24-007-school-uai.js';
import * as ent from './migrations/2026-11-26-008-ent.js';
import * as accountAccess from './migrations/2026-11-26-009-account-access.js';
import * as positions from './migrations/2026-11-26-010-positions.js';
import * as signInThrottle from './migrations/2026-11-26-011-sign-in-throttle.js';
import * as casIssuer from './migrations/2026-11-28-012-cas-issuer.js';
import * as pupils from './migrations/2026-11-28-013-pupils.js';
import * as entGroupPupils from './migrations/2026-11-28-014-ent-group-pupils.js';

type MigrationModule = { up: (db: Kysely<unknown>, kind: DbKind) => Promise<void> };

const migrations = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-learning-table': learningTable,
  '2026-11-23-003-package-description': packageDescription,
  '2026-11-23-004-activity-runtime': activityRuntime,
  '2026-11-23-005-insights': insights,
  '2026-11-23-006-xapi-statements': xapiStatements,
  '2026-11-24-007-school-uai': schoolUai,
  '2026-11-26-008-ent': ent,
  '2026-11-26-009-account-access': accountAccess,
  '2026-11-26-010-positions': positions,
  '2026-11-26-011-sign-in-throttle': signInThrottle,
  '2026-11-28-012-cas-issuer': casIssuer,
  '2026-11-28-013-pupils': pupils,
  '2026-11-28-014-ent-group-pupils': entGroupPupils,
} satisfies Record<string, MigrationModule>;

/** Migrates under a database lock, so instances starting together on one database take turns:
 * the first migrates, the others then find nothing left to do. */
export function migrateToLatest(db: Db, kind: DbKind): Promise<void> {
  return withDatabaseLock(db, 'ardoise:migrations', () => migrate(db, kind));
}

/** How many of this build's migrations the database has not run (0 = current). */
export async function countPendingMigrations(db: Db): Promise<number> {
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(done.rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !names.has(name)).length;
}

/** Runs the migrations up to and including `name` only: for tests of a migration over data
 * written by the schema before it. */
export function migrateUpTo(db: Db, kind: DbKind, name: keyof typeof migrations): Promise<void> {
  return migrate(db, kind, name);
}

async function migrate(db: Db, kind: DbKind, upTo?: string): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const entries = Object.entries(migrations).map(([name, module]): [string, Migration] => [
        name,
        { up: (migrationDb) => module.up(migrationDb, kind) },
      ]);
      return Object.fromEntries(entries);
    },
  };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const which = failed ? `Migration ${failed.migrationName}` : 'Migrating the database';
    throw new Error(`${which} failed: ${String(error)}`);
  }
}
