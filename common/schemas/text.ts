// Free text from a client: a string without the control characters no keyboard types.
// PostgreSQL refuses NUL in text (SQLite would store it), so both databases get the same 400.
import { z } from 'zod';
import { httpMessages } from '../messages/http.js';

// C0 controls and DEL, except tab, line feed and carriage return (a remark may hold lines).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's job.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasNoControlCharacter = (value: string): boolean => !CONTROL_CHARACTER.test(value);

/** A string a user typed: refuses control characters with a clear message. */
export const textSchema = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine(hasNoControlCharacter, httpMessages.controlCharacter);
