// Shapes of the authentication calls (docs/product.md#entities-and-their-fields, docs/product.md#sign-in-calls).
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../constants.js';
import { authMessages } from '../messages/auth.js';
import { twoFactorMessages } from '../messages/two-factor.js';
import { textSchema } from './text.js';

/** The login form: username (the email) and password are required; token is the optional 2FA code. */
export const loginRequestSchema = z.object({
  username: textSchema().trim().min(1, authMessages.fillAllFields).max(MAX_EMAIL_LENGTH),
  password: textSchema().min(1, authMessages.fillAllFields).max(MAX_PASSWORD_LENGTH),
  token: textSchema().max(20).nullish(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** 'pupil' is beside the spec's roles (docs/pupils.md): a pupil signs in through an ENT or a class card. */
export const roleSchema = z.enum(['admin', 'teacher', 'pupil']);

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Beside the spec's fields, so that the avatar shows first-name and name initials. */
  firstname: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The caller's own contact details, so that profile forms can show what is stored. */
export const ownProfileSchema = z.object({
  name: z.string(),
  firstname: z.string(),
  email: z.string(),
  telephone: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const meResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  profile: ownProfileSchema,
});

/** off; pending: switched on, waiting for a first code (sign-in does not ask yet); on: in force.
 * Beside the spec's fields; while on, otpauthUrl and secret are empty (never shown again). */
export const twoFactorStatusSchema = z.enum(['off', 'pending', 'on']);
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupResponseSchema = z.object({
  success: z.boolean(),
  twoFactorEnabled: z.boolean(),
  otpauthUrl: z.string(),
  secret: z.string(),
  status: twoFactorStatusSchema,
});

export const twoFactorInfoResponseSchema = z.object({
  success: z.boolean(),
  otpauthUrl: z.string(),
  secret: z.string(),
  twoFactorEnabled: z.boolean(),
  status: twoFactorStatusSchema,
});
export type TwoFactorInfoResponse = z.infer<typeof twoFactorInfoResponseSchema>;

/** POST auth/setup-2fa may carry a code: switching off a secret in force needs a current one. */
export const twoFactorToggleRequestSchema = z.object({ code: textSchema().max(20).optional() }).nullish();

/** POST auth/confirm-2fa: the first code from the pending secret. */
export const twoFactorConfirmRequestSchema = z.object({
  code: textSchema(twoFactorMessages.codeRequired).trim().min(1, twoFactorMessages.codeRequired).max(20),
});

export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
