// Provenance columns as the API's `source: { kind, name, asOf }` (ADR 008).
import { toSourceKind, type Source } from '../../contracts/provenance';

/** The select list of a table's provenance under alias `a` (dates as text, never a JS Date). */
export function sourceColumns(a: string, prefix = ''): string {
  return `${a}.source_kind AS ${prefix}source_kind, ${a}.source_name AS ${prefix}source_name, ${a}.source_as_of::text AS ${prefix}source_as_of`;
}

export interface SourceColumns {
  source_kind: string;
  source_name: string;
  source_as_of: string | null;
}

export function toSource(r: SourceColumns): Source {
  return { kind: toSourceKind(r.source_kind), name: r.source_name, asOf: r.source_as_of };
}
