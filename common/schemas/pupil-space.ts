// The pupil's space (/eleve, docs/pupils.md#lespace-de-lélève): their groups, and in each the
// activities their teacher gave them, in the learning table's order, with their own state.
import { z } from 'zod';

export const pupilGroupSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The teacher's name as shown to the pupil. */
  teacher: z.string(),
  toDo: z.number(),
  done: z.number(),
});
export type PupilGroup = z.infer<typeof pupilGroupSchema>;

export const pupilGroupsResponseSchema = z.object({
  success: z.literal(true),
  /** The pupil's name as shown (« Élève K7P » while none is known). */
  pupil: z.object({ id: z.number(), name: z.string() }),
  /** A shared tablet signs the pupil out after this long without interaction. */
  idleMinutes: z.number(),
  groups: z.array(pupilGroupSchema),
});
export type PupilGroupsResponse = z.infer<typeof pupilGroupsResponseSchema>;

export const pupilActivityStateSchema = z.enum(['todo', 'done', 'locked']);
export type PupilActivityState = z.infer<typeof pupilActivityStateSchema>;

export const pupilActivitySchema = z.object({
  /** The pupil's own entry: the id of /eleve/activite/{id}. */
  entryId: z.number(),
  title: z.string(),
  lessonTitle: z.string(),
  sessionTitle: z.string(),
  state: pupilActivityStateSchema,
  score: z.number().nullable(),
  dueDate: z.string().nullable(),
});
export type PupilActivity = z.infer<typeof pupilActivitySchema>;

export const pupilGroupResponseSchema = z.object({
  success: z.literal(true),
  group: z.object({ id: z.number(), title: z.string(), teacher: z.string() }),
  activities: z.array(pupilActivitySchema),
});
export type PupilGroupResponse = z.infer<typeof pupilGroupResponseSchema>;
