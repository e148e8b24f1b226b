// DELETE user/deletegroup/{id}; on success the group leaves the local list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/src/lib/api-client';
import { removeById } from '@/web/src/lib/list-cache';
import { getGroupsQueryOptions } from './get-groups';
import { teacherAreaKeys } from './query-keys';

export async function deleteGroup(id: number): Promise<void> {
  await api.delete(`user/deletegroup/${id}`);
}

export function useDeleteGroup(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => {
      queryClient.setQueryData(getGroupsQueryOptions(levelId).queryKey, (groups) => removeById(groups, id));
      queryClient.removeQueries({ queryKey: teacherAreaKeys.table(String(id)) });
    },
  });
}
