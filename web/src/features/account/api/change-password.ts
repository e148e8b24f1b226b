// POST user/password: a new password, with the current one.
import { useMutation } from '@tanstack/react-query';
import type { OwnPasswordInput } from '@/common/schemas/account-access.js';
import { api } from '@/web/src/lib/api-client';

export async function changePassword(body: OwnPasswordInput): Promise<void> {
  await api.post('user/password', body);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
