// Delisted facilities (ADR 016) on the real public data of Rhode Island: after the 2026 roster (a newer
// complete list) marks most 2021 facilities "no longer listed", search, the map points, Community
// Insights, Operator Intelligence and the assistant leave them out; their page and records stay reachable.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../../contracts/chat';
import type { InsightResponse, OperatorCommunity, OperatorResponse } from '../../../contracts/insights';
import type { MapPointsResponse, SearchResponse } from '../../../contracts/search';
import { runDirectoryImport } from '../../db/import/directory-run';
import { ensurePublicDataset } from '../../db/public-dataset/load';
import { useTestApp } from '../../test/db';
import { getJson } from '../../test/factories';

const ROSTER = path.join(import.meta.dirname, '../../db/import/fixtures/ri-roster-2026.csv');

let delisted: { id: number; name: string; operator_id: number | null }[];
let listedInRi: number;
const t = useTestApp({}, async (tdb) => {
  await ensurePublicDataset(tdb.pool, { states: ['RI'] });
  const summary = await runDirectoryImport(tdb.pool, {
    kind: 'licensed',
    fileName: 'ri-roster-2026.csv',
    content: readFileSync(ROSTER),
    state: 'RI',
    sourceName: 'Rhode Island Department of Health',
    asOf: '2026-03-01',
  });
  expect(summary.delisted).toBeGreaterThan(10);
  // A later roster without Anchor Bay At East Providence: one of Atria's two facilities is delisted too.
  const later = readFileSync(ROSTER, 'utf8').split('\n').filter((line) => !line.startsWith('Anchor Bay At East Providence')).join('\n');
  const second = await runDirectoryImport(tdb.pool, {
    kind: 'licensed',
    fileName: 'ri-roster-2026-06.csv',
    content: later,
    state: 'RI',
    sourceName: 'Rhode Island Department of Health',
    asOf: '2026-06-01',
  });
  expect(second.delisted).toBe(1);
  delisted = (
    await tdb.pool.query<{ id: number; name: string; operator_id: number | null }>(
      "SELECT id, name, operator_id FROM communities WHERE listing_status = 'delisted' ORDER BY id",
    )
  ).rows;
  listedInRi = (await tdb.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM communities WHERE state = 'RI' AND listing_status = 'listed'")).rows[0].n;
});
const get = <T>(url: string) => getJson<T>(t.app, url);

describe('delisted facilities', () => {
  it('are not in search results or map points', async () => {
    expect(delisted.length).toBe((await t.tdb.pool.query("SELECT 1 FROM communities WHERE listing_status = 'delisted'")).rowCount);
    const result = await get<SearchResponse>('/api/communities/search?location=RI&pageSize=100');
    expect(result.total).toBe(listedInRi);
    const ids = new Set(delisted.map((d) => d.id));
    expect(result.communities.filter((c) => ids.has(c.id))).toEqual([]);
    const points = await get<MapPointsResponse>('/api/communities/search/points?location=RI');
    expect(points.points.length).toBeGreaterThan(0);
    expect(points.points.filter((p) => ids.has(p.id))).toEqual([]);
    // By its own name a delisted facility is not found either.
    const byName = await get<SearchResponse>(`/api/communities/search?location=${encodeURIComponent(delisted[0].name)}`);
    expect(byName.communities.map((c) => c.id)).not.toContain(delisted[0].id);
  });

  it('are not in Community Insights, and operator counts equal their dialog lists', async () => {
    const all = await get<InsightResponse>('/api/community-insights?state=RI&pageSize=100');
    expect(all.filteredTotal).toBe(listedInRi);
    expect(all.total).toBe((await t.tdb.pool.query("SELECT 1 FROM communities WHERE listing_status = 'listed'")).rowCount);
    const named = await get<InsightResponse>(`/api/community-insights?searchQuery=${encodeURIComponent(delisted[0].name)}`);
    expect(named.communities.map((c) => c.id)).not.toContain(delisted[0].id);

    const ops = await get<OperatorResponse>('/api/operator-insights?pageSize=100');
    expect(ops.operators.length).toBeGreaterThan(1);
    for (const op of ops.operators) {
      const list = await get<OperatorCommunity[]>(`/api/operators/${op.id}/communities`);
      expect(list.length, op.operatorName).toBe(op.operatorTotalCommunities);
      expect(list.filter((c) => delisted.some((d) => d.id === c.id))).toEqual([]);
    }
    // Atria had two facilities; one was delisted, so it counts and lists one, also in the count filter.
    const atria = ops.operators.find((o) => o.operatorName.startsWith('Atria'));
    expect(atria?.operatorTotalCommunities).toBe(1);
    expect(delisted.filter((d) => d.operator_id === atria?.id).map((d) => d.name)).toEqual(['Anchor Bay At East Providence']);
    const small = await get<OperatorResponse>('/api/operator-insights?pageSize=100&operatorTotalCommunities=1_5&searchQuery=Atria');
    expect(small.operators.map((o) => o.id)).toEqual([atria?.id]);
  });

  it('are not named by the assistant', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'assisted living in Providence, RI', sessionId: 'delisted' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ChatResponse;
    expect(body.communities.length).toBeGreaterThan(0);
    expect(body.communities.filter((c) => delisted.some((d) => d.id === c.id))).toEqual([]);
  });

  it('keep their page, whose records say they are no longer listed', async () => {
    const id = delisted.find((d) => d.name === 'Anchor Bay At East Providence')!.id;
    const detail = await t.app.inject({ method: 'GET', url: `/api/communities/${id}` });
    expect(detail.statusCode).toBe(200);
    const records = await get<{ licence: { listingStatus: string; delistedAsOf: string } }>(`/api/communities/${id}/records`);
    expect(records.licence).toMatchObject({ listingStatus: 'delisted', delistedAsOf: '2026-06-01' });
  });
});

describe('map points on the public data', () => {
  it('say which are approximate (ZIP centre), as the records do', async () => {
    const { points } = await get<MapPointsResponse>('/api/communities/search/points?location=RI');
    const { rows } = await t.tdb.pool.query<{ id: number; location_approximate: boolean }>(
      "SELECT id, location_approximate FROM communities WHERE state = 'RI' AND listing_status = 'listed' AND lat IS NOT NULL",
    );
    const expected = new Map(rows.map((r) => [r.id, r.location_approximate]));
    expect(points.length).toBe(rows.length);
    for (const p of points) expect(p.approximate, p.name).toBe(expected.get(p.id));
    expect(points.some((p) => p.approximate)).toBe(true);
  });
});
