// The model path against an OpenAI-compatible server started here on 127.0.0.1 with scripted replies:
// what is sent to it, a grounded answer after a tool call, and the fallback on every kind of failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../../contracts/chat';
import { refreshAggregates } from '../../db/aggregates';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

type Script = (body: Record<string, unknown>, res: http.ServerResponse) => void;

let tdb: TestDatabase;
let app: App;
let server: http.Server;
let script: Script[] = [];
const received: Array<{ headers: http.IncomingHttpHeaders; body: Record<string, unknown>; url: string }> = [];

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const toolCall = (args: object): Script => (_b, res) =>
  json(res, 200, { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_communities', arguments: JSON.stringify(args) } }] } }] });
const answer = (content: string): Script => (_b, res) => json(res, 200, { choices: [{ message: { role: 'assistant', content } }] });

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.pool.query(`INSERT INTO communities (id, name, city, state, zip_code, care_types, source_id) VALUES
    (11, 'Maple Grove Memory Care', 'Naperville', 'IL', '60540', '{Memory Care}', 'a'),
    (12, 'Willow Creek Assisted Living', 'Naperville', 'IL', '60540', '{Assisted Living}', 'b'),
    (13, 'Oak Terrace', 'Naperville', 'IL', '60540', '{Independent Living,Assisted Living}', 'c')`);
  await tdb.pool.query(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES (11, 'Memory Care', 6100, 7000), (12, 'Assisted Living', 4300, 5000),
    (13, 'Independent Living', 2500, 3000), (13, 'Assisted Living', 5600, 6500)`);
  await refreshAggregates(tdb.pool);
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as Record<string, unknown>;
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      const next = script.shift();
      if (next) next(body, res);
      else json(res, 500, { error: 'no scripted reply' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  app = await buildTestApp(tdb, llmEnv('10000'));
});

function llmEnv(timeoutMs: string) {
  const { port } = server.address() as AddressInfo;
  return { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_API_KEY: 'test-key', LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: timeoutMs, CHAT_RATE_LIMIT_MAX: '1000' };
}
afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await tdb.drop();
});
beforeEach(() => {
  script = [];
  received.length = 0;
});

async function ask(message: string, target: App = app): Promise<ChatResponse> {
  const res = await target.inject({ method: 'POST', url: '/api/chat', payload: { message, sessionId: 'llm', conversationHistory: [{ role: 'user', content: 'hello' }], userContext: { location: 'Naperville, IL' } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
}

describe('POST /api/chat with a model configured', () => {
  it('sends the model a search tool, runs the tool call on the real data and returns the grounded reply', async () => {
    script = [toolCall({ location: 'Naperville, IL', careTypes: ['Memory Care'] }), answer('I found [Maple Grove Memory Care](/community/11) in Naperville, from $6,100/month.')];
    const reply = await ask('memory care in Naperville please');
    expect(reply.engine).toBe('llm');
    expect(reply.message).toContain('[Maple Grove Memory Care](/community/11)');
    expect(reply.communities.map((c) => c.id)).toEqual([11]);

    expect(received).toHaveLength(2);
    const first = received[0]!;
    expect(first.url).toBe('/v1/chat/completions');
    expect(first.headers.authorization).toBe('Bearer test-key');
    expect(first.body.model).toBe('test-model');
    const tools = first.body.tools as Array<{ function: { name: string } }>;
    expect(tools.map((t) => t.function.name)).toEqual(['search_communities']);
    const messages = first.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('Naperville, IL'); // the page context
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'memory care in Naperville please' });
    // The second call carries the tool result from the database.
    const toolMessage = (received[1]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'tool')!;
    expect(JSON.parse(toolMessage.content).communities.map((c: { id: number }) => c.id)).toEqual([11]);
  });

  it('the tool keeps the budget to the asked care type: only fitting communities, each with that care type’s price', async () => {
    // Oak Terrace: Independent Living from $2,500, Assisted Living from $5,600 (over the budget).
    script = [toolCall({ location: 'Naperville, IL', careTypes: ['Assisted Living'], priceMax: 5000 }), answer('[Willow Creek Assisted Living](/community/12) fits, from $4,300/month.')];
    const reply = await ask('assisted living in Naperville under $5000');
    expect(reply.engine).toBe('llm');
    const toolMessage = (received[1]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'tool')!;
    const rows = JSON.parse(toolMessage.content).communities as Array<{ id: number; minPrice: number | null }>;
    expect(rows).toEqual([expect.objectContaining({ id: 12, minPrice: 4300 })]);
    // Without a budget Oak Terrace is listed, with its Assisted Living price rather than $2,500.
    script = [toolCall({ location: 'Naperville, IL', careTypes: ['Assisted Living'] }), answer('[Oak Terrace](/community/13) from $5,600/month.')];
    received.length = 0;
    await ask('assisted living in Naperville');
    const second = (received[1]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'tool')!;
    const oak = (JSON.parse(second.content).communities as Array<{ id: number; minPrice: number | null }>).find((c) => c.id === 13);
    expect(oak?.minPrice).toBe(5600);
  });

  it('falls back to the default engine when the model errors', async () => {
    script = [(_b, res) => json(res, 500, { error: 'boom' })];
    const reply = await ask('memory care in Naperville, IL');
    expect(reply.engine).toBe('rules');
    expect(reply.communities.map((c) => c.id)).toEqual([11]);
  });

  it('falls back when the model times out', async () => {
    const impatient = await buildTestApp(tdb, llmEnv('300'));
    try {
      script = [() => {}]; // never answers
      const started = Date.now();
      const reply = await ask('memory care in Naperville, IL', impatient);
      expect(reply.engine).toBe('rules');
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await impatient.close();
    }
  });

  it('falls back on garbage output', async () => {
    script = [(_b, res) => json(res, 200, 'this is not json {')];
    expect((await ask('memory care in Naperville, IL')).engine).toBe('rules');
    script = [(_b, res) => json(res, 200, { choices: [] })];
    expect((await ask('memory care in Naperville, IL')).engine).toBe('rules');
    script = [toolCall({ location: 'Naperville' }), (_b, res) => json(res, 200, { choices: [{ message: { role: 'assistant', content: 42 } }] })];
    expect((await ask('memory care in Naperville, IL')).engine).toBe('rules');
  });

  it('falls back when the model cites a community the tool did not return', async () => {
    script = [answer('Try [Sunny Acres](/community/99999), it is lovely.')];
    const reply = await ask('memory care in Naperville, IL');
    expect(reply.engine).toBe('rules');
    expect(reply.message).not.toContain('99999');
  });

  it('falls back when the tool arguments are malformed', async () => {
    script = [(_b, res) => json(res, 200, { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'x', function: { name: 'search_communities', arguments: '{location:' } }] } }] })];
    expect((await ask('memory care in Naperville, IL')).engine).toBe('rules');
  });
});
