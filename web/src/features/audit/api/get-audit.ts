// GET admin/audit: the audit log, newest first, one server page at a time (`before` = the last id seen).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPageResponse } from '@/common/schemas/insights.js';
import { api } from '@/web/src/lib/api-client';
import { type AuditFilters, auditKeys } from './query-keys';

export async function getAuditPage(filters: AuditFilters, before?: number): Promise<AuditPageResponse> {
  const params = Object.fromEntries(
    Object.entries({ ...filters, before }).filter(([, value]) => value !== undefined && value !== ''),
  );
  const { data } = await api.get<AuditPageResponse>('admin/audit', { params });
  return data;
}

export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
