// Field rules shared by the admin forms (schools, teachers, own profile) and the server that checks them.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_TEXT_LENGTH } from '../constants.js';
import { textSchema } from './text.js';

/** The school form sends this word for an empty website, email or remark (docs/product.md#entities-and-their-fields); it is stored as ''. */
export const VIDE = 'vide';

export const MAX_PHONE_LENGTH = 40;
export const MAX_URL_LENGTH = 500;
export { MAX_EMAIL_LENGTH, MAX_TEXT_LENGTH };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

// A bare host ('ecole.fr') or an http(s) URL: never another scheme, since it is rendered as a link.
const WEBSITE_PATTERN = /^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#]\S*)?$/iu;
export const isWebsite = (value: string): boolean => WEBSITE_PATTERN.test(value);

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Accepts a date or a full ISO timestamp and keeps the calendar date. */
export const toIsoDate = (value: string): string =>
  /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;

export const fromVide = (value: string): string => (value.toLowerCase() === VIDE ? '' : value);

/** A required text: trimmed, the spec's message when missing or blank, bounded. */
export const requiredText = (message: string, max: number, tooLong: string) =>
  textSchema(message).trim().min(1, message).max(max, tooLong);

/** An optional text where 'vide' means empty. */
export const optionalText = (max: number, tooLong: string) =>
  textSchema().trim().max(max, tooLong).transform(fromVide);

/** A boolean; also accepts 'true'/'false'/0/1 from clients that send form values as they are. */
export const flagSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
  z.literal([0, 1]).transform((value) => value === 1),
]);

/** The one "drop the fields that carry nothing" of the code base: keeps the entries `keep` accepts. */
function keepEntries<T extends Record<string, unknown>>(
  values: T,
  keep: (value: unknown) => boolean,
): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => keep(value))) as Partial<T>;
}

/** Drops '' and undefined values: edit forms send only the fields that were filled (docs/product.md#validation-rules). */
export const dropEmpty = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  keepEntries(values, (value) => value !== undefined && value !== '');

/** Drops undefined values only ('' still clears a column): the columns an update sets. */
export const dropUndefined = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  keepEntries(values, (value) => value !== undefined);
