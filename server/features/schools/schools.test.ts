import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { schoolMessages, teacherMessages } from '../../../common/messages/admin.js';
import { authMessages } from '../../../common/messages/auth.js';
import { entMessages } from '../../../common/messages/ent.js';
import { httpMessages } from '../../../common/messages/http.js';
import { getSchoolsResponseSchema } from '../../../common/schemas/schools.js';
import {
  createGroup,
  createLevel,
  createSchool,
  createTeacher,
  daysFromToday,
  newUai,
} from '../../fixtures/factories.js';
import {
  auditOf,
  createTeacherWithProgress,
  expectShape,
  isSignedIn,
  NOTHING_LEFT,
  rowsOfTeacher,
  signInAs,
  signInNewAdmin,
  switchAccessOffAndOn,
} from '../../test/admin-helpers.js';
import { setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp();
const adminClient = () => signInNewAdmin(ctx);

const validSchool = (overrides: Record<string, unknown> = {}) => ({
  schoolName: 'École Jean Jaurès',
  city: 'Lyon',
  email: 'contact@jaures.fr',
  telephone: '04 72 00 00 00',
  website: 'https://jaures.fr',
  addres: '1 rue de la Paix',
  licensestartdate: '2026-01-01',
  licensesddate: '2026-12-31',
  licensespaymentdate: '2026-01-05',
  activelicense: true,
  remarque: 'Client depuis 2020',
  ...overrides,
});

/** Creating a school from `validSchool(overrides)` is refused with `message`, and creates nothing. */
async function expectCreateRefused(overrides: Record<string, unknown>, message: string) {
  const client = await adminClient();
  const before = (await ctx.db.selectFrom('schools').select('id').execute()).length;
  const response = await client.post('/api/admin/createschool', validSchool(overrides));
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, message });
  expect(await ctx.db.selectFrom('schools').select('id').execute()).toHaveLength(before);
}

/** An admin and a school they created through the API (as the list shows it). */
async function adminWithSchool() {
  const client = await adminClient();
  const { school } = (await client.post('/api/admin/createschool', validSchool())).json();
  return { client, school };
}

describe('POST /api/admin/createschool', () => {
  it('creates a school and returns it in the spec shape', async () => {
    const client = await adminClient();
    const response = await client.post('/api/admin/createschool', validSchool());
    expect(response.statusCode).toBe(201);
    const { school } = response.json();
    // The spec's shape: every field as sent, under the same names, plus the id and two counts, and
    // the UAI (none in the spec's payload).
    expect(school).toEqual({
      id: expect.any(Number),
      ...validSchool(),
      uai: '',
      signInMethod: 'password',
      casUrl: '',
      casAttributes: {},
      levels: [],
      groupQuota: null,
      subscription: null,
      teacherCount: 0,
      groupCount: 0,
    });
    const list = (await client.get('/api/admin/getschools')).json();
    expect(list.success).toBe(true);
    expect(list.schools).toContainEqual(school);
    const audit = await auditOf(ctx, 'school', school.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'school.create', actor_id: client.admin.id });
  });

  it("stores 'vide' as empty, and defaults the licence to inactive", async () => {
    const client = await adminClient();
    const {
      activelicense: _omit,
      licensespaymentdate: _p,
      ...body
    } = validSchool({
      email: 'vide',
      website: 'vide',
      remarque: 'vide',
    });
    const response = await client.post('/api/admin/createschool', body);
    expect(response.statusCode).toBe(201);
    expect(response.json().school).toMatchObject({
      email: '',
      website: '',
      remarque: '',
      activelicense: false,
      licensespaymentdate: '',
    });
  });

  it('accepts ISO timestamps for dates and keeps the calendar date', async () => {
    const client = await adminClient();
    const response = await client.post(
      '/api/admin/createschool',
      validSchool({ licensestartdate: '2026-03-01T00:00:00.000Z', licensesddate: '2027-02-28T10:00:00Z' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().school).toMatchObject({
      licensestartdate: '2026-03-01',
      licensesddate: '2027-02-28',
    });
  });

  const invalidCases: Array<[Record<string, unknown>, string]> = [
    [{ schoolName: '' }, schoolMessages.nameRequired],
    [{ schoolName: '   ' }, schoolMessages.nameRequired],
    [{ schoolName: undefined }, schoolMessages.nameRequired],
    [{ city: '' }, schoolMessages.cityRequired],
    [{ telephone: '' }, schoolMessages.telephoneRequired],
    [{ licensestartdate: '' }, schoolMessages.licenseStartRequired],
    [{ licensestartdate: undefined }, schoolMessages.licenseStartRequired],
    [{ licensesddate: '' }, schoolMessages.licenseEndRequired],
    [{ email: 'not-an-email' }, schoolMessages.invalidEmail],
    [{ licensestartdate: '2026-02-30' }, schoolMessages.invalidDate],
    [{ licensesddate: 'tomorrow' }, schoolMessages.invalidDate],
    [{ licensespaymentdate: '31/12/2026' }, schoolMessages.invalidDate],
    [{ licensestartdate: '2026-06-01', licensesddate: '2026-05-31' }, schoolMessages.endBeforeStart],
    [{ website: 'javascript:alert(1)' }, schoolMessages.invalidWebsite],
    [{ schoolName: 'x'.repeat(201) }, schoolMessages.tooLong],
    [{ remarque: 'x'.repeat(2001) }, schoolMessages.tooLong],
    [{ uai: '0750654E' }, schoolMessages.invalidUai],
    [{ uai: '075065D' }, schoolMessages.invalidUai],
    [{ uai: '0750654' }, schoolMessages.invalidUai],
    [{ uai: '0750 654D' }, schoolMessages.invalidUai],
    [{ uai: `0750654D${'x'.repeat(300)}` }, schoolMessages.invalidUai],
    [{ uai: 12 }, schoolMessages.invalidUai],
  ];
  it.each(
    invalidCases.map(
      ([overrides, message]) => [JSON.stringify(overrides).slice(0, 70), overrides, message] as const,
    ),
  )('rejects %s with its message', (_label, overrides, message) => expectCreateRefused(overrides, message));

  it('keeps the UAI in upper case, and gives each UAI to one school only', async () => {
    const client = await adminClient();
    const uai = newUai();
    const response = await client.post(
      '/api/admin/createschool',
      validSchool({ uai: ` ${uai.toLowerCase()} ` }),
    );
    expect(response.statusCode).toBe(201);
    const { school } = response.json();
    expect(school.uai).toBe(uai);
    expect((await client.get('/api/admin/getschools')).json().schools).toContainEqual(school);
    const before = (await ctx.db.selectFrom('schools').select('id').execute()).length;
    const again = await client.post('/api/admin/createschool', validSchool({ schoolName: 'Autre', uai }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: schoolMessages.uaiTaken });
    expect(await ctx.db.selectFrom('schools').select('id').execute()).toHaveLength(before);
    // Schools without a UAI are as many as needed.
    for (const empty of ['', 'vide']) {
      const none = await client.post('/api/admin/createschool', validSchool({ uai: empty }));
      expect(none.statusCode).toBe(201);
      expect(none.json().school.uai).toBe('');
    }
  });

  it('answers 409, not 500, when two admins save the same UAI at once', async () => {
    const client = await adminClient();
    const uai = newUai();
    const responses = await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        client.post('/api/admin/createschool', validSchool({ schoolName: name, uai })),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('rejects wrong types and bodies without a 500', async () => {
    const client = await adminClient();
    for (const body of [validSchool({ activelicense: 'maybe' }), validSchool({ city: 12 }), [], null]) {
      const response = await client.post('/api/admin/createschool', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const text = await client.request({
      method: 'POST',
      url: '/api/admin/createschool',
      payload: 'schoolName=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
  });
});

describe('GET /api/admin/getschools', () => {
  it('counts each school’s teachers and their groups with real numbers', async () => {
    const client = await adminClient();
    const school = await createSchool(ctx.db, { name: 'Counted' });
    const level = await createLevel(ctx.db);
    const a = await createTeacher(ctx.db, { school_id: school.id });
    const b = await createTeacher(ctx.db, { school_id: school.id });
    await createGroup(ctx.db, a.id, level.id);
    await createGroup(ctx.db, a.id, level.id);
    await createGroup(ctx.db, b.id, level.id);
    const empty = await createSchool(ctx.db, { name: 'Empty' });
    const body = (await client.get('/api/admin/getschools')).json();
    expectShape(getSchoolsResponseSchema, body);
    const { schools } = body;
    expect(schools.find((s: { id: number }) => s.id === school.id)).toMatchObject({
      teacherCount: 2,
      groupCount: 3,
    });
    expect(schools.find((s: { id: number }) => s.id === empty.id)).toMatchObject({
      teacherCount: 0,
      groupCount: 0,
    });
  });

  it('sends the list gzip-compressed to a browser that accepts it', async () => {
    const client = await adminClient();
    for (let i = 0; i < 120; i++) await createSchool(ctx.db, { name: `École ${i}` });
    const plain = await client.get('/api/admin/getschools');
    const zipped = await client.request({
      method: 'GET',
      url: '/api/admin/getschools',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('PATCH /api/admin/editschoolform/:id', () => {
  it('changes only the non-empty fields it receives', async () => {
    const { client, school } = await adminWithSchool();
    const response = await client.patch(`/api/admin/editschoolform/${school.id}`, {
      schoolName: 'Nouveau nom',
      city: '',
      email: '',
      licensesddate: '2027-06-30',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().school).toEqual({
      ...school,
      schoolName: 'Nouveau nom',
      licensesddate: '2027-06-30',
    });
    const audit = await auditOf(ctx, 'school', school.id);
    expect(audit.map((row) => row.action)).toEqual(['school.create', 'school.update']);
    expect(JSON.parse(audit[1]!.details)).toEqual({
      name: 'Nouveau nom',
      fields: ['schoolName', 'licensesddate'],
      // The values before and after, for the columns that changed (the empty email did not).
      before: { name: school.schoolName, license_end_date: school.licensesddate },
      after: { name: 'Nouveau nom', license_end_date: '2027-06-30' },
    });
  });

  it("empties optional fields sent as 'vide', and can switch the licence off", async () => {
    const { client, school } = await adminWithSchool();
    const response = await client.patch(`/api/admin/editschoolform/${school.id}`, {
      website: 'vide',
      remarque: 'vide',
      activelicense: false,
    });
    expect(response.json().school).toMatchObject({ website: '', remarque: '', activelicense: false });
  });

  it('sets, keeps, refuses and clears the UAI', async () => {
    const { client, school } = await adminWithSchool();
    const url = `/api/admin/editschoolform/${school.id}`;
    const uai = newUai();
    const set = await client.patch(url, { uai: uai.toLowerCase() });
    expect(set.statusCode).toBe(200);
    expect(set.json().school.uai).toBe(uai);
    // An empty value is dropped (docs/product.md#validation-rules): the UAI stays.
    expect((await client.patch(url, { uai: '', city: 'Paris' })).json().school).toMatchObject({
      uai,
      city: 'Paris',
    });
    // Saving its own UAI again is no conflict; another school's is.
    expect((await client.patch(url, { uai })).statusCode).toBe(200);
    const other = (await client.post('/api/admin/createschool', validSchool({ schoolName: 'Autre' }))).json()
      .school;
    const taken = await client.patch(`/api/admin/editschoolform/${other.id}`, { uai });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: schoolMessages.uaiTaken });
    const invalid = await client.patch(url, { uai: '0750654E' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ success: false, message: schoolMessages.invalidUai });
    const cleared = await client.patch(url, { uai: 'vide' });
    expect(cleared.json().school.uai).toBe('');
    const audit = await auditOf(ctx, 'school', school.id);
    expect(JSON.parse(audit.at(-1)!.details)).toMatchObject({ before: { uai }, after: { uai: null } });
    // Once cleared, the UAI is free for the other school.
    expect((await client.patch(`/api/admin/editschoolform/${other.id}`, { uai })).json().school.uai).toBe(
      uai,
    );
  });

  it('keeps the licence end after its start, against the stored dates too', async () => {
    const { client, school } = await adminWithSchool();
    const response = await client.patch(`/api/admin/editschoolform/${school.id}`, {
      licensesddate: '2025-12-31',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(schoolMessages.endBeforeStart);
  });

  it('rejects a malformed email, answers 404 for an unknown id and 400 for a bad one', async () => {
    const { client, school } = await adminWithSchool();
    const email = await client.patch(`/api/admin/editschoolform/${school.id}`, { email: 'nope' });
    expect(email.json()).toEqual({ success: false, message: schoolMessages.invalidEmail });
    const unknown = await client.patch('/api/admin/editschoolform/999999', { city: 'Paris' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(schoolMessages.notFound);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const bad = await client.patch(`/api/admin/editschoolform/${id}`, { city: 'Paris' });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().message).toBe(httpMessages.invalidId);
    }
  });

  it('signs the school’s teachers out when the licence end moves into the past', async () => {
    const client = await adminClient();
    const school = await createSchool(ctx.db, { license_start_date: daysFromToday(-100) });
    const teacher = await createTeacher(ctx.db, { school_id: school.id });
    const session = await signInAs(ctx, teacher);
    await client.patch(`/api/admin/editschoolform/${school.id}`, { licensesddate: daysFromToday(-1) });
    expect(await isSignedIn(session)).toBe(false);
  });
});

describe('how a school’s teachers sign in, and what its licence gives a new account', () => {
  it('keeps the method, the CAS server, the mapping, the licence levels and the quota', async () => {
    const client = await adminClient();
    const [a, b] = [await createLevel(ctx.db, 'CE1'), await createLevel(ctx.db, 'CE2')];
    const response = await client.post(
      '/api/admin/createschool',
      validSchool({
        uai: newUai(),
        signInMethod: 'cas',
        casUrl: 'https://cas.ent-lyon.test/cas/',
        casAttributes: { NOM: 'sn', PRE: 'givenName', UAI: '' },
        levels: [{ id: a.id, title: 'CE1' }, b.id, a.id],
        groupQuota: '6',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { school } = response.json();
    expect(school).toMatchObject({
      signInMethod: 'cas',
      casUrl: 'https://cas.ent-lyon.test/cas',
      casAttributes: { NOM: 'sn', PRE: 'givenName' },
      levels: [
        { id: a.id, title: 'CE1' },
        { id: b.id, title: 'CE2' },
      ],
      groupQuota: 6,
      subscription: null,
    });
    const list = (await client.get('/api/admin/getschools')).json();
    expectShape(getSchoolsResponseSchema, list);
    expect(list.schools).toContainEqual(school);

    const url = `/api/admin/editschoolform/${school.id}`;
    // Leaving CAS: the server's URL may go; the levels and the quota change as sent.
    const edited = await client.patch(url, {
      signInMethod: 'gar',
      casUrl: 'vide',
      levels: [b.id],
      groupQuota: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().school).toMatchObject({
      signInMethod: 'gar',
      casUrl: '',
      levels: [{ id: b.id }],
      groupQuota: null,
    });
    // Back to CAS without a server: refused, against the stored value too.
    const noServer = await client.patch(url, { signInMethod: 'cas' });
    expect(noServer.statusCode).toBe(400);
    expect(noServer.json()).toEqual({ success: false, message: entMessages.casUrlRequired });
    const audit = await auditOf(ctx, 'school', school.id);
    expect(JSON.parse(audit.at(-1)!.details)).toMatchObject({
      before: { sign_in_method: 'cas', cas_url: 'https://cas.ent-lyon.test/cas' },
      after: { sign_in_method: 'gar', cas_url: '' },
      levels: [b.id],
    });
  });

  const invalidEnt: Array<[Record<string, unknown>, string]> = [
    [{ signInMethod: 'cas' }, entMessages.casUrlRequired],
    [{ signInMethod: 'cas', casUrl: 'http://cas.example.test/cas' }, entMessages.invalidCasUrl],
    [{ signInMethod: 'cas', casUrl: 'javascript:alert(1)' }, entMessages.invalidCasUrl],
    [{ casAttributes: { NOM: 'sn;drop' } }, entMessages.invalidAttributeName],
    [{ levels: [999_999] }, teacherMessages.levelUnknown],
    [{ groupQuota: -1 }, teacherMessages.invalidGroups],
  ];
  it.each(invalidEnt.map(([body, message]) => [JSON.stringify(body), body, message] as const))(
    'refuses %s with its message and creates nothing',
    (_label, overrides, message) => expectCreateRefused(overrides, message),
  );

  it.each([
    ['http://127.0.0.1:8443/cas', '127.0.0.1'],
    ['https://localhost/cas', /^(127\.0\.0\.1|::1)$/],
    ['https://[::1]/cas', '::1'],
    ['https://169.254.169.254/latest', '169.254.169.254'],
    ['https://10.0.0.5/cas', '10.0.0.5'],
    ['https://[fd00:ec2::254]/cas', 'fd00:ec2::254'],
  ])(
    'refuses a CAS server at %s, a loopback, link-local or private address, when saved',
    async (casUrl, address) => {
      const client = await adminClient();
      const before = (await ctx.db.selectFrom('schools').select('id').execute()).length;
      const created = await client.post(
        '/api/admin/createschool',
        validSchool({ signInMethod: 'cas', casUrl }),
      );
      expect(created.statusCode).toBe(400);
      const shown = /\((.*?)\)/.exec(created.json().message)?.[1] ?? '';
      expect(shown).toMatch(address);
      expect(created.json().message).toBe(entMessages.casUrlPrivate(shown));
      expect(await ctx.db.selectFrom('schools').select('id').execute()).toHaveLength(before);
      // Nor can an existing school be pointed there.
      const { school } = (
        await client.post(
          '/api/admin/createschool',
          validSchool({ signInMethod: 'cas', casUrl: 'https://cas.ent-lyon.test/cas' }),
        )
      ).json();
      const edited = await client.patch(`/api/admin/editschoolform/${school.id}`, { casUrl });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(entMessages.casUrlPrivate(shown));
    },
  );

  it('refuses an attribute the GAR does not send, and a method it does not know', async () => {
    const client = await adminClient();
    for (const overrides of [{ casAttributes: { EMAIL: 'mail' } }, { signInMethod: 'ldap' }]) {
      const response = await client.post('/api/admin/createschool', validSchool(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
    }
  });
});

describe('PATCH /api/admin/schooltoggle/:id', () => {
  it('flips the licence, signs the teachers out at once and stops them signing in', async () => {
    const client = await adminClient();
    const school = await createSchool(ctx.db);
    const teacher = await createTeacher(ctx.db, { school_id: school.id });
    const url = `/api/admin/schooltoggle/${school.id}`;
    const [off, on] = await switchAccessOffAndOn(ctx, client, url, teacher, authMessages.licenseInactive);
    expect(off).toEqual({ success: true, activelicense: false });
    expect(on).toEqual({ success: true, activelicense: true });
    expect((await auditOf(ctx, 'school', school.id)).map((row) => row.action)).toEqual([
      'school.deactivate',
      'school.activate',
    ]);
  });

  it('answers 404 for an unknown school', async () => {
    const client = await adminClient();
    const response = await client.patch('/api/admin/schooltoggle/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: schoolMessages.notFound });
  });
});

describe('DELETE /api/admin/school/:id', () => {
  it('removes the school and everything that belongs to it, and nothing else', async () => {
    const client = await adminClient();
    const seed = async () => {
      const school = await createSchool(ctx.db);
      return { school, ...(await createTeacherWithProgress(ctx, { school_id: school.id })) };
    };
    const doomed = await seed();
    const kept = await seed();

    const response = await client.delete(`/api/admin/school/${doomed.school.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(await rowsOfTeacher(ctx, doomed.teacher.id, doomed.group.id)).toEqual(NOTHING_LEFT);
    expect(await rowsOfTeacher(ctx, kept.teacher.id, kept.group.id)).toEqual({
      users: 1,
      teacher_levels: 1,
      auth_sessions: 1,
      class_groups: 1,
      group_activities: 1,
      group_pdfs: 1,
    });
    // The curriculum is shared and stays.
    expect(
      await ctx.db.selectFrom('activities').select('id').where('id', '=', doomed.activity.id).execute(),
    ).toHaveLength(1);

    const audit = await auditOf(ctx, 'school', doomed.school.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'school.delete', actor_id: client.admin.id });
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ teachersDeleted: 1 });

    const again = await client.delete(`/api/admin/school/${doomed.school.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(schoolMessages.notFound);
  });
});
