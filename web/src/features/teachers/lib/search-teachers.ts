// Client-side search of the teacher list (SPEC §2, §9): name, email or school, case-insensitive.
import type { Teacher } from '../../../../../common/schemas/teachers.js';
import { useTextSearch } from '../../../lib/text-search';

const searchedText = (teacher: Teacher) =>
  `${teacher.name}\n${teacher.firstname}\n${teacher.email}\n${teacher.school}`;

export function useTeacherSearch(teachers: Teacher[] | undefined, query: string): Teacher[] {
  return useTextSearch(teachers, searchedText, query);
}
