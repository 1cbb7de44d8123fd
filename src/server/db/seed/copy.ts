// PostgreSQL COPY (text format) helpers: value encoding and a writer that respects backpressure.
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Encodes one text value for COPY text format (null -> \N). */
export function copyText(v: string | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  return /[\\\t\n\r]/.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
}

export function copyNum(v: number | null | undefined): string {
  return v === null || v === undefined ? '\\N' : String(v);
}

/** A text[] literal for COPY text format. */
export function copyArray(items: readonly string[]): string {
  const literal = `{${items.map((s) => `"${s.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`;
  return copyText(literal);
}

/**
 * Streams `chunks` (COPY text lines, many per chunk) into `COPY table (columns) FROM STDIN`.
 * Generation of the next chunk overlaps with the server ingesting the previous ones.
 */
export async function copyInto(client: pg.PoolClient, sql: string, chunks: Iterable<string | Buffer>): Promise<number> {
  const stream = client.query(copyFrom(sql));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', () => resolve());
    stream.on('error', reject);
  });
  // Keep a rejection from surfacing as unhandled while we are still writing.
  done.catch(() => {});
  let failed: unknown = null;
  stream.on('error', (e) => {
    failed = e;
  });
  for (const chunk of chunks) {
    if (failed) break;
    if (!stream.write(chunk)) {
      await Promise.race([once(stream, 'drain'), done]);
    }
  }
  stream.end();
  await done;
  return stream.rowCount;
}

/** Batches row lines into chunks of about `size` characters. */
export function* batched(lines: Iterable<string>, size = 1 << 18): Generator<string> {
  let batch = '';
  for (const line of lines) {
    batch += line;
    if (batch.length >= size) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
