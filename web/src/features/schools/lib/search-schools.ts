// Client-side search of the school list (docs/product.md#screens-and-routes, docs/product.md#business-constants-and-limits): name, city or email, case-insensitive contains.
import type { School } from '@/common/schemas/schools.js';

export const schoolSearchText = (school: School) => `${school.schoolName}\n${school.city}\n${school.email}`;
