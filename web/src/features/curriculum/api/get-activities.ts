// GET admin/getactivites/{sessionId}: the activities of a session, its title and lesson (`parentid`).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activitiesResponseSchema } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export type SessionActivities = z.infer<typeof activitiesResponseSchema>;

export async function getActivities(sessionId: number): Promise<SessionActivities> {
  const { data } = await api.get<SessionActivities>(`admin/getactivites/${sessionId}`);
  return data;
}

export const getActivitiesQueryOptions = (sessionId: number) =>
  queryOptions({ queryKey: curriculumKeys.activities(sessionId), queryFn: () => getActivities(sessionId) });

/** `sessionId` is null when the URL holds no valid id: nothing is fetched then. */
export const useActivities = (sessionId: number | null) =>
  useQuery({ ...getActivitiesQueryOptions(sessionId ?? 0), enabled: sessionId !== null });
