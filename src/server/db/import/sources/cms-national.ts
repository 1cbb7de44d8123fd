// The national CMS nursing-home directory shipped in data/public/cms-nursing-homes.csv.gz: the 2025
// ratings file joined with the 2021 address file on CCN (scripts/build-public-data.ts). Same community
// source as the `cms` Provider Information importer ('cms', keyed by CCN), so a full monthly download
// imported later updates these rows instead of duplicating them.
import { cmsOwnerType } from './cms';
import { opRef, type CmsFacts, type DirectoryOperator, type DirectoryRecord } from '../directory';
import { blankToEmpty, cleanText, normalizeState, normalizeZip, parseDecimal, sentences, titleCase, zipCentroid } from '../normalize';
import { contactFields, placeFields } from './common';
import { operatorDisplayName, operatorKey } from '../operator-names';
import { facilityMatchKey } from './licensed';
import { ImportError, type Rejection } from '../types';

export const CMS_NATIONAL_COLUMNS = [
  'ccn', 'name', 'address', 'city', 'state', 'zip_code', 'county', 'phone', 'ownership_type', 'residents', 'legal_name',
  'affiliate_name', 'special_focus', 'abuse_icon', 'inspection_2yrs', 'overall_rating', 'health_rating', 'qm_rating',
  'staffing_rating', 'nurse_turnover', 'address_as_of',
];
export const CMS_AGENCY = 'Centers for Medicare & Medicaid Services';
/**
 * The 2025 ratings file does not record its processing date; only the year is known: stored as
 * 2025-01-01 (for ordering against newer files) with year precision, shown as "2025" (ADR 025).
 */
export const CMS_RATINGS_AS_OF = '2025-01-01';
export const CMS_RATINGS_AS_OF_PRECISION = 'year';

function rating(v: string): number | null {
  return /^[1-5]$/.test(v) ? Number(v) : null;
}

export interface CmsNationalRows {
  communities: DirectoryRecord[];
  operators: DirectoryOperator[];
  rejections: Rejection[];
}

/** `states`: map only the homes of these states (the public dataset's DATASET_STATES); all when omitted. */
export function mapCmsNationalRows(headers: string[], records: { line: number; fields: string[] }[], states?: string[], asOf = CMS_RATINGS_AS_OF): CmsNationalRows {
  const asOfPrecision = asOf === CMS_RATINGS_AS_OF ? CMS_RATINGS_AS_OF_PRECISION : 'day';
  const index = new Map(headers.map((h, i) => [h.trim().toLowerCase(), i]));
  const missing = CMS_NATIONAL_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) throw new ImportError('MISSING_COLUMNS', `The CMS national file lacks columns: ${missing.join(', ')}.`);
  const rejections: Rejection[] = [];
  const communities: DirectoryRecord[] = [];
  const operators = new Map<string, DirectoryOperator & { spellings: string[] }>();
  const stateCol = index.get('state') ?? -1;
  for (const rec of records) {
    if (states?.length && !states.includes(cleanText(rec.fields[stateCol]).toUpperCase())) continue;
    const get = (c: string) => blankToEmpty(rec.fields[index.get(c) ?? -1]);
    const ccn = get('ccn').toUpperCase();
    if (!/^[0-9A-Z]{6}$/.test(ccn)) {
      rejections.push({ line: rec.line, reason: `CCN '${ccn}' is not 6 letters/digits` });
      continue;
    }
    const state = normalizeState(get('state'));
    const city = titleCase(get('city'));
    if (!state || !city) {
      rejections.push({ line: rec.line, reason: !state ? `state '${get('state')}' is not one of the 50 US states or DC` : 'missing city' });
      continue;
    }
    const name = titleCase(get('name'));
    const address = titleCase(get('address'));
    const zip = normalizeZip(get('zip_code')) ?? '';
    const county = titleCase(get('county')) || null;
    const ownership = cleanText(get('ownership_type'));
    const residents = parseDecimal(get('residents'));
    const turnover = parseDecimal(get('nurse_turnover'));
    const overall = rating(get('overall_rating'));
    const chain = get('affiliate_name');
    const legal = get('legal_name');
    const centre = zipCentroid(zip, city, state);

    // The chain links homes across states (one national operator); otherwise the legal business name, per state.
    let operatorRef: string | null = null;
    const opName = chain || legal;
    const key = opName ? operatorKey(opName) : '';
    if (key) {
      const sourceId = chain ? `chain:${key}` : `legal:${state}:${key}`;
      operatorRef = opRef('cms', sourceId);
      const op = operators.get(operatorRef) ?? {
        source: 'cms', sourceId, name: '', rawNames: [], spellings: [], state: chain ? null : state,
        sourceKind: 'cms' as const, sourceName: CMS_AGENCY, asOf, asOfPrecision,
      };
      op.spellings.push(opName);
      operators.set(operatorRef, op);
    }

    const facts: CmsFacts = {
      ccn,
      overallRating: overall,
      healthRating: rating(get('health_rating')),
      staffingRating: rating(get('staffing_rating')),
      qualityRating: rating(get('qm_rating')),
      certifiedBeds: null,
      avgResidents: Number.isNaN(residents) ? null : residents,
      healthDeficiencies: null,
      finesCount: null,
      finesTotal: null,
      paymentDenials: null,
      abuseIcon: get('abuse_icon') ? get('abuse_icon').toUpperCase() === 'Y' : null,
      specialFocus: /^sff candidate$/i.test(get('special_focus')) ? 'SFF Candidate' : /^sff$/i.test(get('special_focus')) ? 'SFF' : null,
      ownershipType: ownership || null,
      legalName: legal ? titleCase(legal) : null,
      chainName: chain ? titleCase(chain) : null,
      chainId: null,
      nurseTurnover: Number.isNaN(turnover) ? null : turnover,
      processingDate: null,
      addressAsOf: get('address_as_of') || null,
    };
    communities.push({
      line: rec.line,
      source: 'cms',
      sourceId: ccn,
      sourceKind: 'cms',
      sourceName: CMS_AGENCY,
      asOf,
      asOfPrecision,
      ...placeFields({ name, address, city, state, zip }, centre ?? { lat: null, lng: null }),
      county,
      locationApproximate: centre !== null,
      ...contactFields({ phone: get('phone') }),
      description: sentences([
        `Medicare and Medicaid certified nursing home in ${city}, ${state}`,
        overall !== null ? `CMS overall rating: ${overall} out of 5` : 'CMS has not published an overall rating for this facility',
      ]),
      overview: sentences([
        `${name} is a CMS-certified nursing home ${address ? `at ${address}, ${city}, ${state}${zip ? ` ${zip}` : ''}` : `in ${city}, ${state} (no street address on file)`}`,
        residents !== null && !Number.isNaN(residents) && `It averaged ${residents} residents per day`,
        ownership && `Ownership: ${ownership.toLowerCase()}`,
        chain && `Part of the ${titleCase(chain)} chain`,
      ]),
      careTypes: ['Skilled Nursing'],
      communityType: 'Skilled Nursing',
      ownerType: cmsOwnerType(ownership),
      score: overall,
      capacity: null,
      healthcareServices: ['24/7 Nursing'],
      licenseNumber: ccn,
      licenseType: 'Medicare and Medicaid certified nursing home',
      licensee: legal ? titleCase(legal) : null,
      matchKey: facilityMatchKey(name, address, city),
      operatorRef,
      cms: facts,
    });
  }
  const ops = [...operators.values()].map(({ spellings, ...o }) => ({ ...o, name: operatorDisplayName(spellings), rawNames: [...new Set(spellings)] }));
  return { communities, operators: ops, rejections };
}
