// How a teacher signs in, in words: 'Mot de passe · ENT (GAR)'.
import { entMessages } from '@/common/messages/ent.js';
import type { Teacher } from '@/common/schemas/teachers.js';

export const signInLabel = (teacher: Pick<Teacher, 'signIn'>): string =>
  teacher.signIn.map((method) => entMessages.signInMethods[method]).join(' · ') || '—';
