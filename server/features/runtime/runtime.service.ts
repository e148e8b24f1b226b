// Rules of the runtime data (issue 10): what the player loads before a launch, and the writes an
// activity reports, applied in order and at most once each. A write that reports the activity
// completed or passed completes the entry through the learning table's own rule.
// xAPI content (issue 12): cmi5 / Tin Can writes carry the state documents (kept whole) and new
// statements (kept per entry, each id once); the entry's whole statement history decides moveOn.
import crypto from 'node:crypto';
import type { ZodError } from 'zod';
import {
  RUNTIME_DATA_MAX_BYTES,
  RUNTIME_SUSPEND_DATA_MAX_CHARS,
  XAPI_STATEMENTS_MAX_PER_ENTRY,
} from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { learnerMessages } from '../../../common/messages/learner.js';
import { runtimeMessages } from '../../../common/messages/runtime.js';
import { xapiMessages } from '../../../common/messages/xapi.js';
import { deriveRuntimeReport } from '../../../common/runtime-report.js';
import {
  type ActivityLaunchResponse,
  h5pRuntimeDataSchema,
  type RuntimeWrite,
  scormRuntimeDataSchema,
} from '../../../common/schemas/activity-runtime.js';
import {
  type StatementSummary,
  type XapiLaunch,
  type XapiPackage,
  type XapiStatement,
  xapiPackageSchema,
  xapiRuntimeDataSchema,
} from '../../../common/schemas/xapi.js';
import {
  deriveXapiReport,
  isLaunchActor,
  isLaunchedActivity,
  scaledToPercent,
  statementFacts,
  XAPI_VERBS,
  type XapiRules,
} from '../../../common/xapi-report.js';
import type { Db, DbKind } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import { progressChanged } from '../groups/groups.service.js';
import { completeOpenEntry, entryIsOpen } from '../learning-table/learning-table.service.js';
import {
  callerOwnsEntry,
  findOwnedLaunch,
  findOwnedRuntimeEntry,
  insertStatements,
  listStatements,
  type NewStatement,
  type RuntimeEntry,
  saveEntryScore,
  saveLaunchMark,
  saveRuntimeData,
  selectLaunchMarks,
  selectStatementFacts,
  statementCounts,
} from './runtime.repository.js';

/** The statements a teacher's view lists for one entry, newest first. */
const STATEMENTS_LISTED = 200;
/** Namespace of the registrations Ardoise derives from its group entries (UUID v5, RFC 9562). */
const REGISTRATION_NAMESPACE = '5d1c7c1e-8f5e-4a53-9a3c-0b7e3f6a2d41';

/** The package to start and the runtime data kept for the entry (null before its first write). */
export async function loadActivityLaunch(
  db: Db,
  caller: Caller,
  entryId: number,
  homePage: string,
): Promise<ActivityLaunchResponse> {
  const row = await findOwnedLaunch(db, caller, entryId);
  if (!row) throw notFound(httpMessages.notFound);
  const kept = row.standard !== null && row.data !== null && row.updated_at !== null;
  const au = row.package_kind === 'cmi5' || row.package_kind === 'tincan' ? xapiPackageOf(row) : null;
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
    xapi: au && xapiLaunch(au, row, homePage),
  };
}

/** The actor is the group (the class plays together), under the app's home page; the registration
 * is the same for the entry on every device, so its state documents resume anywhere. */
function xapiLaunch(
  au: XapiPackage,
  row: { entry_id: number; group_id: number; group_title: string },
  homePage: string,
): XapiLaunch {
  return {
    activityId: au.activityId,
    moveOn: au.moveOn,
    masteryScore: au.masteryScore,
    ...(au.launchParameters ? { launchParameters: au.launchParameters } : {}),
    actor: { objectType: 'Agent', name: row.group_title, account: groupAccount(row.group_id, homePage) },
    registration: uuidV5(`${homePage}/group-entries/${row.entry_id}`, REGISTRATION_NAMESPACE),
    launchMode: 'Normal',
  };
}

/** The xAPI account of a group, the actor of its launches. */
const groupAccount = (groupId: number, homePage: string) => ({ homePage, name: `group-${groupId}` });

/** Statements a cmi5 / Tin Can entry takes are about its launch (cmi5 Best Practices #15 and
 * #16): by the group's agent, about the AU or one of its sub-activities; else refused with 403, the
 * whole request with them. */
function checkStatementsOfLaunch(entry: RuntimeEntry, homePage: string, statements: XapiStatement[]): void {
  const account = groupAccount(entry.group_id, homePage);
  const activityId = xapiPackageOf(entry)?.activityId;
  for (const statement of statements) {
    if (!isLaunchActor(statement.actor, account)) throw forbidden(xapiMessages.statementNotLearner);
    if (activityId !== undefined && !isLaunchedActivity(statement.object, activityId)) {
      throw forbidden(xapiMessages.statementNotLaunchedActivity(activityId));
    }
  }
}

/** A name-based UUID (version 5, SHA-1), the same for the same name. */
export function uuidV5(name: string, namespace: string): string {
  const hash = crypto
    .createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The AU's rules from the package summary (recognised at upload). */
function xapiPackageOf(row: { package_summary: string | null }): XapiPackage | null {
  if (!row.package_summary) return null;
  try {
    const parsed = xapiPackageSchema.safeParse(JSON.parse(row.package_summary).xapi);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type RuntimeWritesResult = { applied: number; status: 'pending' | 'completed'; score: number | null };

/**
 * Applies an entry's writes in order inside one transaction. A write whose (launch, seq) is not
 * above its launch's high-water mark was applied before: it is acknowledged, not applied again.
 * The entry keeps the last write's data, the last score reported, and is completed once a write
 * reports completed or passed. A locked entry (the learning table's rule would not open it) is
 * refused whole: no data, no score (403).
 */
export async function applyRuntimeWrites(
  db: Db,
  kind: DbKind,
  caller: Caller,
  entryId: number,
  writes: RuntimeWrite[],
  now: Date,
  /** The app's home page: the actor's account of the group's launches (loadActivityLaunch). */
  homePage: string,
): Promise<RuntimeWritesResult> {
  const checked = writes.map(checkedWrite);
  return db.transaction().execute(async (trx) => {
    const entry = await findOwnedRuntimeEntry(trx, caller, entryId, kind === 'postgres');
    if (!entry) throw notFound(httpMessages.notFound);
    const mismatch = writes.find((write) => write.standard !== entry.package_kind);
    if (mismatch) throw badRequest(runtimeMessages.standardMismatch(mismatch.standard, entry.package_kind));
    // A locked activity (SPEC §4) takes no data and no score, as PATCH updatePending refuses it.
    if (!(await entryIsOpen(trx, entry))) throw forbidden(learnerMessages.notAllowedDescription);
    if (isXapi(entry.package_kind)) {
      checkStatementsOfLaunch(
        entry,
        homePage,
        checked.flatMap((write) => write.statements),
      );
    }

    const marks = await selectLaunchMarks(trx, entry.id, [...new Set(writes.map((w) => w.launchId))]);
    const advanced = new Set<string>();
    let last: { write: RuntimeWrite; text: string } | undefined;
    let applied = 0;
    let reportsCompletion = false;
    let score = entry.score;
    const statements: XapiStatement[] = [];
    for (const [index, write] of writes.entries()) {
      if (write.seq <= (marks.get(write.launchId) ?? 0)) continue;
      marks.set(write.launchId, write.seq);
      advanced.add(write.launchId);
      applied += 1;
      last = { write, text: checked[index]!.text };
      statements.push(...checked[index]!.statements);
      if (isXapi(write.standard)) continue; // decided below, from every statement kept
      const report = deriveRuntimeReport(write.standard, write.data);
      reportsCompletion ||= report.completed || report.passed;
      score = report.scorePercent ?? score;
    }
    if (!last) return { applied: 0, status: entry.status, score: entry.score };

    for (const launchId of advanced) await saveLaunchMark(trx, entry.id, launchId, marks.get(launchId)!);
    await saveRuntimeData(trx, { entryId: entry.id, standard: last.write.standard, data: last.text, now });
    await keepStatements(trx, entry.id, statements, now);
    if (isXapi(entry.package_kind)) {
      const report = await entryXapiReport(trx, entry);
      reportsCompletion = report.satisfied;
      score = report.scorePercent ?? score;
    }
    let status = entry.status;
    if (reportsCompletion && status === 'pending') {
      await completeOpenEntry(trx, entry, now);
      status = 'completed';
    }
    if (score !== entry.score) {
      await saveEntryScore(trx, entry.id, score);
      await progressChanged(trx, entry.group_id);
    }
    return { applied, status, score };
  });
}

const isXapi = (kind: string): kind is 'cmi5' | 'tincan' => kind === 'cmi5' || kind === 'tincan';

/** Stores the statements of the applied writes (first of each id), within the entry's cap. */
async function keepStatements(
  db: Db,
  entryId: number,
  statements: XapiStatement[],
  now: Date,
): Promise<void> {
  if (statements.length === 0) return;
  // UUIDs compare without case (RFC 9562): one statement sent as A1B2… and a1b2… is kept once.
  const byId = new Map<string, XapiStatement>();
  for (const statement of statements) {
    const id = statement.id.toLowerCase();
    if (!byId.has(id)) byId.set(id, statement);
  }
  const { kept, known } = await statementCounts(db, entryId, [...byId.keys()]);
  const fresh = [...byId].filter(([id]) => !known.has(id));
  if (kept + fresh.length > XAPI_STATEMENTS_MAX_PER_ENTRY) throw conflict(xapiMessages.entryStatementsFull);
  const storedAt = now.toISOString();
  const bit = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
  const rows = fresh.map(([id, statement]): NewStatement => {
    const facts = statementFacts(statement);
    return {
      entry_id: entryId,
      statement_id: id,
      verb_id: facts.verbId,
      object_id: facts.objectId,
      timestamp: statement.timestamp ?? storedAt,
      stored_at: storedAt,
      score_scaled: facts.scoreScaled,
      success: bit(facts.success),
      completion: bit(facts.completion),
      statement: JSON.stringify(statement),
    };
  });
  await insertStatements(db, rows);
}

/** cmi5's rules over every statement the entry keeps about its AU. */
async function entryXapiReport(db: Db, entry: RuntimeEntry) {
  const au = xapiPackageOf(entry);
  // Without rules from the upload (not expected), any object counts and either verb satisfies.
  const rules: XapiRules = au ?? { activityId: null, moveOn: 'CompletedOrPassed', masteryScore: null };
  const rows = await selectStatementFacts(db, entry.id, rules.activityId, [
    XAPI_VERBS.completed,
    XAPI_VERBS.passed,
  ]);
  const facts = rows.map((row) => ({
    verbId: row.verb_id,
    objectId: row.object_id,
    scoreScaled: row.score_scaled === null ? null : Number(row.score_scaled),
    success: row.success === null ? null : row.success === 1,
    completion: row.completion === null ? null : row.completion === 1,
  }));
  return deriveXapiReport(facts, rules);
}

/** The first problem zod found, in the schema's words; `shape` when the data is not even shaped. */
function firstIssue(error: ZodError, shape: string): string {
  const issue = error.issues[0];
  if (!issue || (issue.path.length <= 1 && issue.code === 'invalid_type')) return shape;
  return issue.message;
}

type CheckedWrite = { text: string; statements: XapiStatement[] };

/** The write's data as stored (JSON text) and the statements it carries, once its shape and sizes
 * are within the caps. */
function checkedWrite(write: RuntimeWrite): CheckedWrite {
  const text = JSON.stringify(write.data);
  if (Buffer.byteLength(text, 'utf8') > RUNTIME_DATA_MAX_BYTES)
    throw payloadTooLarge(runtimeMessages.dataTooLarge);
  if (isXapi(write.standard)) {
    const parsed = xapiRuntimeDataSchema.safeParse(write.data);
    if (!parsed.success) throw badRequest(firstIssue(parsed.error, xapiMessages.xapiDataShape));
    // The kept data is the documents; statements go to their own table.
    return { text: JSON.stringify({ documents: parsed.data.documents }), statements: parsed.data.statements };
  }
  if (write.standard === 'h5p') {
    const parsed = h5pRuntimeDataSchema.safeParse(write.data);
    if (!parsed.success) {
      const inStatements = parsed.error.issues[0]?.path[0] === 'statements';
      throw badRequest(
        inStatements ? firstIssue(parsed.error, runtimeMessages.h5pDataShape) : runtimeMessages.h5pDataShape,
      );
    }
    if ((parsed.data.state?.length ?? 0) > RUNTIME_SUSPEND_DATA_MAX_CHARS) {
      throw payloadTooLarge(runtimeMessages.h5pStateTooLong);
    }
    const { statements = [], ...kept } = parsed.data;
    return { text: statements.length > 0 ? JSON.stringify(kept) : text, statements };
  }
  const parsed = scormRuntimeDataSchema.safeParse(write.data);
  if (!parsed.success) throw badRequest(runtimeMessages.scormDataShape);
  const suspendData = parsed.data.cmi.suspend_data;
  if (suspendData !== undefined && typeof suspendData !== 'string')
    throw badRequest(runtimeMessages.scormDataShape);
  if ((suspendData?.length ?? 0) > RUNTIME_SUSPEND_DATA_MAX_CHARS) {
    throw payloadTooLarge(runtimeMessages.suspendDataTooLong);
  }
  return { text, statements: [] };
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

/** GET user/activity/statements/{entryId}: what the content of one of the caller's entries sent. */
export async function listEntryStatements(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<StatementSummary[]> {
  if (!(await callerOwnsEntry(db, caller, entryId))) throw notFound(httpMessages.notFound);
  const rows = await listStatements(db, entryId, STATEMENTS_LISTED);
  return rows.map((row) => ({
    id: row.statement_id,
    verbId: row.verb_id,
    verb: verbName(row.verb_id, row.statement),
    at: row.timestamp,
    scorePercent: scaledToPercent(row.score_scaled === null ? null : Number(row.score_scaled)),
    success: row.success === null ? null : row.success === 1,
    completion: row.completion === null ? null : row.completion === 1,
  }));
}

/** The verb's display (en-US, else the first given), else the last part of its id. */
function verbName(verbId: string, statement: string): string {
  try {
    const display = JSON.parse(statement)?.verb?.display;
    if (display && typeof display === 'object') {
      const name = display['en-US'] ?? Object.values(display)[0];
      if (typeof name === 'string' && name.trim()) return name.trim().slice(0, 100);
    }
  } catch {
    // stored as JSON by keepStatements: not expected
  }
  return verbId.split(/[/#]/).filter(Boolean).pop() ?? verbId;
}
