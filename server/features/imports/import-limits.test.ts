// What a hostile or merely unexpected import file cannot do: make the server build more than a
// bounded amount from a small workbook, have the preview echo a huge cell, hide the row limit
// behind a generic failure, pass bytes that are not UTF-8 as another encoding, undo an admin's
// edit made since the preview, or hold teachers' requests while a large file is written.
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { importMessages as m } from '../../../common/messages/imports.js';
import {
  type CommitEvent,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_CELL_CHARS,
  importColumns,
  type PreviewEvent,
} from '../../../common/schemas/imports.js';
import { createSchool, createTeacher } from '../../fixtures/factories.js';
import { hostileWorkbooks, schoolsWorkbook } from '../../fixtures/hostile-xlsx.js';
import { csvFile, uaiFor } from '../../fixtures/import-files.js';
import { signInAs, signInNewAdmin } from '../../test/admin-helpers.js';
import { type ApiClient, setupTestApp } from '../../test/helper.js';
import {
  type ImportUpload,
  importRequest,
  ndjsonLines,
  school,
  XLSX_UPLOAD,
} from '../../test/import-helpers.js';
import { XLSX_MAX_SHARED_BYTES, XLSX_MAX_SHARED_STRINGS } from './xlsx-reader.js';

const ctx = setupTestApp();

const SCHOOLS = importColumns.schools;

const send = (client: ApiClient, url: string, data: Buffer, upload?: ImportUpload) =>
  client.request(importRequest(url, data, upload));

async function preview(client: ApiClient, data: Buffer, upload?: ImportUpload) {
  const response = await send(client, '/api/admin/import/schools/preview', data, upload);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  const events = ndjsonLines<PreviewEvent>(response.body);
  return { events, bytes: response.rawPayload.length, rows: events.filter((event) => event.type === 'row') };
}

/** Commits a schools file with its answer streamed, once the first batch is written. */
async function commitStreamed(client: ApiClient, data: Buffer) {
  const response = await client.request({
    ...importRequest('/api/admin/import/schools', data),
    payloadAsStream: true,
  });
  expect(response.statusCode).toBe(200);
  const events = lineEvents(response.stream());
  expect((await events.next()).value).toMatchObject({ type: 'progress' });
  return events;
}

describe('an XLSX import is bounded by what it builds', () => {
  it('refuses ten million nested runs, and shared strings past their count or their size, before a row is read', async () => {
    const admin = await signInNewAdmin(ctx);
    const refused = async (workbook: Buffer) => {
      const response = await send(admin, '/api/admin/import/schools/preview', workbook, XLSX_UPLOAD);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(m.xlsxTooComplex);
    };
    await refused(await hostileWorkbooks.nestedRuns());
    await refused(
      await schoolsWorkbook({
        sharedStrings: [{ repeat: '<si><t>a</t></si>', times: XLSX_MAX_SHARED_STRINGS + 1 }],
      }),
    );
    const long = `<si><t>${'é'.repeat(1_000)}</t></si>`; // 2,000 bytes each
    await refused(
      await schoolsWorkbook({ sharedStrings: [{ repeat: long, times: XLSX_MAX_SHARED_BYTES / 2_000 + 1 }] }),
    );
  });

  it('reads a cell of 250 million characters as an error on its line, and answers what the preview shows of it', async () => {
    const admin = await signInNewAdmin(ctx);
    const expectCut = (row: PreviewEvent | undefined) => {
      expect(row).toMatchObject({ type: 'row', line: 2, action: null, errors: [m.tooLong('nom', 200)] });
      const values = (row as { values: string[] }).values;
      expect(values[1]).toBe(`${'a'.repeat(IMPORT_PREVIEW_CELL_CHARS)}…`);
    };
    const inline = await preview(admin, await hostileWorkbooks.hugeCell(), XLSX_UPLOAD);
    expectCut(inline.rows[0]);
    expect(inline.bytes).toBeLessThan(2_000);
    // The same as a shared string, and in a CSV.
    const shared = await preview(
      admin,
      await schoolsWorkbook({
        sharedStrings: ['<si><r><t>', { repeat: 'a', times: 10_000_000 }, '</t></r></si>'],
      }),
      XLSX_UPLOAD,
    );
    expectCut(shared.rows[0]);
    expect(shared.bytes).toBeLessThan(2_000);
    const csv = await preview(
      admin,
      csvFile(SCHOOLS, [school({ uai: uaiFor(9_200_001), nom: 'a'.repeat(5_000_000) })]),
    );
    expectCut(csv.rows[0]);
    expect(csv.bytes).toBeLessThan(2_000);
    // Three large files built and read: room for a machine the other test files keep busy.
  }, 60_000);
});

describe('an import says why it refuses a file', () => {
  it('says the row limit, in the preview too, when a file has a million rows', async () => {
    const admin = await signInNewAdmin(ctx);
    // Rows of every column, empty but the first (12 MB).
    const file = Buffer.from(
      `${SCHOOLS.join(';')}\n${`x${';'.repeat(SCHOOLS.length - 1)}\n`.repeat(1_000_000)}`,
    );
    const { events } = await preview(admin, file);
    expect(events.at(-1)).toEqual({ type: 'failed', message: m.tooManyRows(IMPORT_MAX_ROWS) });
    expect(m.tooManyRows(IMPORT_MAX_ROWS)).toMatch(/100\s000 lignes/u);
    const committed = await send(admin, '/api/admin/import/schools', file);
    expect(committed.statusCode).toBe(400);
    expect(committed.json().message).toBe(m.tooManyRows(IMPORT_MAX_ROWS));
  }, 90_000);

  it('refuses a CSV that is not UTF-8 with its line, unless it is declared Windows-1252', async () => {
    const admin = await signInNewAdmin(ctx);
    const file = csvFile(
      SCHOOLS,
      [
        school({ uai: uaiFor(9_300_001), nom: 'Ecole A' }),
        school({ uai: uaiFor(9_300_002), nom: 'Ecole B', ville: 'Besançon' }),
      ],
      { encoding: 'win1252' },
    );
    for (const url of ['/api/admin/import/schools/preview', '/api/admin/import/schools']) {
      const response = await send(admin, url, file);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(m.notUtf8(3));
    }
    const declared = await preview(admin, file, { fields: { encodage: 'windows-1252' } });
    expect(declared.rows[1]).toMatchObject({ line: 3, values: [uaiFor(9_300_002), 'Ecole B', 'Besançon'] });
    const unknown = await send(admin, '/api/admin/import/schools/preview', file, {
      fields: { encodage: 'latin9' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(m.badFormField);
  });
});

describe('an import and the requests around it', () => {
  it('refuses to overwrite a row an admin changed since the preview, and names it', async () => {
    const admin = await signInNewAdmin(ctx);
    const uai = uaiFor(9_400_001);
    const other = uaiFor(9_400_002);
    const { id } = await createSchool(ctx.db, { uai, name: 'Nom ancien', city: 'Lyon' });
    await createSchool(ctx.db, { uai: other, name: 'Autre', city: 'Lyon' });
    const file = csvFile(SCHOOLS, [
      school({ uai: other, nom: 'Autre renommée' }),
      school({ uai, nom: 'Nom du fichier' }),
    ]);
    const { events } = await preview(admin, file);
    const summary = events.at(-1) as { type: 'summary'; since: string };
    expect(summary).toMatchObject({ type: 'summary', update: 2 });

    const edited = await admin.patch(`/api/admin/editschoolform/${id}`, {
      schoolName: 'Nom choisi par un admin',
    });
    expect(edited.statusCode).toBe(200);
    const response = await send(admin, '/api/admin/import/schools', file, {
      fields: { apercu: summary.since },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(m.changedSincePreview([{ line: 3, key: uai }]));
    const names = await ctx.db
      .selectFrom('schools')
      .select(['uai', 'name'])
      .where('uai', 'in', [uai, other])
      .execute();
    expect(Object.fromEntries(names.map((row) => [row.uai, row.name]))).toEqual({
      [uai]: 'Nom choisi par un admin',
      [other]: 'Autre',
    });

    // Previewed again, the file may be imported.
    const again = (await preview(admin, file)).events.at(-1) as { since: string };
    const written = await send(admin, '/api/admin/import/schools', file, { fields: { apercu: again.since } });
    expect(ndjsonLines<CommitEvent>(written.body).at(-1)).toMatchObject({ type: 'done', updated: 2 });
  });

  it('answers a teacher while a large import is being written', async () => {
    const admin = await signInNewAdmin(ctx);
    const teacher = await signInAs(ctx, await createTeacher(ctx.db));
    const total = 6_000;
    const file = csvFile(
      SCHOOLS,
      Array.from({ length: total }, (_, index) =>
        school({ uai: uaiFor(9_500_000 + index), nom: `École ${index}` }),
      ),
    );
    const imported = () =>
      ctx.db
        .selectFrom('schools')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('uai', 'like', '95%')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));

    const events = await commitStreamed(admin, file);
    // The first batch is written: the teacher asks now, and is answered before the import ends.
    expect((await teacher.get('/api/auth/me')).statusCode).toBe(200);
    const seen = await imported();
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(total);
    let last: CommitEvent | undefined;
    for await (const event of events) last = event;
    expect(last).toMatchObject({ type: 'done', created: total });
    expect(await imported()).toBe(total);
  });
});

describe('an import stopped part-way', () => {
  it('stops at a row an admin changes while the file is written, the rows before written and said', async () => {
    const admin = await signInNewAdmin(ctx);
    const total = 6_000;
    const uaiAt = (index: number) => uaiFor(9_600_000 + index);
    const edited = 5_500; // in the twelfth batch
    const { id } = await createSchool(ctx.db, { uai: uaiAt(edited), name: 'Nom ancien', city: 'Lyon' });
    const file = csvFile(
      SCHOOLS,
      Array.from({ length: total }, (_, index) => school({ uai: uaiAt(index), nom: `École ${index}` })),
    );
    const events = await commitStreamed(admin, file);
    const patched = await admin.patch(`/api/admin/editschoolform/${id}`, {
      schoolName: 'Nom choisi par un admin',
    });
    expect(patched.statusCode).toBe(200);
    let last: CommitEvent | undefined;
    for await (const event of events) last = event;
    expect(last).toEqual({
      type: 'failed',
      message: m.stopped(edited, m.changedSincePreview([{ line: edited + 2, key: uaiAt(edited) }])),
    });
    const rows = await ctx.db
      .selectFrom('schools')
      .select(['uai', 'name'])
      .where('uai', 'like', '96%')
      .orderBy('uai')
      .execute();
    expect(rows.length).toBe(edited + 1);
    expect(rows.find((row) => row.uai === uaiAt(edited))?.name).toBe('Nom choisi par un admin');
  });
});

/** The NDJSON lines of a streamed answer, as they arrive. */
async function* lineEvents(stream: Readable): AsyncGenerator<CommitEvent> {
  let rest = '';
  for await (const chunk of stream) {
    rest += String(chunk);
    let end = rest.indexOf('\n');
    while (end !== -1) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.trim()) yield JSON.parse(line) as CommitEvent;
      end = rest.indexOf('\n');
    }
  }
}
