// The checks behind /readyz: the database answers, the file store takes a write (a tiny file
// written and removed, in the folder or the bucket), and the schema is
// at this build's latest migration. Each check is cheap and bounded in time.
import { readinessProblems } from '../../../common/messages/operations.js';
import { type Db, pingDatabase } from '../../db/database.js';
import { countPendingMigrations } from '../../db/migrate.js';
import type { FileStore } from '../../storage/file-store.js';

export type CheckName = keyof typeof readinessProblems;
export type Readiness = { ready: boolean; checks: Record<CheckName, 'ok' | 'failed'>; problems: string[] };

/** A check slower than this counts as failed: a load balancer wants an answer, not a hang. */
const CHECK_TIMEOUT_MS = 2000;

export async function checkReadiness(db: Db, store: FileStore): Promise<Readiness> {
  const [database, files, migrations] = await Promise.all([
    passes(pingDatabase(db)),
    passes(store.probe()),
    passes(countPendingMigrations(db).then((pending) => pending === 0 || Promise.reject())),
  ]);
  const results = { database, files, migrations };
  const failed = (Object.keys(results) as CheckName[]).filter((name) => !results[name]);
  // A dead database also fails the migration check: report the cause only.
  const problems = (database ? failed : failed.filter((name) => name !== 'migrations')).map(
    (name) => readinessProblems[name],
  );
  const checks = Object.fromEntries(
    Object.entries(results).map(([name, ok]) => [name, ok ? 'ok' : 'failed']),
  ) as Readiness['checks'];
  return { ready: failed.length === 0, checks, problems };
}

async function passes(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
