// Client-side search of the school list (SPEC §2, §9): name, city or email, case-insensitive contains.
import type { School } from '../../../../../common/schemas/schools.js';
import { useTextSearch } from '../../../lib/text-search';

const searchedText = (school: School) => `${school.schoolName}\n${school.city}\n${school.email}`;

export function useSchoolSearch(schools: School[] | undefined, query: string): School[] {
  return useTextSearch(schools, searchedText, query);
}
