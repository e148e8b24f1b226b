// GET admin/period/{levelId}: the periods of a level and its name.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { periodsResponseSchema } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export type PeriodsResponse = z.infer<typeof periodsResponseSchema>;

export async function getPeriods(levelId: number): Promise<PeriodsResponse> {
  const { data } = await api.get<PeriodsResponse>(`admin/period/${levelId}`);
  return data;
}

export const getPeriodsQueryOptions = (levelId: number) =>
  queryOptions({ queryKey: curriculumKeys.periods(levelId), queryFn: () => getPeriods(levelId) });

/** `levelId` is null when the URL holds no valid id: nothing is fetched then. */
export const usePeriods = (levelId: number | null) =>
  useQuery({ ...getPeriodsQueryOptions(levelId ?? 0), enabled: levelId !== null });
