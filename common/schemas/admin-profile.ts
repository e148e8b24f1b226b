// Shapes of the admin's own profile edit (docs/product.md#entities-and-their-fields ("Admin"), docs/product.md#validation-rules ("Admin edit"), docs/product.md#api-calls admin/updateadmin).
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MAX_TITLE_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { adminProfileMessages as m } from '../messages/admin.js';
import { dropEmpty, isEmail, MAX_EMAIL_LENGTH, MAX_PHONE_LENGTH } from './admin-fields.js';
import { textSchema } from './text.js';

const tooLong = 'This field is too long';

/** Every field optional; empty ones are dropped; the password keeps its minimum when given. */
export const adminProfileSchema = z
  .object({
    name: textSchema().trim().max(MAX_TITLE_LENGTH, tooLong),
    firstname: textSchema().trim().max(MAX_TITLE_LENGTH, tooLong),
    email: textSchema()
      .trim()
      .max(MAX_EMAIL_LENGTH, tooLong)
      .refine((value) => value === '' || isEmail(value), m.invalidEmail)
      .transform((value) => value.toLowerCase()),
    telephone: textSchema().trim().max(MAX_PHONE_LENGTH, tooLong),
    password: textSchema()
      .max(MAX_PASSWORD_LENGTH, tooLong)
      .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, m.passwordTooShort),
  })
  .partial()
  .transform(dropEmpty);
export type AdminProfileInput = z.input<typeof adminProfileSchema>;
export type AdminProfileUpdate = z.output<typeof adminProfileSchema>;

export const adminProfileResponseSchema = z.object({
  success: z.literal(true),
  admin: z.object({
    id: z.number().int(),
    name: z.string(),
    firstname: z.string(),
    email: z.string(),
    telephone: z.string(),
  }),
});
export type AdminProfileResponse = z.infer<typeof adminProfileResponseSchema>;
