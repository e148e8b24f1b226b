// GET admin/levels/{periodId}: the lessons of a period and its name (`levelname`).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lessonsResponseSchema } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export type LessonsResponse = z.infer<typeof lessonsResponseSchema>;

export async function getLessons(periodId: number): Promise<LessonsResponse> {
  const { data } = await api.get<LessonsResponse>(`admin/levels/${periodId}`);
  return data;
}

export const getLessonsQueryOptions = (periodId: number) =>
  queryOptions({ queryKey: curriculumKeys.lessons(periodId), queryFn: () => getLessons(periodId) });

/** `periodId` is null when the URL holds no valid id: nothing is fetched then. */
export const useLessons = (periodId: number | null) =>
  useQuery({ ...getLessonsQueryOptions(periodId ?? 0), enabled: periodId !== null });
