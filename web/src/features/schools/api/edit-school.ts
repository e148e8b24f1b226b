// PATCH admin/editschoolform/{id}: only the fields that changed (docs/product.md#validation-rules ("School edit")).
import type { School, SchoolEditInput, SchoolResponse } from '@/common/schemas/schools.js';
import { useEditRow } from '@/web/src/lib/admin-list-rows';
import { api } from '@/web/src/lib/api-client';
import { getSchoolsQueryOptions } from './get-schools';

export async function editSchool({ id, values }: { id: number; values: SchoolEditInput }): Promise<School> {
  const { data } = await api.patch<SchoolResponse>(`admin/editschoolform/${id}`, values);
  return data.school;
}

export const useEditSchool = () => useEditRow(getSchoolsQueryOptions().queryKey, editSchool);
