// DELETE admin/school/{id}; on success the school leaves the local list (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeById } from '../../../lib/list-cache';
import { refreshAdminBut } from '../../../lib/query-keys';
import { getSchoolsQueryOptions } from './get-schools';
import { schoolKeys } from './query-keys';

export async function deleteSchool(id: number): Promise<void> {
  await api.delete(`admin/school/${id}`);
}

export function useDeleteSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchool,
    onSuccess: (_data, id) => {
      queryClient.setQueryData(getSchoolsQueryOptions().queryKey, (schools) => removeById(schools, id));
      // Its teachers went with it: other admin lists and totals are stale now.
      void refreshAdminBut(queryClient, schoolKeys.all);
    },
  });
}
