// Query keys of the audit log: one list per set of filters.

import type { AuditQuery } from '@/common/schemas/insights.js';
import { rootKeys } from '@/web/src/lib/query-keys';

/** The log's filters: the API's query without its page cursor. */
export type AuditFilters = Omit<AuditQuery, 'before'>;

export const auditKeys = {
  list: (filters: AuditFilters) => [...rootKeys.admin, 'audit', filters] as const,
};
