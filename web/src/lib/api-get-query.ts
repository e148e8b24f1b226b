// Query options of a plain GET whose answer wraps the data a screen reads (`{ success, schools }`):
// the cache holds that data only.
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** GET `url`, cached under `queryKey` as what `pick` takes from the answer. */
export function apiGetQueryOptions<TAnswer, TData, TKey extends QueryKey>(
  queryKey: TKey,
  url: string,
  pick: (answer: TAnswer) => TData,
) {
  return queryOptions({ queryKey, queryFn: async () => pick((await api.get<TAnswer>(url)).data) });
}
