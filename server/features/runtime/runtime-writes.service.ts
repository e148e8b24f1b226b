// The writes an activity reports, applied in order and at most once each: each write checked by its
// standard (common/standards), the entry's data kept, its statements kept, and what it reports
// (completion, score) recorded once on the learning table.
import { RUNTIME_DATA_MAX_BYTES } from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { runtimeMessages } from '../../../common/messages/runtime.js';
import type { RuntimeWrite } from '../../../common/schemas/activity-runtime.js';
import type { XapiStatement } from '../../../common/schemas/xapi.js';
import { runtimeStandardOf } from '../../../common/standards/index.js';
import { sendsStatements } from '../../../common/standards/kinds.js';
import type { Db, DbKind } from '../../db/database.js';
import { badRequest, notFound, payloadTooLarge } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { recordActivityReport } from '../learning-table/learning-table.service.js';
import {
  callerOwnsEntry,
  findOwnedRuntimeEntry,
  saveLaunchMark,
  saveRuntimeData,
  selectLaunchMarks,
} from './runtime.repository.js';
import { checkStatementsOfLaunch, entryXapiReport, keepStatements } from './runtime-statements.service.js';

export type RuntimeWritesResult = { applied: number; status: 'pending' | 'completed'; score: number | null };

/**
 * Applies an entry's writes in order inside one transaction. A write whose (launch, seq) is not
 * above its launch's high-water mark was applied before: it is acknowledged, not applied again.
 * The entry keeps the last write's data, the last score reported, and is completed once a write
 * reports completed or passed (xAPI: once the statements kept about the AU meet its moveOn). A
 * locked entry (the learning table's rule would not open it) is refused whole: no data, no score
 * (403).
 */
export async function applyRuntimeWrites(
  db: Db,
  kind: DbKind,
  caller: Caller,
  entryId: number,
  writes: RuntimeWrite[],
  now: Date,
  /** The app's home page: the account of the xAPI actor (runtime-launch.presenter.ts). */
  homePage: string,
): Promise<RuntimeWritesResult> {
  const checked = writes.map(checkedWrite);
  return db.transaction().execute(async (trx) => {
    const entry = await findOwnedRuntimeEntry(trx, caller, entryId, kind === 'postgres');
    if (!entry) throw notFound(httpMessages.notFound);
    const mismatch = writes.find((write) => write.standard !== entry.package_kind);
    if (mismatch) throw badRequest(runtimeMessages.standardMismatch(mismatch.standard, entry.package_kind));
    // Every write is of the entry's standard (a request holds at least one).
    const standard = runtimeStandardOf(writes[0]!.standard);
    if (standard.xapiLaunch) {
      checkStatementsOfLaunch(
        entry,
        homePage,
        checked.flatMap((write) => write.statements),
      );
    }

    const marks = await selectLaunchMarks(trx, entry.id, [...new Set(writes.map((w) => w.launchId))]);
    const advanced = new Set<string>();
    let last: { write: RuntimeWrite; stored: string } | undefined;
    let applied = 0;
    let completes = false;
    let score = entry.score;
    const statements: XapiStatement[] = [];
    for (const [index, write] of writes.entries()) {
      if (write.seq <= (marks.get(write.launchId) ?? 0)) continue;
      marks.set(write.launchId, write.seq);
      advanced.add(write.launchId);
      applied += 1;
      last = { write, stored: checked[index]!.stored };
      statements.push(...checked[index]!.statements);
      if (standard.xapiLaunch) continue; // decided below, from every statement kept
      const report = standard.report(write.data);
      completes ||= report.completed || report.passed;
      score = report.scorePercent ?? score;
    }
    if (!last) return { applied: 0, status: entry.status, score: entry.score };

    for (const launchId of advanced) await saveLaunchMark(trx, entry.id, launchId, marks.get(launchId)!);
    await saveRuntimeData(trx, { entryId: entry.id, standard: last.write.standard, data: last.stored, now });
    if (sendsStatements(entry.package_kind)) await keepStatements(trx, entry.id, statements, now);
    if (standard.xapiLaunch) {
      const report = await entryXapiReport(trx, entry);
      completes = report.satisfied;
      score = report.scorePercent ?? score;
    }
    // A locked activity (docs/product.md#states-and-transitions) takes no data and no score, as PATCH updatePending refuses it: the
    // learning table refuses the report, and the transaction keeps nothing of the write.
    return { applied, ...(await recordActivityReport(trx, entry, { completes, score }, now)) };
  });
}

/** The write's data as stored and the statements it carries, once its standard accepts its shape
 * and sizes. */
function checkedWrite(write: RuntimeWrite): { stored: string; statements: XapiStatement[] } {
  if (Buffer.byteLength(JSON.stringify(write.data), 'utf8') > RUNTIME_DATA_MAX_BYTES) {
    throw payloadTooLarge(runtimeMessages.dataTooLarge);
  }
  const check = runtimeStandardOf(write.standard).checkWrite(write.data);
  if (!check.ok) throw check.status === 413 ? payloadTooLarge(check.message) : badRequest(check.message);
  return check;
}

/** GET user/activity/runtime/{entryId}?launches=: the highest write applied for each of these
 * launches of one of the caller's entries (0 when none was), so that an app page finding writes
 * sent by a page that never heard the answer drops those the server has instead of sending them
 * again. */
export async function readLaunchMarks(
  db: Db,
  caller: Caller,
  entryId: number,
  launchIds: string[],
): Promise<Record<string, number>> {
  if (!(await callerOwnsEntry(db, caller, entryId))) throw notFound(httpMessages.notFound);
  const marks = await selectLaunchMarks(db, entryId, launchIds);
  return Object.fromEntries(launchIds.map((id) => [id, marks.get(id) ?? 0]));
}
