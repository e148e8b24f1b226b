// The pupils' door calls (docs/pupils.md#sans-ent--les-cartes-de-connexion): the class behind a
// code, then a sign-in with the pictures or a card's QR token (the password login's answer, and what
// the tablet keeps to let the pupil in again offline: docs/pupils.md#hors-ligne).
import type {
  ClassLookupResponse,
  DoorSignInResponse,
  PictureSignInRequest,
} from '@/common/schemas/pupils.js';
import { api } from '@/web/src/lib/api-client';

export async function lookupClass(classCode: string): Promise<ClassLookupResponse> {
  const { data } = await api.post<ClassLookupResponse>('classe/group', { classCode });
  return data;
}

export async function signInWithPictures(body: PictureSignInRequest): Promise<DoorSignInResponse> {
  const { data } = await api.post<DoorSignInResponse>('classe/signin', body);
  return data;
}

export async function signInWithCard(token: string): Promise<DoorSignInResponse> {
  const { data } = await api.post<DoorSignInResponse>('classe/card', { token });
  return data;
}
