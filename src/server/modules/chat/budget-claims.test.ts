// The assistant's budget claims against the database (ADR 010): many generated questions (phrasings ×
// cities × care types × budgets, all taken from a generated dataset), and for every answer: each listed
// community's price for the asked care type fits the budget, every quoted price is that care type's
// stored price, and "fits your budget" is said only when it is true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_TYPES } from '../../../contracts/constants';
import type { ChatResponse } from '../../../contracts/chat';
import { ensureDataset } from '../../db/seed/dataset';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;

const PHRASINGS: Array<(care: string, city: string, state: string, budget: number) => string> = [
  (care, city, state, budget) => `${care} in ${city}, ${state} under $${budget}`,
  (care, city, state, budget) => `Looking for ${care.toLowerCase()} near ${city}, ${state} for less than $${budget.toLocaleString('en-US')} a month`,
  (care, city, state, budget) => `My mother needs ${care.toLowerCase()} in ${city}, ${state}. Our budget is up to $${budget.toLocaleString('en-US')}`,
  (care, city, state, budget) => `${city}, ${state} ${care.toLowerCase()} no more than ${budget / 1000}k per month`,
];

interface Question {
  text: string;
  careType: string;
  budget: number;
}
const questions: Question[] = [];

/** Every price entry of a community: careType -> [min, max]. */
async function pricesOf(id: number): Promise<Map<string, [number, number]>> {
  const { rows } = await tdb.pool.query<{ care_type: string; min_price: number; max_price: number }>(
    'SELECT care_type, min_price, max_price FROM community_pricing WHERE community_id = $1',
    [id],
  );
  return new Map(rows.map((r) => [r.care_type, [r.min_price, r.max_price]]));
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensureDataset(tdb.pool, { scale: 0.02, seed: 9090, now: new Date('2026-11-20T12:00:00Z') });
  app = await buildTestApp(tdb, { CHAT_RATE_LIMIT_MAX: '10000' });
  // Cities with several communities per care type; budgets at the 30th and 70th percentile of the
  // care type's minimum prices in that city, so that some communities fit and others do not.
  for (const careType of CARE_TYPES) {
    const { rows } = await tdb.pool.query<{ city: string; state: string; p30: number; p70: number }>(
      `SELECT c.city, c.state,
              percentile_disc(0.3) WITHIN GROUP (ORDER BY p.min_price) AS p30,
              percentile_disc(0.7) WITHIN GROUP (ORDER BY p.min_price) AS p70
         FROM communities c JOIN community_pricing p ON p.community_id = c.id AND p.care_type = $1
        WHERE c.city !~ '[^A-Za-z .-]'
        GROUP BY c.city, c.state HAVING count(*) >= 3
        ORDER BY count(*) DESC, c.city LIMIT 3`,
      [careType],
    );
    for (const [ci, r] of rows.entries()) {
      for (const [pi, phrase] of PHRASINGS.entries()) {
        // Round to whole hundreds (the "k" phrasing needs whole thousands).
        const raw = (pi + ci) % 2 === 0 ? r.p30 : r.p70;
        const budget = pi === 3 ? Math.ceil(raw / 1000) * 1000 : Math.ceil(raw / 100) * 100;
        questions.push({ text: phrase(careType, r.city, r.state, budget), careType, budget });
      }
    }
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('POST /api/chat: budget claims hold against the database', () => {
  it('generates at least 30 questions from the data', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
  });

  it('every listed community’s price for the asked care type fits, and "fits your budget" is true', async () => {
    let answersWithCommunities = 0;
    let fitClaims = 0;
    for (const q of questions) {
      const res = await app.inject({ method: 'POST', url: '/api/chat', payload: { message: q.text, sessionId: 'budget', conversationHistory: [] } });
      expect(res.statusCode, q.text).toBe(200);
      const reply = res.json() as ChatResponse;
      // It understood the question (otherwise the claims below would test nothing).
      expect(reply.filters?.careTypes, q.text).toEqual([q.careType]);
      const budgetKept = reply.filters?.priceMax === q.budget;
      if (!budgetKept) expect(reply.message, q.text).toContain('without the budget limit');
      if (reply.communities.length) answersWithCommunities++;

      const lines = reply.message.split('\n');
      for (const c of reply.communities) {
        const prices = await pricesOf(c.id);
        const own = prices.get(q.careType);
        const line = lines.find((l) => l.includes(`](/community/${c.id})`)) ?? '';
        const why = lines[lines.indexOf(line) + 1] ?? '';
        if (budgetKept) {
          expect(own, `${q.text}: ${c.name} has a ${q.careType} price`).toBeDefined();
          expect(own![0], `${q.text}: ${c.name}`).toBeLessThanOrEqual(q.budget);
        }
        // Every quoted figure is the stored price of the asked care type.
        if (c.minPrice !== null) expect(c.minPrice, `${q.text}: ${c.name}`).toBe(own?.[0]);
        const quoted = /from \$([\d,]+)\/month/.exec(line)?.[1];
        if (quoted) expect(Number(quoted.replace(/,/g, '')), line).toBe(own?.[0]);
        const fit = /fits your budget \(from \$([\d,]+)\)/.exec(why);
        if (fit) {
          fitClaims++;
          expect(budgetKept, why).toBe(true);
          expect(Number(fit[1]!.replace(/,/g, '')), why).toBe(own?.[0]);
          expect(own![0], why).toBeLessThanOrEqual(q.budget);
        } else if (budgetKept && own && own[0] <= q.budget) {
          throw new Error(`${q.text}: ${c.name} fits but the answer does not say so: ${why}`);
        }
      }
    }
    // The checks above ran on real claims.
    expect(answersWithCommunities).toBeGreaterThanOrEqual(30);
    expect(fitClaims).toBeGreaterThanOrEqual(30);
  }, 120_000);
});
