// GET admin/getsession/{lessonId}: the sessions and PDFs of a lesson, its title and period (`parrentid`).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lessonContentResponseSchema } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export type LessonContent = z.infer<typeof lessonContentResponseSchema>;

export async function getLessonContent(lessonId: number): Promise<LessonContent> {
  const { data } = await api.get<LessonContent>(`admin/getsession/${lessonId}`);
  return data;
}

export const getLessonContentQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: curriculumKeys.lessonContent(lessonId),
    queryFn: () => getLessonContent(lessonId),
  });

/** `lessonId` is null when the URL holds no valid id: nothing is fetched then. */
export const useLessonContent = (lessonId: number | null) =>
  useQuery({ ...getLessonContentQueryOptions(lessonId ?? 0), enabled: lessonId !== null });
