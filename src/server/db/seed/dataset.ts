// PLACEHOLDER: replaced by the deterministic generator (see issue 2).
import type pg from 'pg';

export interface DatasetOptions {
  scale: number;
  seed: number;
  log?: (msg: string) => void;
}

export interface DatasetResult {
  generated: boolean;
  ms: number;
}

export async function ensureDataset(_pool: pg.Pool, _opts: DatasetOptions): Promise<DatasetResult> {
  return { generated: false, ms: 0 };
}
