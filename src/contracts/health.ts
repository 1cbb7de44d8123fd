import { z } from 'zod';

/** Public: status only. `counts` (table sizes, incl. users and leads) only for a signed-in admin. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  counts: z
    .object({
    communities: z.number().int(),
    operators: z.number().int(),
    customerReviews: z.number().int(),
    employeeReviews: z.number().int(),
    users: z.number().int(),
    leads: z.number().int(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/site: what every page needs to know about the data it shows (ADR 008). */
export const siteResponseSchema = z.object({
  /** True while the database holds at least one demo (generated, fictional) community: the UI shows its ribbon. */
  demoData: z.boolean(),
});
export type SiteResponse = z.infer<typeof siteResponseSchema>;
