// Shape of the dashboard call (SPEC §3 "KPI", §7 admin/getkpi).
import { z } from 'zod';

/** GET admin/getkpi (SPEC §3 "KPI"). */
export const kpiResponseSchema = z.object({
  success: z.literal(true),
  totalteacher: z.number().int(),
  totalgroup: z.number().int(),
  totalactivity: z.number().int(),
  totalschool: z.number().int(),
});
export type KpiResponse = z.infer<typeof kpiResponseSchema>;
