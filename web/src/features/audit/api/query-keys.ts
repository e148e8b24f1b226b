// Query keys of the audit log: one list per set of filters.
import { rootKeys } from '../../../lib/query-keys';
import type { AuditFilters } from './get-audit';

export const auditKeys = {
  list: (filters: AuditFilters) => [...rootKeys.admin, 'audit', filters] as const,
};
