// Client-side search of the teacher list (SPEC §2, §9): name, email or school, case-insensitive.
// The lower-cased text of each teacher is built once per list; a keystroke is one pass of includes().
import { useMemo } from 'react';
import type { Teacher } from '../../../../../common/schemas/teachers.js';

export function useTeacherSearch(teachers: Teacher[] | undefined, query: string): Teacher[] {
  const index = useMemo(
    () =>
      (teachers ?? []).map((teacher) => ({
        teacher,
        text: `${teacher.name}\n${teacher.firstname}\n${teacher.email}\n${teacher.school}`.toLowerCase(),
      })),
    [teachers],
  );
  return useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return index.map((entry) => entry.teacher);
    const found: Teacher[] = [];
    for (const entry of index) if (entry.text.includes(needle)) found.push(entry.teacher);
    return found;
  }, [index, query]);
}
