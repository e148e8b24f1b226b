// POST admin/teachers/{id}/sign-in-link: "Mot de passe oublié", a one-time link for the teacher to
// choose a new password.
import { useMutation } from '@tanstack/react-query';
import type { SignInLink, SignInLinkResponse } from '@/common/schemas/account-access.js';
import { api } from '@/web/src/lib/api-client';

export async function issueSignInLink(id: number): Promise<SignInLink> {
  const { data } = await api.post<SignInLinkResponse>(`admin/teachers/${id}/sign-in-link`);
  return data.link;
}

export const useIssueSignInLink = () => useMutation({ mutationFn: issueSignInLink });
