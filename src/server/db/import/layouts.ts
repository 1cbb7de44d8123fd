// Tells the supported file layouts apart by their header row.
import { decodeText, headerKey, parseCsv } from './csv';
import { cms2021, cms2026 } from './sources/cms';
import { fl } from './sources/fl';
import { tx } from './sources/tx';
import type { ImportKind, SourceMapper } from './types';

export const MAPPERS: SourceMapper[] = [cms2026, cms2021, fl, tx];

/** The mapper whose header this is, or null. */
export function mapperForHeaders(headers: string[]): SourceMapper | null {
  const keys = new Set(headers.map(headerKey));
  return MAPPERS.find((m) => m.matches(keys)) ?? null;
}

/**
 * Which importer a file is for, from its header row only ('cms' | 'fl' | 'tx'), or null when the
 * file is not a CSV of a supported layout.
 */
export function detectKind(content: Buffer | string): ImportKind | null {
  try {
    const text = decodeText(content);
    const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
    const { headers } = parseCsv(firstLine);
    return mapperForHeaders(headers)?.kind ?? null;
  } catch {
    return null;
  }
}
