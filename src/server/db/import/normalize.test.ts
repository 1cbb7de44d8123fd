import { describe, expect, it } from 'vitest';
import { headerKey, parseCsv } from './csv';
import { cleanText, formatPhone, nameKey, normalizeState, normalizeWebsite, normalizeZip, titleCase, zipCentroid } from './normalize';
import { cmsOwnerType } from './sources/cms';
import { flOwnerType } from './sources/fl';
import { txOwnerType } from './sources/tx';

describe('name clean-up', () => {
  it('collapses whitespace', () => {
    expect(cleanText('  A LOVING HOME ENTERPRISES  INC. ')).toBe('A LOVING HOME ENTERPRISES INC.');
  });

  it('title-cases ALL-CAPS names, keeping suffixes, numerals and acronyms', () => {
    expect(titleCase('BURNS NURSING HOME, INC.')).toBe('Burns Nursing Home, INC.');
    expect(titleCase('A LOVING HOME ENTERPRISES  INC.')).toBe('A Loving Home Enterprises INC.');
    expect(titleCase('BUENA VISTA HEALTH CARE II  CORP.')).toBe('Buena Vista Health Care II Corp.');
    expect(titleCase("LINDSAY'S ALTERNATIVE CARE  INC.")).toBe("Lindsay's Alternative Care INC.");
    expect(titleCase('THE CENTER AT VAL VISTA, LLC')).toBe('The Center at Val Vista, LLC');
    expect(titleCase('SPRINGS OF PARC HILL  THE')).toBe('Springs of Parc Hill The');
    expect(titleCase('3640 SW 91ST AVE # 42')).toBe('3640 SW 91st Ave # 42');
    expect(titleCase('BKD STERLING HOUSE OF PALESTINE, LLC')).toBe('BKD Sterling House of Palestine, LLC');
    expect(titleCase('ST JOSEPH MANOR')).toBe('St Joseph Manor');
    expect(titleCase('MCDONALD HOUSE')).toBe('McDonald House');
    expect(titleCase("O'BRIEN CARE")).toBe("O'Brien Care");
    expect(titleCase('MEDICAL FACILITIES OF AMERICA XLII')).toBe('Medical Facilities of America XLII');
  });

  it('leaves mixed-case names as written', () => {
    expect(titleCase('NXC Orange City Operator LLC')).toBe('NXC Orange City Operator LLC');
  });

  it('keys operator names without punctuation or case', () => {
    expect(nameKey('A Loving Home Ent Inc.')).toBe(nameKey('A LOVING HOME ENT INC'));
    expect(nameKey('Smith & Sons, LLC')).toBe('SMITH AND SONS LLC');
  });
});

describe('value normalisation', () => {
  it('maps states to 2-letter codes', () => {
    expect(normalizeState('TEXAS')).toBe('TX');
    expect(normalizeState('tx')).toBe('TX');
    expect(normalizeState('District of Columbia')).toBe('DC');
    expect(normalizeState('PR')).toBeNull();
    expect(normalizeState('XX')).toBeNull();
  });

  it('maps ZIPs to 5 digits', () => {
    expect(normalizeZip('75801-6978')).toBe('75801');
    expect(normalizeZip('331654361')).toBe('33165');
    expect(normalizeZip('2146')).toBe('02146');
    expect(normalizeZip('ABCDE')).toBeNull();
  });

  it('formats 10-digit phones', () => {
    expect(formatPhone('2563324110')).toBe('(256) 332-4110');
    expect(formatPhone('830 9979406')).toBe('(830) 997-9406');
    expect(formatPhone('1-561-422-7059')).toBe('(561) 422-7059');
    expect(formatPhone('')).toBeNull();
    expect(formatPhone('12345')).toBeNull();
  });

  it('prefixes bare web addresses', () => {
    expect(normalizeWebsite('www.thelexingtonmanor.com')).toBe('http://www.thelexingtonmanor.com');
    expect(normalizeWebsite('https://x.org')).toBe('https://x.org');
    expect(normalizeWebsite('')).toBeNull();
  });

  it('maps ownership to Private / Non-Profit / Public', () => {
    expect(cmsOwnerType('For profit - Limited Liability company')).toBe('Private');
    expect(cmsOwnerType('Non profit - Church related')).toBe('Non-Profit');
    expect(cmsOwnerType('Government - Hospital district')).toBe('Public');
    expect(flOwnerType('For-Profit')).toBe('Private');
    expect(flOwnerType('Not-For-Profit')).toBe('Non-Profit');
    expect(txOwnerType('Limited Liability Company (LLC)')).toBe('Private');
    expect(txOwnerType('Nonprofit Organization')).toBe('Non-Profit');
    expect(txOwnerType('HOSPITAL DISTRICT/AUTHORITY')).toBe('Public');
    expect(txOwnerType('Other')).toBeNull();
  });

  it('finds ZIP centroids, falling back to the city for retired ZIPs', () => {
    expect(zipCentroid('35653')).toEqual({ lat: 34.5066, lng: -87.7257 });
    expect(zipCentroid('02146')).toBeNull();
    expect(zipCentroid('02146', 'Brookline', 'MA')).toEqual({ lat: 42.3259, lng: -71.1341 });
  });
});

describe('csv reading', () => {
  it('normalises header names', () => {
    expect(headerKey('Service  Type')).toBe('service type');
    expect(headerKey('Owner_')).toBe('owner');
    expect(headerKey('\uFEFFFacility_ID')).toBe('facility id');
  });

  it('reports the line each record starts on', () => {
    const { records } = parseCsv('a,b\r\n1,2\r\n\r\n"x\ny",3\r\n4,5\r\n');
    expect(records.map((r) => r.line)).toEqual([2, 4, 6]);
    expect(records[1].fields).toEqual(['x\ny', '3']);
  });
});
