// Query keys of the school screens: the list, and each school's usage (refreshed with it).
import { rootKeys } from '@/web/src/lib/query-keys';

export const schoolKeys = {
  all: [...rootKeys.admin, 'schools'] as const,
  list: () => schoolKeys.all,
  usage: (schoolId: number) => [...schoolKeys.all, schoolId, 'usage'] as const,
  /** The levels a licence may include (not refreshed with the list). */
  levelOptions: () => [...rootKeys.admin, 'school-level-options'] as const,
};
