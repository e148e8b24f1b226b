// Reads the rows of an uploaded CSV or XLSX file one at a time, from a file on disk, with maintained
// parsers (csv-parse with iconv-lite; exceljs' part parsers over yauzl): memory does not grow with
// the file (but for an XLSX's shared strings). CSV: UTF-8 with or without BOM, UTF-16 with BOM,
// else Windows-1252 (French Excel's "CSV (séparateur: point-virgule)"); the separator is the one
// of ';', ',' or tab the header uses most. XLSX: xlsx-reader.ts.
import fs from 'node:fs';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { importMessages as m } from '../../../common/messages/imports.js';
import { badRequest } from '../../http-error.js';

/** A row of cells as text; `line` is its row number in the file (the header is line 1). `progress`
 * is how far into the file the reader is, from 0 to 1. */
export type SheetRow = { line: number; cells: string[]; progress: number };

export type SheetFormat = 'csv' | 'xlsx';

export function readSheet(path: string, format: SheetFormat, size: number): AsyncGenerator<SheetRow> {
  return format === 'csv' ? readCsv(path, size) : readXlsx(path);
}

type Encoding = 'utf8' | 'utf16le' | 'utf16be' | 'win1252';

/** BOMs first; then the whole file is tried as UTF-8 (streamed); anything else is Windows-1252. */
async function detectEncoding(path: string): Promise<Encoding> {
  const head = await readHead(path, 4);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf8';
  } catch {
    return 'win1252';
  }
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The separator the header line uses most (';' on a tie: French Excel's). */
async function detectDelimiter(path: string, encoding: Encoding): Promise<string> {
  const sample = iconv.decode(await readHead(path, 64 * 1024), encoding);
  const header = sample.split(/\r?\n/, 1)[0] ?? '';
  const count = (separator: string) => header.split(separator).length - 1;
  const candidates = [';', ',', '\t'].sort((a, b) => count(b) - count(a));
  return count(candidates[0]!) === 0 ? ';' : candidates[0]!;
}

async function* readCsv(path: string, size: number): AsyncGenerator<SheetRow> {
  const encoding = await detectEncoding(path);
  const delimiter = await detectDelimiter(path, encoding);
  const file = fs.createReadStream(path);
  const parser = file
    .pipe(iconv.decodeStream(encoding))
    .pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { line: info.lines, cells: record, progress: Math.min(1, file.bytesRead / size) };
    }
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw badRequest(m.unreadableCsv(line));
  } finally {
    file.destroy();
  }
}

async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const xlsx = await import('./xlsx-reader.js');
  yield* xlsx.readXlsx(path);
}
