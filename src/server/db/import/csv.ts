// Turns uploaded bytes into header + records, refusing binary, empty and broken files up front.
import { parse } from 'csv-parse/sync';
import { ImportError } from './types';

export interface ParsedRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

export interface ParsedCsv {
  headers: string[];
  records: ParsedRecord[];
}

/** 'Service  Type' / 'Owner_' / ' ZIP Code ' -> 'service type' / 'owner' / 'zip code'. */
export function headerKey(name: string): string {
  return name.replace(/^\uFEFF/, '').replace(/[_\s]+/g, ' ').trim().toLowerCase();
}

export function decodeText(content: Buffer | string): string {
  if (typeof content === 'string') {
    if (content.includes('\u0000')) throw new ImportError('BINARY_FILE', 'The file is binary, not a CSV text file.');
    return content.replace(/^\uFEFF/, '');
  }
  if (content.subarray(0, 8192).includes(0)) throw new ImportError('BINARY_FILE', 'The file is binary, not a CSV text file.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  } catch {
    // Older state exports are Windows-1252; every byte maps to a character there.
    return new TextDecoder('windows-1252').decode(content);
  }
}

export function parseCsv(text: string): ParsedCsv {
  if (text.trim() === '') throw new ImportError('EMPTY_FILE', 'The file is empty.');
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new ImportError('NOT_CSV', `The file is not a valid CSV: ${msg}`);
  }
  if (rows.length === 0) throw new ImportError('EMPTY_FILE', 'The file is empty.');
  const [head, ...rest] = rows;
  // csv-parse reports the line where a record ends; quoted line breaks tell where it started.
  const records: ParsedRecord[] = rest.map((r) => {
    const breaks = r.record.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return { line: r.info.lines - breaks, fields: r.record };
  });
  return { headers: head.record, records };
}
