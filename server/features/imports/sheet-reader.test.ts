// The rows of CSV and XLSX files come back as they were written, accents included, whatever the
// encoding, the separator and where the parsers' chunks end; an XLSX's first tab is read every
// time, and a workbook that unzips to too much is refused before it is read.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { importMessages as m } from '../../../common/messages/imports.js';
import type { ImportEncoding } from '../../../common/schemas/imports.js';
import { workbook } from '../../fixtures/hostile-xlsx.js';
import { csvFile, xlsxFile } from '../../fixtures/import-files.js';
import { buildRawZip } from '../../test/zip-attacks.js';
import { readSheet, type SheetFormat } from './sheet-reader.js';
import { XLSX_MAX_COLUMNS, XLSX_MAX_UNZIPPED_BYTES } from './xlsx-reader.js';

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-sheets-'));
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

async function readBack(
  data: Buffer,
  format: SheetFormat,
  encoding: ImportEncoding = 'utf-8',
): Promise<string[][]> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.${format}`);
  await fs.writeFile(file, data);
  const rows: string[][] = [];
  for await (const row of readSheet(file, format, data.length, encoding)) rows.push(row.cells);
  return rows;
}

/** The parts of an XLSX zipped again in the order of `names`, their sizes declared as `declared`
 * says (the real ones where it says nothing). */
function rezip(
  parts: Record<string, Uint8Array>,
  names: string[],
  declared: (name: string) => number | undefined = () => undefined,
): Buffer {
  return buildRawZip(
    names.map((name) => ({
      name,
      data: Buffer.from(parts[name]!),
      method: 8,
      declaredUncompressedSize: declared(name),
    })),
  );
}

/** Enough rows of accented text that chunk boundaries fall inside characters somewhere. */
const rows = Array.from({ length: 30_000 }, (_, i) => [
  `élève.${i}@exemple.fr`,
  `Prénom ${i} — Ève`,
  `Ça ${i}`,
]);
const header = ['email', 'prénom', 'nom'];

describe('readSheet', () => {
  it('reads an XLSX workbook of 10,000 accented rows without a garbled character', async () => {
    const read = await readBack(await xlsxFile(header, rows), 'xlsx');
    expect(read).toEqual([header, ...rows]);
  });

  it('reads a workbook whole every time, though its sheet is stored before its shared strings', async () => {
    // As Excel and exceljs store them. A reader that reads the archive front to back (as exceljs'
    // streaming reader does) must park the sheet until the shared strings come; exceljs' lost the
    // workbook part of such a file about once in 300 reads.
    const workbook = await xlsxFile(header, rows.slice(0, 2));
    const names = Object.keys(unzipSync(workbook));
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
    for (let read = 0; read < 150; read += 1) {
      expect(await readBack(workbook, 'xlsx')).toEqual([header, ...rows.slice(0, 2)]);
    }
  });

  it('reads the first tab of the workbook, whatever the order its sheets are stored in', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Brouillon').addRow(['à ne pas lire']); // sheet1.xml, stored first
    const schools = workbook.addWorksheet('Écoles'); // sheet2.xml
    schools.addRow(header);
    schools.addRow(rows[0]!);
    const parts = unzipSync(Buffer.from(await workbook.xlsx.writeBuffer()));
    // The tabs as a person reordered them: « Écoles » first.
    const tabs = strFromU8(parts['xl/workbook.xml']!);
    const draftTab = /<sheet [^>]*name="Brouillon"[^>]*\/>/.exec(tabs)![0];
    const reordered = tabs.replace(draftTab, '').replace('</sheets>', `${draftTab}</sheets>`);
    expect(reordered.indexOf('Écoles')).toBeLessThan(reordered.indexOf('Brouillon'));
    parts['xl/workbook.xml'] = strToU8(reordered);
    const names = Object.keys(parts);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/worksheets/sheet2.xml'));
    expect(await readBack(rezip(parts, names), 'xlsx')).toEqual([header, rows[0]]);
  });

  it('refuses a workbook that would unzip to more than its limit, and one whose sizes lie', async () => {
    const parts = unzipSync(await xlsxFile(header, rows.slice(0, 2)));
    const rebuilt = (lie: (name: string) => number | undefined) => rezip(parts, Object.keys(parts), lie);
    const sharedStrings = (size: number) => (name: string) =>
      name === 'xl/sharedStrings.xml' ? size : undefined;
    expect(
      await readBack(
        rebuilt(() => undefined),
        'xlsx',
      ),
    ).toEqual([header, ...rows.slice(0, 2)]);
    await expect(readBack(rebuilt(sharedStrings(XLSX_MAX_UNZIPPED_BYTES + 1)), 'xlsx')).rejects.toMatchObject(
      {
        statusCode: 413,
        message: m.xlsxTooLarge,
      },
    );
    await expect(readBack(rebuilt(sharedStrings(10)), 'xlsx')).rejects.toMatchObject({
      statusCode: 400,
      message: m.unreadableXlsx,
    });
  });

  it.each([
    ['UTF-8 with BOM and ;', { encoding: 'utf8-bom', delimiter: ';' }],
    ['UTF-8 without BOM and ,', { encoding: 'utf8', delimiter: ',' }],
    ['Windows-1252 and ;', { encoding: 'win1252', delimiter: ';' }],
  ] as const)('reads CSV in %s', async (_label, options) => {
    // The first accent comes after 64 KB: the encoding is judged on the whole file.
    const late = [
      ...Array.from({ length: 3_000 }, (_, i) => [`a${i}@x.fr`, 'Plain', 'Text']),
      ...rows.slice(0, 2_000),
    ];
    const read = await readBack(
      csvFile(header, late, options),
      'csv',
      options.encoding === 'win1252' ? 'windows-1252' : 'utf-8',
    );
    expect(read).toEqual([header, ...late]);
  });

  it('reads shared and inline rich text, booleans, formula results, numbers and dates of either date system, without phonetic runs', async () => {
    const sheet = [
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><r><t>In</t></r><r><t>line &amp; co</t></r></is></c>',
      '<c r="C1" t="b"><v>1</v></c><c r="D1" t="str"><f>A1</f><v>calcul</v></c><c r="E1" s="1"><v>46266</v></c>',
      '<c r="F1"><v>102030405</v></c><c r="G1" t="e"><v>#N/A</v></c><c r="I1" s="2"><v>46266.75</v></c></row>',
      // No reference: cells and rows follow the previous ones.
      '<row><c t="inlineStr"><is><t>suite</t></is></c><c><v>2</v></c></row>',
    ];
    const parts = {
      sheetData: sheet,
      sharedStrings: [
        '<si><r><t>Ric</t></r><r><rPr><b/></rPr><t>h</t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh></si>',
      ],
      styles:
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd&quot;/&quot;mm&quot;/&quot;yyyy"/></numFmts>' +
        '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
        '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs>',
    };
    const row = ['Rich', 'Inline & co', 'true', 'calcul', '2026-09-01', '102030405', '', '', '2026-09-01'];
    expect(await readBack(await workbook(parts), 'xlsx')).toEqual([row, ['suite', '2']]);
    const in1904 = await workbook({ ...parts, workbookPr: '<workbookPr date1904="1"/>' });
    expect((await readBack(in1904, 'xlsx'))[0]![4]).toBe('2030-09-02');
  });

  it('refuses a workbook whose XML is too deep, holds a comment, CDATA or a processing instruction, has a tag too long, or values too far right', async () => {
    const refused = async (sheetData: string[], message: string = m.xlsxTooComplex) =>
      expect(readBack(await workbook({ sheetData }), 'xlsx')).rejects.toMatchObject({ message });
    await refused([
      `<row r="1"><c r="A1" t="inlineStr"><is>${'<r>'.repeat(12)}<t>x</t>${'</r>'.repeat(12)}</is></c></row>`,
    ]);
    await refused(['<row r="1"><!-- note --><c r="A1"><v>1</v></c></row>']);
    await refused(['<row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[x]]></t></is></c></row>']);
    await refused([`<row r="1" ${'x="1" '.repeat(10_000)}><c r="A1"><v>1</v></c></row>`]);
    await refused(['<row r="1"><c r="A1"><v>1</v></c><?pi x?></row>']);
    const far = `<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="BM2"><v>1</v></c></row>`;
    await refused([far], m.tooManyColumns(2, XLSX_MAX_COLUMNS));
    // Latin-1 bytes in a part are not UTF-8: unreadable, not read as replacement characters.
    const latin1 = Buffer.from(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Zo\u00e9</t></is></c></row>',
      'latin1',
    );
    await expect(readBack(await workbook({ sheetData: [latin1] }), 'xlsx')).rejects.toMatchObject({
      message: m.unreadableXlsx,
    });
    // Empty cells that far right are nothing.
    expect(
      await readBack(
        await workbook({ sheetData: ['<row r="1"><c r="A1"><v>1</v></c><c r="XFD1"/></row>'] }),
        'xlsx',
      ),
    ).toEqual([['1']]);
  });

  it('refuses bytes that are not UTF-8 with their line, and reads them when Windows-1252 is declared', async () => {
    const file = csvFile(
      ['email', 'prenom', 'nom'],
      [
        ['a@x.fr', 'Anne', 'Roy'],
        ['b@x.fr', 'Zoé', 'Roy'],
      ],
      { encoding: 'win1252' },
    );
    await expect(readBack(file, 'csv')).rejects.toMatchObject({ statusCode: 400, message: m.notUtf8(3) });
    expect((await readBack(file, 'csv', 'windows-1252'))[2]).toEqual(['b@x.fr', 'Zoé', 'Roy']);
  });
});
