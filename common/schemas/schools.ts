// Shapes of the school calls and form (SPEC §3 "School", §5 "School create/edit", §7 "Admin").
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../constants.js';
import { schoolMessages as m } from '../messages/admin.js';
import { isValidUai, normaliseUai } from '../uai.js';
import {
  dropEmpty,
  flagSchema,
  fromVide,
  isEmail,
  isIsoDate,
  isWebsite,
  MAX_EMAIL_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
  optionalText,
  requiredText,
  toIsoDate,
} from './admin-fields.js';
import { textSchema } from './text.js';

const emailField = textSchema()
  .trim()
  .max(MAX_EMAIL_LENGTH, m.tooLong)
  .transform(fromVide)
  .refine((value) => value === '' || isEmail(value), m.invalidEmail);

const websiteField = textSchema()
  .trim()
  .max(MAX_URL_LENGTH, m.tooLong)
  .transform(fromVide)
  .refine((value) => value === '' || isWebsite(value), m.invalidWebsite);

/** The UAI, upper-cased; '' or 'vide' (kept as typed, for the edit to clear it) when none. */
const uaiField = textSchema(m.invalidUai)
  .max(MAX_TITLE_LENGTH, m.invalidUai)
  .transform(normaliseUai)
  .refine((value) => fromVide(value) === '' || isValidUai(value), m.invalidUai);

const requiredDate = (message: string) =>
  textSchema(message).trim().min(1, message).transform(toIsoDate).refine(isIsoDate, m.invalidDate);

const optionalDate = textSchema()
  .trim()
  .transform(toIsoDate)
  .refine((value) => value === '' || isIsoDate(value), m.invalidDate);

function endNotBeforeStart(
  values: { licensestartdate?: string; licensesddate?: string },
  ctx: z.RefinementCtx,
): void {
  const { licensestartdate: start, licensesddate: end } = values;
  if (start && end && end < start) {
    ctx.addIssue({ code: 'custom', message: m.endBeforeStart, path: ['licensesddate'] });
  }
}

/** POST admin/createschool: the school form (SPEC §3), checked by the form and by the server. */
export const schoolCreateSchema = z
  .object({
    schoolName: requiredText(m.nameRequired, MAX_TITLE_LENGTH, m.tooLong),
    city: requiredText(m.cityRequired, MAX_TITLE_LENGTH, m.tooLong),
    email: emailField.default(''),
    telephone: requiredText(m.telephoneRequired, MAX_PHONE_LENGTH, m.tooLong),
    website: websiteField.default(''),
    addres: optionalText(MAX_TEXT_LENGTH, m.tooLong).default(''),
    licensestartdate: requiredDate(m.licenseStartRequired),
    licensesddate: requiredDate(m.licenseEndRequired),
    licensespaymentdate: optionalDate.default(''),
    activelicense: flagSchema.default(false),
    remarque: optionalText(MAX_TEXT_LENGTH, m.tooLong).default(''),
    uai: uaiField.transform(fromVide).default(''),
  })
  .superRefine(endNotBeforeStart);
export type SchoolCreateInput = z.input<typeof schoolCreateSchema>;
export type SchoolCreate = z.output<typeof schoolCreateSchema>;

/** PATCH admin/editschoolform/{id}: every field optional, empty ones dropped; 'vide' clears a field. */
export const schoolEditSchema = z
  .object({
    schoolName: textSchema().trim().max(MAX_TITLE_LENGTH, m.tooLong),
    city: textSchema().trim().max(MAX_TITLE_LENGTH, m.tooLong),
    email: textSchema()
      .trim()
      .max(MAX_EMAIL_LENGTH, m.tooLong)
      .refine((value) => value === '' || fromVide(value) === '' || isEmail(value), m.invalidEmail),
    telephone: textSchema().trim().max(MAX_PHONE_LENGTH, m.tooLong),
    website: textSchema()
      .trim()
      .max(MAX_URL_LENGTH, m.tooLong)
      .refine((value) => value === '' || fromVide(value) === '' || isWebsite(value), m.invalidWebsite),
    addres: textSchema().trim().max(MAX_TEXT_LENGTH, m.tooLong),
    licensestartdate: optionalDate,
    licensesddate: optionalDate,
    licensespaymentdate: optionalDate,
    activelicense: flagSchema,
    remarque: textSchema().trim().max(MAX_TEXT_LENGTH, m.tooLong),
    uai: uaiField,
  })
  .partial()
  .superRefine(endNotBeforeStart)
  .transform((values) => {
    const kept = dropEmpty(values);
    // 'vide' empties an optional field (an empty value alone would be dropped).
    for (const key of ['email', 'website', 'remarque', 'addres', 'uai'] as const) {
      if (kept[key] !== undefined) kept[key] = fromVide(kept[key]);
    }
    return kept;
  });
export type SchoolEditInput = z.input<typeof schoolEditSchema>;
export type SchoolEdit = z.output<typeof schoolEditSchema>;

/** A school as the list and the details modal show it (SPEC §3 "School"). */
export const schoolSchema = z.object({
  id: z.number().int(),
  schoolName: z.string(),
  city: z.string(),
  email: z.string(),
  telephone: z.string(),
  website: z.string(),
  addres: z.string(),
  remarque: z.string(),
  activelicense: z.boolean(),
  licensestartdate: z.string(),
  licensesddate: z.string(),
  licensespaymentdate: z.string(),
  /** '' when the school has none. */
  uai: z.string(),
  teacherCount: z.number().int(),
  groupCount: z.number().int(),
});
export type School = z.infer<typeof schoolSchema>;

export const getSchoolsResponseSchema = z.object({
  success: z.literal(true),
  schools: z.array(schoolSchema),
});
export type GetSchoolsResponse = z.infer<typeof getSchoolsResponseSchema>;

export const schoolResponseSchema = z.object({ success: z.literal(true), school: schoolSchema });
export type SchoolResponse = z.infer<typeof schoolResponseSchema>;

export const schoolToggleResponseSchema = z.object({ success: z.literal(true), activelicense: z.boolean() });
export type SchoolToggleResponse = z.infer<typeof schoolToggleResponseSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });
