// SQL of a community's public records: licence facts and CMS ratings (issue 12, ADR 014).
import type pg from 'pg';
import { asOfText } from '../../lib/provenance';

export interface RecordsRow {
  source_kind: string;
  source_name: string;
  source_as_of: string | null;
  license_type: string | null;
  license_number: string | null;
  capacity: number | null;
  licensee: string | null;
  county: string | null;
  listing_status: string;
  delisted_as_of: string | null;
  location_approximate: boolean;
  ccn: string | null;
  overall_rating: number | null;
  health_rating: number | null;
  staffing_rating: number | null;
  quality_rating: number | null;
  certified_beds: number | null;
  avg_residents: number | null;
  health_deficiencies: number | null;
  fines_count: number | null;
  fines_total: number | null;
  payment_denials: number | null;
  abuse_icon: boolean | null;
  special_focus: string | null;
  ownership_type: string | null;
  chain_name: string | null;
  processing_date: string | null;
}

export async function findRecords(pool: pg.Pool, id: number): Promise<RecordsRow | null> {
  const { rows } = await pool.query<RecordsRow>(
    `SELECT c.source_kind, c.source_name, ${asOfText('c')} AS source_as_of, c.license_type, c.license_number, c.capacity, c.licensee,
            c.county, c.listing_status, c.delisted_as_of::text, c.location_approximate,
            r.ccn, r.overall_rating, r.health_rating, r.staffing_rating, r.quality_rating, r.certified_beds, r.avg_residents,
            r.health_deficiencies, r.fines_count, r.fines_total, r.payment_denials, r.abuse_icon, r.special_focus,
            r.ownership_type, r.chain_name, r.processing_date::text
       FROM communities c LEFT JOIN cms_ratings r ON r.community_id = c.id
      WHERE c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
