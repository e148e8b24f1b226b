// GET player/config: where the content origin is, to frame the offline player there.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getPlayerConfig(): Promise<{ contentUrl: string }> {
  const { data } = await api.get<{ contentUrl: string }>('player/config');
  return data;
}

export const getPlayerConfigQueryOptions = () =>
  queryOptions({ queryKey: ['learner', 'player-config'], queryFn: getPlayerConfig, staleTime: Infinity });

export const usePlayerConfig = () => useQuery(getPlayerConfigQueryOptions());
