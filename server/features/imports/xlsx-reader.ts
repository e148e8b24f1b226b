// The XLSX half of sheet-reader.ts: exceljs' streaming workbook reader, with a fix for accented
// text split across chunks. A module of its own so that exceljs (0.6 s to import) loads with the
// first spreadsheet read, not at every server start.
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { isoDay } from '../../../common/licence.js';
import { importMessages as m } from '../../../common/messages/imports.js';
import { badRequest } from '../../http-error.js';
import type { SheetRow } from './sheet-reader.js';

/** What of exceljs' streaming reader the fix below relies on (not in its type declarations). */
type ReaderInternals = {
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
};
const BaseReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  ...args: ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>
) => ExcelJS.stream.xlsx.WorkbookReader & ReaderInternals;

/**
 * exceljs 4.4's streaming reader decodes each chunk of the unzipped XML on its own, so a character
 * of two or more bytes split between chunks comes out as two '\uFFFD' (exceljs issues 2084 and
 * 2316, still open): about one accented name in 15,000 was garbled here. Its XML parser takes
 * strings as they are, so the shared strings and the sheet reach it decoded across chunks.
 */
class Utf8WorkbookReader extends BaseReader {
  override _parseSharedStrings(entry: NodeJS.ReadableStream) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }

  override _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return super._parseWorksheet(decodeUtf8(iterator), sheetNo);
  }
}

async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

export async function* readXlsx(path: string, size: number): AsyncGenerator<SheetRow> {
  const file = fs.createReadStream(path);
  const workbook = new Utf8WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { line: row.number, cells: values.map(cellText), progress: Math.min(1, file.bytesRead / size) };
      }
      return; // the first sheet only
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(m.unreadableXlsx);
  } finally {
    file.destroy();
  }
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
