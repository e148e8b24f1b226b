// GET user/groupoverview/{groupId}: a group's progress at a glance; and the URLs of its CSV exports.
import { useQuery } from '@tanstack/react-query';
import type { GroupOverviewResponse } from '@/common/schemas/insights.js';
import { api } from '@/web/src/lib/api-client';
import { insightsKeys } from './query-keys';

export async function getGroupOverview(groupId: string): Promise<GroupOverviewResponse> {
  const { data } = await api.get<GroupOverviewResponse>(`user/groupoverview/${encodeURIComponent(groupId)}`);
  return data;
}

export const useGroupOverview = (groupId: string) =>
  // Progress changes with each click on the table: always fetched again when the overview opens.
  useQuery({
    queryKey: insightsKeys.groupOverview(groupId),
    queryFn: () => getGroupOverview(groupId),
    staleTime: 0,
  });

export const groupCsvUrl = (groupId: number) => `user/groupexport/${groupId}`;
export const levelCsvUrl = (levelId: number) => `user/levelexport/${levelId}`;
