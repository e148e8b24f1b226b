// POST admin/teachers/invite: a teacher created without a password, and the one-time link that lets
// them choose it (beside the spec's createteacher).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TeacherInviteInput,
  TeacherInviteResponse,
} from '../../../../../common/schemas/account-access.js';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function inviteTeacher(body: TeacherInviteInput): Promise<TeacherInviteResponse> {
  const { data } = await api.post<TeacherInviteResponse>('admin/teachers/invite', body);
  return data;
}

export function useInviteTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeacher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
