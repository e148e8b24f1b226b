// The read behind a screen that shows one item of the URL: GET <path>/{id}, cached under its key.
import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/web/src/lib/api-client';

/** The hook that reads `path`/{id}; it takes null when the URL holds no valid id, and fetches nothing
 * then. */
export function queryById<T>(path: string, key: (id: number) => QueryKey) {
  const options = (id: number) =>
    queryOptions({
      queryKey: key(id),
      queryFn: async () => (await api.get<T>(`${path}/${id}`)).data,
    });
  return function useById(id: number | null) {
    return useQuery({ ...options(id ?? 0), enabled: id !== null });
  };
}
