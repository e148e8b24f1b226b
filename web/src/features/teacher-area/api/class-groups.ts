// GET user/classes/{levelId}: the classes the teacher's ENT sent; POST user/createclassgroups/
// {levelId}: "Créer les groupes de mes classes" (the groups list is refreshed after).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateClassGroupsResponse, TeacherClass } from '@/common/schemas/ent.js';
import { api } from '@/web/src/lib/api-client';
import { getGroupsQueryOptions } from './get-groups';
import { teacherAreaKeys } from './query-keys';

export const getClassesQueryOptions = (levelId: string) =>
  queryOptions({
    queryKey: teacherAreaKeys.classes(levelId),
    queryFn: async () =>
      (await api.get<{ classes: TeacherClass[] }>(`user/classes/${encodeURIComponent(levelId)}`)).data
        .classes,
  });

export const useClasses = (levelId: string) => useQuery(getClassesQueryOptions(levelId));

export function useCreateClassGroups(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<CreateClassGroupsResponse>(`user/createclassgroups/${encodeURIComponent(levelId)}`))
        .data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions(levelId).queryKey }),
        queryClient.invalidateQueries({ queryKey: teacherAreaKeys.classes(levelId) }),
      ]),
  });
}
