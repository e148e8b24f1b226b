// POST user/creategroups/{levelId} {title} → {success, group{id,title}} or {success:false, error}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import type { CreateGroupBody, Group } from '@/common/schemas/teacher-area.js';
import { api } from '@/web/src/lib/api-client';
import { getGroupsQueryOptions } from './get-groups';

export async function createGroup(levelId: string, body: CreateGroupBody): Promise<Group> {
  const { data } = await api.post<{ success: boolean; group: Group }>(
    `user/creategroups/${encodeURIComponent(levelId)}`,
    body,
  );
  return data.group;
}

/** The server's reason for refusing (its `error`, else its `message`), if it gave one. */
export function getCreateGroupError(error: unknown): string | null {
  if (!(error instanceof AxiosError)) return null;
  const data = error.response?.data as { error?: unknown; message?: unknown } | undefined;
  const reason = data?.error ?? data?.message;
  return typeof reason === 'string' && reason.trim() ? reason : null;
}

export function useCreateGroup(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBody) => createGroup(levelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions(levelId).queryKey }),
  });
}
