// Shapes of the teacher calls and form (docs/product.md#entities-and-their-fields ("Teacher"), docs/product.md#validation-rules ("Teacher create/edit"), docs/product.md#admin-calls).
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MAX_TITLE_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { teacherMessages as m } from '../messages/admin.js';
import {
  dropEmpty,
  flagSchema,
  fromVide,
  isEmail,
  MAX_EMAIL_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_TEXT_LENGTH,
  optionalText,
  requiredText,
} from './admin-fields.js';
import { signInMethodSchema } from './ent.js';
import { textSchema } from './text.js';

const MAX_LEVELS = 500;
export const MAX_GROUP_LIMIT = 10_000;

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** The school picked in the form: a numeric id (a numeric string from a <select> is accepted). */
const schoolField = positiveId(m.schoolRequired);

/** Levels as the spec sends them ({id, title}); plain ids are accepted too. Duplicates collapse. */
export const levelsField = z
  .array(
    z.union([positiveId(m.levelUnknown), z.object({ id: positiveId(m.levelUnknown) })], {
      error: m.levelUnknown,
    }),
    { error: m.levelUnknown },
  )
  .max(MAX_LEVELS, m.levelUnknown)
  .transform((levels) => [...new Set(levels.map((level) => (typeof level === 'number' ? level : level.id)))]);

/** How many groups the teacher may create: a whole number, or empty/null for no limit. */
export const groupsField = z
  .union([z.number(), textSchema(), z.null()], { error: m.invalidGroups })
  .transform((value, ctx): number | null => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_GROUP_LIMIT) {
      ctx.addIssue({ code: 'custom', message: m.invalidGroups });
      return z.NEVER;
    }
    return limit;
  });

const emailField = textSchema()
  .trim()
  .max(MAX_EMAIL_LENGTH, m.tooLong)
  .refine((value) => value === '' || isEmail(value), m.invalidEmail)
  .transform((value) => value.toLowerCase());

/** POST admin/createteacher: the teacher form (docs/product.md#entities-and-their-fields ("Teacher (form)")), in the spec's field order. */
export const teacherCreateSchema = z.object({
  name: requiredText(m.nameRequired, MAX_TITLE_LENGTH, m.tooLong),
  firstname: requiredText(m.firstnameRequired, MAX_TITLE_LENGTH, m.tooLong),
  school: schoolField,
  levels: levelsField.default([]),
  Groups: groupsField.default(null),
  Email: textSchema(m.emailRequired).trim().min(1, m.emailRequired).pipe(emailField),
  compteactife: flagSchema.default(true),
  telephone: requiredText(m.telephoneRequired, MAX_PHONE_LENGTH, m.tooLong),
  password: textSchema(m.passwordRequired)
    .min(1, m.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, m.tooLong),
  remarque: optionalText(MAX_TEXT_LENGTH, m.tooLong).default(''),
});
export type TeacherCreateInput = z.input<typeof teacherCreateSchema>;
export type TeacherCreate = z.output<typeof teacherCreateSchema>;

/** PATCH admin/editteacherteacher/{id}: empty values are dropped; the password keeps its minimum when
 * given. `levels` replaces the teacher's levels when present (an empty list removes them all);
 * `Groups: null` removes the limit. */
export const teacherEditSchema = z
  .object({
    name: textSchema().trim().max(MAX_TITLE_LENGTH, m.tooLong),
    firstname: textSchema().trim().max(MAX_TITLE_LENGTH, m.tooLong),
    school: z.union([z.literal(''), schoolField], { error: m.schoolUnknown }),
    levels: levelsField,
    Groups: z.union([z.literal(''), groupsField], { error: m.invalidGroups }),
    Email: emailField,
    compteactife: flagSchema,
    telephone: textSchema().trim().max(MAX_PHONE_LENGTH, m.tooLong),
    password: textSchema()
      .max(MAX_PASSWORD_LENGTH, m.tooLong)
      .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, m.passwordTooShort),
    remarque: textSchema().trim().max(MAX_TEXT_LENGTH, m.tooLong),
  })
  .partial()
  .transform((values) => {
    // dropEmpty keeps null, so `Groups: null` (no limit) survives; 'vide' clears the remark.
    const kept = dropEmpty(values);
    if (kept.remarque !== undefined) kept.remarque = fromVide(kept.remarque);
    return kept;
  });
export type TeacherEditInput = z.input<typeof teacherEditSchema>;
export type TeacherEdit = z.output<typeof teacherEditSchema>;

/** A teacher as the list shows it (docs/product.md#entities-and-their-fields ("Teacher (list)")), plus what the edit form prefills. */
export const teacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  email: z.string(),
  telephone: z.string(),
  school: z.string(),
  schoolId: z.number().int().nullable(),
  level: z.string(),
  levelIds: z.array(z.number().int()),
  active: z.boolean(),
  remarque: z.string(),
  groupCount: z.number().int(),
  Groups: z.number().int().nullable(),
  /** How the teacher signs in: a password, and the ENTs the account is known to. */
  signIn: z.array(signInMethodSchema),
});
export type Teacher = z.infer<typeof teacherSchema>;

export const getTeachersResponseSchema = z.object({
  success: z.literal(true),
  teachers: z.array(teacherSchema),
});
export type GetTeachersResponse = z.infer<typeof getTeachersResponseSchema>;

export const teacherResponseSchema = z.object({ success: z.literal(true), teacher: teacherSchema });
export type TeacherResponse = z.infer<typeof teacherResponseSchema>;

export const teacherToggleResponseSchema = z.object({ success: z.literal(true), active: z.boolean() });
export type TeacherToggleResponse = z.infer<typeof teacherToggleResponseSchema>;

/** GET admin/getlevel&schools: the options of the teacher form. */
export const levelsAndSchoolsResponseSchema = z.object({
  success: z.literal(true),
  schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
  levels: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type LevelsAndSchoolsResponse = z.infer<typeof levelsAndSchoolsResponseSchema>;
