// GET user/groups/{groupId}/results: the grid pupils × given activities; GET
// user/groups/{groupId}/results/{pupilId}: one pupil's detail; and the URL of the CSV export.
import { useQuery } from '@tanstack/react-query';
import type { PupilDetailResponse, PupilResultsResponse } from '@/common/schemas/pupil-results.js';
import { api } from '@/web/src/lib/api-client';
import { pupilResultsKeys } from './results-keys';

const resultsUrl = (groupId: string | number) => `user/groups/${encodeURIComponent(groupId)}/results`;

export async function getPupilResults(groupId: string): Promise<PupilResultsResponse> {
  const { data } = await api.get<PupilResultsResponse>(resultsUrl(groupId));
  return data;
}

export async function getPupilDetail(groupId: string, pupilId: number): Promise<PupilDetailResponse> {
  const { data } = await api.get<PupilDetailResponse>(`${resultsUrl(groupId)}/${pupilId}`);
  return data;
}

/** Results move whenever a pupil plays: fetched again each time the page opens. */
export const usePupilResults = (groupId: string) =>
  useQuery({
    queryKey: pupilResultsKeys.grid(groupId),
    queryFn: () => getPupilResults(groupId),
    staleTime: 0,
  });

export const usePupilDetail = (groupId: string, pupilId: number | null) =>
  useQuery({
    queryKey: pupilResultsKeys.detail(groupId, pupilId ?? 0),
    queryFn: () => getPupilDetail(groupId, pupilId!),
    enabled: pupilId !== null,
    staleTime: 0,
  });

export const pupilResultsCsvUrl = (groupId: number) => `${resultsUrl(groupId)}.csv`;
