// Saved prospect lists (issue 15, Pro): named lists of communities and operators, exported as CSV with
// CRM-friendly columns.
import { z } from 'zod';
import { contactFields } from './community';
import { safeText } from './text';

export const LIST_ITEM_TYPES = ['community', 'operator'] as const;
export type ListItemType = (typeof LIST_ITEM_TYPES)[number];

/** The CSV header of an exported list, in order. */
export const LIST_CSV_COLUMNS = ['company', 'phone', 'e-mail', 'website', 'city', 'state', 'communities'] as const;

export const listSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  communities: z.number().int(),
  operators: z.number().int(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listsResponseSchema = z.object({ lists: z.array(listSummarySchema) });

export const listItemSchema = z.object({
  type: z.enum(LIST_ITEM_TYPES),
  id: z.number().int(),
  /** The community's or operator's name (the CSV's company). */
  name: z.string(),
  ...contactFields,
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** 1 for a community; the operator's listed communities for an operator. */
  communities: z.number().int(),
  addedAt: z.string(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listDetailSchema = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string(), items: z.array(listItemSchema) });
export type ListDetail = z.infer<typeof listDetailSchema>;

export const createListRequestSchema = z.object({ name: safeText().trim().min(1, 'Give the list a name').max(100) });
export const listIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const addListItemRequestSchema = z.object({ type: z.enum(LIST_ITEM_TYPES), id: z.number().int().min(1).max(2_147_483_647) });
export const listItemParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  type: z.enum(LIST_ITEM_TYPES),
  itemId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const listItemMutationSchema = z.object({ listId: z.number().int(), type: z.enum(LIST_ITEM_TYPES), id: z.number().int(), saved: z.boolean() });

/** DELETE /api/lists/:id. */
export const listDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
