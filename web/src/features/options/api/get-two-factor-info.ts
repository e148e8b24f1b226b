// GET admin/admintwofactorinfo: whether 2FA is off, waiting for its first code, or on; the otpauth
// URL and secret to scan (empty once on: a secret in force is never shown again).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorInfoResponse } from '@/common/schemas/auth.js';
import { api } from '@/web/src/lib/api-client';
import { optionsKeys } from './query-keys';

export type TwoFactorInfo = Omit<TwoFactorInfoResponse, 'success'>;

export const toTwoFactorInfo = ({ success: _success, ...info }: TwoFactorInfoResponse): TwoFactorInfo => info;

export async function getTwoFactorInfo(): Promise<TwoFactorInfo> {
  const { data } = await api.get<TwoFactorInfoResponse>('admin/admintwofactorinfo');
  return toTwoFactorInfo(data);
}

export const getTwoFactorInfoQueryOptions = () =>
  queryOptions({ queryKey: optionsKeys.twoFactor(), queryFn: getTwoFactorInfo });

export const useTwoFactorInfo = () => useQuery(getTwoFactorInfoQueryOptions());
