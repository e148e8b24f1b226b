// DELETE admin/school/{id}; on success the school leaves the local list (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSchoolsQueryOptions } from './get-schools';

export async function deleteSchool(id: number): Promise<void> {
  await api.delete(`admin/school/${id}`);
}

export function useDeleteSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchool,
    onSuccess: (_data, id) => {
      queryClient.setQueryData(getSchoolsQueryOptions().queryKey, (schools) =>
        schools?.filter((school) => school.id !== id),
      );
      // Its teachers went with it: other admin lists and totals are stale now.
      void queryClient.invalidateQueries({
        queryKey: ['admin'],
        predicate: (q) => q.queryKey[1] !== 'schools',
      });
    },
  });
}
