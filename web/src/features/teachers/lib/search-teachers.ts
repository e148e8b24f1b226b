// Client-side search of the teacher list (docs/product.md#screens-and-routes, docs/product.md#business-constants-and-limits): name, email or school, case-insensitive.
import type { Teacher } from '@/common/schemas/teachers.js';

export const teacherSearchText = (teacher: Teacher) =>
  `${teacher.name}\n${teacher.firstname}\n${teacher.email}\n${teacher.school}`;
