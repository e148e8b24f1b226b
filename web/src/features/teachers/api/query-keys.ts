// Query keys of the teacher screens: the list and the options of the teacher form.
import { rootKeys } from '@/web/src/lib/query-keys';

export const teacherKeys = {
  list: () => [...rootKeys.admin, 'teachers'] as const,
  formOptions: () => [...rootKeys.admin, 'level-and-schools'] as const,
};
