// PATCH admin/schooltoggle/{id}; on success the list flips activelicense locally (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolToggleResponse } from '../../../../../common/schemas/schools.js';
import { api } from '../../../lib/api-client';
import { mergeById } from '../../../lib/list-cache';
import { getSchoolsQueryOptions } from './get-schools';

export async function toggleSchool(id: number): Promise<boolean> {
  const { data } = await api.patch<SchoolToggleResponse>(`admin/schooltoggle/${id}`);
  return data.activelicense;
}

export function useToggleSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSchool,
    onSuccess: (activelicense, id) => {
      queryClient.setQueryData(getSchoolsQueryOptions().queryKey, (schools) =>
        mergeById(schools, id, { activelicense }),
      );
    },
  });
}
