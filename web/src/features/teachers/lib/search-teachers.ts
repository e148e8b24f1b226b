// Client-side search of the teacher list (SPEC §2, §9): name, email or school, case-insensitive.
import type { Teacher } from '../../../../../common/schemas/teachers.js';

export const teacherSearchText = (teacher: Teacher) =>
  `${teacher.name}\n${teacher.firstname}\n${teacher.email}\n${teacher.school}`;
