// DELETE admin/pupils/{id}: erases a pupil and all that hangs on the account; the school's pupils are
// fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/src/lib/api-client';
import { schoolKeys } from './query-keys';

export async function erasePupil(id: number): Promise<void> {
  await api.delete(`admin/pupils/${id}`);
}

export const useErasePupil = (schoolId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePupil,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.allPupils(schoolId) }),
  });
};

/** Where one pupil's data export is downloaded from. */
export const pupilExportUrl = (id: number) => `admin/pupils/${id}/export`;
