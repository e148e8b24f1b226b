// PATCH admin/toggleactive/{id}; on success the list flips the active flag locally (docs/product.md#states-and-transitions).
import type { TeacherToggleResponse } from '@/common/schemas/teachers.js';
import { useToggleRow } from '@/web/src/lib/admin-list-rows';
import { api } from '@/web/src/lib/api-client';
import { getTeachersQueryOptions } from './get-teachers';

export async function toggleTeacher(id: number): Promise<boolean> {
  const { data } = await api.patch<TeacherToggleResponse>(`admin/toggleactive/${id}`);
  return data.active;
}

export const useToggleTeacher = () =>
  useToggleRow(getTeachersQueryOptions().queryKey, toggleTeacher, 'active');
