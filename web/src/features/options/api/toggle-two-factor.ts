// POST auth/setup-2fa: switches two-factor authentication on or off (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getTwoFactorInfoQueryOptions, type TwoFactorInfo } from './get-two-factor-info';

export async function toggleTwoFactor(): Promise<TwoFactorInfo> {
  const { data } = await api.post<TwoFactorInfo & { success: boolean }>('auth/setup-2fa');
  return { otpauthUrl: data.otpauthUrl, secret: data.secret, twoFactorEnabled: data.twoFactorEnabled };
}

export function useToggleTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTwoFactor,
    onSuccess: (info) => queryClient.setQueryData(getTwoFactorInfoQueryOptions().queryKey, info),
  });
}
