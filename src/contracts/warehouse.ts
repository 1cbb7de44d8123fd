// POST /api/warehouse/query (SPEC section 7): one read-only SELECT over the review tables.
import { z } from 'zod';
import { safeText } from './text';

/** Tables (and only these) that a warehouse query may read. */
export const WAREHOUSE_TABLES = ['customer_reviews', 'employee_reviews'] as const;
/** At most this many rows are returned; `truncated` says when there were more. */
export const WAREHOUSE_ROW_CAP = 1000;
export const WAREHOUSE_MAX_QUERY_CHARS = 10_000;
/** Request bodies above this size are refused with 413. */
export const WAREHOUSE_BODY_LIMIT = 10 * 1024;

export const warehouseQueryBodySchema = z.object({
  query: safeText({ multiline: true }).min(1, 'query is required').max(WAREHOUSE_MAX_QUERY_CHARS, `query must be at most ${WAREHOUSE_MAX_QUERY_CHARS} characters`),
});
export type WarehouseQueryBody = z.infer<typeof warehouseQueryBodySchema>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const warehouseQueryResponseSchema = z.object({
  /** Rows as arrays of column values, in column order. */
  result: z.array(z.array(cell)),
  columns: z.array(z.string()),
  /** True when the query produced more than WAREHOUSE_ROW_CAP rows (only the first ones are returned). */
  truncated: z.boolean(),
});
export type WarehouseQueryResponse = z.infer<typeof warehouseQueryResponseSchema>;
