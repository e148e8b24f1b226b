// GAR subscriptions as an outbox: a licence change records, in its own transaction, what the GAR
// should hold (planSubscription); a sender then creates (PUT), updates (POST, without uaiEtab) or
// deletes it, retrying failures with a growing delay. Saving a licence never waits for the GAR.
import type { SubscriptionState } from '../../../common/schemas/ent.js';
import type { GarSubscriptionsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { SchoolRow } from '../../db/schema.js';
import {
  claimSubscription,
  deleteSubscription,
  findSubscriptionsOfSchool,
  insertSubscription,
  listDueSubscriptions,
  listSchoolSubscriptions,
  recordSendOutcome,
  type SubscriptionRow,
  updateSubscription,
} from './subscription.repository.js';
import type { SubscriptionClient } from './subscription-client.js';
import { type SubscriptionFields, subscriptionXml, wantedSubscription } from './subscription-fields.js';

/** Records what the GAR should hold for this school (null: the school is being deleted). Call inside
 * the transaction that changes the school, after the change. */
export async function planSubscription(
  db: Db,
  config: GarSubscriptionsConfig | undefined,
  school: SchoolRow | { id: number; deleted: true },
): Promise<void> {
  if (!config) return;
  const now = new Date().toISOString();
  const wanted = 'deleted' in school ? null : wantedSubscription(school, config);
  const wantedJson = wanted ? JSON.stringify(wanted) : null;
  const rows = await findSubscriptionsOfSchool(db, school.id);
  const current = rows.find((row) => wanted && row.subscription_id === wanted.idAbonnement);
  for (const row of rows) {
    if (row === current) continue;
    // Another UAI, or no subscription wanted any more: that one goes.
    await want(db, row, null, now, wanted ? { school_id: null } : {});
  }
  if (!wanted || !wantedJson) return;
  if (!current) {
    await insertSubscription(db, {
      subscriptionId: wanted.idAbonnement,
      schoolId: school.id,
      uai: wanted.uaiEtab,
      wanted: wantedJson,
      now,
    });
    return;
  }
  await want(db, current, wantedJson, now);
}

async function want(
  db: Db,
  row: SubscriptionRow,
  wanted: string | null,
  now: string,
  extra: Partial<SubscriptionRow> = {},
): Promise<void> {
  if (row.wanted === wanted && row.status !== 'refused' && Object.keys(extra).length === 0) return;
  const inStep = row.accepted === wanted;
  await updateSubscription(db, row.id, {
    ...extra,
    wanted,
    status: inStep ? 'sent' : 'pending',
    message: '',
    attempts: 0,
    next_attempt_at: inStep ? null : now,
    updated_at: now,
  });
}

/** How long a sender holds a subscription it took (longer than a call may last). */
const LEASE_MS = 2 * 60_000;

/** The delay before the next try after `attempts` failures: 30 s doubling, at most an hour. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

/** Sends every due subscription; returns how many were handled. */
export async function sendDueSubscriptions(
  db: Db,
  client: SubscriptionClient,
  now = new Date(),
): Promise<number> {
  const due = await listDueSubscriptions(db, now.toISOString(), 20);
  let handled = 0;
  for (const row of due) {
    if (!(await claimSubscription(db, row, new Date(now.getTime() + LEASE_MS).toISOString()))) continue;
    await sendOne(db, client, row);
    handled += 1;
  }
  return handled;
}

async function sendOne(db: Db, client: SubscriptionClient, row: SubscriptionRow): Promise<void> {
  const wanted = row.wanted ? (JSON.parse(row.wanted) as SubscriptionFields) : null;
  const accepted = row.accepted !== null;
  let outcome: Awaited<ReturnType<SubscriptionClient['send']>>;
  if (wanted && !accepted) {
    outcome = await client.send('PUT', row.subscription_id, subscriptionXml(wanted, 'create'));
    // Created earlier by a send whose answer was lost: update it instead.
    if (outcome.kind === 'refused' && outcome.status === 409) {
      outcome = await client.send('POST', row.subscription_id, subscriptionXml(wanted, 'update'));
    }
  } else if (wanted) {
    outcome = await client.send('POST', row.subscription_id, subscriptionXml(wanted, 'update'));
  } else if (accepted) {
    outcome = await client.send('DELETE', row.subscription_id);
    // Already gone is what was asked.
    if (outcome.kind === 'refused' && outcome.status === 404) outcome = { kind: 'accepted', status: 404 };
  } else {
    outcome = { kind: 'accepted', status: 0 };
  }

  const now = new Date().toISOString();
  if (outcome.kind === 'accepted') {
    if (!wanted && row.school_id === null) {
      await deleteSubscription(db, row.id);
      return;
    }
    await recordSendOutcome(db, row, {
      accepted: row.wanted,
      status: 'sent',
      message: '',
      attempts: 0,
      next_attempt_at: null,
      updated_at: now,
    });
  } else if (outcome.kind === 'refused') {
    await recordSendOutcome(db, row, {
      status: 'refused',
      message: outcome.message,
      next_attempt_at: null,
      updated_at: now,
    });
  } else {
    const attempts = row.attempts + 1;
    await recordSendOutcome(db, row, {
      status: 'pending',
      message: outcome.message,
      attempts,
      next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
      updated_at: now,
    });
  }
}

/** Each school's subscription as the school details show it (schools without one are absent). */
export async function subscriptionStates(
  db: Db,
  schoolIds?: number[],
): Promise<Map<number, SubscriptionState>> {
  const states = new Map<number, SubscriptionState>();
  for (const row of await listSchoolSubscriptions(db, schoolIds)) {
    if (row.school_id === null || (row.wanted === null && row.accepted === null)) continue;
    states.set(row.school_id, {
      status: row.status,
      message: row.message,
      nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
      updatedAt: row.updated_at,
    });
  }
  return states;
}
