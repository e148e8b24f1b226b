// POST admin/createschool. Empty website, email and remark are sent as 'vide' (docs/product.md#entities-and-their-fields ("School form")).
import type { SchoolCreate, SchoolResponse } from '@/common/schemas/schools.js';
import { useAdminMutation } from '@/web/src/lib/admin-mutations';
import { api } from '@/web/src/lib/api-client';
import { toCreatePayload } from '../lib/school-form-values';

export async function createSchool(values: SchoolCreate): Promise<SchoolResponse['school']> {
  const { data } = await api.post<SchoolResponse>('admin/createschool', toCreatePayload(values));
  return data.school;
}

export const useCreateSchool = () => useAdminMutation(createSchool);
