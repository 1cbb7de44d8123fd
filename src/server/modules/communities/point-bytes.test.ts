// The map points' kept pieces (search-index.map.ts PointBytes): written into an answer with any price, in any order,
// first made then read back, across many small chunks and a piece larger than a chunk, they give the text
// JSON.stringify(toPoint(row)) gives (what the SQL path sends).
import { describe, expect, it } from 'vitest';
import { JsonBytes } from '../../lib/json-bytes';
import { rng } from '../../test/random';
import { PointBytes } from './search-index.map';
import { toPoint } from './search.service';

describe('PointBytes (each community map point as bytes, its price written after them)', () => {
  it('writes what JSON.stringify(toPoint(row)) writes, for any price, made once and read back from any chunk', () => {
    const n = 300;
    const name = (i: number) => (i === 7 ? 'Ñandú '.repeat(200) : `Home ${i} ${['', 'é', '東京', '🏡 "quoted" \\ back'][i % 4]}`);
    const careTypes = (i: number) => ['Assisted Living', 'Memory Care', 'Independent Living'].slice(0, 1 + (i % 3));
    const source = (i: number) => ({ source_kind: i % 2 ? 'cms' : 'demo', source_name: i % 2 ? 'Centers for Medicare & Medicaid Services' : 'Demo data', source_as_of: i % 2 ? '2026-08-01' : null });
    const columns = {
      ids: Int32Array.from({ length: n }, (_, i) => 1000 + i),
      lat: Float64Array.from({ length: n }, (_, i) => 30 + i / 7),
      lng: Float64Array.from({ length: n }, (_, i) => -97 - i / 13),
      approximate: Uint8Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 1 : 0)),
      cards: { nameOf: name, operatorOf: (i: number) => (i % 5 ? `Operator ${i % 11}` : null), careTypesOf: careTypes, sourceOf: source },
    } as unknown as ConstructorParameters<typeof PointBytes>[0];
    // Chunks of 1 kB: a few points each, and point 7's pieces (2.4 kB) larger than one.
    const points = new PointBytes(columns, 1024);
    const random = rng(17);
    const prices = [null, 0, 3270, 10_650, 4250.5];
    const careType = [null, 'Memory Care', 'Assisted Living'];
    const out = new JsonBytes(64);
    const expected: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < n; k++) {
        const i = Math.floor(random() * n);
        const span = { min: prices[Math.floor(random() * prices.length)]!, max: prices[Math.floor(random() * prices.length)]!, careType: careType[Math.floor(random() * careType.length)]! };
        if (expected.length) out.ascii(',');
        points.write(out, i, span);
        const row = { id: 1000 + i, name: name(i), lat: columns.lat[i]!, lng: columns.lng[i]!, operator_name: i % 5 ? `Operator ${i % 11}` : null, care_types: careTypes(i), min_price: span.min, max_price: span.max, price_care_type: span.careType, location_approximate: i % 3 === 0, ...source(i) };
        expected.push(JSON.stringify(toPoint(row)));
      }
    }
    expect(out.done().toString()).toBe(expected.join(','));
    // Many chunks were made (one more for the large piece), each piece once.
    expect(points.bytesHeld).toBeGreaterThan(20 * 1024);
  });
});
