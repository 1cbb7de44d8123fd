// The operator-name normalizer on real spellings from the 2021 national licence lists and CMS.
import { describe, expect, it } from 'vitest';
import { licensedCareTypes, ownerTypeOf } from './care-types';
import { operatorDisplayName, operatorKey } from './operator-names';

describe('operatorKey', () => {
  it.each([
    // Colorado and Florida spell Brookdale's company differently.
    [['BROOKDALE SENIOR LIVING COMMUNITIES, INC', 'BROOKDALE SENIOR LIVING COMMUNITIES  INC.'], 'BROOKDALE SENIOR LIVING COMMUNITIES'],
    [['DESERT COTTAGES L.L.C', 'DESERT COTTAGES, L.L.C.'], 'DESERT COTTAGES'],
    [['COTTAGES AT ARTESIA L.L.C, THE'], 'COTTAGES AT ARTESIA'],
    // California's "LICENSEE; MANAGER": the managing company, abbreviations written out.
    [['WG COVINA SH LP; ATRIA MANAGEMENT CO LLC', 'WG BURLINGAME SH LP; ATRIA MANAGEMENT CO LLC', 'ASLO & FOSTER CITY PTRS, GPS FC OPCO; ATRIA MGT CO'], 'ATRIA MANAGEMENT'],
    [['SUNRISE CARLISLE GP LLC; SUNRISE SNR LVG MGT INC', 'SUNRISE STRATFORD GP & LP; SUNRISE SENIOR LVG MGT'], 'SUNRISE SENIOR LIVING MANAGEMENT'],
    [['EMERITUS CORPORATION', 'SUMMERVILLE AT FAIRWOOD MANOR LLC; EMERITUS CORP', 'EMERITUS CORPORATION TRADENAME BROOKDALE CHARLESTON GARDENS (ALR-ALZ)'], 'EMERITUS'],
    // D/B/A: the company, not its trade name.
    [['TLC SENIOR CARE, LLC D/B/A BUENA VISTA SENIOR CARE'], 'TLC SENIOR CARE'],
    [['CHHC, INC.  D/B/A   CARING HEARTS HOME CARE, INC.'], 'CHHC'],
    [['COMPASS HEALTH, INC., DBA'], 'COMPASS HEALTH'],
    [["SOREN'S CORPORATION DBA A & C CARE HOME"], 'SOREN S'],
  ])('%j -> %s', (spellings, key) => {
    for (const s of spellings) expect(operatorKey(s)).toBe(key);
  });

  it('keeps different companies apart and drops placeholders', () => {
    expect(operatorKey('BROOKDALE PLACE OF COLORADO SPRINGS LLC')).not.toBe(operatorKey('BROOKDALE SENIOR LIVING COMMUNITIES, INC'));
    expect(operatorKey('N/A')).toBe('');
    expect(operatorKey('  ')).toBe('');
  });

  it('names the operator by its most frequent spelling', () => {
    expect(operatorDisplayName(['ATRIA SENIOR LIVING, INC.', 'Atria Senior Living Inc', 'ATRIA SENIOR LIVING, INC.'])).toBe('Atria Senior Living, INC.');
  });
});

describe('licence type -> care types (the documented table)', () => {
  it.each([
    ['RESIDENTIAL CARE ELDERLY', '', 'Oak Home', ['Assisted Living']],
    ['RCFE-CONTINUING CARE RETIREMENT COMMUNITY', '', 'Casa', ['Independent Living', 'Assisted Living']],
    ['ASSISTED LIVING FACILITY (SPECIALTY CARE)', '', 'Magnolia', ['Assisted Living', 'Memory Care']],
    ['RESIDENTIAL FACILITY FOR GROUPS', 'ALZHEIMER DISEASE, RESIDENTIAL FACILITY FOR ELDERLY OR DISABLED PERSONS', 'A Home', ['Assisted Living', 'Memory Care']],
    ['ASSISTED LIVING FACILITIES', '', 'Aberdeen Memory Care Of Tulsa', ['Assisted Living', 'Memory Care']],
    ['MENTAL HEALTH NURSING FACILITY RESIDENTIAL HEALTH CARE FACILITY', '', 'X', ['Assisted Living', 'Skilled Nursing']],
  ])('%s / %s / %s', (t1, t2, name, expected) => {
    expect(licensedCareTypes(t1, t2, name)).toEqual(expected);
  });

  it('reads ownership words', () => {
    expect(ownerTypeOf('NON-PROFIT CORPORATION')).toBe('Non-Profit');
    expect(ownerTypeOf('FOR-PROFIT')).toBe('Private');
    expect(ownerTypeOf('COUNTY')).toBe('Public');
    expect(ownerTypeOf('')).toBeNull();
  });
});
