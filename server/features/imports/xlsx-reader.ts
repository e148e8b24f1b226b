// The XLSX half of sheet-reader.ts: the first sheet of a workbook, row by row, read from the file on
// disk (yauzl) with a streaming XML parser (saxes). What is built from the parts is bounded, not
// only the bytes unzipped: a tiny archive can expand into millions of nested elements or strings.
// - element depth, characters between two '<' (a tag or a text), no comments, CDATA or DOCTYPE;
// - shared strings: a count and their total size, held packed in one buffer;
// - a cell keeps at most IMPORT_MAX_CELL_CHARS + 1 characters: a longer one reads as too long for
//   any column, so its row gets an error with its line (rich-text runs are joined as they come);
// - cells past MAX_COLUMNS, styles past MAX_STYLES and archives of more than MAX_ENTRIES files.
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { isoDay } from '../../../common/licence.js';
import { importMessages as m } from '../../../common/messages/imports.js';
import { IMPORT_MAX_CELL_CHARS } from '../../../common/schemas/imports.js';
import { badRequest, payloadTooLarge } from '../../http-error.js';
import type { SheetRow } from './sheet-row.js';

/** Most bytes the parts read may take once unzipped. */
export const XLSX_MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
/** A sheet's deepest element is 7 levels down (worksheet › sheetData › row › c › is › r › t). */
const MAX_DEPTH = 16;
/** Most characters between two '<': a longer text is an over-long cell, a longer tag is refused. */
const MAX_RUN = 8 * IMPORT_MAX_CELL_CHARS;
export const XLSX_MAX_SHARED_STRINGS = 2_000_000;
export const XLSX_MAX_SHARED_BYTES = 32 * 1024 * 1024;
/** Columns read: an import's files have a dozen; a value further right is refused with its line. */
export const XLSX_MAX_COLUMNS = 64;
const MAX_STYLES = 65_536;
const MAX_ENTRIES = 10_000;

const tooComplex = () => badRequest(m.xlsxTooComplex);

type Attributes = Record<string, string>;
type Handlers = {
  open(name: string, attributes: Attributes): void;
  /** `cut`: the text was longer than MAX_RUN and was cut. */
  text?(text: string, cut: boolean): void;
  close(name: string): void;
};

/** saxes fed through a filter that bounds what it accumulates: text and tags between two '<' are
 * cut (text) or refused (tags) past MAX_RUN; '<!' (comments, CDATA, DOCTYPE) and '<?' past the
 * declaration, whose content may hold '<', are refused. Element names lose their prefix. */
class BoundedXml {
  private readonly parser = new SaxesParser({ position: false });
  private depth = 0;
  /** Characters since the last '<', and whether a '>' closed its tag since. */
  private run = 0;
  private tagClosed = true;
  private cutting = false;
  private cut = false;
  private markup = 0;
  /** A '<' ended the last chunk: what follows it is checked in the next. */
  private ltPending = false;

  constructor(handlers: Handlers) {
    const local = (name: string) => name.slice(name.indexOf(':') + 1);
    this.parser.on('opentag', (tag) => {
      this.depth += 1;
      if (this.depth > MAX_DEPTH) throw tooComplex();
      handlers.open(local(tag.name), tag.attributes as Attributes);
    });
    this.parser.on('closetag', (tag) => {
      this.depth -= 1;
      handlers.close(local(tag.name));
    });
    this.parser.on('text', (text) => {
      const cut = this.cut;
      this.cut = false;
      handlers.text?.(text, cut);
    });
    this.parser.on('error', () => {
      throw badRequest(m.unreadableXlsx);
    });
  }

  write(chunk: string): void {
    let fed = 0;
    let from = 0;
    if (this.ltPending && chunk.length > 0) {
      this.ltPending = false;
      this.checkMarkup(chunk, -1);
    }
    for (;;) {
      const lt = chunk.indexOf('<', from);
      const end = lt === -1 ? chunk.length : lt;
      if (!this.cutting && this.run + (end - from) > MAX_RUN) {
        let stop = from + (MAX_RUN - this.run);
        const closed = this.tagClosed || chunk.lastIndexOf('>', stop - 1) >= from;
        if (!closed) throw tooComplex();
        // Not in the middle of an entity.
        const amp = chunk.lastIndexOf('&', stop - 1);
        if (amp >= from && chunk.indexOf(';', amp) >= stop) stop = amp;
        this.parser.write(chunk.slice(fed, stop));
        this.cutting = true;
        this.cut = true;
      }
      if (lt === -1) {
        if (!this.cutting) {
          this.run += end - from;
          if (!this.tagClosed && chunk.indexOf('>', from) !== -1) this.tagClosed = true;
        }
        break;
      }
      if (this.cutting) {
        fed = lt;
        this.cutting = false;
      }
      this.run = 1;
      this.tagClosed = false;
      this.markup += 1;
      if (lt + 1 < chunk.length) this.checkMarkup(chunk, lt);
      else this.ltPending = true;
      from = lt + 1;
    }
    if (!this.cutting) this.parser.write(chunk.slice(fed));
  }

  /** What follows the '<' at `lt` (-1: the last chunk's end). */
  private checkMarkup(chunk: string, lt: number): void {
    const next = chunk[lt + 1];
    if (next === '!' || (next === '?' && this.markup > 1)) throw tooComplex();
  }

  close(): void {
    this.parser.close();
  }
}

/** Parses one part, a chunk at a time; yields after each chunk (for the sheet's rows to be taken). */
async function* parsePart(
  stream: AsyncIterable<Buffer>,
  handlers: Handlers,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<void> {
  const xml = new BoundedXml(handlers);
  // Strict: bytes that are not UTF-8 make the part unreadable rather than replacement characters.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw badRequest(m.unreadableXlsx);
    }
  };
  for await (const chunk of stream) {
    onBytes?.(chunk.length);
    xml.write(decode(chunk));
    yield;
  }
  xml.write(decode());
  xml.close();
  yield;
}

async function parseWhole(stream: AsyncIterable<Buffer>, handlers: Handlers): Promise<void> {
  for await (const _ of parsePart(stream, handlers));
}

/** Text gathered from runs, kept to IMPORT_MAX_CELL_CHARS + 1 characters: a longer text ends in
 * '…' at that length, too long for any column. */
class CellText {
  private value = '';
  private long = false;

  add(text: string, cut: boolean): void {
    if (cut) this.long = true;
    if (this.value.length > IMPORT_MAX_CELL_CHARS) return;
    this.value += text.slice(0, IMPORT_MAX_CELL_CHARS + 1 - this.value.length);
  }

  take(): string {
    const text =
      this.long || this.value.length > IMPORT_MAX_CELL_CHARS
        ? `${this.value.slice(0, IMPORT_MAX_CELL_CHARS)}…`
        : this.value;
    this.value = '';
    this.long = false;
    return text;
  }
}

/** The shared strings, packed as UTF-8 in one buffer with their offsets. */
class SharedStrings {
  private bytes = Buffer.alloc(64 * 1024);
  private used = 0;
  private offsets = new Uint32Array(1024);
  private count = 0;

  add(text: string): void {
    if (this.count >= XLSX_MAX_SHARED_STRINGS) throw tooComplex();
    const length = Buffer.byteLength(text);
    if (this.used + length > XLSX_MAX_SHARED_BYTES) throw tooComplex();
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.alloc(
        Math.min(XLSX_MAX_SHARED_BYTES, Math.max(2 * this.bytes.length, this.used + length)),
      );
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count + 2 > this.offsets.length) {
      const grown = new Uint32Array(2 * this.offsets.length);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.used += this.bytes.write(text, this.used);
    this.count += 1;
    this.offsets[this.count] = this.used;
  }

  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    return this.bytes.toString('utf8', this.offsets[index], this.offsets[index + 1]);
  }
}

async function readSharedStrings(stream: AsyncIterable<Buffer>): Promise<SharedStrings> {
  const strings = new SharedStrings();
  const text = new CellText();
  let inString = false;
  let inText = false;
  let phonetic = 0;
  await parseWhole(stream, {
    open(name) {
      if (name === 'si') inString = true;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't') inText = inString && phonetic === 0;
    },
    text(value, cut) {
      if (inText) text.add(value, cut);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        inString = false;
        strings.add(text.take());
      }
    },
  });
  return strings;
}

/** Built-in number formats that show a date (the Western ones and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A format code shows a date when it has day, month or year codes outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

/** Which cell styles (by index) show a date. */
async function readDateStyles(stream: AsyncIterable<Buffer>): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parseWhole(stream, {
    open(name, attributes) {
      if (name === 'numFmt') {
        if (formats.size >= MAX_STYLES) throw tooComplex();
        formats.set(Number(attributes.numFmtId), String(attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        if (styles.length >= MAX_STYLES) throw tooComplex();
        const id = Number(attributes.numFmtId ?? 0);
        const code = formats.get(id);
        styles.push(code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** 'AB' → 27 (0-based: 27 is the 28th column); -1 when the reference has no letters. */
function columnIndex(reference: string): number {
  const letters = /^[A-Za-z]{1,3}/.exec(reference)?.[0];
  if (!letters) return -1;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** Spreadsheets count days from 1899-12-30 (or 1904-01-01 in the 1904 date system). */
function serialDay(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  if (!Number.isFinite(days) || days < 0 || days > 2_958_465) return '';
  return isoDay(new Date(Date.UTC(1899, 11, 30) + Math.round(days * 86_400_000)));
}

type Workbook = { strings: SharedStrings | null; dateStyles: boolean[]; date1904: boolean };

/** The sheet's rows, as they are parsed. */
async function* readRows(
  stream: AsyncIterable<Buffer>,
  size: number,
  { strings, dateStyles, date1904 }: Workbook,
): AsyncGenerator<SheetRow> {
  const rows: SheetRow[] = [];
  const text = new CellText();
  let read = 0;
  let line = 0;
  let cells: string[] = [];
  let column = 0;
  let type = 'n';
  let style = 0;
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;

  const value = (raw: string): string => {
    switch (type) {
      case 's':
        return strings?.get(Number(raw)) ?? '';
      case 'inlineStr':
      case 'str':
        return raw;
      case 'b':
        return raw.trim() === '1' ? 'true' : 'false';
      case 'e':
        return '';
      case 'd':
        return raw.slice(0, 10);
      default: {
        if (raw.trim() === '') return '';
        const number = Number(raw);
        if (Number.isNaN(number)) return raw;
        return dateStyles[style] ? serialDay(number, date1904) : String(number);
      }
    }
  };

  const parts = parsePart(
    stream,
    {
      open(name, attributes) {
        if (name === 'row') {
          const number = Number(attributes.r);
          line = Number.isInteger(number) && number > line ? number : line + 1;
          cells = [];
          column = 0;
        } else if (name === 'c') {
          const index = attributes.r === undefined ? -1 : columnIndex(attributes.r);
          column = index >= 0 ? index : column;
          type = attributes.t ?? 'n';
          style = Number(attributes.s ?? 0);
        } else if (name === 'v') inValue = true;
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't') inText = inInline && phonetic === 0;
      },
      text(raw, cut) {
        if (inValue || inText) text.add(raw, cut);
      },
      close(name) {
        if (name === 'v') inValue = false;
        else if (name === 't') inText = false;
        else if (name === 'is') inInline = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'c') {
          const cell = value(text.take());
          if (cell !== '') {
            if (column >= XLSX_MAX_COLUMNS) throw badRequest(m.tooManyColumns(line, XLSX_MAX_COLUMNS));
            cells[column] = cell;
          }
          column += 1;
        } else if (name === 'row') {
          rows.push({ line, cells: Array.from(cells, (cell) => cell ?? ''), progress: read / size });
        }
      },
    },
    (bytes) => {
      read += bytes;
    },
  );
  for await (const _ of parts) yield* rows.splice(0);
}

/** The first sheet of the workbook (its first tab), row by row. */
export async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const zip = await yauzl
    .openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
    .catch(() => {
      throw badRequest(m.unreadableXlsx);
    });
  try {
    yield* readFirstSheet(zip);
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(m.unreadableXlsx);
  } finally {
    zip.close();
  }
}

async function* readFirstSheet(zip: ZipFile): AsyncGenerator<SheetRow> {
  if (zip.entryCount > MAX_ENTRIES) throw tooComplex();
  const parts = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) parts.set(entry.fileName, entry);
  let unzipped = 0;
  const open = async (name: string) => {
    const entry = parts.get(name);
    if (!entry) return null;
    unzipped += entry.uncompressedSize;
    if (unzipped > XLSX_MAX_UNZIPPED_BYTES) throw payloadTooLarge(m.xlsxTooLarge);
    return { size: entry.uncompressedSize, stream: await zip.openReadStreamPromise(entry) };
  };

  const relations = new Map<string, string>();
  const rels = await open('xl/_rels/workbook.xml.rels');
  const workbookPart = await open('xl/workbook.xml');
  if (!rels || !workbookPart) throw badRequest(m.unreadableXlsx);
  await parseWhole(rels.stream, {
    open(name, attributes) {
      if (name !== 'Relationship' || relations.size >= MAX_ENTRIES) return;
      if (attributes.Id !== undefined && attributes.Target !== undefined)
        relations.set(attributes.Id, attributes.Target);
    },
    close() {},
  });
  let firstSheet: string | undefined;
  let date1904 = false;
  await parseWhole(workbookPart.stream, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name !== 'sheet' || firstSheet !== undefined) return;
      // The relationship id is the attribute 'id' of the relationships namespace, whatever its prefix.
      firstSheet = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
    },
    close() {},
  });

  const stringsPart = await open('xl/sharedStrings.xml');
  const strings = stringsPart ? await readSharedStrings(stringsPart.stream) : null;
  const stylesPart = await open('xl/styles.xml');
  const dateStyles = stylesPart ? await readDateStyles(stylesPart.stream) : [];

  const target = firstSheet === undefined ? undefined : relations.get(firstSheet);
  const sheet = target === undefined ? null : await open(partName(target));
  if (!sheet) throw badRequest(m.unreadableXlsx);
  yield* readRows(sheet.stream, Math.max(1, sheet.size), { strings, dateStyles, date1904 });
}

/** A relationship's target as a part name: relative to xl/, or absolute from the archive's root. */
function partName(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}
