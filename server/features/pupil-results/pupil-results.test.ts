// A group's pupils' results on a real database: the grid (pupils by French name order, given
// activities in the table's order, a cell per pupil × activity: not started, pending, completed with
// score, launches counted, last time), one pupil's detail with their SCORM 1.2 and 2004 interactions
// (as scorm-again commits them) and xAPI statements, and the CSV export (Excel-safe). Another
// teacher's group, a pupil of another group and a pupil caller are refused.
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { httpMessages } from '../../../common/messages/http.js';
import {
  type PupilDetailResponse,
  type PupilResultsResponse,
  pupilDetailResponseSchema,
  pupilResultsResponseSchema,
} from '../../../common/schemas/pupil-results.js';
import { XAPI_VERBS } from '../../../common/standards/xapi.js';
import { scorm12Commit, scorm2004Commit } from '../../../common/test/scorm-commits.js';
import { buildLevel } from '../../fixtures/curriculum.js';
import { createGroup, createPupil, createTeacher } from '../../fixtures/factories.js';
import { expectShape, signInAs } from '../../test/admin-helpers.js';
import { setupTestApp } from '../../test/helper.js';
import { signInAsPupil } from '../../test/pupil-helpers.js';
import { seedPupilEntry } from './pupil-results.factories.js';

const ctx = setupTestApp();

const SCORM12 = scorm12Commit({
  'cmi.core.lesson_status': 'passed',
  'cmi.core.score.raw': '85',
  'cmi.interactions.0.id': 'couleur-ciel',
  'cmi.interactions.0.type': 'choice',
  'cmi.interactions.0.student_response': 'b',
  'cmi.interactions.0.result': 'correct',
  'cmi.interactions.0.correct_responses.0.pattern': 'b',
  'cmi.interactions.1.id': 'capitale',
  'cmi.interactions.1.type': 'fill-in',
  'cmi.interactions.1.student_response': 'Lyon',
  'cmi.interactions.1.result': 'wrong',
  'cmi.interactions.1.correct_responses.0.pattern': 'Paris',
});

const SCORM2004 = scorm2004Commit({
  'cmi.completion_status': 'incomplete',
  'cmi.interactions.0.id': 'urn:ardoise:accord-1',
  'cmi.interactions.0.type': 'fill-in',
  'cmi.interactions.0.description': 'Accorde : les fleur… rouges',
  'cmi.interactions.0.learner_response': 'fleurs',
  'cmi.interactions.0.result': 'correct',
  'cmi.interactions.0.correct_responses.0.pattern': 'fleurs',
  'cmi.interactions.0.timestamp': '2026-11-20T09:15:00',
});

const at = (day: number, hour: number) =>
  `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

/** A teacher's group over two lessons (2 + 1 activities given, one more not given), with four pupils
 * (one with a formula-like name, one without names) and a pupil of another group. */
async function classWithResults() {
  const level = await buildLevel(ctx.db, [[{ sessions: [2] }, { sessions: [1, 1] }]]);
  const [[a1, a2]] = level.lessons[0]![0]!.activityIds as [[number, number]];
  const [[a3], [notGiven]] = level.lessons[0]![1]!.activityIds as [[number], [number]];
  const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
  const group = await createGroup(ctx.db, teacher.id, level.levelId, 'CM1 B');
  const other = await createGroup(ctx.db, teacher.id, level.levelId, 'CM1 C');
  // Given out of the table's order: the grid still follows the table.
  for (const activityId of [a3, a1, a2]) {
    await ctx.db
      .insertInto('group_assignments')
      .values({
        group_id: group.id,
        activity_id: activityId,
        due_date: activityId === a2 ? '2026-12-01' : null,
        given_at: at(1, 8),
      })
      .execute();
  }
  const schoolId = teacher.schoolId;
  const zoe = await createPupil(ctx.db, { schoolId, groupIds: [group.id], firstname: 'Zoé', name: 'Martin' });
  const emile = await createPupil(ctx.db, {
    schoolId,
    groupIds: [group.id],
    firstname: 'émile',
    name: 'Durand',
  });
  const anonymous = await createPupil(ctx.db, { schoolId, groupIds: [group.id], firstname: '', name: '' });
  const formula = await createPupil(ctx.db, {
    schoolId,
    groupIds: [group.id],
    firstname: '=1+1',
    name: 'Piège',
  });
  const outsider = await createPupil(ctx.db, {
    schoolId,
    groupIds: [other.id],
    firstname: 'Anna',
    name: 'Autre',
  });
  const { pseudonym } = await ctx.db
    .selectFrom('pupils')
    .select('pseudonym')
    .where('user_id', '=', anonymous.id)
    .executeTakeFirstOrThrow();

  await seedPupilEntry(ctx.db, {
    groupId: group.id,
    activityId: a1,
    pupilId: zoe.id,
    status: 'completed',
    score: 85,
    completedAt: at(20, 9),
    launches: 2,
    runtime: { standard: 'scorm12', data: SCORM12, updatedAt: at(20, 10) },
  });
  await seedPupilEntry(ctx.db, {
    groupId: group.id,
    activityId: a2,
    pupilId: zoe.id,
    launches: 1,
    runtime: { standard: 'scorm2004', data: SCORM2004, updatedAt: at(21, 9) },
  });
  await seedPupilEntry(ctx.db, {
    groupId: group.id,
    activityId: a3,
    pupilId: zoe.id,
    status: 'completed',
    score: 50,
    completedAt: at(22, 9),
    launches: 1,
    statements: [
      {
        verb: { id: XAPI_VERBS.completed, display: { 'en-US': 'completed', 'fr-FR': 'a terminé' } },
        object: { id: 'https://contenu.test/dictee', name: { 'fr-FR': 'Dictée des animaux' } },
        result: { completion: true, scoreScaled: 0.5 },
        timestamp: at(22, 9),
      },
      {
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
        object: { id: 'https://contenu.test/dictee/q1' },
        result: { success: false, response: 'le chient' },
        timestamp: at(22, 8),
        storedAt: at(23, 7),
      },
    ],
  });
  await seedPupilEntry(ctx.db, { groupId: group.id, activityId: a1, pupilId: emile.id });
  // Another group's pupil played the same activity there: never in this group's grid.
  await seedPupilEntry(ctx.db, {
    groupId: other.id,
    activityId: a1,
    pupilId: outsider.id,
    status: 'completed',
    score: 10,
    launches: 1,
  });
  return {
    level,
    teacher,
    group,
    other,
    a1,
    a2,
    a3,
    notGiven,
    zoe,
    emile,
    anonymous,
    formula,
    outsider,
    pseudonym,
  };
}

describe('GET /api/user/groups/:groupId/results', () => {
  it('gives pupils by name, the given activities in table order and a cell per pupil × activity', async () => {
    const c = await classWithResults();
    const client = await signInAs(ctx, c.teacher);
    const response = await client.get(`/api/user/groups/${c.group.id}/results`);
    expect(response.statusCode).toBe(200);
    const body = response.json<PupilResultsResponse>();
    expectShape(pupilResultsResponseSchema, body);
    expect(body.group).toEqual({ id: c.group.id, title: 'CM1 B' });
    expect(body.pupils).toEqual([
      { id: c.formula.id, displayName: '=1+1 Piège' },
      { id: c.anonymous.id, displayName: `Élève ${c.pseudonym}` },
      { id: c.emile.id, displayName: 'émile Durand' },
      { id: c.zoe.id, displayName: 'Zoé Martin' },
    ]);
    expect(body.activities).toEqual([
      {
        id: c.a1,
        title: 'Activité 1.1.1.1',
        lessonId: c.level.lessons[0]![0]!.id,
        lessonTitle: 'Leçon 1.1',
        sessionTitle: 'Séance 1',
        dueDate: null,
      },
      {
        id: c.a2,
        title: 'Activité 1.1.1.2',
        lessonId: c.level.lessons[0]![0]!.id,
        lessonTitle: 'Leçon 1.1',
        sessionTitle: 'Séance 1',
        dueDate: '2026-12-01',
      },
      {
        id: c.a3,
        title: 'Activité 1.2.1.1',
        lessonId: c.level.lessons[0]![1]!.id,
        lessonTitle: 'Leçon 1.2',
        sessionTitle: 'Séance 1',
        dueDate: null,
      },
    ]);
    expect(body.cells).toEqual([
      [null, null, null],
      [null, null, null],
      [['pending', null, 0, null], null, null],
      [
        ['completed', 85, 2, at(20, 10)],
        ['pending', null, 1, at(21, 9)],
        // The latest statement's arrival is the last time, after the completion.
        ['completed', 50, 1, at(23, 7)],
      ],
    ]);
  });

  it('answers an empty grid for a group without pupils or given activities', async () => {
    const level = await buildLevel(ctx.db, [[{ sessions: [1] }]]);
    const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
    const group = await createGroup(ctx.db, teacher.id, level.levelId, 'Vide');
    const client = await signInAs(ctx, teacher);
    const body = (await client.get(`/api/user/groups/${group.id}/results`)).json();
    expect(body).toEqual({
      success: true,
      group: { id: group.id, title: 'Vide' },
      pupils: [],
      activities: [],
      cells: [],
    });
  });

  it("answers 404 for another teacher's group, an unknown group and a bad id; 403 to a pupil", async () => {
    const c = await classWithResults();
    const stranger = await createTeacher(ctx.db, { levelIds: [c.level.levelId] });
    const client = await signInAs(ctx, stranger);
    for (const url of [
      `/api/user/groups/${c.group.id}/results`,
      `/api/user/groups/${c.group.id}/results.csv`,
      `/api/user/groups/${c.group.id}/results/${c.zoe.id}`,
      '/api/user/groups/999999/results',
    ]) {
      const response = await client.get(url);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 404, httpMessages.notFound]);
    }
    expect((await client.get('/api/user/groups/abc/results')).statusCode).toBe(400);
    const pupil = await signInAsPupil(ctx, c.zoe.id);
    const refused = await pupil.get(`/api/user/groups/${c.group.id}/results`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, authMessages.forbidden]);
  });
});

describe('GET /api/user/groups/:groupId/results/:pupilId', () => {
  it("gives a pupil's results per given activity with their SCORM interactions and xAPI statements", async () => {
    const c = await classWithResults();
    const client = await signInAs(ctx, c.teacher);
    const response = await client.get(`/api/user/groups/${c.group.id}/results/${c.zoe.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<PupilDetailResponse>();
    expectShape(pupilDetailResponseSchema, body);
    expect(body.pupil).toEqual({ id: c.zoe.id, displayName: 'Zoé Martin' });
    const [first, second, third] = body.activities;
    expect(body.activities.map((a) => [a.id, a.status, a.score, a.attempts, a.lastAt])).toEqual([
      [c.a1, 'completed', 85, 2, at(20, 10)],
      [c.a2, 'pending', null, 1, at(21, 9)],
      [c.a3, 'completed', 50, 1, at(23, 7)],
    ]);
    expect(first!.interactions).toEqual([
      {
        id: 'couleur-ciel',
        type: 'choice',
        description: null,
        response: 'b',
        result: 'correct',
        correctResponses: ['b'],
        at: null,
      },
      {
        id: 'capitale',
        type: 'fill-in',
        description: null,
        response: 'Lyon',
        result: 'wrong',
        correctResponses: ['Paris'],
        at: null,
      },
    ]);
    expect(second!.interactions).toEqual([
      {
        id: 'urn:ardoise:accord-1',
        type: 'fill-in',
        description: 'Accorde : les fleur… rouges',
        response: 'fleurs',
        result: 'correct',
        correctResponses: ['fleurs'],
        at: '2026-11-20T09:15:00',
      },
    ]);
    expect(first!.statements).toEqual([]);
    expect(third!.interactions).toEqual([]);
    // Newest stored first, each with its id.
    const kept = await ctx.db
      .selectFrom('xapi_statements')
      .select('statement_id')
      .orderBy('id', 'desc')
      .execute();
    expect(third!.statements.map((s) => s.id)).toEqual(kept.slice(0, 2).map((row) => row.statement_id));
    expect(third!.statements.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        verbId: 'http://adlnet.gov/expapi/verbs/answered',
        verb: 'answered',
        objectId: 'https://contenu.test/dictee/q1',
        objectName: null,
        success: false,
        scorePercent: null,
        response: 'le chient',
        at: at(22, 8),
      },
      {
        verbId: XAPI_VERBS.completed,
        verb: 'a terminé',
        objectId: 'https://contenu.test/dictee',
        objectName: 'Dictée des animaux',
        success: null,
        scorePercent: 50,
        response: null,
        at: at(22, 9),
      },
    ]);
  });

  it('lists every given activity as not started for a pupil who played nothing', async () => {
    const c = await classWithResults();
    const client = await signInAs(ctx, c.teacher);
    const body = (await client.get(`/api/user/groups/${c.group.id}/results/${c.anonymous.id}`)).json();
    expect(body.pupil.displayName).toBe(`Élève ${c.pseudonym}`);
    expect(body.activities.map((a: { status: string; attempts: number }) => [a.status, a.attempts])).toEqual([
      ['not-started', 0],
      ['not-started', 0],
      ['not-started', 0],
    ]);
  });

  it('answers 404 for a pupil of another group, a teacher and an unknown id', async () => {
    const c = await classWithResults();
    const client = await signInAs(ctx, c.teacher);
    for (const id of [c.outsider.id, c.teacher.id, 999_999]) {
      const response = await client.get(`/api/user/groups/${c.group.id}/results/${id}`);
      expect([id, response.statusCode]).toEqual([id, 404]);
    }
  });
});

describe('GET /api/user/groups/:groupId/results.csv', () => {
  it('exports one line per pupil × given activity for French Excel, formulas neutralised', async () => {
    const c = await classWithResults();
    const client = await signInAs(ctx, c.teacher);
    const response = await client.get(`/api/user/groups/${c.group.id}/results.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="eleves-groupe-${c.group.id}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      'Élève;Leçon;Séance;Activité;Statut;Score;Tentatives;Dernière activité (UTC)',
      "'=1+1 Piège;Leçon 1.1;Séance 1;Activité 1.1.1.1;Pas commencée;;0;",
      "'=1+1 Piège;Leçon 1.1;Séance 1;Activité 1.1.1.2;Pas commencée;;0;",
      "'=1+1 Piège;Leçon 1.2;Séance 1;Activité 1.2.1.1;Pas commencée;;0;",
      `Élève ${c.pseudonym};Leçon 1.1;Séance 1;Activité 1.1.1.1;Pas commencée;;0;`,
      `Élève ${c.pseudonym};Leçon 1.1;Séance 1;Activité 1.1.1.2;Pas commencée;;0;`,
      `Élève ${c.pseudonym};Leçon 1.2;Séance 1;Activité 1.2.1.1;Pas commencée;;0;`,
      'émile Durand;Leçon 1.1;Séance 1;Activité 1.1.1.1;À faire;;0;',
      'émile Durand;Leçon 1.1;Séance 1;Activité 1.1.1.2;Pas commencée;;0;',
      'émile Durand;Leçon 1.2;Séance 1;Activité 1.2.1.1;Pas commencée;;0;',
      'Zoé Martin;Leçon 1.1;Séance 1;Activité 1.1.1.1;Terminée;85;2;2026-11-20 10:00',
      'Zoé Martin;Leçon 1.1;Séance 1;Activité 1.1.1.2;À faire;;1;2026-11-21 09:00',
      'Zoé Martin;Leçon 1.2;Séance 1;Activité 1.2.1.1;Terminée;50;1;2026-11-23 07:00',
    ]);
  });
});
