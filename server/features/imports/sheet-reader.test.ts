// The rows of CSV and XLSX files come back as they were written, accents included, whatever the
// encoding, the separator and where the parsers' chunks end.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvFile, xlsxFile } from '../../fixtures/import-files.js';
import { readSheet, type SheetFormat } from './sheet-reader.js';

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-sheets-'));
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

async function readBack(data: Buffer, format: SheetFormat): Promise<string[][]> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.${format}`);
  await fs.writeFile(file, data);
  const rows: string[][] = [];
  for await (const row of readSheet(file, format, data.length)) rows.push(row.cells);
  return rows;
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
    const read = await readBack(csvFile(header, late, options), 'csv');
    expect(read).toEqual([header, ...late]);
  });
});
