// The header line and the cells of an import file: headers matched whatever their case, accents and
// spaces; each cell read as trimmed text with the checks the admin forms apply (dates in French or
// ISO form, emails, UAIs, level titles), each refusal worded with its column's name.
import { MAX_EMAIL_LENGTH, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH } from '../../../common/constants.js';
import { isoDay } from '../../../common/licence.js';
import { importMessages as m } from '../../../common/messages/imports.js';
import {
  isEmail,
  isIsoDate,
  isWebsite,
  MAX_PHONE_LENGTH,
  MAX_URL_LENGTH,
} from '../../../common/schemas/admin-fields.js';
import { optionalImportColumns } from '../../../common/schemas/imports.js';
import { MAX_GROUP_LIMIT } from '../../../common/schemas/teachers.js';
import { hasNoControlCharacter } from '../../../common/schemas/text.js';
import { isValidUai, normaliseUai } from '../../../common/uai.js';
import { badRequest } from '../../http-error.js';

/** 'Début licence', 'debut_licence' and 'DEBUT-LICENCE' all read 'debutlicence'. */
export const headerKey = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** Where each expected column is in the header line; refuses missing (but optional), unknown and
 * repeated ones. An optional column left out reads as empty cells. */
export function mapColumns<C extends string>(header: string[], columns: readonly C[]): Record<C, number> {
  const wanted = new Map(columns.map((column) => [headerKey(column), column]));
  const positions = {} as Record<C, number>;
  const unknown: string[] = [];
  header.forEach((cell, index) => {
    if (cell.trim() === '') return;
    const column = wanted.get(headerKey(cell));
    if (!column) unknown.push(cell.trim());
    else if (column in positions) throw badRequest(m.duplicateColumn(column));
    else positions[column] = index;
  });
  const missing = columns.filter(
    (column) => !(column in positions) && !optionalImportColumns.includes(column),
  );
  const problems = [
    ...(missing.length > 0 ? [m.missingColumns(missing)] : []),
    ...(unknown.length > 0 ? [m.unknownColumns(unknown)] : []),
  ];
  if (problems.length > 0) throw badRequest(`${problems.join(' ')} ${m.expectedColumns(columns)}`);
  return positions;
}

/** Reads one row's cells by column name, collecting the row's errors as it goes. */
export class RowReader<C extends string> {
  readonly errors: string[] = [];

  constructor(
    private readonly cells: string[],
    private readonly positions: Record<C, number>,
  ) {}

  /** The cell as trimmed text ('' when empty); a control character or an over-long value is an error,
   * and reads as '' so that no other check repeats it. */
  text(column: C, max = MAX_TEXT_LENGTH): string {
    const value = (this.cells[this.positions[column]] ?? '').trim();
    if (!hasNoControlCharacter(value)) this.errors.push(m.controlCharacter(column));
    else if (value.length > max) this.errors.push(m.tooLong(column, max));
    else return value;
    return '';
  }

  required(column: C, max = MAX_TITLE_LENGTH): string {
    const errors = this.errors.length;
    const value = this.text(column, max);
    if (value === '' && this.errors.length === errors) this.errors.push(m.required(column));
    return value;
  }

  uai(column: C): string {
    const value = normaliseUai(this.required(column, 20));
    if (value !== '' && !isValidUai(value)) this.errors.push(m.invalidUai(value));
    return value;
  }

  email(column: C, { required }: { required: boolean }): string {
    const value = (
      required ? this.required(column, MAX_EMAIL_LENGTH) : this.text(column, MAX_EMAIL_LENGTH)
    ).toLowerCase();
    if (value !== '' && !isEmail(value)) this.errors.push(m.invalidEmail(value));
    return value;
  }

  /** A French telephone number that a spreadsheet stored as a number has lost its leading 0. */
  telephone(column: C): string {
    const value = this.required(column, MAX_PHONE_LENGTH);
    return /^[1-9]\d{8}$/.test(value) ? `0${value}` : value;
  }

  website(column: C): string {
    const value = this.text(column, MAX_URL_LENGTH);
    if (value !== '' && !isWebsite(value)) this.errors.push(m.invalidWebsite(value));
    return value;
  }

  /** A required date, 'JJ/MM/AAAA' or 'AAAA-MM-JJ' (or a spreadsheet's day number), as 'YYYY-MM-DD'. */
  date(column: C): string {
    const value = this.required(column, 40);
    if (value === '') return '';
    const iso = toIsoDay(value);
    if (iso === null) this.errors.push(m.invalidDate(column, value));
    return iso ?? '';
  }

  /** A number of groups (0 to MAX_GROUP_LIMIT), or null when the cell is empty. */
  groupLimit(column: C): number | null {
    const value = this.text(column, 20);
    if (value === '') return null;
    const limit = Number(value);
    if (!/^\d+$/.test(value) || limit > MAX_GROUP_LIMIT) {
      this.errors.push(m.invalidQuota(column, value));
      return null;
    }
    return limit;
  }

  /** Level titles separated by '|', as ids of existing levels (matched without case or accents). */
  levels(column: C, levelIds: Map<string, number>): number[] {
    const ids = new Set<number>();
    for (const title of this.text(column).split('|')) {
      if (title.trim() === '') continue;
      const id = levelIds.get(headerKey(title));
      if (id === undefined) this.errors.push(m.unknownLevel(title.trim()));
      else ids.add(id);
    }
    return [...ids].sort((a, b) => a - b);
  }
}

/** 'JJ/MM/AAAA' (also with '-' or '.'), 'AAAA-MM-JJ', or a spreadsheet's day number. */
export function toIsoDay(value: string): string | null {
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = french
    ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : /^\d{5}$/.test(value)
        ? excelDay(Number(value))
        : null;
  return iso !== null && isIsoDate(iso) ? iso : null;
}

/** Spreadsheets count days from 1899-12-30 (the 1900 date system). */
const excelDay = (serial: number): string => isoDay(new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000));

/** Level titles as keys (case and accents ignored) to their ids. */
export function levelKeys(levels: { id: number; title: string }[]): Map<string, number> {
  return new Map(levels.map((level) => [headerKey(level.title), level.id]));
}
