// GET admin/admintwofactorinfo: the otpauth URL and secret to scan, and whether 2FA is on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { optionsKeys } from './query-keys';

export type TwoFactorInfo = { otpauthUrl: string; secret: string; twoFactorEnabled: boolean };

export async function getTwoFactorInfo(): Promise<TwoFactorInfo> {
  const { data } = await api.get<TwoFactorInfo & { success: boolean }>('admin/admintwofactorinfo');
  return { otpauthUrl: data.otpauthUrl, secret: data.secret, twoFactorEnabled: data.twoFactorEnabled };
}

export const getTwoFactorInfoQueryOptions = () =>
  queryOptions({ queryKey: optionsKeys.twoFactor(), queryFn: getTwoFactorInfo });

export const useTwoFactorInfo = () => useQuery(getTwoFactorInfoQueryOptions());
