// Shapes of the ways into an account: one-time sign-in links (the admin's side and the
// page behind the link) and the teacher's own profile and password. Beside the spec's calls.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { ownAccountMessages as m } from '../messages/account-access.js';
import { teacherCreateSchema, teacherSchema } from './teachers.js';
import { textSchema } from './text.js';

const newPassword = textSchema(m.passwordTooShort)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, m.tooLong);

/** The check of a new password typed twice, as the forms show it under each field. */
export function checkNewPassword(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  if (password.length < PASSWORD_MIN_LENGTH) return { password: m.passwordTooShort };
  if (password.length > MAX_PASSWORD_LENGTH) return { password: m.tooLong };
  if (password !== confirmation) return { confirmation: m.passwordsDiffer };
  return {};
}

/** What the admin gets once: the link, its end, and whether it also left by email (null: no SMTP). */
export const signInLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  email: z.object({ to: z.string(), sent: z.boolean() }).nullable(),
});
export type SignInLink = z.infer<typeof signInLinkSchema>;

/** POST admin/teachers/invite: the spec's teacher form without a password. */
export const teacherInviteSchema = teacherCreateSchema.omit({ password: true });
export type TeacherInviteInput = z.input<typeof teacherInviteSchema>;
export type TeacherInvite = z.output<typeof teacherInviteSchema>;

export const teacherInviteResponseSchema = z.object({
  success: z.literal(true),
  teacher: teacherSchema,
  link: signInLinkSchema,
});
export type TeacherInviteResponse = z.infer<typeof teacherInviteResponseSchema>;

export const signInLinkResponseSchema = z.object({ success: z.literal(true), link: signInLinkSchema });
export type SignInLinkResponse = z.infer<typeof signInLinkResponseSchema>;

const tokenField = textSchema(m.linkUnknown).min(1, m.linkUnknown).max(100, m.linkUnknown);

/** POST auth/sign-in-link: what the page behind a link shows before the password is chosen. */
export const signInLinkCheckSchema = z.object({ token: tokenField });
export const signInLinkInfoResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  firstname: z.string(),
  purpose: z.enum(['invite', 'reset']),
  expiresAt: z.string(),
});
export type SignInLinkInfo = z.infer<typeof signInLinkInfoResponseSchema>;

/** POST auth/sign-in-link/password: the chosen password; the link is then used up. */
export const signInLinkPasswordSchema = z.object({ token: tokenField, password: newPassword });
export const signInLinkPasswordResponseSchema = z.object({ success: z.literal(true), email: z.string() });

/** GET user/profile: what a teacher may see of their own account. */
export const ownProfileResponseSchema = z.object({
  success: z.literal(true),
  profile: z.object({
    name: z.string(),
    firstname: z.string(),
    email: z.string(),
    telephone: z.string(),
    school: z.string(),
    levels: z.array(z.string()),
    groupCount: z.number().int(),
    groupLimit: z.number().int().nullable(),
  }),
});
export type OwnTeacherProfile = z.infer<typeof ownProfileResponseSchema>['profile'];

/** POST user/password: the current password, then the new one. */
export const ownPasswordSchema = z.object({
  currentPassword: textSchema(m.currentRequired)
    .min(1, m.currentRequired)
    .max(MAX_PASSWORD_LENGTH, m.tooLong),
  password: newPassword,
});
export type OwnPasswordInput = z.input<typeof ownPasswordSchema>;
