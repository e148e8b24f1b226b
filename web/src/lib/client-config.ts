// GET config: where the content origin is (activity previews and the offline player are framed
// from there). Read once per tab: it does not change while the server runs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@/common/schemas/curriculum.js';
import { api } from './api-client';
import { rootKeys } from './query-keys';

export async function getClientConfig(): Promise<ClientConfig> {
  const { data } = await api.get<ClientConfig>('config');
  return data;
}

export const getClientConfigQueryOptions = () =>
  queryOptions({ queryKey: rootKeys.config, queryFn: getClientConfig, staleTime: Number.POSITIVE_INFINITY });

export const useClientConfig = () => useQuery(getClientConfigQueryOptions());
