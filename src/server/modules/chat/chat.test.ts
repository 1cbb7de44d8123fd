// The default engine end to end through POST /api/chat on a small seeded data set: what it understood,
// and that every community it names exists and matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../../contracts/chat';
import { refreshAggregates } from '../../db/aggregates';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { CLARIFYING_QUESTION } from './engine';

let tdb: TestDatabase;
let app: App;

const AL = 'Assisted Living';
const MC = 'Memory Care';
const SN = 'Skilled Nursing';
const IL = 'Independent Living';

const COMMUNITIES: Array<[number, string, string, string, string, number, number, string[], string[], Array<[string, number, number]>, number]> = [
  [1, 'Naperville Gardens', 'Naperville', 'IL', '60540', 41.7508, -88.1535, [AL, MC], ['Pet Friendly', 'Fitness Center'], [[AL, 4200, 5200], [MC, 6000, 7000]], 4.6],
  [2, 'Riverwalk Senior Living', 'Naperville', 'IL', '60563', 41.79, -88.16, [IL], ['Swimming Pool'], [[IL, 2800, 3400]], 4.2],
  [3, 'Fox Valley Memory Care', 'Aurora', 'IL', '60505', 41.76, -88.29, [MC], ['Pet Friendly'], [[MC, 5500, 6500]], 4.8],
  [4, 'Lakeshore Nursing Center', 'Chicago', 'IL', '60614', 41.92, -87.65, [SN], [], [[SN, 8500, 9800]], 3.9],
  [5, 'Capitol Oaks', 'Sacramento', 'CA', '95814', 38.58, -121.49, [AL], ['Swimming Pool', 'Pet Friendly'], [[AL, 5000, 6200]], 4.4],
  [6, 'Hill Country Assisted Living', 'Austin', 'TX', '78701', 30.27, -97.74, [AL, MC], ['Transportation'], [[AL, 3900, 4800], [MC, 5200, 6100]], 4.5],
  [7, 'Bayou Independent Living', 'Houston', 'TX', '77002', 29.76, -95.36, [IL], ['Fitness Center', 'Swimming Pool'], [[IL, 2500, 3100]], 4.1],
  [8, 'Lone Star Skilled Nursing', 'Houston', 'TX', '77030', 29.71, -95.4, [SN], [], [[SN, 7000, 8200]], 3.5],
  [9, 'Prairie Memory Care', 'Naperville', 'IL', '60540', 41.75, -88.15, [MC], [], [[MC, 7500, 8500]], 4.0],
  [10, 'Columbus Commons', 'Columbus', 'OH', '43215', 39.96, -83.0, [AL], ['Pet Friendly'], [[AL, 3600, 4400]], 4.3],
];
const byId = new Map(COMMUNITIES.map((c) => [c[0], c]));

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (const [id, name, city, state, zip, lat, lng, care, amenities, pricing, rating] of COMMUNITIES) {
    await tdb.pool.query(
      `INSERT INTO communities (id, name, address, city, state, zip_code, lat, lng, care_types, amenities, phone, source_id)
       VALUES ($1, $2, '1 Main St', $3, $4, $5, $6, $7, $8, $9, '(555) 010-0000', $10)`,
      [id, name, city, state, zip, lat, lng, care, amenities, String(id)],
    );
    for (const [careType, min, max] of pricing) {
      await tdb.pool.query('INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, $2, $3, $4)', [id, careType, min, max]);
    }
    // Ten reviews at exactly the listed rating (rounded to whole stars around it).
    for (let i = 0; i < 10; i++) {
      const stars = i < Math.round((rating % 1) * 10) ? Math.ceil(rating) : Math.floor(rating);
      await tdb.pool.query(
        `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES ($1, $2, 'A', 'Kind staff.', '2026-01-01', 'Google', 0.8)`,
        [id, stars],
      );
    }
  }
  await refreshAggregates(tdb.pool);
  app = await buildTestApp(tdb, { CHAT_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

type History = Array<{ role: 'user' | 'assistant'; content: string }>;

async function chat(message: string, conversationHistory: History = [], userContext?: object): Promise<ChatResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/chat', payload: { message, sessionId: 'test', conversationHistory, userContext } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
}

interface Expect {
  city?: string;
  state?: string;
  care?: string[];
  amenities?: string[];
  priceMax?: number;
  priceMin?: number;
  ids?: number[];
  firstId?: number;
  clarify?: boolean;
}

/** Every named community exists, is linked, and satisfies what was understood. */
function checkReply(reply: ChatResponse, e: Expect) {
  if (e.clarify) {
    expect(reply.message).toContain(CLARIFYING_QUESTION);
    expect(reply.communities).toEqual([]);
    return;
  }
  expect(reply.communities.length).toBeGreaterThan(0);
  for (const c of reply.communities) {
    const row = byId.get(c.id);
    expect(row, `community ${c.id} exists`).toBeDefined();
    const [, name, city, state, , , , care, amenities, pricing] = row!;
    expect(c.name).toBe(name);
    expect(reply.message).toContain(`[${name}](/community/${c.id})`);
    if (e.city) expect(city).toBe(e.city);
    if (e.state) expect(state).toBe(e.state);
    for (const t of e.care ?? []) expect(care).toContain(t);
    for (const a of e.amenities ?? []) expect(amenities).toContain(a);
    const relevant = pricing.filter(([t]) => !e.care?.length || e.care.includes(t));
    if (e.priceMax !== undefined) expect(Math.min(...relevant.map((p) => p[1]))).toBeLessThanOrEqual(e.priceMax);
    if (e.priceMin !== undefined) expect(Math.max(...relevant.map((p) => p[2]))).toBeGreaterThanOrEqual(e.priceMin);
    // Prices quoted in the reply are the stored ones.
    if (c.minPrice !== null) expect(pricing.map((p) => p[1])).toContain(c.minPrice);
  }
  if (e.ids) expect(reply.communities.map((c) => c.id).sort((a, b) => a - b)).toEqual([...e.ids].sort((a, b) => a - b));
  if (e.firstId) expect(reply.communities[0]!.id).toBe(e.firstId);
}

describe('POST /api/chat: the default engine understands families', () => {
  const table: Array<[string, Expect, Partial<ChatResponse['filters']>?]> = [
    ['Assisted living in Naperville, IL', { city: 'Naperville', care: [AL], ids: [1] }, { careTypes: [AL], location: 'Naperville, IL' }],
    ['memory care near 60540', { care: [MC], ids: [1, 3, 9] }, { location: '60540' }],
    ['My mom has dementia, we live in Aurora', { city: 'Aurora', care: [MC], ids: [3] }],
    ['nursing home in Chicago', { city: 'Chicago', care: [SN], ids: [4] }],
    ['looking for a nursing home in Houston TX under $8,000', { city: 'Houston', care: [SN], priceMax: 8000, ids: [8] }],
    ['assisted living in Sacremento', { city: 'Sacramento', care: [AL], ids: [5] }],
    ['Anything with a pool in Texas?', { state: 'TX', amenities: ['Swimming Pool'], ids: [7] }],
    ['independent living in Houston around 3k a month', { city: 'Houston', care: [IL], ids: [7] }, { priceMin: 2550, priceMax: 3450 }],
    ['help with bathing and meds for my dad in Austin', { city: 'Austin', care: [AL], ids: [6] }],
    ['Memory care in Illinois under 6,000', { state: 'IL', care: [MC], priceMax: 6000, ids: [1, 3] }],
    ['pet friendly assisted living in Columbus, OH', { city: 'Columbus', care: [AL], amenities: ['Pet Friendly'], ids: [10] }],
    ['we can afford $4,500 a month in Naperville', { city: 'Naperville', priceMax: 4500, ids: [1, 2] }],
    ['something between $3,000 and $5,000 in Austin, TX', { city: 'Austin', priceMin: 3000, priceMax: 5000, ids: [6] }],
    ['skilled nursing in 77030', { care: [SN], ids: [8] }],
    ['Naperville', { city: 'Naperville', ids: [1, 2, 9] }],
    ['60540', { state: 'IL' }],
    ['Ohio', { state: 'OH', ids: [10] }],
    ['rehab after surgery in Chicago', { city: 'Chicago', care: [SN], ids: [4] }],
    ['a retirement community in Houston', { city: 'Houston', care: [IL], ids: [7] }],
    ["alzheimer's care near Aurora, IL", { city: 'Aurora', care: [MC], ids: [3] }],
    ['show me the best rated memory care in Illinois', { state: 'IL', care: [MC], firstId: 3 }],
    ['assisted living in naperville for my mother, she has a dog', { city: 'Naperville', care: [AL], amenities: ['Pet Friendly'], ids: [1] }],
    ['I need memory care for my mother', { clarify: true }],
    ['hi', { clarify: true }],
    ['assisted living in Atlantis', { clarify: true }],
  ];

  it.each(table)('%s', async (message, e, filters) => {
    const reply = await chat(message);
    expect(reply.engine).toBe('rules');
    checkReply(reply, e);
    if (filters) expect(reply.filters).toMatchObject(filters);
  });

  it('says thanks back', async () => {
    const reply = await chat('thanks!');
    expect(reply.message).toMatch(/welcome/i);
  });

  it('widens a search that finds nothing and says so', async () => {
    const reply = await chat('Sacramento, CA memory care');
    expect(reply.message).toMatch(/couldn't find an exact match/);
    checkReply(reply, { city: 'Sacramento', ids: [5] });
  });

  it('asks one clarifying question, then searches nationwide by rating', async () => {
    const first = await chat('memory care please');
    expect(first.message).toBe(CLARIFYING_QUESTION);
    const second = await chat('anywhere is fine', [
      { role: 'user', content: 'memory care please' },
      { role: 'assistant', content: first.message },
    ]);
    checkReply(second, { care: [MC], firstId: 3 });
  });
});

describe('POST /api/chat: follow-ups refine the last answer', () => {
  it('changes the care type, then sorts cheaper, then adds an amenity, then describes one', async () => {
    const history: History = [];
    const say = async (text: string) => {
      const reply = await chat(text, history);
      history.push({ role: 'user', content: text }, { role: 'assistant', content: reply.message });
      return reply;
    };
    checkReply(await say('assisted living in Naperville, IL'), { city: 'Naperville', care: [AL], ids: [1] });
    checkReply(await say('what about memory care?'), { city: 'Naperville', care: [MC], ids: [1, 9] });
    const cheaper = await say('cheaper ones?');
    checkReply(cheaper, { city: 'Naperville', care: [MC], firstId: 1 });
    expect(cheaper.filters?.sort).toBe('price_low');
    checkReply(await say('any with pets?'), { city: 'Naperville', care: [MC], amenities: ['Pet Friendly'], ids: [1] });
    checkReply(await say('and in Austin instead'), { city: 'Austin', care: [MC], ids: [6] });
  });

  it('tells more about the second one of the last answer', async () => {
    const first = await chat('memory care near 60540');
    const secondId = first.communities[1]!.id;
    const detail = await chat('tell me more about the second one', [
      { role: 'user', content: 'memory care near 60540' },
      { role: 'assistant', content: first.message },
    ]);
    expect(detail.communities.map((c) => c.id)).toEqual([secondId]);
    expect(detail.message).toContain(`(/community/${secondId})`);
    expect(detail.message).toContain('(555) 010-0000');
  });

  it('uses the search page context when the conversation has none', async () => {
    const reply = await chat('anything under 4k?', [], { location: 'Naperville, IL', careTypes: [IL], resultNames: ['Riverwalk Senior Living'] });
    checkReply(reply, { city: 'Naperville', care: [IL], priceMax: 4000, ids: [2] });
  });

  it('reads the context’s care types as keys too', async () => {
    const reply = await chat('anything under 4k?', [], { location: 'Naperville, IL', careTypes: ['independent'], resultNames: [] });
    expect(reply.filters?.careTypes).toEqual([IL]);
    checkReply(reply, { city: 'Naperville', care: [IL], priceMax: 4000, ids: [2] });
  });
});

describe('POST /api/chat: validation', () => {
  it.each([
    [{ message: '   ', sessionId: 's' }, 'empty message'],
    [{ message: 'x'.repeat(1001), sessionId: 's' }, 'too long'],
    [{ message: 'hi' }, 'no session id'],
    [{ message: 'hi', sessionId: 's', conversationHistory: Array.from({ length: 41 }, () => ({ role: 'user', content: 'x' })) }, 'history too long'],
    [{ message: 'hi', sessionId: 's', conversationHistory: [{ role: 'system', content: 'x' }] }, 'bad role'],
    [{ message: 'hi', sessionId: 's', userContext: { location: 5 } }, 'bad context'],
  ] as Array<[object, string]>)('rejects %j (%s) with 400', async (payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/chat', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('rejects malformed JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/chat', headers: { 'content-type': 'application/json' }, payload: '{"message":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });
});

describe('POST /api/chat: rate limit', () => {
  it('answers 429 JSON past the per-client limit', async () => {
    const limited = await buildTestApp(tdb, { CHAT_RATE_LIMIT_MAX: '2' });
    try {
      // Its own address: limits are counted in the database, shared with the other app of this file.
      const send = () => limited.inject({ method: 'POST', url: '/api/chat', remoteAddress: '10.77.0.1', payload: { message: 'hi', sessionId: 'r' } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
