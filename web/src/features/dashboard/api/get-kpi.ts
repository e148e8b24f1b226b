// GET admin/getkpi: the platform totals of the dashboard.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KpiResponse } from '@/common/schemas/dashboard.js';
import { api } from '@/web/src/lib/api-client';
import { dashboardKeys } from './query-keys';

export async function getKpi(): Promise<KpiResponse> {
  const { data } = await api.get<KpiResponse>('admin/getkpi');
  // docs/product.md#api-calls: a status flag is checked.
  if (!data?.success) throw new Error('KPI request failed');
  return data;
}

export const getKpiQueryOptions = () => queryOptions({ queryKey: dashboardKeys.kpi(), queryFn: getKpi });

export const useKpi = () => useQuery(getKpiQueryOptions());
