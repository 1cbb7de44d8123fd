// GET /api/communities/:id/records: what the public records say about a real facility (issue 12):
// its licence (state licence lists) and, for nursing homes, its CMS inspections and ratings.
import { z } from 'zod';

const star = z.number().int().min(1).max(5).nullable();

export const licenceRecordSchema = z.object({
  /** The licence category in the state's own words. */
  licenceType: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  capacity: z.number().int().nullable(),
  licensee: z.string().nullable(),
  county: z.string().nullable(),
  /** The agency in words and the date its list describes (YYYY-MM-DD). */
  sourceName: z.string(),
  asOf: z.string().nullable(),
  /** 'listed', or 'delisted' when a newer list of the agency no longer has it. */
  listingStatus: z.enum(['listed', 'delisted']),
  delistedAsOf: z.string().nullable(),
  /** True when the map point is the ZIP (or city) centre, not the building. */
  locationApproximate: z.boolean(),
});
export type LicenceRecord = z.infer<typeof licenceRecordSchema>;

export const cmsRecordSchema = z.object({
  ccn: z.string(),
  overallRating: star,
  healthRating: star,
  staffingRating: star,
  qualityRating: star,
  certifiedBeds: z.number().int().nullable(),
  avgResidents: z.number().nullable(),
  healthDeficiencies: z.number().int().nullable(),
  finesCount: z.number().int().nullable(),
  finesTotal: z.number().nullable(),
  paymentDenials: z.number().int().nullable(),
  abuseIcon: z.boolean().nullable(),
  specialFocus: z.enum(['SFF', 'SFF Candidate']).nullable(),
  ownershipType: z.string().nullable(),
  chainName: z.string().nullable(),
  /** Date of the CMS data (YYYY-MM-DD) when the file says; the ratings' as-of date otherwise. */
  asOf: z.string().nullable(),
});
export type CmsRecord = z.infer<typeof cmsRecordSchema>;

export const communityRecordsSchema = z.object({
  licence: licenceRecordSchema.nullable(),
  cms: cmsRecordSchema.nullable(),
});
export type CommunityRecords = z.infer<typeof communityRecordsSchema>;
