// A group's roster and sign-in cards (docs/pupils.md#sans-ent--les-cartes-de-connexion):
// GET/POST user/groups/{id}/pupils, PATCH/DELETE user/groups/{id}/pupils/{pupilId},
// GET user/groups/{id}/cards, POST user/groups/{id}/cards/renew. Every change answers the new
// roster (or cards), put straight into the cache.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardsResponse, RenamePupilRequest, RosterResponse } from '@/common/schemas/pupils.js';
import { api } from '@/web/src/lib/api-client';
import { rootKeys } from '@/web/src/lib/query-keys';

export const pupilKeys = {
  roster: (groupId: number) => [...rootKeys.learner, 'pupils', groupId] as const,
  cards: (groupId: number) => [...rootKeys.learner, 'pupil-cards', groupId] as const,
};

const base = (groupId: number) => `user/groups/${encodeURIComponent(String(groupId))}`;

export const rosterQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: pupilKeys.roster(groupId),
    queryFn: async () => (await api.get<RosterResponse>(`${base(groupId)}/pupils`)).data,
  });

export const useRoster = (groupId: number) => useQuery(rosterQueryOptions(groupId));

/** A change of the roster: its answer is the new roster; the cards are fetched again when next shown. */
function useRosterChange<Input>(groupId: number, call: (input: Input) => Promise<RosterResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (roster) => {
      queryClient.setQueryData(pupilKeys.roster(groupId), roster);
      void queryClient.invalidateQueries({ queryKey: pupilKeys.cards(groupId) });
    },
  });
}

export const useAddPupils = (groupId: number) =>
  useRosterChange(
    groupId,
    async (names: string) => (await api.post<RosterResponse>(`${base(groupId)}/pupils`, { names })).data,
  );

export const useRenamePupil = (groupId: number) =>
  useRosterChange(
    groupId,
    async ({ pupilId, ...names }: RenamePupilRequest & { pupilId: number }) =>
      (await api.patch<RosterResponse>(`${base(groupId)}/pupils/${pupilId}`, names)).data,
  );

export const useRemovePupil = (groupId: number) =>
  useRosterChange(
    groupId,
    async (pupilId: number) => (await api.delete<RosterResponse>(`${base(groupId)}/pupils/${pupilId}`)).data,
  );

export const useCards = (groupId: number) =>
  useQuery({
    queryKey: pupilKeys.cards(groupId),
    queryFn: async () => (await api.get<CardsResponse>(`${base(groupId)}/cards`)).data,
    // The QR tokens sign pupils in: kept no longer than the page.
    gcTime: 0,
  });

export function useRenewCards(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CardsResponse>(`${base(groupId)}/cards/renew`)).data,
    onSuccess: (cards) => {
      queryClient.setQueryData(pupilKeys.cards(groupId), cards);
      void queryClient.invalidateQueries({ queryKey: pupilKeys.roster(groupId) });
    },
  });
}
