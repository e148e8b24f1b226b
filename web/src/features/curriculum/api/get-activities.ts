// GET admin/getactivites/{sessionId}: the activities of a session, its title and lesson (`parentid`).
import type { z } from 'zod';
import type { activitiesResponseSchema } from '@/common/schemas/curriculum.js';
import { queryById } from './query-by-id';
import { curriculumKeys } from './query-keys';

export type SessionActivities = z.infer<typeof activitiesResponseSchema>;

export const useActivities = queryById<SessionActivities>('admin/getactivites', curriculumKeys.activities);
