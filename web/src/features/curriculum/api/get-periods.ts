// GET admin/period/{levelId}: the periods of a level and its name.
import type { z } from 'zod';
import type { periodsResponseSchema } from '@/common/schemas/curriculum.js';
import { queryById } from './query-by-id';
import { curriculumKeys } from './query-keys';

export type PeriodsResponse = z.infer<typeof periodsResponseSchema>;

export const usePeriods = queryById<PeriodsResponse>('admin/period', curriculumKeys.periods);
