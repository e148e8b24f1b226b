// The work given to a group's pupils (GET/POST/DELETE user/groups/{groupId}/assignments,
// docs/pupils.md#le-travail-donné): each answer is the group's whole list, put in the cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentKind, AssignmentsResponse, GivenActivity } from '@/common/schemas/assignments.js';
import { api } from '@/web/src/lib/api-client';
import { teacherAreaKeys } from './query-keys';

export type AssignmentItem = { kind: AssignmentKind; id: number };

const url = (groupId: string) => `user/groups/${encodeURIComponent(groupId)}/assignments`;

export const useAssignments = (groupId: string) =>
  useQuery({
    queryKey: teacherAreaKeys.assignments(groupId),
    queryFn: async () => (await api.get<AssignmentsResponse>(url(groupId))).data.assignments,
  });

export function useGiveWork(groupId: string) {
  const queryClient = useQueryClient();
  const put = (assignments: GivenActivity[]) =>
    queryClient.setQueryData(teacherAreaKeys.assignments(groupId), assignments);
  const give = useMutation({
    mutationFn: async (body: AssignmentItem & { dueDate: string | null }) =>
      (await api.post<AssignmentsResponse>(url(groupId), body)).data.assignments,
    onSuccess: put,
  });
  const retire = useMutation({
    mutationFn: async (body: AssignmentItem) =>
      (await api.delete<AssignmentsResponse>(url(groupId), { data: body })).data.assignments,
    onSuccess: put,
  });
  return { give, retire };
}
