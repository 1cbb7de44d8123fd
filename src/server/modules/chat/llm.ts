// The assistant with a model: an OpenAI-compatible chat-completions API (hosted or local) that is given
// a community-search tool backed by the same search service. Its recommendations must come from the
// tool's results; anything else (timeout, error, malformed output, a community it invented) falls back
// to the default engine.
import { CARE_TYPES, SEARCH_SORTS } from '../../../contracts/constants';
import type { ChatCommunity, ChatRequest, ChatResponse } from '../../../contracts/chat';
import type { SearchService } from '../communities/search.service';

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export class LlmUnusable extends Error {}

const SYSTEM_PROMPT = [
  'You are a warm, concise senior-living advisor helping a family find a community for a parent.',
  'Use the search_communities tool to find communities; recommend ONLY communities returned by the tool, 3 to 5 of them,',
  'each written as a markdown link [Name](/community/ID) with its city, care types and monthly price from the tool result.',
  'Never invent a community, price or phone number. If you do not know where to search, ask one short question about the city, state or ZIP code.',
].join(' ');

const SEARCH_TOOL = {
  type: 'function',
  function: {
    name: 'search_communities',
    description: 'Search senior living communities in the database.',
    parameters: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'City ("Naperville, IL"), state (code or name) or ZIP code' },
        careTypes: { type: 'array', items: { type: 'string', enum: [...CARE_TYPES] } },
        priceMin: { type: 'integer', description: 'monthly USD' },
        priceMax: { type: 'integer', description: 'monthly USD' },
        amenities: { type: 'array', items: { type: 'string' } },
        sort: { type: 'string', enum: [...SEARCH_SORTS] },
      },
    },
  },
} as const;

interface ToolCall {
  id: string;
  function: { name: string; arguments: string };
}
interface ModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

function asToolArgs(raw: string) {
  let args: unknown;
  try {
    args = JSON.parse(raw);
  } catch {
    throw new LlmUnusable('tool arguments are not JSON');
  }
  if (!args || typeof args !== 'object') throw new LlmUnusable('tool arguments are not an object');
  const a = args as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length <= 100 ? v : undefined);
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? v : undefined);
  const list = (v: unknown, allowed?: readonly string[]) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && (!allowed || allowed.includes(x))).slice(0, 8) : [];
  const sort = (SEARCH_SORTS as readonly string[]).includes(String(a.sort)) ? (a.sort as (typeof SEARCH_SORTS)[number]) : 'relevance';
  let priceMin = int(a.priceMin);
  let priceMax = int(a.priceMax);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    location: str(a.location),
    careTypes: list(a.careTypes, CARE_TYPES) as (typeof CARE_TYPES)[number][],
    amenities: list(a.amenities),
    priceMin,
    priceMax,
    sort,
  };
}

export async function llmReply(config: LlmConfig, search: SearchService, req: ChatRequest): Promise<ChatResponse> {
  const signal = AbortSignal.timeout(config.timeoutMs);
  const context = req.userContext ? `\nPage context (what the family is looking at): ${JSON.stringify(req.userContext)}` : '';
  const messages: ModelMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT + context },
    ...req.conversationHistory.slice(-20).map((m) => ({ role: m.role, content: m.content })),
    { role: 'user', content: req.message },
  ];
  const found = new Map<number, ChatCommunity>();

  for (let round = 0; round < 4; round++) {
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        body: JSON.stringify({ model: config.model, messages, tools: [SEARCH_TOOL], tool_choice: 'auto', temperature: 0.3 }),
        signal,
      });
    } catch (err) {
      throw new LlmUnusable(`model call failed: ${(err as Error).name}`);
    }
    if (!res.ok) throw new LlmUnusable(`model answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new LlmUnusable('model answer is not JSON');
    }
    const message = (body as { choices?: Array<{ message?: ModelMessage }> })?.choices?.[0]?.message;
    if (!message || typeof message !== 'object') throw new LlmUnusable('model answer has no message');

    if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: message.tool_calls });
      for (const call of message.tool_calls.slice(0, 3)) {
        if (call?.function?.name !== 'search_communities') throw new LlmUnusable(`unknown tool ${String(call?.function?.name)}`);
        const args = asToolArgs(call.function.arguments);
        // Same rule as the search page and the offline engine (ADR 010): with care types and a budget, only
        // communities whose price for those care types fits, each with that care type's price.
        const result = await search.search({ ...args, includeUnpriced: false, page: 1, pageSize: 5 });
        const rows = result.communities.map((c) => {
          const minPrice = c.shownPrice?.minPrice ?? null;
          const item: ChatCommunity = { id: c.id, name: c.name, city: c.city, state: c.state, careTypes: c.careTypes, minPrice, rating: c.rating, reviewCount: c.reviewCount, url: `/community/${c.id}` };
          found.set(c.id, item);
          return item;
        });
        messages.push({ role: 'tool', tool_call_id: String(call.id ?? ''), content: JSON.stringify({ total: result.total, communities: rows }) });
      }
      continue;
    }

    const content = message.content;
    if (typeof content !== 'string' || content.trim().length === 0 || content.length > 6000) throw new LlmUnusable('model reply is empty or malformed');
    // Grounding: every community the reply links must come from this conversation's tool results.
    const cited = [...content.matchAll(/\/community\/(\d{1,10})\b/g)].map((m) => Number(m[1]));
    if (cited.some((id) => !found.has(id))) throw new LlmUnusable('model cited a community the tool did not return');
    return { message: content.trim(), communities: [...new Set(cited)].map((id) => found.get(id)!), engine: 'llm' };
  }
  throw new LlmUnusable('model kept calling tools');
}
