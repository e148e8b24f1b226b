// The XLSX half of sheet-reader.ts. exceljs reads the parts (workbook, shared strings, styles, the
// sheet's rows, streamed); the archive itself is opened with yauzl, from the file on disk, and its
// parts are read in the order they depend on each other. A module of its own so that exceljs
// (0.6 s to import) loads with the first spreadsheet read, not at every server start.
//
// Why not exceljs' own streaming reader: it reads the archive front to back with unzipper, and an
// XLSX from Excel (or exceljs) stores the sheet before the shared strings. The reader then parks
// the sheet in a temporary file, and while it writes it, unzipper (0.10, which ends its output when
// its input is all written rather than when it has read it) may end the archive early: the workbook
// part never arrives and the read fails. Measured: 1 read in 300 of a two-row workbook failed.
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { isoDay } from '../../../common/licence.js';
import { importMessages as m } from '../../../common/messages/imports.js';
import { badRequest, payloadTooLarge } from '../../http-error.js';
import type { SheetRow } from './sheet-reader.js';

/** Most bytes the parts read may take once unzipped: a small file that unzips to gigabytes is
 * refused before it is read. The shared strings are held in memory while the sheet is read. */
export const XLSX_MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

/** What of exceljs' streaming reader this module relies on (not in its type declarations). */
type ReaderInternals = {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(entry: NodeJS.ReadableStream): Promise<void>;
  _parseStyles(entry: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ value: unknown }>;
};
type Worksheet = AsyncIterable<ExcelJS.Row>;
const BaseReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  input: unknown,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
) => ReaderInternals;

/** Bytes of the sheet's XML read so far and in all: how far into the file the rows are. */
type Progress = { read: number; total: number };

/** The first sheet of the workbook (its first tab), row by row. */
export async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const zip = await yauzl
    .openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
    .catch(() => {
      throw badRequest(m.unreadableXlsx);
    });
  try {
    const progress: Progress = { read: 0, total: 1 };
    const sheet = await openFirstSheet(zip, progress);
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield {
        line: row.number,
        cells: values.map(cellText),
        progress: Math.min(1, progress.read / progress.total),
      };
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(m.unreadableXlsx);
  } finally {
    zip.close();
  }
}

async function openFirstSheet(zip: ZipFile, progress: Progress): Promise<Worksheet> {
  const parts = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) parts.set(entry.fileName, entry);
  let unzipped = 0;
  const open = async (name: string) => {
    const entry = parts.get(name);
    if (!entry) return null;
    unzipped += entry.uncompressedSize;
    if (unzipped > XLSX_MAX_UNZIPPED_BYTES) throw payloadTooLarge(m.xlsxTooLarge);
    return { entry, stream: await zip.openReadStreamPromise(entry) };
  };
  const reader = new BaseReader(null, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });

  const rels = await open('xl/_rels/workbook.xml.rels');
  const workbook = await open('xl/workbook.xml');
  if (!rels || !workbook) throw badRequest(m.unreadableXlsx);
  await reader._parseRels(rels.stream);
  await reader._parseWorkbook(workbook.stream);
  const strings = await open('xl/sharedStrings.xml');
  if (strings) {
    strings.stream.setEncoding('utf8');
    for await (const _ of reader._parseSharedStrings(strings.stream));
  }
  const styles = await open('xl/styles.xml');
  if (styles) await reader._parseStyles(styles.stream);

  const firstId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === firstId)?.Target;
  const sheet = target === undefined ? null : await open(partName(target));
  if (!target || !sheet) throw badRequest(m.unreadableXlsx);
  progress.total = Math.max(1, sheet.entry.uncompressedSize);
  const sheetNo = /sheet(\d+)\.xml$/.exec(target)?.[1] ?? '1';
  const [emitted] = reader._parseWorksheet(decodeUtf8(sheet.stream, progress), sheetNo);
  return emitted!.value as Worksheet;
}

/** A relationship's target as a part name: relative to xl/, or absolute from the archive's root. */
function partName(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The sheet's XML as text decoded across chunks: exceljs 4.4 decodes each chunk on its own, so a
 * character split between two chunks came out as two '\uFFFD' (exceljs issues 2084 and 2316). */
async function* decodeUtf8(chunks: AsyncIterable<Buffer>, progress: Progress): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    progress.read += chunk.length;
    yield decoder.write(chunk);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** A cell's value as the text a person reads in it (dates as 'YYYY-MM-DD'). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDay(value);
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText))
      return cell.richText.map((part: { text?: string }) => part.text ?? '').join('');
    if ('text' in cell) return cellText(cell.text);
    if ('result' in cell) return cellText(cell.result);
    return '';
  }
  return String(value);
}
