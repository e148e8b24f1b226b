// Free text from a client: a string without the control characters no keyboard types.
// PostgreSQL refuses NUL in text (SQLite would store it), so both databases get the same 400.
import { z } from 'zod';
import { httpMessages } from '../messages/http.js';

// The one rule for control characters in text from outside (a form, an import's cell, an ENT's
// attribute, a return path): C0 controls, DEL and C1 controls. Tab, line feed and carriage return are
// allowed only where the text may hold lines (a remark, a form's text), never in a one-line value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's job.
const CONTROL_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's job.
const CONTROL_IN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F]/;

/** True when the text holds no control character (tab and line breaks allowed). */
export const hasNoControlCharacter = (value: string): boolean => !CONTROL_IN_LINES.test(value);

/** True when a one-line value (a name, an id, a path) holds no control character, tab and line
 * breaks included. */
export const isOneCleanLine = (value: string): boolean => !CONTROL_IN_ONE_LINE.test(value);

/** A string a user typed: refuses control characters with a clear message. */
export const textSchema = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine(hasNoControlCharacter, httpMessages.controlCharacter);
