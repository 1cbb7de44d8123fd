import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  counts: z.object({
    communities: z.number().int(),
    operators: z.number().int(),
    customerReviews: z.number().int(),
    employeeReviews: z.number().int(),
    users: z.number().int(),
    leads: z.number().int(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
