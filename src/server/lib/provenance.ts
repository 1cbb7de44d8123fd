// Provenance columns as the API's `source: { kind, name, asOf }` (ADR 008).
import { toSourceKind, type Source } from '../../contracts/provenance';

/**
 * A row's as-of date as text to the precision its source knows (ADR 025): 'YYYY-MM-DD', 'YYYY-MM' or
 * 'YYYY'. Every API field and CSV column that shows an as-of date reads it through this expression.
 */
export function asOfText(a: string): string {
  return `CASE ${a}.source_as_of_precision WHEN 'year' THEN to_char(${a}.source_as_of, 'YYYY')
          WHEN 'month' THEN to_char(${a}.source_as_of, 'YYYY-MM') ELSE ${a}.source_as_of::text END`;
}

/** The select list of a table's provenance under alias `a` (dates as text, never a JS Date). */
export function sourceColumns(a: string, prefix = ''): string {
  return `${a}.source_kind AS ${prefix}source_kind, ${a}.source_name AS ${prefix}source_name, ${asOfText(a)} AS ${prefix}source_as_of`;
}

export interface SourceColumns {
  source_kind: string;
  source_name: string;
  source_as_of: string | null;
}

export function toSource(r: SourceColumns): Source {
  return { kind: toSourceKind(r.source_kind), name: r.source_name, asOf: r.source_as_of };
}
