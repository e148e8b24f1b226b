// PATCH admin/editschoolform/{id}: only the fields that changed (SPEC §5 "School edit").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { School, SchoolEditInput, SchoolResponse } from '../../../../../common/schemas/schools.js';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { getSchoolsQueryOptions } from './get-schools';

export async function editSchool({ id, values }: { id: number; values: SchoolEditInput }): Promise<School> {
  const { data } = await api.patch<SchoolResponse>(`admin/editschoolform/${id}`, values);
  return data.school;
}

export function useEditSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSchool,
    onSuccess: (school) => {
      queryClient.setQueryData(getSchoolsQueryOptions().queryKey, (schools) =>
        mergeById(schools, school.id, school),
      );
    },
  });
}
