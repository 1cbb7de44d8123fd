// Texas HHSC assisted living facility directory (Types A, B and C).
import type { MappedRow, OperatorRecord, RowGetter, SourceMapper } from '../types';
import { blankToEmpty, cleanText, formatPhone, nameKey, normalizeState, normalizeZip, sentences, titleCase } from '../normalize';
import { contactFields, coordinatesOf, countOf, decimalOf, directoryRow, guard, placeFields, reject, required, requiredName, stateOf, zipOf } from './common';

export function txOwnerType(value: string): 'Private' | 'Non-Profit' | 'Public' | null {
  const v = cleanText(value).toLowerCase();
  if (!v || v === 'other') return null;
  if (/non[- ]?profit|not[- ]for[- ]profit|church|charit/.test(v)) return 'Non-Profit';
  if (/hospital district|authority|county|city|state|government|public|municipal/.test(v)) return 'Public';
  if (/llc|limited|corporation|partnership|sole|propriet|profit|company/.test(v)) return 'Private';
  return null;
}

const SERVICE_TYPES: Record<string, string> = {
  'TYPE A': 'Type A license: residents can evacuate unassisted and need no routine attendance at night',
  'TYPE B': 'Type B license: residents may need help to evacuate and attendance at night',
  'TYPE C': 'Type C license: adult foster care home for four or fewer residents',
};

function geoOf(value: string): { lat: number | null; lng: number | null } {
  const v = blankToEmpty(value);
  if (!v) return { lat: null, lng: null };
  const parts = v.split(',');
  if (parts.length !== 2) reject(`Geo Location '${v}' is not "lat,lon"`);
  return { lat: decimalOf(parts[0], 'Geo Location latitude'), lng: decimalOf(parts[1], 'Geo Location longitude') };
}


function mapTx(get: RowGetter): MappedRow {
  const id = required(get('facility id'), 'Facility_ID');
  if (!/^\d+$/.test(id)) reject(`Facility_ID '${id}' is not a number`);
  const licensed = cleanText(get('facility licensed')).toUpperCase();
  if (licensed && licensed !== 'YES' && licensed !== 'Y') reject(`Facility Licensed is '${licensed}': not a licensed facility`);
  const name = requiredName(get('facility name'), 'Facility Name');
  const address = titleCase(get('physical address'));
  const city = requiredName(get('physical address city'), 'Physical Address CITY');
  const state = stateOf(get('physical address state'), 'Physical Address State');
  const zip = zipOf(get('physical address zipcode'), 'Physical Address Zipcode');
  const county = titleCase(get('county'));
  const capacity = countOf(get('total licensed capacity'), 'Total Licensed Capacity');
  const alzheimer = countOf(get('alzheimer capacity'), 'Alzheimer Capacity');
  const entity = cleanText(get('type of entity'));
  const serviceType = cleanText(get('service type')).toUpperCase();
  const license = blankToEmpty(get('license number'));
  const expires = blankToEmpty(get('license expiration date'));
  const geo = geoOf(get('geo location'));
  const coords = coordinatesOf(geo.lat, geo.lng, { zip, city, state }, 'Geo Location');

  let operator: OperatorRecord | null = null;
  const management = blankToEmpty(get('management company'));
  const owner = blankToEmpty(get('owner'));
  if (management) {
    operator = { sourceId: `name:${nameKey(management)}`, name: titleCase(management), city: null, state: null, postalCode: null, phone: null };
  } else if (owner) {
    operator = {
      sourceId: `name:${nameKey(owner)}`,
      name: titleCase(owner),
      city: titleCase(get('owner mailing city')) || null,
      state: normalizeState(get('owner mailing state')),
      postalCode: normalizeZip(get('owner mailing zipcode')),
      phone: formatPhone(get('owner phone')),
    };
  }

  const memory = alzheimer !== null && alzheimer > 0;
  const careTypes = memory ? ['Assisted Living', 'Memory Care'] : ['Assisted Living'];
  const description = sentences([
    `Licensed assisted living facility in ${city}, ${state}${capacity !== null ? ` with a licensed capacity of ${capacity}` : ''}`,
    memory && `Includes ${alzheimer} Alzheimer's care ${alzheimer === 1 ? 'bed' : 'beds'}`,
  ]);
  const overview = sentences([
    `${name} is an assisted living facility at ${[address, city].filter(Boolean).join(', ')}, ${state} ${zip}${county ? ` (${county} County)` : ''}`,
    capacity !== null && `Its total licensed capacity is ${capacity}${memory ? `, including ${alzheimer} certified for Alzheimer's care` : ''}`,
    SERVICE_TYPES[serviceType] ?? (serviceType && `License type: ${serviceType.toLowerCase()}`),
    `Texas HHSC license${license ? ` ${license}` : ''}${expires ? `, expires ${expires}` : ''}`,
    owner && `Owner: ${titleCase(owner)}${entity ? ` (${entity.toLowerCase()})` : ''}`,
    management && `Managed by ${titleCase(management)}`,
    'Source: Texas Health and Human Services Commission',
  ]);

  return directoryRow(
    {
      sourceId: id,
      ...placeFields({ name, address, city, state, zip }, coords),
      ...contactFields({ phone: get('facility phone number'), email: get('provider email') }),
      description,
      overview,
      careTypes,
      ownerType: txOwnerType(entity),
      capacity,
    },
    operator,
  );
}

export const tx: SourceMapper = {
  kind: 'tx',
  layout: 'tx',
  sourceKind: 'state',
  sourceName: 'Texas Health and Human Services Commission',
  requiredColumns: ['facility name', 'facility id', 'physical address', 'physical address city', 'physical address state', 'physical address zipcode', 'total licensed capacity', 'owner', 'type of entity'],
  matches: (headers) => headers.has('facility id') && headers.has('facility name'),
  mapRow: guard(mapTx),
};

