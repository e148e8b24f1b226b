// Shapes of the pupils' calls without an ENT (docs/pupils.md#sans-ent--les-cartes-de-connexion):
// the teacher's roster and cards, and the door /classe.
import { z } from 'zod';
import { MAX_PUPIL_NAME_LENGTH, pupilMessages } from '../messages/pupils.js';
import { CARD_PICTURES, CLASS_CODE_LENGTH, normalizeClassCode, PICTURE_CODE_LENGTH } from '../pupils.js';
import { loginResponseSchema } from './auth.js';
import { idSchema } from './ids.js';
import { isOneCleanLine, textSchema } from './text.js';

export const signInKindSchema = z.enum(['card', 'gar', 'cas']);
export type SignInKind = z.infer<typeof signInKindSchema>;

export const rosterPupilSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  name: z.string(),
  pseudonym: z.string(),
  displayName: z.string(),
  /** How the pupil signs in: their ENT (GAR, CAS) or the teacher's card. */
  signIn: signInKindSchema,
  hasCard: z.boolean(),
});
export type RosterPupil = z.infer<typeof rosterPupilSchema>;

export const rosterResponseSchema = z.object({
  success: z.literal(true),
  classCode: z.string().nullable(),
  pupils: z.array(rosterPupilSchema),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** The names a teacher typed or pasted: the lines are read by the server (parsePupilNames). */
export const addPupilsRequestSchema = z.object({
  names: textSchema(pupilMessages.noNames).max(20_000, pupilMessages.tooManyNames),
});
export type AddPupilsRequest = z.infer<typeof addPupilsRequestSchema>;

const pupilNameSchema = textSchema(pupilMessages.nameRequired)
  .trim()
  .max(MAX_PUPIL_NAME_LENGTH, pupilMessages.nameTooLongShort)
  .refine(isOneCleanLine, pupilMessages.nameTooLongShort);

export const renamePupilRequestSchema = z
  .object({ firstname: pupilNameSchema, name: pupilNameSchema })
  .refine((names) => names.firstname !== '' || names.name !== '', pupilMessages.nameRequired);
export type RenamePupilRequest = z.infer<typeof renamePupilRequestSchema>;

export const groupPupilParamsSchema = z.object({ groupId: idSchema, pupilId: idSchema });

export const pictureCodeSchema = z
  .array(
    z
      .number(pupilMessages.choosePictures)
      .int(pupilMessages.choosePictures)
      .min(0, pupilMessages.choosePictures)
      .max(CARD_PICTURES.length - 1, pupilMessages.choosePictures),
    pupilMessages.choosePictures,
  )
  .length(PICTURE_CODE_LENGTH, pupilMessages.choosePictures);

export const pupilCardSchema = z.object({
  pupilId: z.number().int(),
  displayName: z.string(),
  pictures: z.array(z.number().int()),
  /** Signs this pupil in from the QR code (`/classe#carte=<token>`); voided by « Nouvelles cartes ». */
  qrToken: z.string(),
});
export type PupilCard = z.infer<typeof pupilCardSchema>;

export const cardsResponseSchema = z.object({
  success: z.literal(true),
  groupTitle: z.string(),
  classCode: z.string(),
  cards: z.array(pupilCardSchema),
});
export type CardsResponse = z.infer<typeof cardsResponseSchema>;

/** A class code as typed: any case, spaces ignored. */
export const classCodeSchema = textSchema(pupilMessages.classCodeRequired)
  .max(40, pupilMessages.unknownClassCode)
  .transform(normalizeClassCode)
  .refine((code) => code.length > 0, pupilMessages.classCodeRequired)
  .refine((code) => code.length <= CLASS_CODE_LENGTH * 2, pupilMessages.unknownClassCode);

export const classLookupRequestSchema = z.object({ classCode: classCodeSchema });

export const classLookupResponseSchema = z.object({
  success: z.literal(true),
  group: z.object({ title: z.string() }),
  pupils: z.array(z.object({ id: z.number().int(), displayName: z.string() })),
});
export type ClassLookupResponse = z.infer<typeof classLookupResponseSchema>;

export const pictureSignInRequestSchema = z.object({
  classCode: classCodeSchema,
  pupilId: idSchema,
  pictures: pictureCodeSchema,
});
export type PictureSignInRequest = z.infer<typeof pictureSignInRequestSchema>;

export const cardSignInRequestSchema = z.object({
  token: textSchema(pupilMessages.wrongCard)
    .trim()
    .min(1, pupilMessages.wrongCard)
    .max(200, pupilMessages.wrongCard),
});

/** What a class tablet keeps of a pupil who signed in on it, so that they can sign in again there
 * while the network is cut (docs/pupils.md#hors-ligne): their class as the door shows it, their
 * name, and the check of their pictures (common/offline-door.ts). */
export const offlineDoorSchema = z.object({
  classCode: z.string(),
  classTitle: z.string(),
  displayName: z.string(),
  salt: z.string(),
  iterations: z.number().int(),
  digest: z.string(),
});
export type OfflineDoor = z.infer<typeof offlineDoorSchema>;

/** The door's sign-ins: the password login's answer, and what the tablet keeps (null for a pupil
 * whose card opens no class the door knows). */
export const doorSignInResponseSchema = loginResponseSchema.extend({ offline: offlineDoorSchema.nullable() });
export type DoorSignInResponse = z.infer<typeof doorSignInResponseSchema>;
