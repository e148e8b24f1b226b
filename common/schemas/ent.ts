// Shapes of ENT access: how a school's teachers sign in, the CAS attribute mapping, the calls that
// finish a sign-in in the browser, and the teacher's classes.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.js';
import { entMessages } from '../messages/ent.js';
import { loginResponseSchema } from './auth.js';
import { groupSchema } from './teacher-area.js';
import { textSchema } from './text.js';

/** The identity providers an ENT sign-in comes through, and the name people know each by. */
export const ENT_PROVIDERS = ['gar', 'cas'] as const;
export type EntProvider = (typeof ENT_PROVIDERS)[number];
export const ENT_PROVIDER_NAMES: Record<EntProvider, string> = { gar: 'GAR', cas: 'CAS' };

/** How a school's teachers sign in: a password an admin hands out, or one of the ENT providers. */
export const signInMethodSchema = z.enum(['password', ...ENT_PROVIDERS]);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** The attributes the GAR sends about a teacher; a CAS server may send them under other names. */
export const GAR_ATTRIBUTES = ['IDO', 'NOM', 'PRE', 'P_MEL', 'UAI', 'PRO', 'DIV', 'GRO'] as const;
export type GarAttribute = (typeof GAR_ATTRIBUTES)[number];
/** The names a CAS school maps: all but IDO, since a CAS account is its server's user. */
export const CAS_MAPPED_ATTRIBUTES = GAR_ATTRIBUTES.filter((name) => name !== 'IDO');

const attributeName = textSchema(entMessages.invalidAttributeName)
  .trim()
  .refine((name) => name === '' || /^[A-Za-z][\w:.-]{0,99}$/.test(name), entMessages.invalidAttributeName);

/** The GAR's names → this school's CAS names; a name left out (or empty) is the GAR's own. */
export const casAttributesSchema = z
  .object(
    Object.fromEntries(GAR_ATTRIBUTES.map((name) => [name, attributeName.optional()])) as Record<
      GarAttribute,
      z.ZodOptional<typeof attributeName>
    >,
  )
  .strict()
  .transform(
    (mapping) =>
      Object.fromEntries(Object.entries(mapping).filter(([, value]) => value)) as Partial<
        Record<GarAttribute, string>
      >,
  );
export type CasAttributes = z.output<typeof casAttributesSchema>;

/** GET auth/ent: whether the sign-in page offers the ENT button. */
export const entOptionsResponseSchema = z.object({ saml: z.boolean() });
export type EntOptionsResponse = z.infer<typeof entOptionsResponseSchema>;

const codeField = z.string().regex(/^[\w-]{20,100}$/);

/** POST auth/ent/session: the one-time code the sign-in page received, for a session. */
export const entSessionRequestSchema = z.object({ code: codeField });

/** The spec's login response, and where to go next (a path of Ardoise). */
export const entSessionResponseSchema = loginResponseSchema.extend({ next: z.string() });
export type EntSessionResponse = z.infer<typeof entSessionResponseSchema>;

/** POST auth/ent/link: the password of the account the ENT identity is to be linked to. */
export const entLinkRequestSchema = z.object({
  code: codeField,
  password: textSchema(entMessages.passwordRequired)
    .min(1, entMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH),
});

/** A class (DIV) or group (GRO) the ENT says the teacher has. */
export const teacherClassSchema = z.object({
  kind: z.enum(['div', 'gro']),
  code: z.string(),
  label: z.string(),
  /** Whether a group was made for it in the level asked about. */
  hasGroup: z.boolean(),
});
export type TeacherClass = z.infer<typeof teacherClassSchema>;

export const teacherClassesResponseSchema = z.object({ classes: z.array(teacherClassSchema) });

export const createClassGroupsResponseSchema = z.object({
  success: z.literal(true),
  created: z.array(groupSchema),
  /** The teacher's group limit when it stopped the creation of some, else null. */
  limitReached: z.number().int().nullable(),
});
export type CreateClassGroupsResponse = z.infer<typeof createClassGroupsResponseSchema>;

/** A school's GAR subscription as the school details show it. */
export const subscriptionStateSchema = z.object({
  status: z.enum(['pending', 'sent', 'refused']),
  /** The GAR's answer when refused, or why the last try failed. */
  message: z.string(),
  /** When the next try is due (pending), ISO. */
  nextAttemptAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;
