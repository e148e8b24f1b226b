// GET admin/activity-package/{id}: what an activity's package was recognised as and where its preview
// starts (kind, launch page relative to the unpacked package).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityPackage } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function getActivityPackage(id: number): Promise<ActivityPackage> {
  const { data } = await api.get<ActivityPackage>(`admin/activity-package/${id}`);
  return data;
}

export const getActivityPackageQueryOptions = (id: number) =>
  queryOptions({ queryKey: curriculumKeys.activityPackage(id), queryFn: () => getActivityPackage(id) });

/** `id` is null when the URL holds no valid id: nothing is fetched then. */
export const useActivityPackage = (id: number | null) =>
  useQuery({ ...getActivityPackageQueryOptions(id ?? 0), enabled: id !== null });
