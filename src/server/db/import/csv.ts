// Turns uploaded bytes into header + records, refusing binary, empty and broken files up front.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse as parseStream, type Parser } from 'csv-parse';
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

/** How long synchronous import work may hold the event loop before it yields (ms). */
export const IMPORT_SLICE_MS = 15;

/**
 * Returns a function to await inside long loops: it yields to the event loop (setImmediate, so I/O and
 * timers run) once the current slice has used IMPORT_SLICE_MS, and is free otherwise.
 */
export function makeYielder(sliceMs = IMPORT_SLICE_MS): () => Promise<void> | undefined {
  let start = performance.now();
  return () => {
    if (performance.now() - start < sliceMs) return undefined;
    return nextTurn().then(() => {
      start = performance.now();
    });
  };
}

const PARSE_OPTIONS = { info: true, relax_column_count: true, skip_empty_lines: true, trim: false } as const;
/** Characters handed to the stream parser at a time (a few milliseconds of parsing each). */
const PARSE_CHUNK = 64 * 1024;

type InfoRow = { record: string[]; info: { lines: number } };

/** csv-parse reports the line where a record ends; quoted line breaks tell where it started. */
function toRecord(r: InfoRow): ParsedRecord {
  const breaks = r.record.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return { line: r.info.lines - breaks, fields: r.record };
}

function toParsed(rows: InfoRow[]): ParsedCsv {
  if (rows.length === 0) throw new ImportError('EMPTY_FILE', 'The file is empty.');
  const [head, ...rest] = rows;
  return { headers: head!.record, records: rest.map(toRecord) };
}

/**
 * parseCsv for large uploads: csv-parse's stream API fed in 64K-character chunks, honouring its
 * backpressure and yielding to the event loop between slices, so other requests keep being answered
 * while an 18 MB file is parsed (issue 10). Same result and errors as parseCsv.
 */
export async function parseCsvStream(text: string): Promise<ParsedCsv> {
  if (text.trim() === '') throw new ImportError('EMPTY_FILE', 'The file is empty.');
  let headers: string[] | null = null;
  const records: ParsedRecord[] = [];
  const parser: Parser = parseStream(PARSE_OPTIONS);
  let failure: Error | null = null;
  // Records are converted as they arrive (a chunk's worth at a time), not in one pass at the end.
  parser.on('readable', () => {
    let r: InfoRow | null;
    while ((r = parser.read() as InfoRow | null) !== null) {
      if (headers === null) headers = r.record;
      else records.push(toRecord(r));
    }
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (e) => {
      failure ??= e;
      resolve();
    });
  });
  const pause = makeYielder();
  for (let i = 0; i < text.length && !failure; i += PARSE_CHUNK) {
    const more = parser.write(text.slice(i, i + PARSE_CHUNK));
    if (!more && !failure) await Promise.race([new Promise<void>((resolve) => parser.once('drain', resolve)), ended]);
    await pause();
  }
  if (!failure) parser.end();
  await ended;
  if (failure) throw new ImportError('NOT_CSV', `The file is not a valid CSV: ${(failure as Error).message}`);
  if (headers === null) throw new ImportError('EMPTY_FILE', 'The file is empty.');
  return { headers, records };
}

/** Synchronous parse of a small text (a header line, tests). */
export function parseCsv(text: string): ParsedCsv {
  if (text.trim() === '') throw new ImportError('EMPTY_FILE', 'The file is empty.');
  let rows: InfoRow[];
  try {
    rows = parse(text, PARSE_OPTIONS) as unknown as InfoRow[];
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new ImportError('NOT_CSV', `The file is not a valid CSV: ${msg}`);
  }
  return toParsed(rows);
}
