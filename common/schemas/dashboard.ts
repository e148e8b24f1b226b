// Shape of the dashboard call (docs/product.md#entities-and-their-fields ("KPI"), docs/product.md#api-calls admin/getkpi).
import { z } from 'zod';

/** GET admin/getkpi (docs/product.md#entities-and-their-fields ("KPI")). */
export const kpiResponseSchema = z.object({
  success: z.literal(true),
  totalteacher: z.number().int(),
  totalgroup: z.number().int(),
  totalactivity: z.number().int(),
  totalschool: z.number().int(),
});
export type KpiResponse = z.infer<typeof kpiResponseSchema>;
