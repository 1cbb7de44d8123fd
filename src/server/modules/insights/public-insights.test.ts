// Community Insights and Operator Intelligence on a small public load (Rhode Island and Delaware):
// the Score filter is the CMS overall rating of the file, and every operator's count equals its dialog list.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { InsightResponse, OperatorCommunity, OperatorResponse } from '../../../contracts/insights';
import { parseCsv } from '../../db/import/csv';
import { publicFiles } from '../../db/public-dataset/files';
import { ensurePublicDataset } from '../../db/public-dataset/load';
import { useTestApp } from '../../test/db';
import { getJson } from '../../test/factories';

const STATES = ['RI', 'DE'];
const t = useTestApp({}, async (tdb) => {
  await ensurePublicDataset(tdb.pool, { states: STATES });
});
const get = <T>(url: string) => getJson<T>(t.app, url);

/** The CMS overall ratings of the shipped file's homes in STATES, by CCN. */
function fileRatings(): Map<string, number | null> {
  const { headers, records } = parseCsv(gunzipSync(readFileSync(publicFiles().cms)).toString('utf8'));
  const col = (n: string) => headers.indexOf(n);
  const out = new Map<string, number | null>();
  for (const r of records) {
    if (!STATES.includes(r.fields[col('state')] ?? '')) continue;
    const v = r.fields[col('overall_rating')] ?? '';
    out.set(r.fields[col('ccn')] ?? '', v === '' ? null : Number(v));
  }
  return out;
}

describe('Community Insights on the public dataset', () => {
  it.each([
    ['1-2', 1, 2],
    ['3-4', 3, 4],
    ['5', 5, 5],
  ] as const)('the Score filter %s selects the nursing homes whose CMS overall rating is in it', async (range, from, to) => {
    const expected = [...fileRatings()].filter(([, v]) => v !== null && v >= from && v <= to).map(([ccn]) => ccn).sort();
    expect(expected.length).toBeGreaterThan(0);
    const body = await get<InsightResponse>(`/api/community-insights?communityScore=${range}&pageSize=100`);
    expect(body.filteredTotal).toBe(expected.length);
    const { rows } = await t.tdb.pool.query<{ ccn: string }>(
      "SELECT source_id AS ccn FROM communities WHERE source = 'cms' AND id = ANY($1::int[]) ORDER BY 1",
      [body.communities.map((c) => c.id)],
    );
    // Every row is a CMS home of that rating (the licence lists carry no rating); the page holds them all when they fit.
    expect(rows.length).toBe(body.communities.length);
    if (expected.length <= 100) expect(rows.map((r) => r.ccn)).toEqual(expected);
    for (const c of body.communities) expect(c.communityScore).toBeGreaterThanOrEqual(from);
    for (const c of body.communities) expect(c.communityScore).toBeLessThanOrEqual(to);
  });

  it('gives every operator a count equal to its dialog list, and the counts add up to the linked facilities', async () => {
    const first = await get<OperatorResponse>('/api/operator-insights?pageSize=100');
    expect(first.filteredTotal).toBeGreaterThan(10);
    const operators = [...first.operators];
    for (let page = 2; operators.length < first.filteredTotal; page++) {
      operators.push(...(await get<OperatorResponse>(`/api/operator-insights?pageSize=100&page=${page}`)).operators);
    }
    let sum = 0;
    for (const op of operators) {
      const list = await get<OperatorCommunity[]>(`/api/operators/${op.id}/communities`);
      expect(list.length, op.operatorName).toBe(op.operatorTotalCommunities);
      sum += list.length;
    }
    const { rows } = await t.tdb.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM communities WHERE operator_id IS NOT NULL AND listing_status = 'listed'",
    );
    expect(sum).toBe(rows[0].n);
    // A chain with homes in both states is one operator listing both.
    const multi = operators.filter((o) => o.operatorTotalCommunities > 1);
    expect(multi.length).toBeGreaterThan(0);
  });
});
