// Reads the rows of an uploaded CSV or XLSX file one at a time, from a file on disk, with maintained
// parsers (csv-parse with iconv-lite; saxes over yauzl): memory does not grow with the file (but for an XLSX's shared strings, bounded). CSV: UTF-8 or UTF-16 with a BOM, else the
// encoding the form declares: UTF-8 (checked: a byte that is not is refused with its line) or
// Windows-1252 (an older French Excel's "CSV (séparateur: point-virgule)"); the separator is the one
// of ';', ',' or tab the header uses most. XLSX: xlsx-reader.ts. A cell is kept to
// IMPORT_MAX_CELL_CHARS + 1 characters.
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { importMessages as m } from '../../../common/messages/imports.js';
import { IMPORT_MAX_CELL_CHARS, type ImportEncoding } from '../../../common/schemas/imports.js';
import { badRequest } from '../../http-error.js';
import type { SheetRow } from './sheet-row.js';

export type SheetFormat = 'csv' | 'xlsx';

export function readSheet(
  path: string,
  format: SheetFormat,
  size: number,
  encoding: ImportEncoding,
): AsyncGenerator<SheetRow> {
  return format === 'csv' ? readCsv(path, size, encoding) : readXlsx(path);
}

/** A cell kept to IMPORT_MAX_CELL_CHARS + 1 characters: a longer one is too long for any column. */
const bounded = (cell: string) =>
  cell.length > IMPORT_MAX_CELL_CHARS ? `${cell.slice(0, IMPORT_MAX_CELL_CHARS)}…` : cell;

type Encoding = 'utf8' | 'utf16le' | 'utf16be' | 'win1252';

/** A BOM decides; without one, the declared encoding. UTF-8 is checked whole first: a byte that is
 * not UTF-8 is refused with its line rather than read as another encoding. */
async function chooseEncoding(path: string, declared: ImportEncoding): Promise<Encoding> {
  const head = await readHead(path, 4);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  if (declared === 'windows-1252') return 'win1252';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf8';
  } catch {
    throw badRequest(m.notUtf8(await firstLineNotUtf8(path)));
  }
}

/** The first line (counted from 1) that is not UTF-8; the file is at most IMPORT_MAX_BYTES. A line
 * break byte never occurs inside a UTF-8 character, so lines can be checked one by one. */
async function firstLineNotUtf8(path: string): Promise<number> {
  const bytes = await fs.promises.readFile(path);
  let line = 1;
  let start = 0;
  for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, start)) {
    if (!isUtf8(bytes.subarray(start, end))) return line;
    line += 1;
    start = end + 1;
  }
  return line;
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

async function* readCsv(path: string, size: number, declared: ImportEncoding): AsyncGenerator<SheetRow> {
  const encoding = await chooseEncoding(path, declared);
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
      yield {
        line: info.lines,
        cells: record.map(bounded),
        progress: Math.min(1, file.bytesRead / size),
      };
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
