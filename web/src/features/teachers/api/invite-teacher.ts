// POST admin/teachers/invite: a teacher created without a password, and the one-time link that lets
// them choose it (beside the spec's createteacher).
import type { TeacherInviteInput, TeacherInviteResponse } from '@/common/schemas/account-access.js';
import { useAdminMutation } from '@/web/src/lib/admin-mutations';
import { api } from '@/web/src/lib/api-client';

export async function inviteTeacher(body: TeacherInviteInput): Promise<TeacherInviteResponse> {
  const { data } = await api.post<TeacherInviteResponse>('admin/teachers/invite', body);
  return data;
}

export const useInviteTeacher = () => useAdminMutation(inviteTeacher);
