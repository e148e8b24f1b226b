// Rules of the runtime data (issue 10): what the player loads before a launch, and the writes an
// activity reports, applied in order and at most once each. A write that reports the activity
// completed or passed completes the entry through the learning table's own rule.
import { RUNTIME_DATA_MAX_BYTES, RUNTIME_SUSPEND_DATA_MAX_CHARS } from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { runtimeMessages } from '../../../common/messages/runtime.js';
import { deriveRuntimeReport } from '../../../common/runtime-report.js';
import {
  type ActivityLaunchResponse,
  h5pRuntimeDataSchema,
  type RuntimeWrite,
  scormRuntimeDataSchema,
} from '../../../common/schemas/activity-runtime.js';
import type { Db, DbKind } from '../../db/database.js';
import { badRequest, notFound, payloadTooLarge } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { bumpProgressVersion } from '../groups/group-entries.repository.js';
import { completeIfAllowed } from '../learning-table/learning-table.service.js';
import {
  findOwnedLaunch,
  findOwnedRuntimeEntry,
  saveEntryScore,
  saveLaunchMark,
  saveRuntimeData,
  selectLaunchMarks,
} from './runtime.repository.js';

/** The package to start and the runtime data kept for the entry (null before its first write). */
export async function loadActivityLaunch(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<ActivityLaunchResponse> {
  const row = await findOwnedLaunch(db, caller, entryId);
  if (!row) throw notFound(httpMessages.notFound);
  const kept = row.standard !== null && row.data !== null && row.updated_at !== null;
  return {
    success: true,
    package: {
      hash: row.package_hash,
      kind: row.package_kind,
      root: row.package_root,
      launch: row.launch_path,
    },
    runtime: kept
      ? { standard: row.standard!, data: JSON.parse(row.data!), updatedAt: row.updated_at! }
      : null,
    xapi: null,
  };
}

export type RuntimeWritesResult = { applied: number; status: 'pending' | 'completed'; score: number | null };

/**
 * Applies an entry's writes in order inside one transaction. A write whose (launch, seq) is not
 * above its launch's high-water mark was applied before: it is acknowledged, not applied again.
 * The entry keeps the last write's data, the last score reported, and is completed once a write
 * reports completed or passed, if the learning table's rule allows it (the data is kept anyway).
 */
export async function applyRuntimeWrites(
  db: Db,
  kind: DbKind,
  caller: Caller,
  entryId: number,
  writes: RuntimeWrite[],
  now: Date,
): Promise<RuntimeWritesResult> {
  const texts = writes.map(checkedDataText);
  return db.transaction().execute(async (trx) => {
    const entry = await findOwnedRuntimeEntry(trx, caller, entryId, kind === 'postgres');
    if (!entry) throw notFound(httpMessages.notFound);
    const mismatch = writes.find((write) => write.standard !== entry.package_kind);
    if (mismatch) throw badRequest(runtimeMessages.standardMismatch(mismatch.standard, entry.package_kind));

    const marks = await selectLaunchMarks(trx, entry.id, [...new Set(writes.map((w) => w.launchId))]);
    const advanced = new Set<string>();
    let last: { write: RuntimeWrite; text: string } | undefined;
    let applied = 0;
    let reportsCompletion = false;
    let score = entry.score;
    for (const [index, write] of writes.entries()) {
      if (write.seq <= (marks.get(write.launchId) ?? 0)) continue;
      marks.set(write.launchId, write.seq);
      advanced.add(write.launchId);
      applied += 1;
      last = { write, text: texts[index]! };
      const report = deriveRuntimeReport(write.standard, write.data);
      reportsCompletion ||= report.completed || report.passed;
      score = report.scorePercent ?? score;
    }
    if (!last) return { applied: 0, status: entry.status, score: entry.score };

    for (const launchId of advanced) await saveLaunchMark(trx, entry.id, launchId, marks.get(launchId)!);
    await saveRuntimeData(trx, { entryId: entry.id, standard: last.write.standard, data: last.text, now });
    let status = entry.status;
    if (reportsCompletion && (await completeIfAllowed(trx, entry, now))) status = 'completed';
    if (score !== entry.score) {
      await saveEntryScore(trx, entry.id, score);
      await bumpProgressVersion(trx, entry.group_id);
    }
    return { applied, status, score };
  });
}

/** The write's data as stored (JSON text), once its shape and sizes are within the caps. */
function checkedDataText(write: RuntimeWrite): string {
  const text = JSON.stringify(write.data);
  if (Buffer.byteLength(text, 'utf8') > RUNTIME_DATA_MAX_BYTES)
    throw payloadTooLarge(runtimeMessages.dataTooLarge);
  if (write.standard === 'h5p') {
    const parsed = h5pRuntimeDataSchema.safeParse(write.data);
    if (!parsed.success) throw badRequest(runtimeMessages.h5pDataShape);
    if ((parsed.data.state?.length ?? 0) > RUNTIME_SUSPEND_DATA_MAX_CHARS) {
      throw payloadTooLarge(runtimeMessages.h5pStateTooLong);
    }
    return text;
  }
  const parsed = scormRuntimeDataSchema.safeParse(write.data);
  if (!parsed.success) throw badRequest(runtimeMessages.scormDataShape);
  const suspendData = parsed.data.cmi.suspend_data;
  if (suspendData !== undefined && typeof suspendData !== 'string')
    throw badRequest(runtimeMessages.scormDataShape);
  if ((suspendData?.length ?? 0) > RUNTIME_SUSPEND_DATA_MAX_CHARS) {
    throw payloadTooLarge(runtimeMessages.suspendDataTooLong);
  }
  return text;
}
