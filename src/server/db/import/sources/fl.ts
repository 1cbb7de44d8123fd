// Florida AHCA licensed assisted living facilities (directory export).
import type { MappedRow, OperatorRecord, RowGetter, SourceMapper } from '../types';
import { blankToEmpty, cleanText, nameKey, normalizeState, normalizeZip, sentences, titleCase } from '../normalize';
import { contactFields, coordinatesOf, countOf, directoryRow, guard, placeFields, reject, required, requiredName, stateOf, zipOf } from './common';

/**
 * License statuses of facilities that are open and may take residents. Anything else (INACTIVE,
 * SUSPENDED, REVOKED, CLOSED, an unknown value) is rejected with its status as the reason.
 */
export const FL_OPERATING_STATUSES = new Set(['LICENSED', 'IN REVIEW', 'PROVISIONAL', 'IN LITIGATION', 'PROV LITIGATION', 'CONDITIONAL']);

export function flOwnerType(value: string): 'Private' | 'Non-Profit' | 'Public' | null {
  const v = cleanText(value).toLowerCase();
  if (/^(not|non)[- ]?(for[- ]?)?profit/.test(v)) return 'Non-Profit';
  if (/^for[- ]?profit/.test(v)) return 'Private';
  if (/government|public|county|state|city/.test(v)) return 'Public';
  return null;
}

function mapFl(get: RowGetter): MappedRow {
  const id = required(get('ahca number (file number)'), 'AHCA Number');
  if (!/^\d+$/.test(id)) reject(`AHCA Number '${id}' is not a number`);
  const status = cleanText(get('license status')).toUpperCase();
  if (!status) reject('missing License Status');
  if (!FL_OPERATING_STATUSES.has(status)) reject(`License Status '${status}' is not an operating license`);
  const name = requiredName(get('name'), 'Name');
  const address = [titleCase(get('street address')), titleCase(get('street address line 2'))].filter(Boolean).join(', ');
  const city = requiredName(get('street city'), 'Street City');
  const state = stateOf(get('street state'), 'Street State');
  const zip = zipOf(get('street zip'), 'Street Zip');
  const county = titleCase(get('street county'));
  const beds = countOf(get('licensed beds'), 'Licensed Beds');
  const profit = cleanText(get('profit status'));
  const ownerType = flOwnerType(profit);
  const license = blankToEmpty(get('license number'));
  const expires = blankToEmpty(get('license expiration date'));
  const ownerSince = blankToEmpty(get('owner since'));
  const coords = coordinatesOf(null, null, { zip, city, state }, '');

  let operator: OperatorRecord | null = null;
  const owner = blankToEmpty(get('owner'));
  if (owner) {
    operator = {
      sourceId: `name:${nameKey(owner)}`,
      name: titleCase(owner),
      city: titleCase(get('mailing city')) || city,
      state: normalizeState(get('mailing state')) ?? state,
      postalCode: normalizeZip(get('mailing zip')) ?? zip,
      phone: null,
    };
  }

  const description = sentences([
    `Licensed assisted living facility in ${city}, ${state}${beds !== null ? ` with ${beds} licensed beds` : ''}`,
  ]);
  const overview = sentences([
    `${name} is an assisted living facility at ${[address, city].filter(Boolean).join(', ')}, ${state} ${zip}${county ? ` (${county} County)` : ''}`,
    beds !== null && `It is licensed for ${beds} beds`,
    `Florida AHCA license${license ? ` ${license}` : ''}, status ${status.toLowerCase()}${expires ? `, expires ${expires}` : ''}`,
    operator && `Licensee: ${operator.name}${ownerSince ? ` (since ${ownerSince})` : ''}`,
    profit && `${profit} ownership`,
    'Source: Florida Agency for Health Care Administration',
  ]);

  return directoryRow(
    {
      sourceId: id,
      ...placeFields({ name, address, city, state, zip }, coords),
      ...contactFields({ phone: get('phone'), website: get('web address') }),
      description,
      overview,
      careTypes: ['Assisted Living'],
      ownerType,
      capacity: beds,
    },
    operator,
  );
}

export const fl: SourceMapper = {
  kind: 'fl',
  layout: 'fl',
  sourceKind: 'state',
  sourceName: 'Florida Agency for Health Care Administration',
  requiredColumns: ['ahca number (file number)', 'name', 'street address', 'street city', 'street state', 'street zip', 'phone', 'license status', 'owner', 'licensed beds', 'profit status'],
  matches: (headers) => headers.has('ahca number (file number)') && headers.has('license status'),
  mapRow: guard(mapFl),
};
