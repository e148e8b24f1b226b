// Test support of the pupils' results (API tests, the E2E test and scripts/measure-pupil-grid.ts):
// a pupil's entry of a given activity with what playing it leaves behind (status and score, one
// launch row per opening, the runtime data kept, the xAPI statements kept), written straight into
// the tables the runtime write path fills.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { ActivityRuntimeTable } from '../../db/schema.js';
import { createPupilEntry } from '../../fixtures/factories.js';

export type SeededStatement = {
  verb: { id: string; display?: Record<string, string> };
  object: { id: string; name?: Record<string, string> };
  result?: { success?: boolean; scoreScaled?: number; response?: string; completion?: boolean };
  timestamp: string;
  storedAt?: string;
};

export type SeededEntry = {
  groupId: number;
  activityId: number;
  pupilId: number;
  status?: 'pending' | 'completed';
  score?: number | null;
  completedAt?: string | null;
  /** How many launches (openings) the entry had. */
  launches?: number;
  runtime?: { standard: ActivityRuntimeTable['standard']; data: unknown; updatedAt: string };
  statements?: SeededStatement[];
};

/** A statement as content sends it (with an actor standing for the pupil's launch). */
export function statementJson(statement: SeededStatement, id: string) {
  const result = statement.result;
  return {
    id,
    actor: { objectType: 'Agent', account: { homePage: 'https://ardoise.test', name: 'eleve' } },
    verb: { id: statement.verb.id, ...(statement.verb.display ? { display: statement.verb.display } : {}) },
    object: {
      objectType: 'Activity',
      id: statement.object.id,
      ...(statement.object.name ? { definition: { name: statement.object.name } } : {}),
    },
    ...(result
      ? {
          result: {
            ...(result.success === undefined ? {} : { success: result.success }),
            ...(result.completion === undefined ? {} : { completion: result.completion }),
            ...(result.scoreScaled === undefined ? {} : { score: { scaled: result.scoreScaled } }),
            ...(result.response === undefined ? {} : { response: result.response }),
          },
        }
      : {}),
    timestamp: statement.timestamp,
  };
}

/** A pupil's entry of an activity given to the group, with its launches, runtime data and statements. */
export async function seedPupilEntry(db: Db, entry: SeededEntry): Promise<{ id: number }> {
  const { id } = await createPupilEntry(db, entry);
  if (entry.status === 'completed' || entry.score !== undefined) {
    await db
      .updateTable('group_activities')
      .set({
        status: entry.status ?? 'pending',
        score: entry.score ?? null,
        completed_at: entry.status === 'completed' ? (entry.completedAt ?? null) : null,
      })
      .where('id', '=', id)
      .execute();
  }
  const launches = entry.launches ?? 0;
  if (launches > 0) {
    await db
      .insertInto('activity_runtime_launches')
      .values(
        Array.from({ length: launches }, (_, i) => ({
          entry_id: id,
          launch_id: crypto.randomBytes(12).toString('base64url'),
          last_seq: i + 1,
        })),
      )
      .execute();
  }
  if (entry.runtime) {
    await db
      .insertInto('activity_runtime')
      .values({
        entry_id: id,
        standard: entry.runtime.standard,
        data: JSON.stringify(entry.runtime.data),
        updated_at: entry.runtime.updatedAt,
      })
      .execute();
  }
  for (const statement of entry.statements ?? []) {
    const statementId = crypto.randomUUID();
    const result = statement.result;
    await db
      .insertInto('xapi_statements')
      .values({
        entry_id: id,
        statement_id: statementId,
        verb_id: statement.verb.id,
        object_id: statement.object.id,
        timestamp: statement.timestamp,
        stored_at: statement.storedAt ?? statement.timestamp,
        score_scaled: result?.scoreScaled ?? null,
        success: result?.success === undefined ? null : result.success ? 1 : 0,
        completion: result?.completion === undefined ? null : result.completion ? 1 : 0,
        statement: JSON.stringify(statementJson(statement, statementId)),
      })
      .execute();
  }
  return { id };
}
