// The default assistant: no external service. It understands the conversation (understand.ts), answers
// from the real data through the same search service as the search page, and never states a fact
// (community, price, phone) that did not come from the database.
import type pg from 'pg';
import { US_STATES, careTypeFromParam, type CareType, type SearchSort } from '../../../contracts/constants';
import type { ChatCommunity, ChatFilters, ChatRequest, ChatResponse } from '../../../contracts/chat';
import type { SearchCommunity } from '../../../contracts/search';
import { getCommunityDetail } from '../communities/detail.service';
import type { LocationFilter, SearchService } from '../communities/search.service';
import { careTypeLabel, understand, type Refinement } from './understand';

export interface EngineDeps {
  pool: pg.Pool;
  search: SearchService;
}

export const CLARIFYING_QUESTION =
  'I can look that up for you. Which city, state or ZIP code should I search? For example “Naperville, IL”, “Ohio” or “60540”.';
const RESULTS_PER_ANSWER = 4;

const SORT_FOR: Record<Refinement, SearchSort> = { cheaper: 'price_low', pricier: 'price_high', better_rated: 'rating', closer: 'relevance' };

interface State {
  location?: string;
  locationLabel?: string;
  careTypes: string[];
  amenities: string[];
  priceMin?: number;
  priceMax?: number;
  sort?: SearchSort;
}

function describeLocation(filter: LocationFilter, raw: string): string | null {
  switch (filter.kind) {
    case 'near':
      return `near ZIP ${raw.slice(0, 5)}`;
    case 'zip':
      return `in ZIP ${raw}`;
    case 'state':
      return `in ${US_STATES[filter.state] ?? filter.state}`;
    case 'city': {
      const best = filter.cities[0];
      return best ? `in ${best.city}, ${best.state}` : null;
    }
    default:
      return null;
  }
}

/** The first candidate that is a real place in the data (a ZIP, a state, or a city we list). */
async function firstPlace(search: SearchService, candidates: string[]): Promise<{ location: string; label: string } | null> {
  for (const candidate of candidates) {
    const filter = await search.locate(candidate);
    const label = describeLocation(filter, candidate);
    if (!label) continue;
    // A fuzzy city match is used by its corrected name, so the search and the reply agree.
    if (filter.kind === 'city' && filter.cities[0]) return { location: `${filter.cities[0].city}, ${filter.cities[0].state}`, label };
    return { location: candidate, label };
  }
  return null;
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

function budgetText(s: State): string {
  if (s.priceMin !== undefined && s.priceMax !== undefined) return ` between ${money(s.priceMin)} and ${money(s.priceMax)} a month`;
  if (s.priceMax !== undefined) return ` up to ${money(s.priceMax)} a month`;
  if (s.priceMin !== undefined) return ` from ${money(s.priceMin)} a month`;
  return '';
}

/**
 * The price the answer states: the search's own card price (ADR 010), i.e. with care types the lowest
 * price of THOSE care types within the budget, never another care type's figure.
 */
function priceFor(c: SearchCommunity): number | null {
  return c.shownPrice?.minPrice ?? null;
}

/** True only when the stated price really is within the budget for the asked care type. */
function fitsBudget(c: SearchCommunity, s: State): boolean {
  const shown = c.shownPrice;
  if (!shown || (s.priceMax === undefined && s.priceMin === undefined)) return false;
  if (s.priceMax !== undefined && shown.minPrice > s.priceMax) return false;
  if (s.priceMin !== undefined) {
    const entries = c.pricing.filter((p) => s.careTypes.length === 0 || p.careType === shown.careType);
    if (!entries.some((p) => p.maxPrice >= s.priceMin!)) return false;
  }
  if (s.careTypes.length > 0 && !s.careTypes.includes(shown.careType)) return false;
  return true;
}

function toChatCommunity(c: SearchCommunity): ChatCommunity {
  return {
    id: c.id,
    name: c.name,
    city: c.city,
    state: c.state,
    careTypes: c.careTypes,
    minPrice: priceFor(c),
    rating: c.rating,
    reviewCount: c.reviewCount,
    url: `/community/${c.id}`,
  };
}

function reasons(c: SearchCommunity, s: State): string {
  const why: string[] = [];
  const matchedCare = s.careTypes.filter((t) => c.careTypes.includes(t));
  if (matchedCare.length) why.push(`offers ${matchedCare.join(' and ').toLowerCase()}`);
  const price = priceFor(c);
  if (price !== null && fitsBudget(c, s)) why.push(`fits your budget (from ${money(price)})`);
  for (const a of s.amenities) if (c.amenities.includes(a)) why.push(a === 'Pet Friendly' ? 'welcomes pets' : `has ${a.toLowerCase()}`);
  if (c.distanceMiles !== null) why.push(`${c.distanceMiles.toFixed(1)} miles away`);
  if (c.reviewCount > 0 && c.rating >= 4.5) why.push(`highly rated by families`);
  return why.length ? why.join(', ') : 'a good match for your search';
}

function line(i: number, c: SearchCommunity, s: State): string {
  const price = priceFor(c);
  const care = c.careTypes.slice(0, 3).join(', ') || 'Senior living';
  const priceText =
    price === null
      ? 'contact for pricing'
      : `from ${money(price)}/month${c.shownPrice?.forCareTypes && s.careTypes.length > 1 ? ` (${c.shownPrice.careType.toLowerCase()})` : ''}`;
  const ratingText = c.reviewCount > 0 ? ` · ${c.rating.toFixed(1)}★ (${c.reviewCount} reviews)` : '';
  return `${i}. [${c.name}](/community/${c.id}) — ${c.city}, ${c.state} · ${care} · ${priceText}${ratingText}\n   Why: ${reasons(c, s)}.`;
}

function lastShownIds(history: ChatRequest['conversationHistory']): number[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role !== 'assistant') continue;
    const ids = [...m.content.matchAll(/\]\(\/community\/(\d{1,10})\)/g)].map((x) => Number(x[1]));
    if (ids.length) return ids;
  }
  return [];
}

function filtersOf(s: State): ChatFilters {
  return { location: s.location, careTypes: s.careTypes, amenities: s.amenities, priceMin: s.priceMin, priceMax: s.priceMax, sort: s.sort };
}

async function detailReply(deps: EngineDeps, id: number, s: State): Promise<ChatResponse | null> {
  const d = await getCommunityDetail(deps.pool, id).catch(() => null);
  if (!d) return null;
  const prices = d.pricing.map((p) => `${p.careType} ${money(p.minPrice)}${p.maxPrice > p.minPrice ? `–${money(p.maxPrice)}` : ''}/month`);
  const parts = [
    `Here is more about [${d.name}](/community/${d.id}) in ${d.city}, ${d.state}${d.address ? ` (${d.address})` : ''}.`,
    d.careTypes.length ? `Care types: ${d.careTypes.join(', ')}.` : '',
    prices.length ? `Prices: ${prices.join('; ')}.` : 'Pricing: please contact the community for current rates.',
    d.reviewCount > 0 ? `Families rate it ${d.rating.toFixed(1)} out of 5 across ${d.reviewCount} reviews.` : 'It has no reviews yet.',
    d.amenities.length ? `Amenities include ${d.amenities.slice(0, 6).join(', ')}.` : '',
    d.phone ? `Phone: ${d.phone}.` : '',
    'You can request information or schedule a visit from its page, and a care advisor will contact you within 24 hours.',
  ].filter(Boolean);
  return {
    message: parts.join(' '),
    communities: [
      { id: d.id, name: d.name, city: d.city, state: d.state, careTypes: d.careTypes, minPrice: d.pricing[0]?.minPrice ?? null, rating: d.rating, reviewCount: d.reviewCount, url: `/community/${d.id}` },
    ],
    filters: filtersOf(s),
    engine: 'rules',
  };
}

/** Replays the conversation (history, then the page's context as defaults, then this message) into filters. */
async function conversationState(deps: EngineDeps, req: ChatRequest): Promise<State> {
  const s: State = { careTypes: [], amenities: [] };
  const userMessages = [...req.conversationHistory.filter((m) => m.role === 'user').map((m) => m.content), req.message];
  for (const text of userMessages) {
    const u = understand(text);
    const place = await firstPlace(deps.search, u.locationCandidates);
    if (place) {
      s.location = place.location;
      s.locationLabel = place.label;
    }
    if (u.careTypes.length) s.careTypes = u.careTypes;
    for (const a of u.amenities) if (!s.amenities.includes(a)) s.amenities.push(a);
    if (u.priceMax !== undefined || u.priceMin !== undefined) {
      s.priceMin = u.priceMin;
      s.priceMax = u.priceMax;
    }
    if (u.refine) s.sort = SORT_FOR[u.refine];
  }
  const ctx = req.userContext;
  if (ctx) {
    if (!s.location && ctx.location) {
      const place = await firstPlace(deps.search, [ctx.location]);
      if (place) {
        s.location = place.location;
        s.locationLabel = place.label;
      }
    }
    // Labels or keys ('memory'), like every endpoint that takes care types (ADR 010).
    if (s.careTypes.length === 0 && ctx.careTypes) {
      s.careTypes = [...new Set(ctx.careTypes.map((c) => careTypeFromParam(c)).filter((c): c is CareType => c !== undefined))];
    }
    if (s.priceMin === undefined && s.priceMax === undefined && ctx.priceRange) {
      s.priceMin = ctx.priceRange.min;
      s.priceMax = ctx.priceRange.max;
    }
  }
  return s;
}

async function searchWith(deps: EngineDeps, s: State) {
  return deps.search.search({
    location: s.location,
    careTypes: s.careTypes as CareType[],
    amenities: s.amenities,
    priceMin: s.priceMin,
    priceMax: s.priceMax,
    // The assistant lists only communities whose price (for the asked care type) fits the budget.
    includeUnpriced: false,
    sort: s.sort ?? (s.location ? 'relevance' : 'rating'),
    page: 1,
    pageSize: RESULTS_PER_ANSWER,
  });
}

export async function rulesReply(deps: EngineDeps, req: ChatRequest): Promise<ChatResponse> {
  const current = understand(req.message);
  const s = await conversationState(deps, req);

  if (current.ordinal !== undefined || current.moreAbout) {
    const ids = lastShownIds(req.conversationHistory);
    const idx = current.ordinal === undefined ? 0 : current.ordinal === -1 ? ids.length - 1 : current.ordinal - 1;
    const id = ids[idx];
    if (id !== undefined) {
      const reply = await detailReply(deps, id, s);
      if (reply) return reply;
    }
    if (ids.length > 0) {
      return { message: `I listed ${ids.length} communities last time. Which one would you like to hear about (first to ${['first', 'second', 'third', 'fourth', 'fifth'][ids.length - 1] ?? 'last'})?`, communities: [], filters: filtersOf(s), engine: 'rules' };
    }
  }

  if (current.smallTalk === 'thanks') {
    return { message: "You're welcome! If you'd like, I can look for more communities, compare prices, or tell you about one of them.", communities: [], filters: filtersOf(s), engine: 'rules' };
  }

  if (!s.location) {
    const lastAssistant = [...req.conversationHistory].reverse().find((m) => m.role === 'assistant');
    const alreadyAsked = lastAssistant?.content === CLARIFYING_QUESTION;
    const hasNeeds = s.careTypes.length > 0 || s.amenities.length > 0 || s.priceMax !== undefined;
    if (!alreadyAsked || !hasNeeds) {
      const intro = current.smallTalk === 'greeting' ? 'Hello! ' : '';
      return { message: `${intro}${CLARIFYING_QUESTION}`, communities: [], filters: filtersOf(s), engine: 'rules' };
    }
  }

  let result = await searchWith(deps, s);
  const relaxedNotes: string[] = [];
  if (result.total === 0) {
    // Say what was not found, then show the closest thing that exists, relaxing one need at a time.
    const attempts: Array<[string, Partial<State>]> = [
      ['without the amenity requirement', { amenities: [] }],
      ['without the budget limit', { priceMin: undefined, priceMax: undefined, amenities: [] }],
      ['for any care type', { careTypes: [], priceMin: undefined, priceMax: undefined, amenities: [] }],
    ];
    for (const [note, change] of attempts) {
      const relaxed = { ...s, ...change };
      const r = await searchWith(deps, relaxed);
      if (r.total > 0) {
        relaxedNotes.push(note);
        Object.assign(s, change);
        result = r;
        break;
      }
    }
  }

  const care = careTypeLabel(s.careTypes);
  const where = s.locationLabel ?? 'across the country';
  if (result.total === 0) {
    return {
      message: `I couldn't find any ${care} communities ${where}. Could you try a nearby city or a ZIP code? I can also search a whole state.`,
      communities: [],
      filters: filtersOf(s),
      engine: 'rules',
    };
  }

  const shown = result.communities;
  const intro = relaxedNotes.length
    ? `I couldn't find an exact match, so here ${shown.length === 1 ? 'is' : 'are'} the closest ${care} ${shown.length === 1 ? 'community' : 'communities'} ${where} ${relaxedNotes[0]}:`
    : `Here ${shown.length === 1 ? 'is' : 'are'} ${shown.length} ${care} ${shown.length === 1 ? 'community' : 'communities'} ${where}${budgetText(s)}${
        s.amenities.length ? ` with ${s.amenities.map((a) => a.toLowerCase()).join(' and ')}` : ''
      }${s.sort === 'price_low' ? ', lowest prices first' : s.sort === 'rating' ? ', best rated first' : s.sort === 'price_high' ? ', premium options first' : ''}:`;
  const more = result.total > shown.length ? `\n\nThere are ${result.total.toLocaleString('en-US')} matches in all — the search page shows every one of them.` : '';
  const outro = '\n\nWould you like cheaper options, a different care type, or more about one of them (for example “tell me more about the second one”)?';
  return {
    message: `${intro}\n\n${shown.map((c, i) => line(i + 1, c, s)).join('\n')}${more}${outro}`,
    communities: shown.map((c) => toChatCommunity(c)),
    filters: filtersOf(s),
    engine: 'rules',
  };
}
