// Paging of list requests and answers, written once: the request's page and page size, and the fields a
// page of a list answer carries.
import { z } from 'zod';

/**
 * The paging of a list request: `page` from 1 to `maxPage` (default 1), `pageSize` from 1 to `maxPageSize`
 * (default `defaultPageSize`). Query strings are coerced to numbers; anything else is a 400.
 */
export function pageQueryFields(o: { maxPageSize: number; defaultPageSize: number; maxPage?: number }) {
  return {
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(o.maxPage ?? 10_000)
      .default(1),
    pageSize: z.coerce.number().int().min(1).max(o.maxPageSize).default(o.defaultPageSize),
  };
}

/** Which page an answer is (from 1) and how many rows a page holds. */
export const pageFields = { page: z.number().int(), pageSize: z.number().int() };

/** A page of a list answer: the number of rows under its filters, and which page it is. */
export const pagedTotalFields = { total: z.number().int(), ...pageFields };
