import { describe, expect, it } from 'vitest';
import { importMessages as m } from '../../../common/messages/imports.js';
import { type CommitEvent, importColumns, type PreviewEvent } from '../../../common/schemas/imports.js';
import { createAdmin, createLevel, createSchool, createTeacher } from '../../fixtures/factories.js';
import { csvFile, uaiFor, xlsxFile } from '../../fixtures/import-files.js';
import { signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { type ApiClient, apiClient, setupTestApp } from '../../test/helper.js';
import {
  type ImportUpload,
  importRequest,
  ndjsonLines,
  school,
  XLSX_TYPE,
} from '../../test/import-helpers.js';

const ctx = setupTestApp();

const send = (client: ApiClient, url: string, data: Buffer, upload?: ImportUpload) =>
  client.request(importRequest(url, data, upload));

async function preview(client: ApiClient, kind: 'schools' | 'teachers', data: Buffer, upload?: ImportUpload) {
  const response = await send(client, `/api/admin/import/${kind}/preview`, data, upload);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/x-ndjson');
  const events = ndjsonLines<PreviewEvent>(response.body);
  return {
    rows: events.filter((event) => event.type === 'row'),
    summary: events.at(-1),
  };
}

async function commit(client: ApiClient, kind: 'schools' | 'teachers', data: Buffer, upload?: ImportUpload) {
  const response = await send(client, `/api/admin/import/${kind}`, data, upload);
  expect(response.statusCode, response.body).toBe(200);
  const events = ndjsonLines<CommitEvent>(response.body);
  return { events, done: events.at(-1), links: events.filter((event) => event.type === 'link') };
}

const SCHOOLS = importColumns.schools;
const TEACHERS = importColumns.teachers;

const schoolRow = (uai: string) =>
  ctx.db.selectFrom('schools').selectAll().where('uai', '=', uai).executeTakeFirst();

describe('the schools import', () => {
  it('previews every row with its action, or its errors and line, and writes nothing', async () => {
    const admin = await signInNewAdmin(ctx);
    await createLevel(ctx.db, 'CP');
    const known = uaiFor(1_000_001);
    const same = uaiFor(1_000_002);
    const stored = {
      city: 'Lyon',
      telephone: '0102030405',
      license_start_date: '2026-09-01',
      license_end_date: '2027-08-31',
    };
    await createSchool(ctx.db, { ...stored, uai: known, name: 'Ancien nom' });
    await createSchool(ctx.db, { ...stored, uai: same, name: 'Telle quelle' });
    const fresh = uaiFor(1_000_003);
    const file = csvFile(
      SCHOOLS,
      [
        school({ uai: fresh, nom: 'Nouvelle école', niveaux: 'cp' }),
        school({ uai: known, nom: 'Nouveau nom' }),
        school({ uai: same, nom: 'Telle quelle' }),
        school({ uai: '0750654A', nom: 'Mauvaise clé' }),
        school({ uai: uaiFor(1_000_004), nom: '', debut_licence: '31/02/2026' }),
        school({ uai: uaiFor(1_000_005), debut_licence: '2027-09-01', niveaux: 'CP|Terminale' }),
        school({ uai: fresh.toLowerCase(), nom: 'Doublon' }),
      ],
      { encoding: 'utf8-bom' },
    );
    const { rows, summary } = await preview(admin, 'schools', file);
    expect(rows.map((row) => [row.line, row.action, row.changed])).toEqual([
      [2, 'create', []],
      [3, 'update', ['nom']],
      [4, 'unchanged', []],
      [5, null, []],
      [6, null, []],
      [7, null, []],
      [8, null, []],
    ]);
    expect(rows[0]?.values).toEqual([fresh, 'Nouvelle école', 'Lyon']);
    expect(rows[3]?.errors).toEqual([m.invalidUai('0750654A')]);
    expect(rows[4]?.errors).toEqual([m.required('nom'), m.invalidDate('debut_licence', '31/02/2026')]);
    expect(rows[5]?.errors).toEqual([m.unknownLevel('Terminale'), m.endBeforeStart]);
    expect(rows[6]?.errors).toEqual([m.duplicateInFile('uai', 2)]);
    expect(summary).toEqual({
      type: 'summary',
      rows: 7,
      create: 1,
      update: 1,
      unchanged: 1,
      errors: 4,
      since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await schoolRow(fresh)).toBeUndefined();
    expect((await schoolRow(known))?.name).toBe('Ancien nom');

    // The import itself refuses the file whole.
    const refused = await send(admin, '/api/admin/import/schools', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: m.refused(4) });
    expect(await schoolRow(fresh)).toBeUndefined();
  });

  it('writes all rows, says what it did, and changes nothing when run again with the same file', async () => {
    const admin = await signInNewAdmin(ctx);
    const known = uaiFor(2_000_001);
    await createSchool(ctx.db, { uai: known, name: 'Ancien nom', city: 'Lyon', active_license: 0 });
    const rows = [
      school({ uai: known, nom: 'Collège Renommé', ville: 'Bron' }),
      ...Array.from({ length: 1_200 }, (_, index) =>
        school({ uai: uaiFor(2_100_000 + index), nom: `École ${index}`, email: `ecole${index}@exemple.fr` }),
      ),
    ];
    const file = csvFile(SCHOOLS, rows);
    const first = await commit(admin, 'schools', file);
    expect(first.done).toEqual({ type: 'done', created: 1_200, updated: 1, unchanged: 0, emailed: false });
    expect(first.events.filter((event) => event.type === 'progress').length).toBeGreaterThanOrEqual(3);
    expect(await schoolRow(uaiFor(2_100_007))).toMatchObject({
      name: 'École 7',
      email: 'ecole7@exemple.fr',
      license_start_date: '2026-09-01',
      license_end_date: '2027-08-31',
      active_license: 1,
    });
    // An update leaves the licence switch alone.
    expect(await schoolRow(known)).toMatchObject({
      name: 'Collège Renommé',
      city: 'Bron',
      active_license: 0,
    });

    const again = await commit(admin, 'schools', file);
    expect(again.done).toEqual({ type: 'done', created: 0, updated: 0, unchanged: 1_201, emailed: false });
    const count = await ctx.db
      .selectFrom('schools')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uai', 'like', '21%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1_200);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', admin.admin.id)
      .where('action', '=', 'school.import')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.action, JSON.parse(row.details)])).toEqual([
      ['school.import', { file: 'fichier.csv', created: 1_200, updated: 1, unchanged: 0 }],
      ['school.import', { file: 'fichier.csv', created: 0, updated: 0, unchanged: 1_201 }],
    ]);
  });

  it('keeps the levels each licence includes, and changes them when the file does', async () => {
    const admin = await signInNewAdmin(ctx);
    const [ce1, ce2] = [await createLevel(ctx.db, 'CE1 import'), await createLevel(ctx.db, 'CE2 import')];
    const uai = uaiFor(2_300_001);
    const levelsOf = async () => {
      const id = (await schoolRow(uai))!.id;
      const rows = await ctx.db
        .selectFrom('school_levels')
        .select('level_id')
        .where('school_id', '=', id)
        .orderBy('level_id')
        .execute();
      return rows.map((row) => row.level_id);
    };
    const first = await commit(admin, 'schools', csvFile(SCHOOLS, [school({ uai, niveaux: 'ce1 IMPORT' })]));
    expect(first.done).toMatchObject({ created: 1 });
    expect(await levelsOf()).toEqual([ce1.id]);

    const changed = csvFile(SCHOOLS, [school({ uai, niveaux: 'CE2 import|CE1 import' })]);
    const { rows } = await preview(admin, 'schools', changed);
    expect(rows).toEqual([expect.objectContaining({ action: 'update', changed: ['niveaux'] })]);
    expect((await commit(admin, 'schools', changed)).done).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await levelsOf()).toEqual([ce1.id, ce2.id].sort((a, b) => a - b));
    expect((await commit(admin, 'schools', changed)).done).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('reads Windows-1252 with commas, UTF-8 without BOM, XLSX with dates and numbers, and headers in any case', async () => {
    const admin = await signInNewAdmin(ctx);
    const header = [
      'UAI',
      'Nom',
      'Ville',
      'Adresse',
      'E-mail',
      'Téléphone',
      'Site',
      'Début licence',
      'Fin Licence',
      'Niveaux',
      'Remarque',
    ];
    const win = csvFile(
      header,
      [school({ uai: uaiFor(3_000_001), nom: 'École Saint-Exupéry, Ère 2', ville: 'Besançon' })],
      {
        delimiter: ',',
        encoding: 'win1252',
      },
    );
    await commit(admin, 'schools', win, { fields: { encodage: 'windows-1252' } });
    expect(await schoolRow(uaiFor(3_000_001))).toMatchObject({
      name: 'École Saint-Exupéry, Ère 2',
      city: 'Besançon',
    });

    const plain = csvFile(SCHOOLS, [
      school({ uai: uaiFor(3_000_002), nom: 'Lycée Déodat', remarque: 'ligne 1\nligne 2' }),
    ]);
    await commit(admin, 'schools', plain);
    expect(await schoolRow(uaiFor(3_000_002))).toMatchObject({
      name: 'Lycée Déodat',
      remarque: 'ligne 1\nligne 2',
    });

    const workbook = await xlsxFile(SCHOOLS, [
      [
        uaiFor(3_000_003),
        'École Émile Zola',
        'Nîmes',
        '',
        '',
        102030405,
        '',
        new Date(Date.UTC(2026, 8, 1)),
        '2027-08-31',
        '',
        '',
      ],
    ]);
    await commit(admin, 'schools', workbook, { filename: 'ecoles.xlsx', contentType: XLSX_TYPE });
    expect(await schoolRow(uaiFor(3_000_003))).toMatchObject({
      name: 'École Émile Zola',
      telephone: '0102030405',
      license_start_date: '2026-09-01',
      license_end_date: '2027-08-31',
    });
  });

  it('refuses an unusable file with a clear message', async () => {
    const admin = await signInNewAdmin(ctx);
    const url = '/api/admin/import/schools/preview';
    const present = ['uai', 'nom'];
    const missing = await send(admin, url, csvFile(present, [['x', 'y']]));
    expect(missing.statusCode).toBe(400);
    // Every other column of the model is named, in the model's order.
    expect(missing.json().message).toContain(m.missingColumns(SCHOOLS.filter((c) => !present.includes(c))));
    const unknown = await send(admin, url, csvFile([...SCHOOLS, 'ecole'], [school({})]));
    expect(unknown.json().message).toContain(m.unknownColumns(['ecole']));
    expect((await send(admin, url, csvFile(SCHOOLS, []))).json().message).toBe(m.noRowsInFile);
    expect((await send(admin, url, Buffer.alloc(0))).json().message).toBe(m.empty);
    const text = await send(admin, url, Buffer.from('bonjour'), {
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(m.wrongType);
    const fake = await send(admin, url, Buffer.from('pas un classeur'), {
      filename: 'ecoles.xlsx',
      contentType: XLSX_TYPE,
    });
    expect(fake.json().message).toBe(m.unreadableXlsx);
    const quote = await send(admin, url, Buffer.from(`${SCHOOLS.join(';')}\r\n"${uaiFor(1)};École\r\n`));
    expect(quote.statusCode).toBe(400);
  });

  it('offers its model and is for admins only', async () => {
    const admin = await signInNewAdmin(ctx);
    const template = await admin.get('/api/admin/import/schools/template');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain('modele-ecoles.csv');
    expect(template.body.split('\r\n')[0]).toBe(`\uFEFF${SCHOOLS.join(';')}`);
    // The model imports as it is.
    const { summary } = await preview(admin, 'schools', Buffer.from(template.body));
    expect(summary).toMatchObject({ rows: 1, errors: 1 }); // its example level 'CP|CE1' is unknown here

    const teacher = await signInAs(ctx, await createTeacher(ctx.db));
    expect((await send(teacher, '/api/admin/import/schools/preview', csvFile(SCHOOLS, []))).statusCode).toBe(
      403,
    );
    expect((await teacher.get('/api/admin/import/schools/template')).statusCode).toBe(403);
    expect(
      (await send(apiClient(ctx.app), '/api/admin/import/schools', csvFile(SCHOOLS, []))).statusCode,
    ).toBe(401);
    expect((await admin.get('/api/admin/import/classes/template')).statusCode).toBe(400);
  });
});

describe('the teachers import', () => {
  it('matches teachers by email and schools by UAI, gives new teachers a sign-in link, and re-runs to nothing', async () => {
    const admin = await signInNewAdmin(ctx);
    const uai = uaiFor(4_000_001);
    const otherUai = uaiFor(4_000_002);
    const { id: schoolId } = await createSchool(ctx.db, { uai, name: 'École des Tilleuls' });
    const { id: otherSchoolId } = await createSchool(ctx.db, { uai: otherUai });
    const ce1 = await createLevel(ctx.db, 'CE1');
    const ce2 = await createLevel(ctx.db, 'CE2');
    const existing = await createTeacher(ctx.db, {
      email: 'deja.la@exemple.fr',
      name: 'Là',
      firstname: 'Déjà',
      telephone: '0600000000',
      school_id: schoolId,
      levelIds: [ce1.id],
    });
    const adminUser = await createAdmin(ctx.db, { email: 'chef@exemple.fr' });
    const rows = [
      ['Nina.Roy@Exemple.fr', 'Roy', 'Nina', '0611111111', uai, 'CE1|ce2', '', ''],
      ['deja.la@exemple.fr', 'Là', 'Déjà', '0600000000', otherUai, 'CE2', '', ''],
    ];
    const file = csvFile(TEACHERS, rows);
    const { rows: previewed } = await preview(admin, 'teachers', file);
    expect(previewed.map((row) => [row.action, row.changed])).toEqual([
      ['create', []],
      ['update', ['uai', 'niveaux']],
    ]);

    const bad = csvFile(TEACHERS, [
      ...rows,
      ['chef@exemple.fr', 'Chef', 'Grand', '0600000000', uai, '', '', ''],
      ['x@exemple.fr', 'X', 'Y', '0600000000', uaiFor(4_999_999), '', '', ''],
      ['pas-une-adresse', 'X', 'Y', '0600000000', uai, '', '', ''],
    ]);
    const checked = await preview(admin, 'teachers', bad);
    expect(checked.rows.slice(2).map((row) => [row.line, row.errors])).toEqual([
      [4, [m.adminEmail]],
      [5, [m.unknownSchool(uaiFor(4_999_999))]],
      [6, [m.invalidEmail('pas-une-adresse')]],
    ]);
    expect((await send(admin, '/api/admin/import/teachers', bad)).statusCode).toBe(400);

    const { done, links } = await commit(admin, 'teachers', file);
    expect(done).toEqual({ type: 'done', created: 1, updated: 1, unchanged: 0, emailed: false });
    expect(links).toEqual([
      {
        type: 'link',
        email: 'nina.roy@exemple.fr',
        url: expect.stringMatching(/\/choisir-mot-de-passe#[\w-]{43}$/),
        expiresAt: expect.any(String),
      },
    ]);
    const nina = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'nina.roy@exemple.fr')
      .executeTakeFirstOrThrow();
    expect(nina).toMatchObject({
      role: 'teacher',
      password_hash: '',
      school_id: schoolId,
      active: 1,
      firstname: 'Nina',
    });
    const levelsOf = async (id: number) =>
      (
        await ctx.db
          .selectFrom('teacher_levels')
          .select('level_id')
          .where('user_id', '=', id)
          .orderBy('level_id')
          .execute()
      ).map((row) => row.level_id);
    expect(await levelsOf(nina.id)).toEqual([ce1.id, ce2.id]);
    expect(await levelsOf(existing.id)).toEqual([ce2.id]);
    const moved = await ctx.db
      .selectFrom('users')
      .select('school_id')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(moved.school_id).toBe(otherSchoolId);

    // The link opens Nina's account.
    const link = links[0] as { url: string };
    const token = link.url.slice(link.url.indexOf('#') + 1);
    const info = await apiClient(ctx.app).post('/api/auth/sign-in-link', { token });
    expect(info.json()).toMatchObject({ email: 'nina.roy@exemple.fr', purpose: 'invite' });

    const again = await commit(admin, 'teachers', file);
    expect(again.done).toEqual({ type: 'done', created: 0, updated: 0, unchanged: 2, emailed: false });
    expect(again.links).toEqual([]);
    expect(adminUser.email).toBe('chef@exemple.fr');
  });

  it('reads the optional quota: empty gives a new teacher the school’s default and keeps a known one’s; a file without it reads as before', async () => {
    const admin = await signInNewAdmin(ctx);
    const uai = uaiFor(4_100_001);
    const { id: schoolId } = await createSchool(ctx.db, { uai, default_group_limit: 3 });
    await createTeacher(ctx.db, {
      email: 'connu@exemple.fr',
      name: 'Nom',
      firstname: 'Prénom',
      telephone: '0600000000',
      remarque: '',
      school_id: schoolId,
      group_limit: 7,
    });
    const row = (email: string, quota: string) => [email, 'Nom', 'Prénom', '0600000000', uai, '', '', quota];
    const file = csvFile(TEACHERS, [
      row('defaut@exemple.fr', ''),
      row('choisi@exemple.fr', '12'),
      row('connu@exemple.fr', ''),
    ]);
    const { rows } = await preview(admin, 'teachers', file);
    expect(rows.map((item) => [item.action, item.changed])).toEqual([
      ['create', []],
      ['create', []],
      ['unchanged', []],
    ]);
    await commit(admin, 'teachers', file);
    const limitOf = async (email: string) =>
      (
        await ctx.db
          .selectFrom('users')
          .select('group_limit')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).group_limit;
    expect(await limitOf('defaut@exemple.fr')).toBe(3);
    expect(await limitOf('choisi@exemple.fr')).toBe(12);
    expect(await limitOf('connu@exemple.fr')).toBe(7);

    const changed = csvFile(TEACHERS, [row('connu@exemple.fr', '0')]);
    expect((await preview(admin, 'teachers', changed)).rows[0]?.changed).toEqual(['quota']);
    await commit(admin, 'teachers', changed);
    expect(await limitOf('connu@exemple.fr')).toBe(0);

    // The first model's columns, without quota: still a valid file, nothing changes.
    const withoutQuota = csvFile(
      TEACHERS.filter((column) => column !== 'quota'),
      [row('connu@exemple.fr', '0').slice(0, -1)],
    );
    expect((await preview(admin, 'teachers', withoutQuota)).summary).toMatchObject({
      unchanged: 1,
      errors: 0,
    });

    const bad = csvFile(TEACHERS, [row('x@exemple.fr', 'beaucoup'), row('y@exemple.fr', '-1')]);
    expect((await preview(admin, 'teachers', bad)).rows.map((item) => item.errors)).toEqual([
      [m.invalidQuota('quota', 'beaucoup')],
      [m.invalidQuota('quota', '-1')],
    ]);
  });
});
