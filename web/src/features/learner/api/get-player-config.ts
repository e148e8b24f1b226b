// GET config: where the content origin is, to frame the offline player there.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';

export async function getPlayerConfig(): Promise<ClientConfig> {
  const { data } = await api.get<ClientConfig>('config');
  return data;
}

export const getPlayerConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPlayerConfig, staleTime: Number.POSITIVE_INFINITY });

export const usePlayerConfig = () => useQuery(getPlayerConfigQueryOptions());
