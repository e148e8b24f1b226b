// GET admin/levels, for the levels a school's licence includes.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { levelsResponseSchema } from '../../../../../common/schemas/curriculum.js';
import { apiGetQueryOptions } from '../../../lib/api-get-query';
import { schoolKeys } from './query-keys';

type LevelsResponse = z.infer<typeof levelsResponseSchema>;

export const getLevelOptionsQueryOptions = () =>
  apiGetQueryOptions(schoolKeys.levelOptions(), 'admin/levels', (answer: LevelsResponse) => answer.levels);

export const useLevelOptions = () => useQuery(getLevelOptionsQueryOptions());
