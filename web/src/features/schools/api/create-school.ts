// POST admin/createschool. Empty website, email and remark are sent as 'vide' (SPEC §3 "School form").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDE } from '../../../../../common/schemas/admin-fields.js';
import type { SchoolCreate, SchoolResponse } from '../../../../../common/schemas/schools.js';
import { api } from '../../../lib/api-client';
import { rootKeys } from '../../../lib/query-keys';

export async function createSchool(values: SchoolCreate): Promise<SchoolResponse['school']> {
  const body = {
    ...values,
    email: values.email || VIDE,
    website: values.website || VIDE,
    remarque: values.remarque || VIDE,
  };
  const { data } = await api.post<SchoolResponse>('admin/createschool', body);
  return data.school;
}

export function useCreateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.admin }),
  });
}
