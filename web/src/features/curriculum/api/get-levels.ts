// GET admin/levels: every level, in creation order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { levelsResponseSchema } from '@/common/schemas/curriculum.js';
import { api } from '@/web/src/lib/api-client';
import { curriculumKeys } from './query-keys';

export type LevelsResponse = z.infer<typeof levelsResponseSchema>;

export async function getLevels(): Promise<LevelsResponse> {
  const { data } = await api.get<LevelsResponse>('admin/levels');
  return data;
}

export const getLevelsQueryOptions = () =>
  queryOptions({ queryKey: curriculumKeys.levels(), queryFn: () => getLevels() });

export const useLevels = () => useQuery(getLevelsQueryOptions());
