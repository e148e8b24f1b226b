// Client-side search of the school list (SPEC §2, §9): name, city or email, case-insensitive contains.
// The lower-cased text of each school is built once per list, so a keystroke is one pass of includes().
import { useMemo } from 'react';
import type { School } from '../../../../../common/schemas/schools.js';

export function useSchoolSearch(schools: School[] | undefined, query: string): School[] {
  const index = useMemo(
    () =>
      (schools ?? []).map((school) => ({
        school,
        text: `${school.schoolName}\n${school.city}\n${school.email}`.toLowerCase(),
      })),
    [schools],
  );
  return useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return index.map((entry) => entry.school);
    const found: School[] = [];
    for (const entry of index) if (entry.text.includes(needle)) found.push(entry.school);
    return found;
  }, [index, query]);
}
