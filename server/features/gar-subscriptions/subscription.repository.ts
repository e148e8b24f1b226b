// The SQL of GAR subscriptions: one row per subscription, an outbox of what to send.

import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GarSubscriptionsTable } from '../../db/schema.js';

export type SubscriptionRow = Selectable<GarSubscriptionsTable>;

export function findSubscriptionsOfSchool(db: Db, schoolId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('gar_subscriptions').selectAll().where('school_id', '=', schoolId).execute();
}

/** The subscriptions of these schools (all schools when omitted), in one query. */
export function listSchoolSubscriptions(db: Db, schoolIds?: number[]): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('gar_subscriptions')
    .selectAll()
    .where('school_id', 'is not', null)
    .$if(schoolIds !== undefined, (qb) => qb.where('school_id', 'in', schoolIds!.length ? schoolIds! : [0]))
    .execute();
}

export async function insertSubscription(
  db: Db,
  values: { subscriptionId: string; schoolId: number; uai: string; wanted: string; now: string },
): Promise<void> {
  await db
    .insertInto('gar_subscriptions')
    .values({
      subscription_id: values.subscriptionId,
      school_id: values.schoolId,
      uai: values.uai,
      accepted: null,
      wanted: values.wanted,
      status: 'pending',
      next_attempt_at: values.now,
      updated_at: values.now,
    })
    .execute();
}

export async function updateSubscription(
  db: Db,
  id: number,
  values: Partial<Omit<SubscriptionRow, 'id' | 'subscription_id'>>,
): Promise<void> {
  await db.updateTable('gar_subscriptions').set(values).where('id', '=', id).execute();
}

/** The subscriptions whose send is due, oldest first. */
export function listDueSubscriptions(db: Db, now: string, limit: number): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('gar_subscriptions')
    .selectAll()
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** Takes a due subscription for one sender (several instances may run): moves its due time past
 * the lease only if no one else did. */
export async function claimSubscription(db: Db, row: SubscriptionRow, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('gar_subscriptions')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', row.id)
    .where('next_attempt_at', '=', row.next_attempt_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a send's outcome. When what is wanted changed while the send was on its way, the change
 * was planned against what the GAR held before this send: only what the GAR now holds is recorded,
 * and the row is due at once, so the change is sent from there. */
export async function recordSendOutcome(
  db: Db,
  row: SubscriptionRow,
  values: Partial<Omit<SubscriptionRow, 'id' | 'subscription_id'>>,
): Promise<void> {
  const recorded = await db
    .updateTable('gar_subscriptions')
    .set(values)
    .where('id', '=', row.id)
    .where((eb) => (row.wanted === null ? eb('wanted', 'is', null) : eb('wanted', '=', row.wanted)))
    .executeTakeFirst();
  if (Number(recorded.numUpdatedRows) === 1) return;
  const now = new Date().toISOString();
  await db
    .updateTable('gar_subscriptions')
    .set({
      ...(values.accepted === undefined ? {} : { accepted: values.accepted }),
      status: 'pending',
      message: '',
      attempts: 0,
      next_attempt_at: now,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .execute();
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('gar_subscriptions').where('id', '=', id).execute();
}
