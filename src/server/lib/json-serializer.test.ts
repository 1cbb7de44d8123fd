// The compiled response serializer against fastify-type-provider-zod's (zod's encode, then JSON.stringify): the same
// bytes for every answer the schema accepts, and nothing for an answer it refuses (zod then throws its error).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { searchResponseSchema } from '../../contracts/search';
import { insightResponseSchema, operatorResponseSchema } from '../../contracts/insights';
import { compileJsonWriter, jsonSerializerCompiler } from './json-serializer';
import { rng } from '../test/random';

type Def = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  entries?: Record<string, unknown>;
  values?: unknown[];
  format?: string;
  checks?: Array<{ _zod: { def: { format?: string } } }>;
};
type Schema = { _zod: { def: Def } };

const STRINGS = ['', 'a', 'Sunrise "Oak" Manor', 'back\\slash', 'tab\there', 'line\nbreak', '\u0000\u001f', 'café', 'Zoë & Co <b>', '😀 emoji', 'lone \ud800 high', 'lone \udc00 low', '\u2028\u2029', 'x'.repeat(300), '/media/a.svg', '\u007f del'];
const FLOATS = [0, -0, 1.5, -2.25, 4.2, 1e21, 1e-7, 5e-324, 123456.789, Number.MAX_VALUE, -Number.MIN_VALUE, 0.1 + 0.2];
const INTS = [0, -0, 1, -1, 42, 3200, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];

function isInt(def: Def): boolean {
  return def.format === 'safeint' || (def.checks ?? []).some((c) => c._zod.def.format === 'safeint');
}

/** A random value the schema accepts, with extra keys, absent and undefined optional keys, keys in any order. */
function valid(schema: Schema, r: () => number, depth = 0): unknown {
  const def = schema._zod.def;
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  switch (def.type) {
    case 'string':
      return r() < 0.5 ? pick(STRINGS) : r().toString(36).slice(2, 2 + Math.floor(r() * 12));
    case 'number':
      return isInt(def) ? (r() < 0.5 ? pick(INTS) : Math.floor((r() - 0.5) * 1e7)) : r() < 0.5 ? pick(FLOATS) : (r() - 0.5) * 10 ** Math.floor(r() * 12);
    case 'boolean':
      return r() < 0.5;
    case 'enum':
      return pick(Object.values(def.entries!));
    case 'literal':
      return pick(def.values!);
    case 'nullable':
      return r() < 0.3 ? null : valid(def.innerType!, r, depth);
    case 'optional':
      return r() < 0.3 ? undefined : valid(def.innerType!, r, depth);
    case 'array':
      return Array.from({ length: Math.floor(r() * (depth > 1 ? 4 : 14)) }, () => valid(def.element!, r, depth + 1));
    case 'object': {
      const entries: Array<[string, unknown]> = [];
      for (const [k, field] of Object.entries(def.shape!)) {
        if (field._zod.def.type === 'optional' && r() < 0.3) continue; // absent
        entries.push([k, valid(field, r, depth + 1)]);
      }
      if (r() < 0.3) entries.push(['extra', pick(STRINGS)]);
      if (r() < 0.1) entries.push(['7', 1]);
      // Any insertion order: zod writes the schema's.
      if (r() < 0.5) entries.sort(() => r() - 0.5);
      return Object.fromEntries(entries);
    }
    default:
      throw new Error(`no generator for ${def.type}`);
  }
}

/** The paths of every leaf and node of a value, to break one. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'extra' && k !== '7') out.push(...paths(v, [...at, k]));
  return out;
}

const BAD = [undefined, NaN, Infinity, -Infinity, 1.5, '12', 12, true, null, {}, [], 'not-an-enum-value', Symbol.for('x'), 10n, new Date(0)];

function broken(value: unknown, r: () => number): unknown {
  const copy = structuredCloneish(value);
  const all = paths(copy);
  const path = all[Math.floor(r() * all.length)]!;
  const bad = BAD[Math.floor(r() * BAD.length)];
  if (path.length === 0) return bad;
  let parent = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = bad;
  return copy;
}

function structuredCloneish(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneish);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structuredCloneish(x)]));
  return v;
}

function zodText(schema: z.ZodType, data: unknown): string | Error {
  const serialize = zodSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never) as (d: unknown) => string;
  try {
    return serialize(data);
  } catch (err) {
    return err as Error;
  }
}

const mixed = z.object({
  id: z.number().int(),
  opt: z.string().optional(),
  optFirst: z.enum(['a', 'b']).optional(),
  nested: z.object({ only: z.number().nullable().optional() }),
  list: z.array(z.object({ k: z.literal('x'), n: z.number() })),
  words: z.array(z.string()),
  flag: z.boolean(),
  maybe: z.array(z.number().int()).nullable(),
});
const leadingOptionals = z.object({ a: z.string().optional(), b: z.number().optional(), c: z.boolean() });

const SCHEMAS: Array<[string, z.ZodType, number]> = [
  ['search answer', searchResponseSchema, 1500],
  ['Community Insights answer', insightResponseSchema, 1500],
  ['Operator Intelligence answer', operatorResponseSchema, 1500],
  ['mixed optional, nested and nullable fields', mixed, 1500],
  ['optional keys before the first required one', leadingOptionals, 500],
  ['a top-level array', z.array(z.string()), 300],
];

describe('compiled JSON serializer', () => {
  it.each(SCHEMAS)('writes the same bytes as zod for random valid %s', (_name, schema, runs) => {
    const write = compileJsonWriter(schema);
    expect(write).not.toBeNull();
    const r = rng(runs + _name.length);
    for (let i = 0; i < runs; i++) {
      const data = valid(schema as unknown as Schema, r);
      const expected = zodText(schema, data);
      expect(expected).not.toBeInstanceOf(Error);
      expect(write!(data)).toBe(expected);
    }
  });

  it.each(SCHEMAS)('refuses what zod refuses for random broken %s', (_name, schema, runs) => {
    const write = compileJsonWriter(schema)!;
    const r = rng(7 * runs + _name.length);
    let refused = 0;
    for (let i = 0; i < runs; i++) {
      const data = broken(valid(schema as unknown as Schema, r), r);
      const expected = zodText(schema, data);
      const text = write(data);
      if (expected instanceof Error) {
        expect(text).toBeUndefined();
        refused++;
      } else {
        // The break happened to be allowed (e.g. null where the schema is nullable, undefined for an optional key).
        expect(text).toBe(expected);
      }
    }
    expect(refused).toBeGreaterThan(runs / 3);
  });

  it('leaves schemas with parts it does not check to zod', () => {
    expect(compileJsonWriter(z.object({ a: z.string().max(3) }))).toBeNull();
    expect(compileJsonWriter(z.object({ a: z.number().min(1) }))).toBeNull();
    expect(compileJsonWriter(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileJsonWriter(z.object({ a: z.union([z.string(), z.number()]) }))).toBeNull();
    expect(compileJsonWriter(z.looseObject({ a: z.string() }))).toBeNull();
    expect(compileJsonWriter(z.object({ 1: z.string() }))).toBeNull();
    expect(compileJsonWriter(z.object({ a: z.string().default('x') }))).toBeNull();
  });

  it('checks a frozen string array once, an array that can change every time', () => {
    const write = compileJsonWriter(z.object({ list: z.array(z.string()) }))!;
    const frozen = Object.freeze(Array.from({ length: 20 }, (_, i) => `city ${i}`));
    expect(write({ list: frozen })).toBe(JSON.stringify({ list: frozen }));
    expect(write({ list: frozen })).toBe(JSON.stringify({ list: frozen }));
    const open: unknown[] = Array.from({ length: 20 }, (_, i) => `city ${i}`);
    expect(write({ list: open })).toBe(JSON.stringify({ list: open }));
    open[3] = 'changed';
    expect(write({ list: open })).toBe(JSON.stringify({ list: open }));
    open[4] = 4;
    expect(write({ list: open })).toBeUndefined();
  });

  it('falls back to zod for a refused answer, which throws', () => {
    const serialize = jsonSerializerCompiler()({ schema: mixed, method: 'GET', url: '/t', httpStatus: '200' } as never);
    expect(() => serialize({ id: 1.5 })).toThrow();
    const verified = jsonSerializerCompiler({ verify: true })({ schema: mixed, method: 'GET', url: '/t', httpStatus: '200' } as never);
    const data = valid(mixed as unknown as Schema, rng(1));
    expect(verified(data)).toBe(zodText(mixed, data));
  });
});
