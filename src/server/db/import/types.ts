// Shared types of the importers (CMS nursing homes, Florida AHCA and Texas HHSC assisted-living lists).
import type { CmsFacts } from './directory';

export const IMPORT_KINDS = ['cms', 'fl', 'tx'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A concrete file layout; CMS has two vintages told apart by their header. */
export type ImportLayout = 'cms-2021' | 'cms-2026' | 'fl' | 'tx';

export interface Rejection {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  reason: string;
}

/** The fields of a community every importer writes (columns of `communities`; write.ts COMMUNITY_BASE_COLS). */
export interface CommunityFields {
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  description: string;
  overview: string;
  careTypes: string[];
  communityType: string;
  ownerType: string | null;
  score: number | null;
  capacity: number | null;
  healthcareServices: string[];
}

/** A community row as the importer writes it (columns of `communities`). */
export interface CommunityRecord extends CommunityFields {
  sourceId: string;
  /** source_id of the operator (same source), or null when the record names none. */
  operatorKey: string | null;
  /** The date the row's data describes when the file says it (CMS 'Processing Date'), else null. */
  asOf: string | null;
  /** CMS nursing homes: the structured CMS fields (written to cms_ratings). */
  cms?: CmsFacts;
}

export interface OperatorRecord {
  sourceId: string;
  name: string;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  phone: string | null;
  /** As-of of the first community row that names it (set by the importer). */
  asOf?: string | null;
}

export interface MappedRow {
  community: CommunityRecord;
  operator: OperatorRecord | null;
}

export type RowResult = { ok: true; value: MappedRow } | { ok: false; reason: string };

/** Reads one column of a row by its normalised header name (see `headerKey`). */
export type RowGetter = (column: string) => string;

export interface SourceMapper {
  kind: ImportKind;
  layout: ImportLayout;
  /** Provenance written on every row (ADR 008): the kind shown to people and the agency in words. */
  sourceKind: 'cms' | 'state';
  sourceName: string;
  /** Normalised header names this layout must have. */
  requiredColumns: string[];
  /** True when a normalised header set is this layout. */
  matches(headers: Set<string>): boolean;
  mapRow(get: RowGetter): RowResult;
}

export interface ImportSummary {
  importId: number | null;
  kind: ImportKind;
  layout: ImportLayout;
  fileName: string;
  status: 'ok';
  rowsRead: number;
  /** Communities created by this import. */
  inserted: number;
  /** Existing communities (same source and source id) whose data changed. */
  updated: number;
  /** Valid rows identical to what the database already holds. */
  unchanged: number;
  rejected: number;
  /** Every rejected row with its reason (the imports table keeps the first 500). */
  rejections: Rejection[];
  operators: { inserted: number; updated: number };
  startedAt: Date;
  finishedAt: Date;
}

export type ImportErrorCode =
  | 'EMPTY_FILE'
  | 'BINARY_FILE'
  | 'NOT_CSV'
  | 'UNKNOWN_LAYOUT'
  | 'KIND_MISMATCH'
  | 'MISSING_COLUMNS'
  | 'NO_ROWS'
  | 'BAD_AS_OF'
  | 'DATABASE';

/** A file-level failure: nothing was imported. */
export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
    /** Id of the 'failed' row recorded in `imports`, when it could be recorded. */
    public importId: number | null = null,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}
