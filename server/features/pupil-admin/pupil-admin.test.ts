// What an admin gets about pupils and what the law asks (docs/privacy.md): a school's pupils, one
// pupil's data export, erasing a pupil (nothing of them left anywhere), and the retention sweep.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { schoolMessages } from '../../../common/messages/admin.js';
import { pupilAdminMessages } from '../../../common/messages/pupil-admin.js';
import {
  type PupilExport,
  SCHOOL_PUPILS_PAGE_SIZE,
  type SchoolPupilsResponse,
  schoolPupilsResponseSchema,
} from '../../../common/schemas/pupil-admin.js';
import {
  createActivity,
  createGroup,
  createPupil,
  createPupilEntry,
  createSchool,
  createSessionPath,
  createTeacher,
} from '../../fixtures/factories.js';
import { expectShape, signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { setupTestApp } from '../../test/helper.js';
import { signInAsPupil } from '../../test/pupil-helpers.js';
import { recordAudit } from '../audit/audit.repository.js';
import { sweepPupilRetention } from './pupil-admin.service.js';

const ctx = setupTestApp();
const marker = () => crypto.randomBytes(6).toString('hex');
const DAY_MS = 86_400_000;

/** A school with a teacher, two groups of hers and a pupil in both, who has played: an entry with
 * runtime data, a launch and an xAPI statement, a GAR identity, ENT classes, a throttle entry, a
 * session and audit entries. Every personal value carries `mark`, so a search for it finds any copy. */
async function pupilWhoPlayed() {
  const mark = marker();
  const { levelId, sessionId } = await createSessionPath(ctx.db);
  const activity = await createActivity(ctx.db, sessionId, { title: `Activité ${mark}` });
  const other = await createActivity(ctx.db, sessionId, { title: `Autre ${mark}` });
  const school = await createSchool(ctx.db, { name: `École ${mark}` });
  const teacher = await createTeacher(ctx.db, {
    school_id: school.id,
    levelIds: [levelId],
    firstname: 'Anne',
  });
  const groupA = await createGroup(ctx.db, teacher.id, levelId, `CP A ${mark}`);
  const groupB = await createGroup(ctx.db, teacher.id, levelId, `Anglais ${mark}`);
  const pupil = await createPupil(ctx.db, {
    schoolId: school.id,
    groupIds: [groupA.id, groupB.id],
    firstname: `Léa${mark}`,
    name: `Martin${mark}`,
  });
  await ctx.db
    .updateTable('pupils')
    .set({ picture_code: '1-2-3-4' })
    .where('user_id', '=', pupil.id)
    .execute();
  const entry = await createPupilEntry(ctx.db, {
    groupId: groupA.id,
    activityId: activity.id,
    pupilId: pupil.id,
  });
  await createPupilEntry(ctx.db, { groupId: groupB.id, activityId: other.id, pupilId: pupil.id });
  const now = new Date().toISOString();
  await ctx.db
    .updateTable('group_activities')
    .set({ status: 'completed', score: 75, completed_at: now })
    .where('id', '=', entry.id)
    .execute();
  await ctx.db
    .insertInto('activity_runtime')
    .values({
      entry_id: entry.id,
      standard: 'scorm12',
      data: JSON.stringify({ 'cmi.suspend_data': `page-${mark}`, 'cmi.core.score.raw': '75' }),
      updated_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('activity_runtime_launches')
    .values({ entry_id: entry.id, launch_id: `launch-${mark}`, last_seq: 3 })
    .execute();
  const statementId = crypto.randomUUID();
  await ctx.db
    .insertInto('xapi_statements')
    .values({
      entry_id: entry.id,
      statement_id: statementId,
      verb_id: 'http://adlnet.gov/expapi/verbs/answered',
      object_id: `urn:question:${mark}`,
      timestamp: now,
      stored_at: now,
      score_scaled: 0.5,
      success: 1,
      completion: null,
      statement: JSON.stringify({ id: statementId, result: { response: `réponse-${mark}` } }),
    })
    .execute();
  const subject = `ido-${mark}`;
  await ctx.db
    .insertInto('external_identities')
    .values({
      user_id: pupil.id,
      provider: 'gar',
      issuer: 'https://idp-auth.gar.education.fr',
      subject,
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('teacher_classes')
    .values({ user_id: pupil.id, kind: 'div', code: `CPA${mark}`, label: `CP A ${mark}` })
    .execute();
  await ctx.db
    .insertInto('sign_in_throttle')
    .values({ key: `pupil:${pupil.id}`, failures: 2, last_failure_at: now, blocked_until: null })
    .execute();
  await ctx.db
    .insertInto('ent_states')
    .values({
      key: `state-${mark}`,
      kind: 'session-code',
      user_id: pupil.id,
      data: JSON.stringify({ mark }),
      expires_at: now,
    })
    .execute();
  const pupilSession = await signInAsPupil(ctx, pupil.id);
  // What the pupil did, and what a teacher did about them.
  await recordAudit(ctx.db, {
    actorId: pupil.id,
    action: 'auth.login',
    entity: 'auth',
    entityId: null,
    details: { name: `Léa${mark}` },
  });
  await recordAudit(ctx.db, {
    actorId: teacher.id,
    action: 'pupil.rename',
    entity: 'pupil',
    entityId: pupil.id,
    details: { firstname: `Léa${mark}` },
  });
  return {
    mark,
    school,
    teacher,
    groupA,
    groupB,
    pupil,
    entry,
    activity,
    other,
    subject,
    statementId,
    pupilSession,
  };
}

/** Every row of every table (the migrations' bookkeeping aside), as JSON text per table. */
async function everyTable(): Promise<Map<string, string>> {
  const tables = (await ctx.db.introspection.getTables()).filter(
    (table) => !table.name.startsWith('kysely_') && !table.name.startsWith('sqlite_'),
  );
  const dump = new Map<string, string>();
  for (const table of tables) {
    const rows = await ctx.db
      .selectFrom(table.name as 'users')
      .selectAll()
      .execute();
    dump.set(table.name, JSON.stringify(rows));
  }
  return dump;
}

/** The rows, in every table with a column that can name a user or an entry, that still point at
 * the pupil or one of their entries (the audit log's own 'pupil.erase' aside). */
async function rowsPointingAt(pupilId: number, entryIds: number[]) {
  const found: string[] = [];
  const tables = await ctx.db.introspection.getTables();
  for (const table of tables) {
    for (const column of table.columns) {
      const targets =
        column.name === 'entry_id'
          ? entryIds
          : ['user_id', 'pupil_id', 'actor_id', 'teacher_id'].includes(column.name) ||
              (table.name === 'users' && column.name === 'id')
            ? [pupilId]
            : table.name === 'group_activities' && column.name === 'id'
              ? entryIds
              : [];
      if (targets.length === 0) continue;
      const rows = await ctx.db
        .selectFrom(table.name as 'users')
        .selectAll()
        .where(column.name as 'id', 'in', targets)
        .execute();
      if (rows.length > 0) found.push(`${table.name}.${column.name}`);
    }
  }
  const throttle = await ctx.db
    .selectFrom('sign_in_throttle')
    .select('key')
    .where('key', 'like', `pupil:${pupilId}%`)
    .execute();
  if (throttle.length > 0) found.push('sign_in_throttle.key');
  return found;
}

describe('GET /api/admin/schools/:id/pupils', () => {
  it('lists the pupils of a school: count, how they sign in, their groups and teacher, last seen', async () => {
    const setup = await pupilWhoPlayed();
    const unnamed = await createPupil(ctx.db, {
      schoolId: setup.school.id,
      groupIds: [setup.groupA.id],
      firstname: '',
      name: '',
    });
    await ctx.db
      .insertInto('external_identities')
      .values({
        user_id: unnamed.id,
        provider: 'cas',
        issuer: 'https://cas.example.test',
        subject: marker(),
        created_at: new Date().toISOString(),
        last_seen_at: new Date().toISOString(),
      })
      .execute();
    // A pupil of another school is not listed.
    await createPupil(ctx.db, { schoolId: (await createSchool(ctx.db)).id });
    const client = await signInNewAdmin(ctx);

    const response = await client.get(`/api/admin/schools/${setup.school.id}/pupils`);
    expect(response.statusCode).toBe(200);
    const body = response.json<SchoolPupilsResponse>();
    expectShape(schoolPupilsResponseSchema, body);
    const pseudonym = (
      await ctx.db
        .selectFrom('pupils')
        .select('pseudonym')
        .where('user_id', '=', unnamed.id)
        .executeTakeFirstOrThrow()
    ).pseudonym;
    expect(body).toMatchObject({
      total: 2,
      matching: 2,
      signIn: { cards: 1, gar: 1, cas: 1 },
      page: 1,
      pageSize: SCHOOL_PUPILS_PAGE_SIZE,
    });
    // Named pupils first, then the unnamed by pseudonym.
    expect(body.pupils.map((p) => p.displayName)).toEqual([
      `Léa${setup.mark} Martin${setup.mark}`,
      `Élève ${pseudonym}`,
    ]);
    const lea = body.pupils[0]!;
    expect(lea.signIn).toEqual(['cards', 'gar']);
    expect(lea.groups.map((g) => g.title).sort()).toEqual([`Anglais ${setup.mark}`, `CP A ${setup.mark}`]);
    expect(lea.groups[0]!.teacherName).toBe(`Anne ${setup.teacher.name}`);
    expect(Date.parse(lea.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.pupils[1]!.signIn).toEqual(['cas']);
  });

  it('finds pupils by names or pseudonym, and pages a long list', async () => {
    const school = await createSchool(ctx.db);
    const mark = marker();
    for (let i = 0; i < SCHOOL_PUPILS_PAGE_SIZE + 5; i++) {
      await createPupil(ctx.db, {
        schoolId: school.id,
        firstname: `Prénom${String(i).padStart(2, '0')}`,
        name: mark,
      });
    }
    const client = await signInNewAdmin(ctx);
    const first = (await client.get(`/api/admin/schools/${school.id}/pupils`)).json<SchoolPupilsResponse>();
    expect(first.total).toBe(SCHOOL_PUPILS_PAGE_SIZE + 5);
    expect(first.pupils).toHaveLength(SCHOOL_PUPILS_PAGE_SIZE);
    expect(first.pupils[0]!.displayName).toBe(`Prénom00 ${mark}`);
    const second = (
      await client.get(`/api/admin/schools/${school.id}/pupils?page=2`)
    ).json<SchoolPupilsResponse>();
    expect(second.pupils.map((p) => p.displayName)).toEqual(
      [50, 51, 52, 53, 54].map((i) => `Prénom${i} ${mark}`),
    );
    const search = (
      await client.get(`/api/admin/schools/${school.id}/pupils?q=${encodeURIComponent('prénom07')}`)
    ).json<SchoolPupilsResponse>();
    expect(search).toMatchObject({ total: SCHOOL_PUPILS_PAGE_SIZE + 5, matching: 1 });
    expect(search.pupils.map((p) => p.displayName)).toEqual([`Prénom07 ${mark}`]);
    const unnamed = await createPupil(ctx.db, { schoolId: school.id, firstname: '', name: '' });
    const { pseudonym } = await ctx.db
      .selectFrom('pupils')
      .select('pseudonym')
      .where('user_id', '=', unnamed.id)
      .executeTakeFirstOrThrow();
    const byPseudonym = (
      await client.get(`/api/admin/schools/${school.id}/pupils?q=${encodeURIComponent(`Élève ${pseudonym}`)}`)
    ).json<SchoolPupilsResponse>();
    expect(byPseudonym.pupils.map((p) => p.id)).toContain(unnamed.id);
    // LIKE's wildcards are plain characters in a search.
    const wildcard = (
      await client.get(`/api/admin/schools/${school.id}/pupils?q=%25`)
    ).json<SchoolPupilsResponse>();
    expect(wildcard.matching).toBe(0);
  });

  it('answers an empty list for a school without pupils, 404 for no school, 400 for a bad page', async () => {
    const school = await createSchool(ctx.db);
    const client = await signInNewAdmin(ctx);
    expect((await client.get(`/api/admin/schools/${school.id}/pupils`)).json()).toMatchObject({
      total: 0,
      matching: 0,
      signIn: { cards: 0, gar: 0, cas: 0 },
      pupils: [],
    });
    const missing = await client.get('/api/admin/schools/999999/pupils');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: schoolMessages.notFound });
    expect((await client.get(`/api/admin/schools/${school.id}/pupils?page=0`)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const setup = await pupilWhoPlayed();
    const teacherClient = await signInAs(ctx, setup.teacher);
    expect((await teacherClient.get(`/api/admin/schools/${setup.school.id}/pupils`)).statusCode).toBe(403);
    expect((await setup.pupilSession.get(`/api/admin/schools/${setup.school.id}/pupils`)).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/admin/pupils/:id/export', () => {
  it('gives everything kept about the pupil as a JSON download, and records the export', async () => {
    const setup = await pupilWhoPlayed();
    const client = await signInNewAdmin(ctx);
    const response = await client.get(`/api/admin/pupils/${setup.pupil.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="eleve-${setup.pupil.id}-donnees.json"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json<PupilExport>();
    expect(data.format).toBe('ardoise-pupil-export/1');
    expect(data.account).toMatchObject({
      id: setup.pupil.id,
      firstname: `Léa${setup.mark}`,
      name: `Martin${setup.mark}`,
      displayName: `Léa${setup.mark} Martin${setup.mark}`,
      active: true,
      school: { id: setup.school.id, name: `École ${setup.mark}`, uai: null },
      signInCard: { hasCard: true, cardVersion: 1 },
    });
    expect(data.account.pseudonym).toMatch(/^[A-Z0-9]{3}$/);
    // Neither the handle in the email column nor the picture password.
    expect(JSON.stringify(data)).not.toContain('#eleve-');
    expect(JSON.stringify(data)).not.toContain('1-2-3-4');
    expect(data.externalIdentities).toEqual([
      expect.objectContaining({
        provider: 'gar',
        issuer: 'https://idp-auth.gar.education.fr',
        subject: setup.subject,
      }),
    ]);
    expect(data.entClasses).toEqual([{ kind: 'div', code: `CPA${setup.mark}`, label: `CP A ${setup.mark}` }]);
    expect(data.groups.map((g) => g.title).sort()).toEqual([`Anglais ${setup.mark}`, `CP A ${setup.mark}`]);
    const groupA = data.groups.find((g) => g.id === setup.groupA.id)!;
    expect(groupA.teacherName).toBe(`Anne ${setup.teacher.name}`);
    expect(groupA.givenActivities).toEqual([
      expect.objectContaining({
        activityId: setup.activity.id,
        title: `Activité ${setup.mark}`,
        dueDate: null,
      }),
    ]);
    expect(data.entries).toHaveLength(2);
    const played = data.entries.find((e) => e.id === setup.entry.id)!;
    expect(played).toMatchObject({
      groupId: setup.groupA.id,
      activityId: setup.activity.id,
      activityTitle: `Activité ${setup.mark}`,
      status: 'completed',
      score: 75,
      runtime: { standard: 'scorm12', data: { 'cmi.suspend_data': `page-${setup.mark}` } },
      launches: [{ launchId: `launch-${setup.mark}`, lastSeq: 3 }],
      statements: [
        {
          statementId: setup.statementId,
          verbId: 'http://adlnet.gov/expapi/verbs/answered',
          scoreScaled: 0.5,
          success: true,
          completion: null,
          statement: { id: setup.statementId, result: { response: `réponse-${setup.mark}` } },
        },
      ],
    });
    expect(played.completedAt).not.toBeNull();
    expect(data.entries.find((e) => e.id !== setup.entry.id)).toMatchObject({
      status: 'pending',
      score: null,
      runtime: null,
      launches: [],
      statements: [],
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.signInThrottle).toEqual([expect.objectContaining({ failures: 2, blockedUntil: null })]);
    expect(data.auditLog).toEqual([
      expect.objectContaining({ action: 'auth.login', byPupil: true, details: { name: `Léa${setup.mark}` } }),
      expect.objectContaining({ action: 'pupil.rename', byPupil: false, entityId: setup.pupil.id }),
    ]);
    // The export itself is in the audit log, with no personal data.
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'pupil.export')
      .where('entity_id', '=', setup.pupil.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor_id: client.admin.id, entity: 'pupil', details: '{}' }),
    ]);
  });

  it('answers 404 for an id that is not a pupil (a teacher, an admin, nobody), and is for admins only', async () => {
    const setup = await pupilWhoPlayed();
    const client = await signInNewAdmin(ctx);
    for (const id of [setup.teacher.id, client.admin.id, 999_999]) {
      const response = await client.get(`/api/admin/pupils/${id}/export`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: pupilAdminMessages.notFound });
    }
    expect((await client.get('/api/admin/pupils/abc/export')).statusCode).toBe(400);
    const teacherClient = await signInAs(ctx, setup.teacher);
    expect((await teacherClient.get(`/api/admin/pupils/${setup.pupil.id}/export`)).statusCode).toBe(403);
    expect((await setup.pupilSession.get(`/api/admin/pupils/${setup.pupil.id}/export`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/pupils/:id', () => {
  it('erases the pupil: no row of any table points at them or holds their data; the log keeps only the erase', async () => {
    const setup = await pupilWhoPlayed();
    const client = await signInNewAdmin(ctx);
    const entryIds = (
      await ctx.db
        .selectFrom('group_activities')
        .select('id')
        .where('pupil_id', '=', setup.pupil.id)
        .execute()
    ).map((row) => row.id);
    expect(entryIds).toHaveLength(2);
    const before = await rowsPointingAt(setup.pupil.id, entryIds);
    expect(before).toEqual(
      expect.arrayContaining([
        'users.id',
        'pupils.user_id',
        'group_pupils.pupil_id',
        'group_activities.pupil_id',
        'activity_runtime.entry_id',
        'activity_runtime_launches.entry_id',
        'xapi_statements.entry_id',
        'auth_sessions.user_id',
        'external_identities.user_id',
        'teacher_classes.user_id',
        'ent_states.user_id',
        'audit_log.actor_id',
        'sign_in_throttle.key',
      ]),
    );
    const versions = await ctx.db
      .selectFrom('class_groups')
      .select(['id', 'progress_version'])
      .where('id', 'in', [setup.groupA.id, setup.groupB.id])
      .execute();

    const response = await client.delete(`/api/admin/pupils/${setup.pupil.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(await rowsPointingAt(setup.pupil.id, entryIds)).toEqual([]);
    // Not a trace of their names, their GAR identifier, their answers or their activity state.
    const dump = await everyTable();
    for (const [table, rows] of dump) {
      for (const value of [setup.mark, setup.subject, setup.statementId, `pupil:${setup.pupil.id}`]) {
        // The curriculum and the school are not the pupil's: their titles carry the mark too.
        if (['activities', 'schools', 'class_groups'].includes(table) && value === setup.mark) continue;
        expect(rows.includes(value), `${table} holds ${value}`).toBe(false);
      }
    }
    // The log: that it was done, by whom, and nothing about the pupil; earlier entries lost their details.
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('entity', '=', 'pupil'), eb('entity_id', '=', setup.pupil.id)]),
          eb('action', '=', 'auth.login').and('details', 'like', `%${setup.mark}%`),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.action, row.details])).toEqual([
      ['pupil.rename', '{}'],
      ['pupil.erase', JSON.stringify({ reason: 'admin' })],
    ]);
    expect(audit[1]!.actor_id).toBe(client.admin.id);
    // The pupil's session no longer lets them in; the teacher's groups are still there, told of the change.
    expect((await setup.pupilSession.get('/api/auth/me')).statusCode).toBe(401);
    const after = await ctx.db
      .selectFrom('class_groups')
      .select(['id', 'progress_version'])
      .where('id', 'in', [setup.groupA.id, setup.groupB.id])
      .execute();
    for (const group of after) {
      const was = versions.find((v) => v.id === group.id)!.progress_version;
      expect(group.progress_version).toBeGreaterThan(was);
    }
    // And it is gone from the school's list.
    const list = (
      await client.get(`/api/admin/schools/${setup.school.id}/pupils`)
    ).json<SchoolPupilsResponse>();
    expect(list.total).toBe(0);
  });

  it('answers 404 for a teacher, an admin, an erased pupil or nobody, and erases nothing', async () => {
    const setup = await pupilWhoPlayed();
    const client = await signInNewAdmin(ctx);
    for (const id of [setup.teacher.id, client.admin.id, 999_999]) {
      const response = await client.delete(`/api/admin/pupils/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: pupilAdminMessages.notFound });
    }
    expect(
      await ctx.db.selectFrom('users').select('id').where('id', '=', setup.teacher.id).execute(),
    ).toHaveLength(1);
    // Nothing of the refused calls reached the log.
    const erases = await ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'pupil.erase')
      .where('entity_id', 'in', [setup.teacher.id, client.admin.id, 999_999])
      .execute();
    expect(erases).toEqual([]);
    expect((await client.delete(`/api/admin/pupils/${setup.pupil.id}`)).statusCode).toBe(200);
    expect((await client.delete(`/api/admin/pupils/${setup.pupil.id}`)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const setup = await pupilWhoPlayed();
    const teacherClient = await signInAs(ctx, setup.teacher);
    expect((await teacherClient.delete(`/api/admin/pupils/${setup.pupil.id}`)).statusCode).toBe(403);
    expect((await setup.pupilSession.delete(`/api/admin/pupils/${setup.pupil.id}`)).statusCode).toBe(403);
    expect(
      await ctx.db.selectFrom('pupils').select('user_id').where('user_id', '=', setup.pupil.id).execute(),
    ).toHaveLength(1);
  });
});

describe('the retention sweep (PUPIL_RETENTION_DAYS)', () => {
  const seenDaysAgo = (pupilId: number, now: Date, days: number) =>
    ctx.db
      .updateTable('pupils')
      .set({ last_seen_at: new Date(now.getTime() - days * DAY_MS).toISOString() })
      .where('user_id', '=', pupilId)
      .execute();

  it('erases the pupils not seen for the retention days, keeps the others, and logs each erase without personal data', async () => {
    const setup = await pupilWhoPlayed();
    const school = setup.school.id;
    const recent = await createPupil(ctx.db, { schoolId: school, groupIds: [setup.groupA.id] });
    const borderline = await createPupil(ctx.db, { schoolId: school });
    // Far in the future, so that only this test's pupils are old enough to go.
    const now = new Date(Date.now() + 5000 * DAY_MS);
    const retentionDays = 365;
    await seenDaysAgo(setup.pupil.id, now, 400);
    await seenDaysAgo(recent.id, now, 10);
    await seenDaysAgo(borderline.id, now, retentionDays - 1);
    const others = await ctx.db
      .selectFrom('pupils')
      .select('user_id')
      .where('user_id', 'not in', [setup.pupil.id, recent.id, borderline.id])
      .execute();
    // Every other pupil of the database was seen "now" from this test's point of view.
    if (others.length > 0) {
      await ctx.db
        .updateTable('pupils')
        .set({ last_seen_at: now.toISOString() })
        .where(
          'user_id',
          'in',
          others.map((o) => o.user_id),
        )
        .execute();
    }

    const erased = await sweepPupilRetention(ctx.db, { now, retentionDays });
    expect(erased).toBe(1);
    const left = await ctx.db
      .selectFrom('pupils')
      .select('user_id')
      .where('user_id', 'in', [setup.pupil.id, recent.id, borderline.id])
      .execute();
    expect(left.map((row) => row.user_id).sort((a, b) => a - b)).toEqual(
      [recent.id, borderline.id].sort((a, b) => a - b),
    );
    expect(await rowsPointingAt(setup.pupil.id, [setup.entry.id])).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'pupil.erase')
      .where('entity_id', '=', setup.pupil.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: null,
        entity: 'pupil',
        details: JSON.stringify({ reason: 'retention' }),
      }),
    ]);
    // A second sweep at the same time finds nothing more.
    expect(await sweepPupilRetention(ctx.db, { now, retentionDays })).toBe(0);
    // The pupil seen 10 days ago goes once they have not been seen for the whole retention.
    await ctx.db
      .updateTable('pupils')
      .set({ last_seen_at: now.toISOString() })
      .where('user_id', '=', borderline.id)
      .execute();
    expect(
      await sweepPupilRetention(ctx.db, {
        now: new Date(now.getTime() + (retentionDays - 9) * DAY_MS),
        retentionDays,
      }),
    ).toBe(1);
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', recent.id).execute()).toEqual([]);
    expect(
      await ctx.db.selectFrom('users').select('id').where('id', '=', borderline.id).execute(),
    ).toHaveLength(1);
  });

  it('never erases a teacher or an admin, however long unseen, and two sweeps at once erase each pupil once', async () => {
    const setup = await pupilWhoPlayed();
    const now = new Date(Date.now() + 20_000 * DAY_MS);
    const old = [setup.pupil.id];
    for (let i = 0; i < 4; i++) old.push((await createPupil(ctx.db, { schoolId: setup.school.id })).id);
    await ctx.db
      .updateTable('pupils')
      .set({ last_seen_at: new Date(now.getTime() - 1000 * DAY_MS).toISOString() })
      .where('user_id', 'in', old)
      .execute();
    await ctx.db
      .updateTable('pupils')
      .set({ last_seen_at: now.toISOString() })
      .where('user_id', 'not in', old)
      .execute();
    const [a, b] = await Promise.all([
      sweepPupilRetention(ctx.db, { now, retentionDays: 30 }),
      sweepPupilRetention(ctx.db, { now, retentionDays: 30 }),
    ]);
    expect(a + b).toBe(old.length);
    const erases = await ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'pupil.erase')
      .where('entity_id', 'in', old)
      .execute();
    expect(erases).toHaveLength(old.length);
    expect(
      await ctx.db.selectFrom('users').select('id').where('id', '=', setup.teacher.id).execute(),
    ).toHaveLength(1);
  });
});

describe('deleting a school', () => {
  it('deletes its pupils with it, and leaves nothing of them in the audit log or the throttle', async () => {
    const setup = await pupilWhoPlayed();
    const other = await createPupil(ctx.db, { schoolId: setup.school.id });
    const client = await signInNewAdmin(ctx);
    const response = await client.delete(`/api/admin/school/${setup.school.id}`);
    expect(response.statusCode).toBe(200);
    expect(await rowsPointingAt(setup.pupil.id, [setup.entry.id])).toEqual([]);
    expect(await rowsPointingAt(other.id, [])).toEqual([]);
    const dump = await everyTable();
    for (const [table, rows] of dump) {
      for (const value of [`Léa${setup.mark}`, setup.subject, setup.statementId, `pupil:${setup.pupil.id}`]) {
        expect(rows.includes(value), `${table} holds ${value}`).toBe(false);
      }
    }
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'school.delete')
      .where('entity_id', '=', setup.school.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ teachersDeleted: 1, pupilsDeleted: 2 });
  });
});
