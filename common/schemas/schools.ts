// Shapes of the school calls and form (docs/product.md#entities-and-their-fields ("School"), docs/product.md#validation-rules ("School create/edit"), docs/product.md#admin-calls).
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../constants.js';
import { schoolMessages as m } from '../messages/admin.js';
import { entMessages } from '../messages/ent.js';
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
import {
  casAttributesSchema,
  type SignInMethod,
  signInMethodSchema,
  subscriptionStateSchema,
} from './ent.js';
import { groupsField, levelsField } from './teachers.js';
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

/** https, or http on this machine only (a test server): ticket checks travel over it. */
export const isCasUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
};

/** The CAS server's base URL, without a trailing slash; 'vide' kept as typed for the edit to clear it. */
const casUrlField = textSchema(entMessages.invalidCasUrl)
  .trim()
  .max(MAX_URL_LENGTH, entMessages.invalidCasUrl)
  .transform((value) => value.replace(/\/+$/, ''))
  .refine((value) => fromVide(value) === '' || isCasUrl(value), entMessages.invalidCasUrl);

/** A school signing in through CAS needs its server's URL. */
function casNeedsUrl(values: { signInMethod?: SignInMethod; casUrl?: string }, ctx: z.RefinementCtx): void {
  if (values.signInMethod === 'cas' && !values.casUrl) {
    ctx.addIssue({ code: 'custom', message: entMessages.casUrlRequired, path: ['casUrl'] });
  }
}

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

/** POST admin/createschool: the school form (docs/product.md#entities-and-their-fields), checked by the form and by the server. */
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
    signInMethod: signInMethodSchema.default('password'),
    casUrl: casUrlField.transform(fromVide).default(''),
    casAttributes: casAttributesSchema.default({}),
    levels: levelsField.default([]),
    groupQuota: groupsField.default(null),
  })
  .superRefine(endNotBeforeStart)
  .superRefine(casNeedsUrl);
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
    signInMethod: signInMethodSchema,
    casUrl: casUrlField,
    casAttributes: casAttributesSchema,
    levels: levelsField,
    groupQuota: groupsField,
  })
  .partial()
  .superRefine(endNotBeforeStart)
  .transform((values) => {
    const kept = dropEmpty(values);
    // 'vide' empties an optional field (an empty value alone would be dropped).
    for (const key of ['email', 'website', 'remarque', 'addres', 'uai', 'casUrl'] as const) {
      if (kept[key] !== undefined) kept[key] = fromVide(kept[key]);
    }
    return kept;
  });
export type SchoolEditInput = z.input<typeof schoolEditSchema>;
export type SchoolEdit = z.output<typeof schoolEditSchema>;

/** A school as the list and the details modal show it (docs/product.md#entities-and-their-fields ("School")). */
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
  signInMethod: signInMethodSchema,
  casUrl: z.string(),
  casAttributes: z.record(z.string(), z.string()),
  /** The levels its licence includes. */
  levels: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** The group limit of a teacher's account made on the spot; null = no limit. */
  groupQuota: z.number().int().nullable(),
  /** Its GAR subscription; null when it has none (no UAI, or subscriptions are not set up). */
  subscription: subscriptionStateSchema.nullable(),
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
