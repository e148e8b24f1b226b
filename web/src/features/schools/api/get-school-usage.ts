// GET admin/schoolusage/{id}: a school's last 30 days, for its details modal.
import { useQuery } from '@tanstack/react-query';
import type { SchoolUsage } from '@/common/schemas/insights.js';
import { api } from '@/web/src/lib/api-client';
import { schoolKeys } from './query-keys';

export async function getSchoolUsage(id: number): Promise<SchoolUsage> {
  const { data } = await api.get<{ success: true; usage: SchoolUsage }>(`admin/schoolusage/${id}`);
  return data.usage;
}

export const useSchoolUsage = (id: number) =>
  useQuery({ queryKey: schoolKeys.usage(id), queryFn: () => getSchoolUsage(id) });
