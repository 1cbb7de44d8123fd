// Where a record comes from (issue 9, docs/decisions/008-provenance.md): every community, operator and
// review carries `source: { kind, name, asOf }` so that the UI can say "Demo data" or
// "Source: {agency}, as of {date}" where a person decides.
import { z } from 'zod';

/** 'demo': generated, fictional; 'cms' / 'state': imported public records; 'user': written on this site. */
export const SOURCE_KINDS = ['demo', 'cms', 'state', 'user'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const sourceSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  /** The publisher in words: 'Demo data', 'Centers for Medicare & Medicaid Services', a state agency, 'This site'. */
  name: z.string(),
  /**
   * The date the source's data describes, e.g. a file's processing date, to the precision the source
   * knows it (ISO 8601): 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' (the CMS 2025 ratings file: '2025'); null when unknown.
   */
  asOf: z.string().nullable(),
});
export type Source = z.infer<typeof sourceSchema>;

export const DEMO_SOURCE_NAME = 'Demo data';
/** What a demo review's `source` (its publisher, shown as "via {source}") reads. */
export const DEMO_REVIEW_SOURCE = 'Demo';
/** What a review written on this site reads. */
export const SITE_REVIEW_SOURCE = 'This site';

/** A stored kind as the contract's kind; anything unknown is treated as demo (never as a public record). */
export function toSourceKind(value: string | null | undefined): SourceKind {
  return (SOURCE_KINDS as readonly string[]).includes(value ?? '') ? (value as SourceKind) : 'demo';
}

/** How much of an as-of date its source knows (ADR 025). */
export const AS_OF_PRECISIONS = ['day', 'month', 'year'] as const;
export type AsOfPrecision = (typeof AS_OF_PRECISIONS)[number];

/**
 * "Aug 1, 2021" from "2021-08-01", "Aug 2021" from "2021-08", "2025" from "2025" (no time zone shift);
 * the input itself when it is not a date.
 */
export function formatAsOf(iso: string): string {
  if (/^\d{4}$/.test(iso)) return iso;
  const month = /^(\d{4})-(\d{2})$/.exec(iso);
  if (month) {
    const d = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
    return d.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "Source: Centers for Medicare & Medicaid Services, as of Aug 1, 2021" (no date part when unknown). */
export function sourceLine(source: Source): string {
  return `Source: ${source.name}${source.asOf ? `, as of ${formatAsOf(source.asOf)}` : ''}`;
}

/**
 * The "Verified" rule (ADR 008): only a review written on this site ('user') may be verified. Demo and
 * imported reviews never are, whatever their stored flag says.
 */
export function isVerifiedReview(kind: string | null | undefined, storedVerified: boolean): boolean {
  return toSourceKind(kind) === 'user' && storedVerified;
}

/** A review's publisher as shown ("via {source}"): 'Demo' for demo reviews, 'This site' for reviews written here. */
export function reviewSourceName(kind: string | null | undefined, stored: string): string {
  const k = toSourceKind(kind);
  if (k === 'demo') return DEMO_REVIEW_SOURCE;
  if (k === 'user') return SITE_REVIEW_SOURCE;
  return stored;
}

/** A review's provenance: its kind, its publisher as shown, no as-of (the review has its own date). */
export function reviewProvenance(kind: string | null | undefined, stored: string): Source {
  return { kind: toSourceKind(kind), name: reviewSourceName(kind, stored), asOf: null };
}
