// The compiled query-string and path-parameter validation against zod's safeParse, on every route of the app: the
// same value for every input zod accepts, and a refusal (zod then answers) for every input zod refuses.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { searchQuerySchema, mapPointsQuerySchema } from '../../contracts/search';
import { insightQuerySchema, operatorQuerySchema } from '../../contracts/insights';
import { CARE_TYPES, CARE_TYPE_KEYS } from '../../contracts/constants';
import { compileQueryParser, INVALID_INPUT, queryValidatorCompiler } from './query-validator';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { buildAppWithRoutes, defOf, type Def } from '../test/route-table';
import { rng } from '../test/random';
import type { App } from '../types';

type Schema = z.ZodType;

/** Enum and literal values anywhere in a schema (the values a request most often carries). */
function valuesIn(schema: unknown, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!schema || seen.has(schema)) return out;
  seen.add(schema);
  const def: Def = defOf(schema);
  if (def.type === 'enum') for (const v of Object.values(def.entries as object)) out.add(String(v));
  if (def.type === 'literal') for (const v of def.values as unknown[]) out.add(String(v));
  for (const part of [def.innerType, def.in, def.out, def.element, def.catchall]) valuesIn(part, out, seen);
  if (def.type === 'object') for (const field of Object.values(def.shape as object)) valuesIn(field, out, seen);
  return out;
}

const COMMON = [
  '', ' ', 'all', 'ALL', ' All ', '0', '1', '2', '3', '10', '12', '25', '50', '100', '101', '5000', '100000', '100001', '1000000', '1000001',
  '-1', '1.5', '1e3', ' 7 ', '007', '0x10', 'NaN', 'Infinity', 'abc', 'Austin', 'austin, tx', 'Austin, TX', '78741', '787', 'TX', 'tx',
  'true', 'false', 'TRUE', 'yes', 'a,b', ',', 'x'.repeat(120), 'y'.repeat(260), 'nul\u0000', 'del\u007f', 'lone \ud800', '\ufffd',
  'café', '  padded  ', '-100,30,-90,40', '-180,-90,180,90', '1,2,3', '10,20,5,30', 'a,b,c,d', 'Swimming Pool,Library',
  ...CARE_TYPES, ...Object.keys(CARE_TYPE_KEYS), 'Assisted Living,Memory Care', 'assisted,MEMORY', 'assisted,nope', 'Assisted Living,Assisted Living',
];

function randomInput(schema: Schema, random: () => number): Record<string, unknown> {
  const def = defOf(schema);
  const shapeOf = (d: Def): Record<string, unknown> => (d.type === 'object' ? (d.shape as Record<string, unknown>) : d.in ? shapeOf(defOf(d.in)) : d.innerType ? shapeOf(defOf(d.innerType)) : {});
  const keys = Object.keys(shapeOf(def));
  const values = [...valuesIn(schema)];
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const one = (): unknown => {
    const r = random();
    if (r < 0.35 && values.length) {
      const v = pick(values);
      return random() < 0.15 ? v.toUpperCase() : random() < 0.1 ? `${v},${pick(values)}` : v;
    }
    return pick(COMMON);
  };
  // A query string parser's object: no prototype, keys in any order, repeated keys as arrays, unknown keys.
  const input: Record<string, unknown> = Object.create(null);
  for (const key of keys) {
    const r = random();
    if (r < 0.45) continue;
    input[key] = r < 0.47 ? [one(), one()] : one();
  }
  if (random() < 0.2) input.unknownKey = one();
  if (random() < 0.05) input.__proto__ = 'x';
  return input;
}

let tdb: TestDatabase;
let app: App;
let routes: RouteOptions[];

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ app, routes } = await buildAppWithRoutes(tdb));
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('compiled query validation', () => {
  it('compiles the schemas of the busiest routes', () => {
    for (const schema of [searchQuerySchema, mapPointsQuerySchema, insightQuerySchema, operatorQuerySchema]) {
      expect(compileQueryParser(schema)).not.toBeNull();
    }
  });

  it("gives zod's value for every input zod accepts and refuses every input zod refuses, on every route", () => {
    let compiled = 0;
    let accepted = 0;
    let refused = 0;
    const random = rng(20261127);
    for (const route of routes) {
      const schemas = route.schema as { querystring?: Schema; params?: Schema } | undefined;
      for (const part of ['querystring', 'params'] as const) {
        const schema = schemas?.[part];
        if (!schema) continue;
        const parse = compileQueryParser(schema);
        if (!parse) continue;
        compiled++;
        for (let i = 0; i < 400; i++) {
          const input = randomInput(schema, random);
          const fast = parse(input);
          const slow = schema.safeParse(input);
          const what = `${route.method} ${route.url} ${part} ${JSON.stringify(input)}`;
          if (slow.success) {
            accepted++;
            expect(fast, what).not.toBe(INVALID_INPUT);
            expect(isDeepStrictEqual(fast, slow.data), `${what}: ${JSON.stringify(fast)} against ${JSON.stringify(slow.data)}`).toBe(true);
          } else {
            refused++;
            expect(fast, what).toBe(INVALID_INPUT);
          }
        }
      }
    }
    expect(compiled).toBeGreaterThan(20);
    expect(accepted).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(1000);
  });

  it("gives zod's value on a schema of every wrapper the compiler handles (defaults, optionals, pipes, checks)", () => {
    const blank = (v: unknown) => (v === '' ? undefined : v);
    const schema = z
      .object({
        a: z.preprocess(blank, z.string().optional()).default('d'),
        b: z.string().default('x').optional(),
        c: z.preprocess(blank, z.string().optional()),
        d: z.string().optional().transform((v) => v ?? 'none'),
        e: z.coerce.number().int().min(1).max(9).default(5),
        f: z.enum(['p', 'q']).optional(),
        g: z.string().trim().toLowerCase().min(1).max(5).optional(),
        h: z.array(z.string().max(3)).max(2).optional(),
        i: z.int().optional(),
        j: z.literal('yes').optional(),
        k: z.boolean().optional(),
        l: z.number().gt(0).lt(10).optional(),
        m: z.string().regex(/^[a-z]+$/g).optional(),
        n: z.preprocess(blank, z.string().default('inner')).optional(),
        o: z.string().default('ab').pipe(z.string().min(3)).optional(),
        p: z.string().default('abcd').pipe(z.string().min(3)).optional(),
        // Defaulted in, optional out, with no .optional() around it: the object itself ignores an absent key's failure.
        q: z.string().default('ab').pipe(z.string().min(3).optional() as unknown as z.ZodType<string | undefined, string>),
      })
      .refine((o) => o.a !== 'bad', { message: 'a is bad' });
    const parse = compileQueryParser(schema)!;
    expect(parse).not.toBeNull();
    const pool: unknown[] = ['', ' ', 'd', 'bad', 'p', 'q', 'P', 'yes', '1', '5', '9', '10', '0', '2.5', 'abc', ' ABC ', 'ABCDEFG', 'a1',
      1, 0, 2.5, 9.99, 10, -1, 2 ** 60, NaN, true, false, null, [], ['a'], ['a', 'bb'], ['abcd'], ['a', 'b', 'c'], [1], {}, undefined];
    // Values each key mostly accepts (and some it does not), so that many whole inputs pass.
    const likely: Record<string, unknown[]> = {
      a: ['', 'd', 'x', 'bad', undefined], b: ['x', '', undefined, 1], c: ['', 'c', undefined], d: ['d', undefined], e: ['1', '5', 9, '', '0', '2.5', undefined],
      f: ['p', 'q', undefined], g: [' AB ', 'abc', '', 'ABCDEFG'], h: [['a'], ['a', 'bb'], [], ['abcd']], i: [1, 0, -3, 2.5], j: ['yes', 'no'], k: [true, false],
      l: [0.5, 9.99, 10, 0], m: ['abc', 'a1'], n: ['', 'n', undefined], o: ['abc', 'ab', undefined], p: ['abc', undefined], q: ['abc', 'ab', undefined],
    };
    const random = rng(7);
    let accepted = 0;
    for (let i = 0; i < 20000; i++) {
      const input: Record<string, unknown> = {};
      for (const key of Object.keys(likely)) {
        if (random() < 0.5) continue;
        const from = random() < 0.8 ? likely[key]! : pool;
        input[key] = from[Math.floor(random() * from.length)];
      }
      const fast = parse(input);
      const slow = schema.safeParse(input);
      const what = JSON.stringify(input, (_k, v: unknown) => (v === undefined ? 'undefined' : v));
      if (slow.success) {
        accepted++;
        expect(isDeepStrictEqual(fast, slow.data), `${what}: ${JSON.stringify(fast)} against ${JSON.stringify(slow.data)}`).toBe(true);
      } else expect(fast, what).toBe(INVALID_INPUT);
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('answers through zod whatever the compiled code refuses (the same 400), and verifies both under tests', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/communities/search?priceMin=9&priceMax=3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/priceMin must not be greater than priceMax/);
    const ok = await app.inject({ method: 'GET', url: '/api/communities/search?location=Austin&careTypes=assisted,Memory%20Care&page=2' });
    expect(ok.statusCode).toBe(200);
    // verify mode throws when the two differ: a compiled parser that answers otherwise than zod is caught.
    const validate = queryValidatorCompiler({ verify: true })({ schema: searchQuerySchema, method: 'GET', url: '/x', httpPart: 'querystring' }) as (d: unknown) => { value?: unknown };
    expect(validate({ page: '3' }).value).toEqual(searchQuerySchema.parse({ page: '3' }));
  });
});
