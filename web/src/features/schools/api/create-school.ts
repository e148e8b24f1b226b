// POST admin/createschool. Empty website, email and remark are sent as 'vide' (SPEC §3 "School form").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolCreate, SchoolResponse } from '../../../../../common/schemas/schools.js';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';
import { toCreatePayload } from '../lib/school-form-values';

export async function createSchool(values: SchoolCreate): Promise<SchoolResponse['school']> {
  const { data } = await api.post<SchoolResponse>('admin/createschool', toCreatePayload(values));
  return data.school;
}

export function useCreateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
