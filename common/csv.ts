// CSV files that French Excel opens as they are: UTF-8 with a BOM, `;` between cells, CRLF line
// ends, and text cells that a spreadsheet would run as a formula made inert. Written by the server
// (exports, import models) and by the browser (an import's sign-in links).

export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const SEPARATOR = ';';
/** A text cell starting with one of these is read as a formula by spreadsheets (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers with a decimal comma (as French Excel reads them), text neutralised (a leading
 * apostrophe) and quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
