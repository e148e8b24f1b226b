// Test support of the pupils' results (API tests, the E2E test and scripts/measure-pupil-grid.ts):
// a pupil's entry of a given activity with what playing it leaves behind (status and score, one
// launch row per opening, the runtime data kept, the xAPI statements kept), written straight into
// the tables the runtime write path fills.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { ActivityRuntimeTable } from '../../db/schema.js';
import {
  createGroup,
  createLesson,
  createLessonSession,
  createLevel,
  createPeriod,
  createPupil,
  createPupilEntry,
  createTeacher,
  giveActivities,
} from '../../fixtures/factories.js';

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

const BATCH = 400;
/** A deterministic pseudo-random sequence, so both databases get the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

const FIRSTNAMES = ['Léa', 'Hugo', 'Chloé', 'Louis', 'Inès', 'Jules', 'Zoé', 'Émile', 'Manon', 'Noah'];

/** `groups` groups of one teacher, each of `pupils` pupils given every activity of a level of
 * `lessons` lessons (2 sessions of 5 activities each), nine cells in ten played: 60 % of them
 * completed with a score, each with runtime data (a real package's resume state), 1–3 launches,
 * and two statements on one in five. Batched inserts: 35 × 200 takes seconds. */
export async function seedLargeClasses(
  db: Db,
  options: { groups: number; pupils: number; lessons: number; teacher?: { id: number; schoolId: number } },
) {
  const { groups: GROUPS, pupils: PUPILS } = options;
  const next = random(42);
  const level = await createLevel(db, 'CM2');
  const period = await createPeriod(db, level.id, 'Période 1');
  const activityIds: number[] = [];
  for (let l = 0; l < options.lessons; l++) {
    const lesson = await createLesson(db, period.id, `Leçon ${l + 1}`);
    for (let s = 0; s < 2; s++) {
      const session = await createLessonSession(db, lesson.id, `Séance ${s + 1}`);
      const rows = Array.from({ length: 5 }, (_, a) => ({
        session_id: session.id,
        title: `Activité ${l + 1}.${s + 1}.${a + 1}`,
        position: a,
        package_hash: crypto.randomBytes(32).toString('hex'),
        size_bytes: 0,
        created_at: new Date().toISOString(),
        package_kind: 'scorm12' as const,
      }));
      const inserted = await db.insertInto('activities').values(rows).returning('id').execute();
      activityIds.push(...inserted.map((row) => row.id));
    }
  }
  const teacher = options.teacher ?? (await createTeacher(db, { levelIds: [level.id] }));
  if (options.teacher) {
    await db.insertInto('teacher_levels').values({ user_id: teacher.id, level_id: level.id }).execute();
  }
  const groupIds: number[] = [];
  const now = new Date();
  for (let g = 0; g < GROUPS; g++) {
    const group = await createGroup(db, teacher.id, level.id, `Groupe ${g + 1}`);
    groupIds.push(group.id);
    await giveActivities(db, group.id, activityIds, now);
    const pupilIds: number[] = [];
    for (let p = 0; p < PUPILS; p++) {
      const { id } = await createPupil(db, {
        schoolId: teacher.schoolId,
        groupIds: [group.id],
        firstname: FIRSTNAMES[p % FIRSTNAMES.length]!,
        name: `Nom${g}-${p}`,
      });
      pupilIds.push(id);
    }
    // Nine cells in ten played: 60 % of them completed with a score.
    const entries = pupilIds.flatMap((pupilId) =>
      activityIds
        .filter(() => next() < 0.9)
        .map((activityId) => {
          const completed = next() < 0.6;
          return {
            group_id: group.id,
            activity_id: activityId,
            pupil_id: pupilId,
            status: completed ? ('completed' as const) : ('pending' as const),
            completed_at: completed ? new Date(now.getTime() - next() * 30 * 86_400_000).toISOString() : null,
            score: completed ? Math.round(next() * 100) : null,
          };
        }),
    );
    const entryIds: number[] = [];
    await insertBatches(entries, async (batch) => {
      const ids = await db.insertInto('group_activities').values(batch).returning('id').execute();
      entryIds.push(...ids.map((row) => row.id));
    });
    const data = JSON.stringify({
      cmi: {
        core: { lesson_status: 'passed', score: { raw: '80', min: '', max: '100' } },
        suspend_data: 'x'.repeat(3000), // a real package's resume state
        interactions: { 0: { id: 'q1', type: 'choice', student_response: 'b', result: 'correct' } },
      },
    });
    await insertBatches(entryIds, (batch) =>
      db
        .insertInto('activity_runtime')
        .values(
          batch.map((id) => ({
            entry_id: id,
            standard: 'scorm12' as const,
            data,
            updated_at: now.toISOString(),
          })),
        )
        .execute(),
    );
    const launches = entryIds.flatMap((id) =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => ({
        entry_id: id,
        launch_id: crypto.randomBytes(12).toString('base64url'),
        last_seq: i + 1,
      })),
    );
    await insertBatches(launches, (batch) =>
      db.insertInto('activity_runtime_launches').values(batch).execute(),
    );
    const statements = entryIds
      .filter(() => next() < 0.2)
      .flatMap((id) =>
        [0, 1].map((i) => ({
          entry_id: id,
          statement_id: crypto.randomUUID(),
          verb_id: 'http://adlnet.gov/expapi/verbs/answered',
          object_id: `https://contenu.test/q${i}`,
          timestamp: now.toISOString(),
          stored_at: now.toISOString(),
          score_scaled: null,
          success: 1 as const,
          completion: null,
          statement: '{}',
        })),
      );
    await insertBatches(statements, (batch) => db.insertInto('xapi_statements').values(batch).execute());
  }
  return { teacher, levelId: level.id, groupIds };
}
