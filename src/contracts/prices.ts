// Price figures shared by the market contracts (county markets, the competitive set, the operator portfolio):
// written once so the three answers describe a price position the same way.
import { z } from 'zod';

/** The quartiles of a set of monthly prices (the middle of each community's range); null when nothing is priced. */
export const priceQuartileFields = {
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
};

/** A community's price for one care type against its competitive set (ADR 020). */
export const pricePositionSchema = z.object({
  careType: z.string(),
  /** This community's price (the middle of its range); null when it has none for this care type. */
  price: z.number().nullable(),
  competitorsPriced: z.number().int(),
  ...priceQuartileFields,
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Percent of the priced competitors below this price, ties counted half; null without price or competitors. */
  percentile: z.number().nullable(),
});
export type PricePosition = z.infer<typeof pricePositionSchema>;
