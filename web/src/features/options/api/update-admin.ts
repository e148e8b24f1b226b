// PATCH admin/updateadmin: the admin's own profile, non-empty fields only.
import { useMutation } from '@tanstack/react-query';
import type { AdminProfileInput, AdminProfileResponse } from '@/common/schemas/admin-profile.js';
import { api } from '@/web/src/lib/api-client';

export async function updateAdmin(body: AdminProfileInput): Promise<AdminProfileResponse['admin']> {
  const { data } = await api.patch<AdminProfileResponse>('admin/updateadmin', body);
  return data.admin;
}

export const useUpdateAdmin = () => useMutation({ mutationFn: updateAdmin });
