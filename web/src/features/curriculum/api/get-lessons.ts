// GET admin/levels/{periodId}: the lessons of a period and its name (`levelname`).
import type { z } from 'zod';
import type { lessonsResponseSchema } from '@/common/schemas/curriculum.js';
import { queryById } from './query-by-id';
import { curriculumKeys } from './query-keys';

export type LessonsResponse = z.infer<typeof lessonsResponseSchema>;

export const useLessons = queryById<LessonsResponse>('admin/levels', curriculumKeys.lessons);
