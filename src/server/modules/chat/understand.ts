// Understanding what a family writes: a place, care needs, a budget, amenities, and follow-ups that
// refine the last answer. Pure functions; whether a phrase is a real place is checked against the
// database by the engine (candidates come out ranked here).
import zipcodes from 'zipcodes';
import { CARE_TYPES, US_STATES, type CareType } from '../../../contracts/constants';

export type Refinement = 'cheaper' | 'pricier' | 'better_rated' | 'closer';

export interface Understanding {
  /** Place phrases, best first: ZIP, "City, ST", a phrase after in/near/around, a state, a known city. */
  locationCandidates: string[];
  careTypes: CareType[];
  amenities: string[];
  priceMin?: number;
  priceMax?: number;
  refine?: Refinement;
  /** "tell me more about the second one" -> 2 */
  ordinal?: number;
  /** "more about it / that one / tell me more" without a number. */
  moreAbout?: boolean;
  /** Only a greeting or thanks, nothing to search. */
  smallTalk?: 'greeting' | 'thanks';
}

const CARE_SYNONYMS: Array<[RegExp, CareType]> = [
  [/\b(memory[- ]care|dementia|alzheimer'?s?|memory loss|forgetful|cognitive decline|wander(?:s|ing)?)\b/i, 'Memory Care'],
  [
    /\b(skilled[- ]nursing|nursing[- ]homes?|nursing[- ]facilit(?:y|ies)|snf|rehab(?:ilitation)?|24[- /]?(?:hour|hr|7)[- ]nursing|post[- ]?(?:surgery|hospital)|round[- ]the[- ]clock (?:medical|nursing) care|nursing care)\b/i,
    'Skilled Nursing',
  ],
  [
    /\b(assisted[- ]living|assisted|help with (?:bathing|dressing|showering|meds|medications?|daily (?:tasks|activities|living)|eating|toileting)|personal care|adls?|activities of daily living|medication (?:help|management|reminders))\b/i,
    'Assisted Living',
  ],
  [/\b(independent[- ]living|independent|55\s*\+|55 and (?:over|older)|retirement (?:community|home|village)|active adult|senior apartments?)\b/i, 'Independent Living'],
];

const AMENITY_SYNONYMS: Array<[RegExp, string]> = [
  [/\b(pets?|dogs?|cats?|pet[- ]friendly|puppy|kitty)\b/i, 'Pet Friendly'],
  [/\b(pools?|swimming|swim)\b/i, 'Swimming Pool'],
  [/\b(gym|fitness|exercise|workout)\b/i, 'Fitness Center'],
  [/\b(transportation|transport|rides?|shuttle|bus|driving (?:to|her|him))\b/i, 'Transportation'],
  [/\b(dining|meals?|restaurant|chef|food)\b/i, 'Dining Services'],
  [/\b(housekeeping|cleaning|maid)\b/i, 'Housekeeping'],
  [/\b(laundry)\b/i, 'Laundry Services'],
  [/\b(24\/7 care|around[- ]the[- ]clock care|24[- ]hour care|overnight staff)\b/i, '24/7 Care'],
];

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));
const STATE_NAMES_LONGEST_FIRST = [...STATE_BY_NAME.keys()].sort((a, b) => b.length - a.length);
/** Two-letter codes that are also everyday words: accepted only in "City, ST" form or written alone. */
const AMBIGUOUS_CODES = new Set(['IN', 'OR', 'ME', 'OK', 'HI', 'OH', 'AL', 'PA', 'MA', 'DE', 'CO', 'ID', 'LA', 'MO', 'AS']);

/** Lower-cased city names of the ZIP table (loaded once). */
let cityNames: Set<string> | null = null;
function knownCities(): Set<string> {
  if (!cityNames) {
    cityNames = new Set();
    for (const z of Object.values(zipcodes.codes)) {
      if (z.country === 'US') cityNames.add(z.city.toLowerCase());
    }
  }
  return cityNames;
}

/** Words that are also US city names but mean something else in a family's message. */
const CITY_STOPWORDS = new Set([
  'assisted', 'independence', 'memory', 'care', 'home', 'nursing', 'living', 'pool', 'mom', 'dad', 'mother', 'father', 'help', 'hope',
  'love', 'pleasant', 'friendly', 'fair', 'best', 'price', 'rich', 'money', 'early', 'wells', 'lake', 'park', 'center', 'union', 'mobile', 'commerce',
  'industry', 'enterprise', 'liberty', 'justice', 'hazard', 'bath', 'pray', 'cheap', 'rural', 'city', 'town', 'pet', 'dog', 'gym', 'chef', 'story',
  'plain', 'plains', 'deal', 'normal', 'ideal', 'energy', 'dry', 'young', 'long', 'short', 'fine', 'good', 'better', 'great', 'nice', 'happy',
  'loyal', 'gray', 'white', 'black', 'brown', 'green', 'orange', 'why', 'what', 'how', 'who', 'more', 'about', 'tell', 'second', 'third', 'first',
  'canton', 'alpha', 'eagle', 'star', 'ore', 'mark', 'max', 'may', 'june', 'august', 'day', 'morning', 'needs', 'need', 'also', 'any', 'some',
]);

const NUMBER = String.raw`\$?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|K|thousand|grand)?`;
const WORDS_BEFORE_MAX = String.raw`(?:under|below|less than|no more than|not more than|max(?:imum)?|up to|within|at most|cheaper than|budget(?: is| of)?(?: about| around)?|can (?:afford|pay|spend)(?: up to| about| around)?|afford(?: up to)?|spend(?: up to)?)`;
const WORDS_BEFORE_MIN = String.raw`(?:over|above|more than|at least|min(?:imum)?|starting at|from)`;
const WORDS_AROUND = String.raw`(?:around|about|roughly|approximately|approx\.?|~|close to)`;

function money(raw: string, suffix: string | undefined, dollarSign: boolean): number | null {
  let n = Number(raw.replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  if (suffix) n *= 1000;
  if (!suffix && !dollarSign && n < 500) return null; // "2 bedrooms", "3 stars"
  if (n < 300 || n > 50_000) return null;
  return Math.round(n);
}

function parseBudget(text: string): { priceMin?: number; priceMax?: number } {
  const t = text.replace(/\s+/g, ' ');
  const between = new RegExp(String.raw`(?:between\s+)?${NUMBER}\s*(?:-|–|to|and)\s*${NUMBER}(?=\s*(?:\/|a |per |each |monthly|month|$|[^\d]))`, 'i').exec(t);
  if (between) {
    const lo = money(between[1]!, between[2] ?? between[4], between[0].includes('$'));
    const hi = money(between[3]!, between[4], between[0].includes('$'));
    if (lo !== null && hi !== null && lo < hi && (/\$|k|month|budget|between|afford|price/i.test(t))) return { priceMin: lo, priceMax: hi };
  }
  const max = new RegExp(String.raw`${WORDS_BEFORE_MAX}\s*${NUMBER}`, 'i').exec(t);
  if (max) {
    const v = money(max[1]!, max[2], /\$/.test(max[0]));
    if (v !== null) return { priceMax: v };
  }
  const around = new RegExp(String.raw`${WORDS_AROUND}\s*${NUMBER}`, 'i').exec(t);
  if (around) {
    const v = money(around[1]!, around[2], /\$/.test(around[0]));
    if (v !== null && (/\$|k\b|thousand|grand|month|budget|afford|spend|pay/i.test(around[0] + t))) {
      return { priceMin: Math.round((v * 0.85) / 50) * 50, priceMax: Math.round((v * 1.15) / 50) * 50 };
    }
  }
  const min = new RegExp(String.raw`${WORDS_BEFORE_MIN}\s*${NUMBER}`, 'i').exec(t);
  if (min) {
    const v = money(min[1]!, min[2], /\$/.test(min[0]));
    if (v !== null && /\$|k\b|thousand|month/i.test(min[0] + t)) return { priceMin: v };
  }
  // "$4,500 a month", "4k per month": a plain amount is what the family can spend.
  const plain = new RegExp(String.raw`(\$\s?(\d{1,3}(?:,\d{3})+|\d+)\s*(k|K)?|(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|K|thousand|grand))(?:\s*(?:\/|a |per |each )?\s*(?:mo\b|month))?`, 'i').exec(t);
  if (plain) {
    const raw = plain[2] ?? plain[4];
    const v = raw ? money(raw, plain[3] ?? plain[5], plain[0].includes('$')) : null;
    if (v !== null) return { priceMax: v };
  }
  return {};
}

function findZip(text: string): string | null {
  const re = /(?<![$\d,.])\b(\d{5})(?:-\d{4})?\b(?!\s*(?:\/|a |per |k\b|dollars|usd|\$|a month|monthly))/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    if (/(under|below|less than|budget|up to|max|around|about|pay|spend|afford)\s*$/.test(before)) continue;
    if (zipcodes.lookup(m[1]!)) return m[1]!;
  }
  return null;
}

const LOCATION_STOP = String.raw`(?:for|with|under|below|less|that|who|which|where|and|or|around|near|within|about|max|budget|price|costing|cost|please|who's|has|have|offering|offers|accepting|taking|\$|\d)`;

function prepositionPhrases(text: string): string[] {
  const out: string[] = [];
  const re = new RegExp(
    String.raw`\b(?:in|near|around|close to|by|at|outside(?: of)?|nearby)\s+(?:the\s+)?([A-Za-z][A-Za-z.'-]*(?:\s+[A-Za-z][A-Za-z.'-]*){0,3}?(?:\s*,\s*[A-Za-z]{2}\b)?)(?=\s+${LOCATION_STOP}\b|\s*[.?!;]|\s*,(?!\s*[A-Za-z]{2}\b)|\s*$)`,
    'gi',
  );
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const phrase = m[1]!.trim().replace(/\s+/g, ' ');
    if (phrase.length >= 2 && !/^(me|us|her|him|them|town|the area|my area|here|there|a|an|it|this|that|budget|home|mind|total)$/i.test(phrase)) out.push(phrase);
  }
  return out;
}

function statesIn(text: string): string[] {
  const out: string[] = [];
  const lower = ` ${text.toLowerCase().replace(/[^a-z ]+/g, ' ')} `;
  for (const name of STATE_NAMES_LONGEST_FIRST) {
    if (lower.includes(` ${name} `)) out.push(STATE_BY_NAME.get(name)!);
  }
  const codeRe = /(?:^|[\s,(])([A-Z]{2})(?=$|[\s,.?!)])/g;
  const trimmed = text.trim();
  for (let m = codeRe.exec(text); m; m = codeRe.exec(text)) {
    const code = m[1]!;
    if (!US_STATES[code]) continue;
    if (AMBIGUOUS_CODES.has(code) && trimmed !== code && !/(?:in|near|,)\s*$/i.test(text.slice(0, m.index + 1))) continue;
    out.push(code);
  }
  return out;
}

function cityPhrases(text: string): string[] {
  const cities = knownCities();
  const words = text.replace(/[^A-Za-z.' -]+/g, ' ').split(/\s+/).filter(Boolean);
  const found: Array<{ phrase: string; len: number; capitalized: boolean }> = [];
  for (let len = 3; len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const slice = words.slice(i, i + len);
      const phrase = slice.join(' ').replace(/[.']+$/, '');
      const key = phrase.toLowerCase();
      if (!cities.has(key)) continue;
      if (len === 1 && (CITY_STOPWORDS.has(key) || key.length < 4)) continue;
      found.push({ phrase, len, capitalized: slice.every((w) => /^[A-Z]/.test(w)) });
    }
  }
  found.sort((a, b) => Number(b.capitalized) - Number(a.capitalized) || b.len - a.len);
  return found.map((f) => f.phrase);
}

const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1 };

export function understand(message: string): Understanding {
  const text = message.trim();
  const lower = text.toLowerCase();
  const result: Understanding = { locationCandidates: [], careTypes: [], amenities: [] };

  for (const [re, care] of CARE_SYNONYMS) {
    if (re.test(text) && !result.careTypes.includes(care)) result.careTypes.push(care);
  }
  // "independent" alone inside "independent living" was matched once; a nursing-home mention is not also assisted.
  for (const [re, amenity] of AMENITY_SYNONYMS) {
    if (re.test(text) && !result.amenities.includes(amenity)) result.amenities.push(amenity);
  }
  Object.assign(result, parseBudget(text));

  if (/\b(cheaper|less expensive|more affordable|lower (?:price|cost)|budget[- ]friendly|too expensive|cheapest)\b/i.test(text)) result.refine = 'cheaper';
  else if (/\b(more expensive|pricier|luxury|upscale|high[- ]end|fancier)\b/i.test(text)) result.refine = 'pricier';
  else if (/\b(better|best|higher|highest|top)[- ](?:rated|reviewed|reviews|ratings?)\b/i.test(text)) result.refine = 'better_rated';
  else if (/\b(closer|nearer|nearest|closest)\b/i.test(text)) result.refine = 'closer';

  const ord = /\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\b(?:\s+(?:one|community|place|option))?|(?:number|no\.?|#)\s*([1-5])\b/i.exec(text);
  if (ord && /\b(more|about|details?|tell|info|information|describe|what|how|that|one|number|#)\b/i.test(text)) {
    result.ordinal = ord[2] ? Number(ord[2]) : ORDINALS[ord[1]!.toLowerCase()];
  } else if (/\b(tell me more|more (?:about|details|info)|that one|about it)\b/i.test(text)) {
    result.moreAbout = true;
  }

  const zip = findZip(text);
  if (zip) result.locationCandidates.push(zip);
  const cityState = /\b([A-Za-z][A-Za-z.' -]{1,40}?)\s*,\s*([A-Za-z]{2})\b/.exec(text);
  if (cityState && US_STATES[cityState[2]!.toUpperCase()]) {
    const city = cityState[1]!.replace(/^.*\b(?:in|near|around|at|by|to)\s+/i, '').trim();
    result.locationCandidates.push(`${city}, ${cityState[2]!.toUpperCase()}`);
  }
  for (const p of prepositionPhrases(text)) result.locationCandidates.push(p);
  for (const s of statesIn(text)) result.locationCandidates.push(s);
  for (const c of cityPhrases(text)) result.locationCandidates.push(c);
  result.locationCandidates = [...new Set(result.locationCandidates)];

  const nothingElse =
    result.locationCandidates.length === 0 && result.careTypes.length === 0 && result.amenities.length === 0 && result.priceMax === undefined && !result.refine && !result.ordinal;
  if (nothingElse && /^(hi|hello|hey|good (?:morning|afternoon|evening)|howdy)\b/i.test(lower)) result.smallTalk = 'greeting';
  if (nothingElse && /\b(thanks|thank you|thx|appreciate it)\b/i.test(lower)) result.smallTalk = 'thanks';
  return result;
}

export function careTypeLabel(careTypes: string[]): string {
  if (careTypes.length === 0) return 'senior living';
  return careTypes.map((c) => c.toLowerCase()).join(' and ');
}

export { CARE_TYPES };
