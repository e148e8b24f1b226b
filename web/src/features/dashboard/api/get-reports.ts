// GET admin/insights/licences and admin/insights/activity: the dashboard's report blocks, each its
// own query so one failing never hides the others (or the KPI cards).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityResponse, LicencesResponse } from '@/common/schemas/insights.js';
import { api } from '@/web/src/lib/api-client';
import { dashboardKeys } from './query-keys';

export const LICENCES_CSV_URL = 'admin/insights/licences.csv';

export async function getLicences(): Promise<LicencesResponse> {
  const { data } = await api.get<LicencesResponse>('admin/insights/licences');
  return data;
}

export async function getActivity(): Promise<ActivityResponse> {
  const { data } = await api.get<ActivityResponse>('admin/insights/activity');
  return data;
}

export const useLicences = () =>
  useQuery(queryOptions({ queryKey: dashboardKeys.licences(), queryFn: getLicences }));

export const useActivity = () =>
  useQuery(queryOptions({ queryKey: dashboardKeys.activity(), queryFn: getActivity }));
