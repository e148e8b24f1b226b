// Query keys of the school screens: the list, and each school's usage (refreshed with it).
import { rootKeys } from '@/web/src/lib/query-keys';

export const schoolKeys = {
  all: [...rootKeys.admin, 'schools'] as const,
  list: () => schoolKeys.all,
  usage: (schoolId: number) => [...schoolKeys.all, schoolId, 'usage'] as const,
  /** A school's pupils, every search and page. */
  allPupils: (schoolId: number) => [...schoolKeys.all, schoolId, 'pupils'] as const,
  pupils: (schoolId: number, q: string, page: number) =>
    [...schoolKeys.allPupils(schoolId), q, page] as const,
  /** The levels a licence may include (not refreshed with the list). */
  levelOptions: () => [...rootKeys.admin, 'school-level-options'] as const,
};
