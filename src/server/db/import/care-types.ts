// From a state's licence category (in its own words) to the product's care types. The table is the
// documented mapping (docs/decisions/014-real-directory.md): every licence on a state's assisted-living
// list is Assisted Living; the rules below add what the licence (or the facility's own name) says more.
import type { CareType } from '../../../contracts/constants';

export interface CareTypeRule {
  /** Matched against "type 1 | type 2 | facility name", upper case. */
  pattern: RegExp;
  adds: CareType;
  why: string;
}

export const CARE_TYPE_RULES: CareTypeRule[] = [
  {
    pattern: /ALZHEIMER|DEMENTIA|MEMORY|SPECIALTY CARE|SPECIAL CARE UNIT|\bALR-ALZ\b|\bSCU\b/,
    adds: 'Memory Care',
    why: "the licence names dementia, Alzheimer's or memory care (Alabama's 'Specialty Care' ALF is its dementia licence), or the facility calls itself memory care",
  },
  {
    pattern: /CONTINUING CARE RETIREMENT|\bCCRC\b/,
    adds: 'Independent Living',
    why: 'a continuing care retirement community also houses independent residents',
  },
  {
    pattern: /NURSING FACILITY|SKILLED NURSING/,
    adds: 'Skilled Nursing',
    why: 'the licence is (also) a nursing facility',
  },
];

/** Care types of a licensed facility, in the product's order. */
export function licensedCareTypes(type1: string, type2: string, name: string): CareType[] {
  const text = `${type1} | ${type2} | ${name}`.toUpperCase();
  const found = new Set<CareType>(['Assisted Living']);
  for (const rule of CARE_TYPE_RULES) if (rule.pattern.test(text)) found.add(rule.adds);
  const order: CareType[] = ['Independent Living', 'Assisted Living', 'Memory Care', 'Skilled Nursing'];
  return order.filter((c) => found.has(c));
}

/** 'NON-PROFIT CORPORATION' -> 'Non-Profit'; 'COUNTY' -> 'Public'; 'LIMITED LIABILITY COMPANY' -> 'Private'. */
export function ownerTypeOf(value: string): 'Private' | 'Non-Profit' | 'Public' | null {
  const v = value.toUpperCase();
  if (!v.trim()) return null;
  if (/NON[- ]?PROFIT|NOT[- ]FOR[- ]PROFIT|NONPROFIT|CHARIT|RELIGIOUS|CHURCH/.test(v)) return 'Non-Profit';
  if (/GOVERNMENT|COUNTY|STATE|CITY|MUNICIPAL|PUBLIC|DISTRICT|FEDERAL|TRIBAL/.test(v)) return 'Public';
  if (/PROFIT|CORPORATION|LLC|LIMITED|PARTNERSHIP|PROPRIETOR|INDIVIDUAL|COMPANY|INC/.test(v)) return 'Private';
  return null;
}
