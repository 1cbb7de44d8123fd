// Bad bytes and bad requests (issue 10): control characters and invalid UTF-8 sent to every parameter of
// every route in the app's route table must give a 4xx, never a 5xx; every request string is checked by
// the one shared text schema (src/contracts/text.ts).
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SAFE_MULTILINE_PATTERN, SAFE_TEXT_PATTERN } from '../../contracts/text';
import { buildApp } from '../app';
import { createCommunity, createSignedInUser } from './factories';
import type { App } from '../types';
import { createTestDatabase, testEnv, type TestDatabase } from './db';
import { buildAppWithRoutes, defOf, type Def, fieldsOf, methodsOf as declaredMethods } from './route-table';

let tdb: TestDatabase;
let app: App;
let cookie: string;
let communityId: number;
let routes: RouteOptions[];

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ app, routes } = await buildAppWithRoutes(tdb, {
    env: testEnv({ AUTH_RATE_LIMIT_MAX: '100000', LEAD_RATE_LIMIT_MAX: '100000', CHAT_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' }),
  }));
  // An admin on a Pro plan reaches every guarded route (so the parameters are really parsed).
  ({ cookie } = await createSignedInUser(tdb.pool, { email: 'fuzz@example.com', role: 'admin', plan: 'pro', verified: true }));
  communityId = await createCommunity(tdb.pool, { name: 'Maple Grove', sourceId: 'fz1' });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

/** Every string schema a request value passes through first, with its path. */
function stringsOf(schema: unknown, path: string, out: Array<{ path: string; def: Def }>): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      out.push({ path, def });
      return;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) stringsOf(v, `${path}.${k}`, out);
      return;
    case 'array':
      stringsOf(def.element, `${path}[]`, out);
      return;
    case 'record':
      stringsOf(def.keyType, `${path}{key}`, out);
      stringsOf(def.valueType, `${path}{value}`, out);
      return;
    case 'union':
      for (const o of def.options as unknown[]) stringsOf(o, path, out);
      return;
    case 'pipe':
      // z.preprocess: (transform -> schema) checks the schema; .transform()/.pipe(): the input side decides.
      if (defOf(def.in).type === 'transform') stringsOf(def.out, path, out);
      else stringsOf(def.in, path, out);
      return;
    default:
      if (def.innerType) stringsOf(def.innerType, path, out);
  }
}

/** zod's strict formats (z.iso.datetime(), z.iso.date(), z.email()) cannot hold a control character. */
const STRICT_FORMATS = new Set(['datetime', 'date', 'time', 'email', 'uuid']);

const usesSafePattern = (def: Def) =>
  STRICT_FORMATS.has(def.format as string) ||
  ((def.checks as Array<{ _zod: { def: { pattern?: RegExp } } }> | undefined) ?? []).some(
    (c) => c._zod.def.pattern === SAFE_TEXT_PATTERN || c._zod.def.pattern === SAFE_MULTILINE_PATTERN,
  );

const methodsOf = (r: RouteOptions) => declaredMethods(r).filter((m) => m !== 'HEAD');

describe('every request string uses the shared text schema', () => {
  it('has no bare z.string() in a querystring, body or params schema of any route', () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const r of routes) {
      const schema = (r.schema ?? {}) as Record<string, z.ZodType | undefined>;
      for (const part of ['querystring', 'body', 'params'] as const) {
        if (!schema[part]) continue;
        const found: Array<{ path: string; def: Def }> = [];
        stringsOf(schema[part], part, found);
        for (const f of found) {
          checked++;
          if (!usesSafePattern(f.def)) offenders.push(`${methodsOf(r).join(',')} ${r.url} ${f.path}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });
});

// Raw values as they appear in a URL (already percent-encoded) and as JSON string values.
const URL_VALUES = ['%00', 'a%00b', '%01', '%1B%5B31m', '%7F', '%FF', '%C3%28', '%ED%A0%80', '%E4%BD'];
const JSON_VALUES = ['\u0000', 'a\u0000b', '\u0001', '\u001b[31m', '\u007f', '\ud800', '\ufffd'];

function fillPath(url: string, override?: { name: string; value: string }): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => (override?.name === name ? override.value : String(communityId)));
}

describe('control characters and invalid UTF-8 never give a 5xx', () => {
  it('answers 4xx for every route, parameter and bad value (query strings, path parameters, JSON bodies, raw bytes)', async () => {
    const failures: string[] = [];
    let tried = 0;
    let limited = 0;
    const send = async (label: string, opts: Record<string, unknown>) => {
      tried++;
      // A new client address per request, so per-route rate limits (exports: 30/min) do not answer first.
      const res = await app.inject({ ...opts, remoteAddress: `10.${(tried >> 16) & 255}.${(tried >> 8) & 255}.${tried & 255}` } as never);
      if (res.statusCode === 429) limited++;
      if (res.statusCode >= 500) failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      return res;
    };
    for (const r of routes) {
      if (r.url.includes('*')) continue;
      const schema = (r.schema ?? {}) as Record<string, unknown>;
      for (const method of methodsOf(r)) {
        const base = fillPath(r.url);
        const headers = { cookie };
        for (const name of fieldsOf(schema.querystring)) {
          for (const v of URL_VALUES) {
            await send(`${method} ${r.url}?${name}=${v}`, { method, url: `${base}?${name}=${v}`, headers, ...(method === 'GET' ? {} : { payload: {} }) });
          }
        }
        for (const name of fieldsOf(schema.params)) {
          for (const v of URL_VALUES) await send(`${method} ${r.url} :${name}=${v}`, { method, url: fillPath(r.url, { name, value: v }), headers });
        }
        if (method !== 'GET' && schema.body) {
          for (const name of fieldsOf(schema.body)) {
            for (const v of JSON_VALUES) {
              await send(`${method} ${r.url} body.${name}=${JSON.stringify(v)}`, { method, url: base, headers, payload: { [name]: v } });
            }
            // Invalid UTF-8 as raw bytes inside the JSON text.
            const raw = Buffer.concat([Buffer.from(`{"${name}":"a`), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]);
            await send(`${method} ${r.url} body.${name}=<raw FF FE C3 28>`, {
              method,
              url: base,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: raw,
            });
          }
        }
      }
    }
    console.info(`bad-input sweep: ${tried} requests over ${routes.length} routes, ${failures.length} 5xx`);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(500);
    expect(limited).toBe(0);
  });

  // The 32 route/parameter pairs of the issue, each with a NUL: a 400 with the one error shape.
  const listed: Array<[string, string, string, Record<string, unknown>?]> = [
    ['GET', '/api/communities/search', 'location'],
    ['GET', '/api/communities/search', 'amenities'],
    ...['searchQuery', 'zipCode', 'state', 'city', 'operatorName', 'reviewTopic', 'communityType', 'operatorSearch'].flatMap(
      // operatorSearch (the operator filter's own search box) exists on the page query only.
      (p): Array<[string, string, string]> => [
        ['GET', '/api/community-insights', p],
        ...(p === 'operatorSearch' ? [] : [['GET', '/api/community-insights/export.csv', p] as [string, string, string]]),
      ],
    ),
    ...['searchQuery', 'operatorState', 'operatorCity'].flatMap((p): Array<[string, string, string]> => [
      ['GET', '/api/operator-insights', p],
      ['GET', '/api/operator-insights/export.csv', p],
    ]),
    ['GET', '/api/leads', 'q'],
    ['GET', '/api/admin/leads/export.csv', 'q'],
    ['POST', '/api/leads', 'name', { email: 'a@example.com' }],
    ['POST', '/api/leads', 'notes', { name: 'Ann', email: 'a@example.com' }],
    ['POST', '/api/auth/register', 'firstName', { email: 'nul@example.com', password: 'long enough password' }],
  ];
  it.each(listed)('%s %s %s with a NUL answers 400', async (method, url, name, body) => {
    const res =
      method === 'GET'
        ? await app.inject({ method: 'GET', url: `${url}?${name}=a%00b`, headers: { cookie }, remoteAddress: '10.200.0.1' })
        : await app.inject({ method: 'POST', url, headers: { cookie }, payload: { ...body, [name]: 'a\u0000b' }, remoteAddress: '10.200.0.2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
  });

  it('refuses a NUL in a lead status note with 400', async () => {
    const { rows } = await tdb.pool.query<{ id: number }>("INSERT INTO leads (name, email) VALUES ('Bo', 'bo@example.com') RETURNING id");
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/leads/${rows[0]!.id}/status`,
      headers: { cookie },
      payload: { status: 'contacted', note: 'called\u0000' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps multi-line text where a field is multi-line', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/leads', payload: { name: 'Ann', email: 'ann@example.com', notes: 'Line one\r\n\tLine two' } });
    expect(res.statusCode).toBe(201);
  });

  it('maps a PostgreSQL encoding error that gets past validation to 400 (the safety net)', async () => {
    const probe = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv(), serveClient: false });
    probe.get('/api/probe-nul', async () => {
      await tdb.pool.query('SELECT $1::text', ['a\u0000b']);
      return { ok: true };
    });
    await probe.ready();
    const res = await probe.inject({ method: 'GET', url: '/api/probe-nul' });
    await probe.close();
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });
});
