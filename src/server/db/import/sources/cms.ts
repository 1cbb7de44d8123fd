// CMS "Nursing Homes Including Rehab Services - Provider Information": both published layouts.
import type { MappedRow, OperatorRecord, RowGetter, SourceMapper } from '../types';
import { blankToEmpty, cleanText, formatPhone, nameKey, parseCount, parseDecimal, sentences, titleCase } from '../normalize';
import { coordinatesOf, countOf, decimalOf, guard, isoDate, placeFields, reject, required, requiredName, stateOf, zipOf } from './common';

interface CmsColumns {
  ccn: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

const LAYOUT_2021: CmsColumns = {
  ccn: 'federal provider number',
  city: 'provider city',
  state: 'provider state',
  zip: 'provider zip code',
  phone: 'provider phone number',
};
const LAYOUT_2026: CmsColumns = {
  ccn: 'cms certification number (ccn)',
  city: 'city/town',
  state: 'state',
  zip: 'zip code',
  phone: 'telephone number',
};
const COMMON = ['provider name', 'provider address', 'ownership type', 'number of certified beds', 'overall rating', 'legal business name'];

/** 'For profit - Corporation' -> 'Private'; 'Non profit - ...' -> 'Non-Profit'; 'Government - ...' -> 'Public'. */
export function cmsOwnerType(value: string): 'Private' | 'Non-Profit' | 'Public' | null {
  const v = cleanText(value).toLowerCase();
  if (/^for[- ]?profit/.test(v)) return 'Private';
  if (/^(non[- ]?profit|not[- ]for[- ]profit)/.test(v)) return 'Non-Profit';
  if (/^government/.test(v)) return 'Public';
  return null;
}

function ratingOf(value: string, label: string): number | null {
  const v = blankToEmpty(value);
  if (!v) return null;
  if (!/^[1-5]$/.test(v)) reject(`${label} '${v}' is not a rating from 1 to 5`);
  return Number(v);
}

function mapCms(get: RowGetter, cols: CmsColumns, current: boolean): MappedRow {
  const ccn = required(get(cols.ccn), 'CMS Certification Number').toUpperCase();
  if (!/^[0-9A-Z]{6}$/.test(ccn)) reject(`CMS Certification Number '${ccn}' is not 6 letters/digits`);
  const name = requiredName(get('provider name'), 'Provider Name');
  const address = titleCase(get('provider address'));
  const city = requiredName(get(cols.city), 'city');
  const state = stateOf(get(cols.state), 'state');
  const zip = zipOf(get(cols.zip), 'ZIP code');
  const phone = formatPhone(get(cols.phone));
  const ownership = cleanText(get('ownership type'));
  const ownerType = cmsOwnerType(ownership);
  const beds = countOf(get('number of certified beds'), 'Number of Certified Beds');
  const score = ratingOf(get('overall rating'), 'Overall Rating');
  const healthRating = ratingOf(get('health inspection rating'), 'Health Inspection Rating');
  const staffingRating = ratingOf(get('staffing rating'), 'Staffing Rating');
  const qmRating = ratingOf(get('qm rating'), 'QM Rating');
  const residents = decimalOf(get('average number of residents per day'), 'Average Number of Residents per Day');
  const ptHours = decimalOf(get('reported physical therapist staffing hours per resident per day'), 'Reported Physical Therapist Staffing Hours');
  const providerType = cleanText(get('provider type'));
  const ccrc = cleanText(get('continuing care retirement community')).toUpperCase() === 'Y';
  const inHospital = cleanText(get('provider resides in hospital')).toUpperCase() === 'Y';
  const processed = cleanText(get('processing date'));
  const count = (column: string) => {
    const n = parseCount(get(column));
    return n === null || Number.isNaN(n) ? null : n;
  };
  const amount = parseDecimal(get('total amount of fines in dollars'));
  const turnover = current ? parseDecimal(get('registered nurse turnover')) : null;
  const sff = cleanText(get('special focus status'));
  const abuse = cleanText(get('abuse icon')).toUpperCase();
  const coords = current
    ? coordinatesOf(decimalOf(get('latitude'), 'Latitude'), decimalOf(get('longitude'), 'Longitude'), { zip, city, state }, 'Latitude/Longitude')
    : coordinatesOf(null, null, { zip, city, state }, '');

  // Operator: the chain in the current layout, else the legal business name.
  let operator: OperatorRecord | null = null;
  const chainName = current ? blankToEmpty(get('chain name')) : '';
  const chainId = current ? blankToEmpty(get('chain id')) : '';
  const legal = blankToEmpty(get('legal business name'));
  if (chainName) {
    operator = {
      sourceId: chainId ? `chain:${chainId}` : `name:${nameKey(chainName)}`,
      name: titleCase(chainName),
      city: null,
      state: null,
      postalCode: null,
      phone: null,
    };
  } else if (legal && !/not available/i.test(legal)) {
    operator = { sourceId: `name:${nameKey(legal)}`, name: titleCase(legal), city, state, postalCode: zip, phone: null };
  }

  const healthcareServices = ['24/7 Nursing'];
  if (ptHours !== null && ptHours > 0) healthcareServices.push('Physical Therapy');

  const certification = providerType ? `${providerType} certified` : 'Certified';
  const description = sentences([
    `${certification} nursing home in ${city}, ${state}${beds !== null ? ` with ${beds} certified beds` : ''}`,
    score !== null ? `CMS overall rating: ${score} out of 5` : 'CMS overall rating not yet available',
  ]);
  const subRatings = [
    healthRating !== null ? `health inspections ${healthRating}` : null,
    staffingRating !== null ? `staffing ${staffingRating}` : null,
    qmRating !== null ? `quality measures ${qmRating}` : null,
  ].filter(Boolean);
  const overview = sentences([
    `${name} is a ${providerType ? `${providerType} certified ` : ''}skilled nursing facility at ${[address, city].filter(Boolean).join(', ')}, ${state} ${zip}`,
    beds !== null &&
      `It has ${beds} certified beds${residents !== null ? ` and averaged ${String(Math.round(residents * 10) / 10)} residents per day` : ''}`,
    ownership && `Ownership: ${ownership.toLowerCase()}`,
    operator && `Operated by ${operator.name}`,
    ccrc && 'Part of a continuing care retirement community',
    inHospital && 'Located inside a hospital',
    score !== null
      ? `CMS overall rating: ${score} out of 5${subRatings.length ? ` (${subRatings.join(', ')})` : ''}`
      : 'CMS has not published an overall rating for this facility',
    `Source: CMS Provider Information${processed ? `, processed ${processed}` : ''}`,
  ]);

  return {
    community: {
      sourceId: ccn,
      ...placeFields({ name, address, city, state, zip }, coords),
      phone,
      email: null,
      website: null,
      description,
      overview,
      careTypes: ['Skilled Nursing'],
      communityType: 'Skilled Nursing',
      ownerType,
      score,
      capacity: beds,
      healthcareServices,
      operatorKey: operator?.sourceId ?? null,
      asOf: isoDate(processed),
      cms: {
        ccn,
        overallRating: score,
        healthRating,
        staffingRating,
        qualityRating: qmRating,
        certifiedBeds: beds,
        avgResidents: residents,
        healthDeficiencies: count('rating cycle 1 total number of health deficiencies'),
        finesCount: count('number of fines'),
        finesTotal: amount === null || Number.isNaN(amount) ? null : amount,
        paymentDenials: count('number of payment denials'),
        abuseIcon: abuse === 'Y' ? true : abuse === 'N' ? false : null,
        specialFocus: /^sff candidate$/i.test(sff) ? 'SFF Candidate' : /^sff$/i.test(sff) ? 'SFF' : null,
        ownershipType: ownership || null,
        legalName: legal && !/not available/i.test(legal) ? titleCase(legal) : null,
        chainName: chainName ? titleCase(chainName) : null,
        chainId: chainId || null,
        nurseTurnover: turnover === null || Number.isNaN(turnover) ? null : turnover,
        processingDate: /^\d{4}-\d{2}-\d{2}$/.test(processed) ? processed : null,
        addressAsOf: /^\d{4}-\d{2}-\d{2}$/.test(processed) ? processed : null,
      },
    },
    operator,
  };
}

function mapper(layout: 'cms-2021' | 'cms-2026', cols: CmsColumns): SourceMapper {
  const requiredColumns = [cols.ccn, cols.city, cols.state, cols.zip, cols.phone, ...COMMON, ...(layout === 'cms-2026' ? ['latitude', 'longitude', 'chain name', 'chain id'] : [])];
  return {
    kind: 'cms',
    layout,
    sourceKind: 'cms',
    sourceName: 'Centers for Medicare & Medicaid Services',
    requiredColumns,
    matches: (headers) => headers.has(cols.ccn) && headers.has('provider name'),
    mapRow: guard((get) => mapCms(get, cols, layout === 'cms-2026')),
  };
}

export const cms2021 = mapper('cms-2021', LAYOUT_2021);
export const cms2026 = mapper('cms-2026', LAYOUT_2026);
