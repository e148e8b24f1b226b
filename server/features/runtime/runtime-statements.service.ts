// The xAPI statements an entry's content sends (cmi5, Tin Can, H5P's events): checked to be about
// the launch, kept once per id within the entry's cap, the AU's report over every one kept, and
// the list a teacher reads.
import { XAPI_STATEMENTS_MAX_PER_ENTRY } from '../../../common/constants.js';
import { httpMessages } from '../../../common/messages/http.js';
import { xapiMessages } from '../../../common/messages/xapi.js';
import type { StatementSummary, XapiStatement } from '../../../common/schemas/xapi.js';
import { scaledToPercent } from '../../../common/standards/standard.js';
import {
  ANY_AU_RULES,
  deriveXapiReport,
  factsOfStored,
  isLaunchActor,
  isLaunchedActivity,
  statementFacts,
  storedFacts,
  XAPI_VERBS,
  type XapiReport,
  xapiPackageOfSummary,
} from '../../../common/standards/xapi.js';
import type { Db } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../http-error.js';
import type { Caller } from '../auth/caller.js';
import {
  callerOwnsEntry,
  insertStatements,
  listStatements,
  type RuntimeEntry,
  selectStatementFacts,
  statementCounts,
} from './runtime.repository.js';
import { learnerAccount } from './runtime-launch.presenter.js';

/** The statements a teacher's view lists for one entry, newest first. */
const STATEMENTS_LISTED = 200;

/** Statements a cmi5 / Tin Can entry takes are about its launch (cmi5 Best Practices #15 and
 * #16): by the launch's agent (the group's, or the pupil's on their entry), about the AU or one of its sub-activities; else refused with 403, the
 * whole request with them. */
export function checkStatementsOfLaunch(
  entry: RuntimeEntry,
  homePage: string,
  statements: XapiStatement[],
): void {
  const account = learnerAccount(entry, homePage);
  const activityId = xapiPackageOfSummary(entry.package_summary)?.activityId;
  for (const statement of statements) {
    if (!isLaunchActor(statement.actor, account)) throw forbidden(xapiMessages.statementNotLearner);
    if (activityId !== undefined && !isLaunchedActivity(statement.object, activityId)) {
      throw forbidden(xapiMessages.statementNotLaunchedActivity(activityId));
    }
  }
}

/** Stores the statements of the applied writes (first of each id), within the entry's cap. */
export async function keepStatements(
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
  await insertStatements(
    db,
    fresh.map(([id, statement]) => ({
      entryId,
      statementId: id,
      facts: storedFacts(statementFacts(statement)),
      timestamp: statement.timestamp ?? storedAt,
      storedAt,
      statement: JSON.stringify(statement),
    })),
  );
}

/** cmi5's rules over every statement the entry keeps about its AU. */
export async function entryXapiReport(db: Db, entry: RuntimeEntry): Promise<XapiReport> {
  const rules = xapiPackageOfSummary(entry.package_summary) ?? ANY_AU_RULES;
  const rows = await selectStatementFacts(db, entry.id, rules.activityId, [
    XAPI_VERBS.completed,
    XAPI_VERBS.passed,
  ]);
  return deriveXapiReport(rows.map(factsOfStored), rules);
}

/** GET user/activity/statements/{entryId}: what the content of one of the caller's entries sent. */
export async function listEntryStatements(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<StatementSummary[]> {
  if (!(await callerOwnsEntry(db, caller, entryId))) throw notFound(httpMessages.notFound);
  const rows = await listStatements(db, entryId, STATEMENTS_LISTED);
  return rows.map((row) => {
    const facts = factsOfStored(row);
    return {
      id: row.statementId,
      verbId: row.verbId,
      verb: verbName(row.verbId, row.statement),
      at: row.timestamp,
      scorePercent: scaledToPercent(facts.scoreScaled),
      success: facts.success,
      completion: facts.completion,
    };
  });
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
