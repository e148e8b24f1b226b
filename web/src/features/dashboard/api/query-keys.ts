// Query keys of the dashboard: the counters and the two reports.
import { rootKeys } from '@/web/src/lib/query-keys';

export const dashboardKeys = {
  kpi: () => [...rootKeys.admin, 'kpi'] as const,
  licences: () => [...rootKeys.admin, 'insights', 'licences'] as const,
  activity: () => [...rootKeys.admin, 'insights', 'activity'] as const,
};
