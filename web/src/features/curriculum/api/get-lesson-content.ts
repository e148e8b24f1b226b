// GET admin/getsession/{lessonId}: the sessions and PDFs of a lesson, its title and period (`parrentid`).
import type { z } from 'zod';
import type { lessonContentResponseSchema } from '@/common/schemas/curriculum.js';
import { queryById } from './query-by-id';
import { curriculumKeys } from './query-keys';

export type LessonContent = z.infer<typeof lessonContentResponseSchema>;

export const useLessonContent = queryById<LessonContent>('admin/getsession', curriculumKeys.lessonContent);
