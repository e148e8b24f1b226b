// GET admin/levels, for the levels a school's licence includes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { levelsResponseSchema } from '@/common/schemas/curriculum.js';
import { api } from '@/web/src/lib/api-client';
import { schoolKeys } from './query-keys';

type LevelsResponse = z.infer<typeof levelsResponseSchema>;

export const getLevelOptionsQueryOptions = () =>
  queryOptions({
    queryKey: schoolKeys.levelOptions(),
    queryFn: async () => (await api.get<LevelsResponse>('admin/levels')).data.levels,
  });

export const useLevelOptions = () => useQuery(getLevelOptionsQueryOptions());
