// SQL of the licence-type and capacity-band filters (contracts/licence-filters.ts), shared by search and
// Community Insights. Every fragment comes from the maps below (code, not input); the maps are keyed by
// the contract's literal types, so a new option without SQL fails the typecheck.
import { CAPACITY_BAND_RANGES, type CapacityBand, type LicenceType } from '../../contracts/licence-filters';
import { CARE_TYPE_RULES } from '../db/import/care-types';
import type { CareType } from '../../contracts/constants';

/** The licence-word pattern of a care-type rule as a PostgreSQL regular expression (\b is \y there). */
function licenceWords(adds: CareType): string {
  const rule = CARE_TYPE_RULES.find((r) => r.adds === adds);
  if (!rule) throw new Error(`no care-type rule adds ${adds}`);
  return rule.pattern.source.replace(/\\b/g, '\\y').replace(/'/g, "''");
}

const LICENCE_TYPE_SQL: Record<LicenceType, (a: string) => string> = {
  // Every licence on a state's assisted-living list (ADR 014).
  assisted_living: (a) => `${a}.source_kind = 'state'`,
  memory_care: (a) => `${a}.license_type ~* '${licenceWords('Memory Care')}'`,
  ccrc: (a) => `${a}.license_type ~* '${licenceWords('Independent Living')}'`,
  nursing_home: (a) => `(${a}.source_kind = 'cms' OR ${a}.license_type ~* '${licenceWords('Skilled Nursing')}')`,
};

/** The community under alias `a` holds a licence of that type. */
export function licenceTypeCondition(a: string, type: LicenceType): string {
  return LICENCE_TYPE_SQL[type](a);
}

/** The community's licensed capacity is within the band; an unknown (null) capacity is in no band. */
export function capacityCondition(a: string, band: CapacityBand): string {
  const r = CAPACITY_BAND_RANGES[band];
  return r.max === null ? `${a}.capacity >= ${r.min}` : `${a}.capacity BETWEEN ${r.min} AND ${r.max}`;
}
