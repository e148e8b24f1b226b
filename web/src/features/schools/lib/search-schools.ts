// Client-side search of the school list (SPEC §2, §9): name, city or email, case-insensitive contains.
import type { School } from '../../../../../common/schemas/schools.js';

export const schoolSearchText = (school: School) => `${school.schoolName}\n${school.city}\n${school.email}`;
