// GET /api/communities/:id/records (registered under /api in src/server/app.ts): the licence and CMS
// records of a real facility; both null for demo communities.
import { communityRecordsSchema, type CommunityRecords } from '../../../contracts/records';
import { notFound } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { communityIdSchema } from './detail.routes';
import { findRecords, type RecordsRow } from './records.repo';

export function toRecords(row: RecordsRow): CommunityRecords {
  const real = row.source_kind === 'state' || row.source_kind === 'cms';
  return {
    licence: real
      ? {
          licenceType: row.license_type,
          licenceNumber: row.license_number,
          capacity: row.capacity ?? row.certified_beds,
          licensee: row.licensee,
          county: row.county,
          sourceName: row.source_name,
          asOf: row.source_as_of,
          listingStatus: row.listing_status === 'delisted' ? 'delisted' : 'listed',
          delistedAsOf: row.delisted_as_of,
          locationApproximate: row.location_approximate,
        }
      : null,
    cms:
      row.ccn !== null
        ? {
            ccn: row.ccn,
            overallRating: row.overall_rating,
            healthRating: row.health_rating,
            staffingRating: row.staffing_rating,
            qualityRating: row.quality_rating,
            certifiedBeds: row.certified_beds,
            avgResidents: row.avg_residents === null ? null : Math.round(row.avg_residents * 10) / 10,
            healthDeficiencies: row.health_deficiencies,
            finesCount: row.fines_count,
            finesTotal: row.fines_total,
            paymentDenials: row.payment_denials,
            abuseIcon: row.abuse_icon,
            specialFocus: row.special_focus === 'SFF' || row.special_focus === 'SFF Candidate' ? row.special_focus : null,
            ownershipType: row.ownership_type,
            chainName: row.chain_name,
            asOf: row.processing_date ?? row.source_as_of,
          }
        : null,
  };
}

export const communityRecordRoutes: RouteModule = (app, { pool }) => {
  app.get(
    '/communities/:id/records',
    { schema: communityIdSchema(communityRecordsSchema) },
    async (request) => {
      const row = await findRecords(pool, request.params.id);
      if (!row) throw notFound('Community');
      return toRecords(row);
    },
  );
};
