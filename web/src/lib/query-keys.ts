// Roots of the query keys. Each feature builds its keys under one root in its api/query-keys.ts, so a
// change can refresh a whole area at once: every admin screen's data sits under `admin`, the
// teacher area's under `learner`.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const rootKeys = {
  admin: ['admin'],
  learner: ['learner'],
  config: ['config'],
} as const;

/** Whether `key` is `prefix` or a key below it (how TanStack Query matches a partial key). */
export function isKeyUnder(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => Object.is(part, key[index]));
}

/**
 * After a change other admin screens depend on (totals, counts, options lists): refreshes every admin
 * query except those under `updated`, whose cache the caller has just set itself.
 */
export function refreshAdminBut(queryClient: QueryClient, updated: QueryKey): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: rootKeys.admin,
    predicate: (query) => !isKeyUnder(query.queryKey, updated),
  });
}
