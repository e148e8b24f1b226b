// POST auth/setup-2fa: the spec's toggle (docs/product.md#states-and-transitions): off → waiting for a first code → off again, or
// on → off with a current code. POST auth/confirm-2fa: the first code, which puts the secret in force.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorInfoResponse } from '@/common/schemas/auth.js';
import { api } from '@/web/src/lib/api-client';
import { getTwoFactorInfoQueryOptions, type TwoFactorInfo, toTwoFactorInfo } from './get-two-factor-info';

export async function toggleTwoFactor(code?: string): Promise<TwoFactorInfo> {
  const { data } = await api.post<TwoFactorInfoResponse>('auth/setup-2fa', code ? { code } : undefined);
  return toTwoFactorInfo(data);
}

export async function confirmTwoFactor(code: string): Promise<TwoFactorInfo> {
  const { data } = await api.post<TwoFactorInfoResponse>('auth/confirm-2fa', { code });
  return toTwoFactorInfo(data);
}

function useTwoFactorMutation(mutationFn: (code?: string) => Promise<TwoFactorInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (info) => queryClient.setQueryData(getTwoFactorInfoQueryOptions().queryKey, info),
  });
}

export const useToggleTwoFactor = () => useTwoFactorMutation(toggleTwoFactor);
export const useConfirmTwoFactor = () => useTwoFactorMutation((code) => confirmTwoFactor(code ?? ''));
