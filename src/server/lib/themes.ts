// Review themes (issue 15, ADR 021): which themes a review talks about and how it feels about each.
//
// Method, per review:
// 1. Split the text into sentences (., !, ?) and each sentence into clauses at contrast words and
//    semicolons ("but", "however", "although", "though", "yet", "whereas", "while", ";"), so that
//    "The staff are kind but the food is cold" gives staff one sentiment and food another.
// 2. A clause mentions a theme when one of its tokens (or a fixed phrase) is in that theme's lexicon
//    (THEME_LEXICON below; whole tokens, not substrings: "caring" is not "care").
// 3. A clause's score is the sum of the AFINN-165 values of its tokens (the `sentiment` package's
//    lexicon) plus a small domain lexicon (DOMAIN_EXTRAS: "understaffed", "overpriced", "bland", ...).
//    Negation: a scored word with a negator ("not", "no", "never", "n't" forms, "without", "hardly")
//    up to four tokens before it in the same clause counts -0.75 times its value ("not very good" is
//    negative, "not bad" mildly positive). A clause that mentions a theme, has a negator and no scored
//    word at all ("There is no training", "Nobody answers the phone") scores -1: the absence of the thing.
// 4. A theme's figures in a review are the sums of score and tokens over the clauses that mention it;
//    its sentiment is sentimentFromCounts(score, tokens) in [0,1], the same mapping as the review's
//    overall sentiment, classified with the same thresholds (> 0.6 Positive, < 0.4 Negative).
// Additive by construction: the figures of a text are the sums of the figures of its sentences, so the
// generator scores each of its sentences once and sums them per review.
import { createRequire } from 'node:module';
import { THEMES, type ThemeKind } from '../../contracts/themes';
import { sentimentFromCounts } from './sentiment';

// The AFINN-165 word list the `sentiment` package ships (loaded as JSON: an ESM JSON import turns its keys
// into variable names, and some, such as "protected", are reserved words).
const AFINN = createRequire(import.meta.url)('sentiment/languages/en/labels.json') as Record<string, number>;

/** Domain words AFINN lacks or scores for another sense (values on AFINN's -5..5 scale). */
const DOMAIN_EXTRAS: Record<string, number> = {
  attentive: 2,
  understaffed: -2,
  overworked: -2,
  underpaid: -2,
  overpriced: -2,
  expensive: -1,
  pricey: -1,
  costly: -1,
  affordable: 2,
  reasonable: 1,
  reasonably: 1,
  bland: -2,
  tasteless: -2,
  tasty: 2,
  stale: -2,
  cold: -1,
  lukewarm: -1,
  inedible: -3,
  smelled: -2,
  smells: -2,
  smell: -1,
  stench: -3,
  stink: -2,
  stinks: -2,
  odor: -2,
  urine: -2,
  spotless: 2,
  tidy: 2,
  immaculate: 3,
  unresponsive: -2,
  rushed: -1,
  slow: -1,
  late: -1,
  neglect: -2,
  neglected: -2,
  disrespectful: -2,
  dismissive: -2,
  careless: -2,
  patient: 2,
  gentle: 2,
  compassionate: 2,
  professional: 2,
  knowledgeable: 2,
  engaging: 2,
  varied: 1,
  lively: 2,
  dull: -2,
  bored: -2,
  boring: -2,
  unclear: -1,
  transparent: 2,
  informed: 1,
  prompt: 1,
  promptly: 1,
  secure: 1,
  unsafe: -2,
  dangerous: -2,
  injured: -2,
  fell: -1,
  bruises: -2,
  hidden: -1,
  surprise: -1,
  disorganized: -2,
  chaotic: -2,
  hostile: -3,
  unfair: -2,
  favoritism: -2,
  micromanage: -2,
  micromanaged: -2,
  micromanages: -2,
  flexible: 2,
  predictable: 1,
  mandatory: -1,
  forced: -2,
  exhausted: -2,
  exhausting: -2,
  burnout: -2,
  thorough: 2,
  mentoring: 2,
  inadequate: -2,
  competitive: 1,
  generous: 2,
  livable: 1,
  drama: -2,
  gossip: -2,
  cliques: -1,
  clique: -1,
  welcoming: 2,
  uplifting: 2,
  rewarding: 2,
  fulfilling: 2,
  nonexistent: -2,
  lacking: -2,
  terrific: 3,
  superb: 3,
  outstanding: 3,
  responsive: 2,
  friendly: 2,
  clean: 2,
  dirty: -2,
  filthy: -3,
  sticky: -1,
  stained: -1,
  worth: 2,
  value: 1,
  angels: 2,
  angel: 2,
  helped: 2,
  skipped: -1,
  skill: 1,
  skilled: 1,
  nicely: 2,
  plenty: 1,
  choices: 1,
  variety: 1,
  talented: 2,
  unappetizing: -2,
  moldy: -2,
  roaches: -2,
  dusty: -1,
  strong: 0,
  thoroughly: 2,
  cluttered: -1,
  messy: -2,
  blast: 2,
  lift: 1,
  fixed: 2,
  solved: 2,
  resolved: 2,
  leadership: 0,
  lose: -2,
  listened: 1,
  listens: 1,
  voicemail: -1,
  straight: 0,
  patiently: 2,
  unanswered: -2,
  unnoticed: -2,
  emergency: 0,
  fire: 0,
  alarms: 0,
  steep: -1,
  nightmare: -3,
  decent: 1,
  short: -1,
  joke: -2,
  approve: 1,
  easily: 1,
  fairly: 1,
  cut: -1,
  manageable: 1,
  quiet: 0,
  recognizes: 1,
  impossible: -2,
  quit: -1,
  learned: 1,
  growth: 0,
  low: -1,
  small: -1,
  declined: -2,
  // Neutral in this domain: "care" and "assisted" are the business, not a feeling; "pay" and "miss" are not praise or blame here.
  care: 0,
  assisted: 0,
  miss: 0,
  pay: 0,
  free: 0,
  // Negators and "no": their weight is the negation rule's, not a value of their own.
  no: 0,
  not: 0,
  never: 0,
};

/** Fixed phrases, rewritten to one token before tokenizing (lower case). */
const PHRASES: [RegExp, string][] = [
  [/\bshort[- ]staffed\b|\bshort[- ]handed\b|\bunder[- ]staffed\b/g, 'understaffed'],
  [/\bwork[- ]life balance\b/g, 'worklifebalance goodbalance'],
  [/\bnothing to do\b/g, 'nothingtodo'],
  [/\btime off\b/g, 'timeoff'],
  [/\bdays off\b/g, 'timeoff'],
  [/\bcall[- ]offs?\b/g, 'calloffs'],
  [/\bcall lights?\b/g, 'calllight'],
  [/\bphone calls?\b/g, 'phonecall'],
  [/\bcalled back\b|\bcall back\b|\bcalls back\b/g, 'callback'],
  [/\bfront desk\b/g, 'frontdesk'],
  [/\bbelow average\b/g, 'belowaverage'],
  [/\bminimum wage\b/g, 'minimumwage'],
  [/\bworth every penny\b/g, 'worthit worth'],
  [/\bnot worth\b/g, 'notworth'],
  [/\babove and beyond\b/g, 'aboveandbeyond'],
  [/\bon time\b/g, 'ontime'],
  [/\bon track\b/g, 'ontrack'],
  [/\bin the loop\b/g, 'intheloop'],
  [/\bthe dark\b/g, 'thedark'],
  [/\bdouble shifts?\b/g, 'doubleshift'],
  [/\bfeel(?:s)? like family\b|\blike (?:a )?family\b/g, 'likefamily'],
  [/\bmemory care\b|\bassisted living\b|\bindependent living\b|\bnursing home\b|\bskilled nursing\b/g, 'carehome'],
  [/\bwell[- ]run\b/g, 'wellrun'],
  [/\bwell[- ]trained\b/g, 'welltrained'],
  [/\bpoorly[- ]run\b/g, 'poorlyrun'],
  [/\bnickel and dime[ds]?\b|\bnickel-and-dime[ds]?\b/g, 'nickelanddimed'],
  [/\bcares? about\b|\bcared about\b/g, 'caresabout'],
  [/\bcould be better\b/g, 'couldbebetter'],
  [/\b(?:without|no|with no) (?:warning|notice)\b/g, 'nowarning'],
  [/\bplays? favorites\b/g, 'favoritism'],
  [/\bhard work\b/g, 'hardwork'],
  [/\benough (?:staff|people|aides|help)\b/g, 'enoughstaff'],
  [/\btoo few\b/g, 'toofew'],
  [/\btoo many\b/g, 'toomany'],
  [/\bgo(?:es)? up\b|\bwent up\b|\bkeeps? going up\b/g, 'wentup'],
];

/** Values of the phrase tokens (the phrase's feeling; theme membership is in THEME_LEXICON). */
const PHRASE_VALUES: Record<string, number> = {
  understaffed: -2,
  goodbalance: 2,
  nothingtodo: -2,
  belowaverage: -2,
  minimumwage: -1,
  notworth: -2,
  aboveandbeyond: 3,
  ontime: 1,
  intheloop: 1,
  thedark: -2,
  doubleshift: -1,
  likefamily: 2,
  wellrun: 2,
  welltrained: 2,
  poorlyrun: -2,
  nickelanddimed: -2,
  wentup: -1,
  caresabout: 2,
  couldbebetter: -1,
  nowarning: -2,
  enoughstaff: 1,
  toofew: -2,
  toomany: -1,
};

const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nobody',
  'nothing',
  'none',
  'without',
  'hardly',
  'rarely',
  'cannot',
  'cant',
  "can't",
  'dont',
  "don't",
  'doesnt',
  "doesn't",
  'didnt',
  "didn't",
  'isnt',
  "isn't",
  'wasnt',
  "wasn't",
  'werent',
  "weren't",
  'arent',
  "aren't",
  'wont',
  "won't",
  'wouldnt',
  "wouldn't",
  'couldnt',
  "couldn't",
  'havent',
  "haven't",
  'hasnt',
  "hasn't",
  'neither',
  'nor',
]);
const NEGATION_WINDOW = 4;
const NEGATED_WEIGHT = -0.75;

/** Theme lexicons: whole tokens (after PHRASES) that put a clause on a theme. */
const THEME_LEXICON: Record<ThemeKind, Record<string, readonly string[]>> = {
  customer: {
    staff: [
      'staff', 'staffer', 'staffers', 'caregiver', 'caregivers', 'aide', 'aides', 'nurse', 'nurses', 'cna', 'cnas',
      'employee', 'employees', 'worker', 'workers', 'personnel', 'caretakers', 'caretaker', 'understaffed', 'team',
      'receptionist', 'housekeeper', 'housekeepers', 'med', 'techs', 'aboveandbeyond',
    ],
    care: [
      'care', 'medication', 'medications', 'meds', 'medicine', 'nursing', 'health', 'doctor', 'doctors', 'physician',
      'therapy', 'therapist', 'treatment', 'bathing', 'bathed', 'showers', 'shower', 'hygiene', 'wound', 'wounds',
      'hospice', 'rehab', 'dementia', 'incontinence', 'diabetes', 'insulin', 'bedsores', 'bedsore', 'carehome',
      'needs', 'assistance', 'checkups', 'vitals', 'infection', 'dressed', 'groomed', 'toileting',
    ],
    food: [
      'food', 'meal', 'meals', 'dining', 'menu', 'menus', 'breakfast', 'lunch', 'dinner', 'dinners', 'chef', 'cook',
      'cooks', 'kitchen', 'snack', 'snacks', 'dessert', 'desserts', 'dish', 'dishes', 'portion', 'portions',
      'cuisine', 'soup', 'coffee', 'vegetables', 'fruit', 'eat', 'eating', 'ate', 'diet', 'taste', 'tastes', 'tasty',
      'bland', 'delicious', 'inedible',
    ],
    cleanliness: [
      'clean', 'cleaner', 'cleaned', 'cleaning', 'cleanliness', 'dirty', 'filthy', 'spotless', 'smell', 'smelled',
      'smells', 'odor', 'odors', 'stench', 'stink', 'stinks', 'tidy', 'housekeeping', 'laundry', 'messy',
      'dust', 'dusty', 'sanitary', 'unsanitary', 'urine', 'trash', 'immaculate', 'stained', 'sticky', 'mold',
      'moldy', 'bugs', 'roaches', 'carpets', 'linens', 'sheets', 'germs',
    ],
    activities: [
      'activity', 'activities', 'outing', 'outings', 'trip', 'trips', 'event', 'events', 'game', 'games', 'bingo',
      'exercise', 'class', 'classes', 'music', 'crafts', 'craft', 'entertainment', 'calendar', 'movie', 'movies',
      'social', 'socialize', 'nothingtodo', 'bored', 'boring', 'programs', 'church', 'gardening',
      'yoga', 'concerts', 'concert', 'parties', 'party', 'clubs', 'club', 'hobbies', 'singalong', 'painting',
      'puzzles', 'cards',
    ],
    cost: [
      'cost', 'costs', 'costly', 'price', 'prices', 'pricing', 'pricey', 'rate', 'rates', 'rent', 'fee', 'fees',
      'bill', 'bills', 'billing', 'billed', 'charge', 'charges', 'charged', 'expensive', 'overpriced', 'affordable',
      'value', 'money', 'worthit', 'notworth', 'cheap', 'cheaper', 'increase', 'increases', 'deposit', 'payment',
      'payments', 'budget', 'afford', 'dollars', 'medicaid', 'insurance', 'nickelanddimed', 'wentup', 'invoice',
      'refund',
    ],
    management: [
      'management', 'manager', 'managers', 'director', 'directors', 'administrator', 'administrators',
      'administration', 'admin', 'leadership', 'owner', 'owners', 'ownership', 'executive', 'corporate', 'office',
      'wellrun', 'poorlyrun', 'run',
    ],
    communication: [
      'communication', 'communicate', 'communicates', 'communicated', 'communicating', 'phonecall', 'callback',
      'calls', 'called', 'call', 'phone', 'email', 'emails', 'emailed', 'update', 'updates', 'updated', 'informed',
      'inform', 'intheloop', 'thedark', 'told', 'tell', 'explain', 'explained', 'answer', 'answered', 'answers',
      'voicemail', 'voicemails', 'contact', 'contacted', 'notify', 'notified', 'questions', 'question', 'texts',
      'newsletter', 'reach', 'reached', 'listen', 'listened', 'listens', 'responsive', 'unresponsive',
      'respond', 'responds', 'responded', 'frontdesk',
    ],
    safety: [
      'safe', 'safety', 'safer', 'unsafe', 'secure', 'security', 'fall', 'falls', 'fell', 'injury', 'injuries',
      'injured', 'dangerous', 'danger', 'emergency', 'emergencies', 'locked', 'lock', 'wander', 'wandered',
      'wandering', 'abuse', 'abused', 'theft', 'stolen', 'stole', 'bruise', 'bruises', 'alarm', 'alarms',
      'calllight', 'fire', 'hazard', 'hazards', 'elopement', 'protected', 'risk',
    ],
  },
  employee: {
    pay: [
      'pay', 'paid', 'salary', 'salaries', 'wage', 'wages', 'raise', 'raises', 'bonus', 'bonuses', 'benefit',
      'benefits', 'insurance', 'compensation', 'paycheck', 'paychecks', '401k', 'underpaid', 'overpaid', 'money',
      'minimumwage', 'differential', 'differentials', 'payroll', 'retirement', 'hourly', 'compensated', 'dental',
    ],
    hours: [
      'hour', 'hours', 'schedule', 'schedules', 'scheduling', 'scheduled', 'shift', 'shifts', 'overtime', 'weekend',
      'weekends', 'timeoff', 'pto', 'vacation', 'break', 'breaks', 'flexible', 'flexibility', 'worklifebalance',
      'doubleshift', 'doubles', 'holidays', 'holiday', 'nights', 'overnight', 'lunch', 'clock', 'clocked',
    ],
    management: [
      'management', 'manager', 'managers', 'supervisor', 'supervisors', 'director', 'directors', 'administrator',
      'administrators', 'administration', 'admin', 'leadership', 'boss', 'bosses', 'corporate', 'hr', 'leaders',
      'micromanage', 'micromanaged', 'micromanages', 'favoritism', 'don', 'executive', 'owners',
    ],
    staffing: [
      'staffing', 'staffed', 'understaffed', 'ratio', 'ratios', 'covered', 'enoughstaff', 'toofew', 'workload', 'turnover',
      'calloffs', 'agency', 'hands', 'residents-per-aide', 'overworked', 'stretched',
      'hiring', 'hire', 'quit', 'quitting', 'retention', 'vacancies', 'openings',
    ],
    training: [
      'training', 'trained', 'train', 'trainer', 'trainers', 'orientation', 'onboarding', 'mentor', 'mentors',
      'mentoring', 'mentorship', 'certification', 'certifications', 'certified', 'advancement', 'promotion',
      'promotions', 'promoted', 'career', 'growth', 'grow', 'learn', 'learned', 'learning', 'education',
      'tuition', 'development', 'welltrained', 'shadow', 'shadowing', 'courses', 'skills',
    ],
    culture: [
      'culture', 'coworker', 'coworkers', 'co-workers', 'teammates', 'teamwork', 'morale', 'environment',
      'atmosphere', 'drama', 'gossip', 'clique', 'cliques', 'likefamily', 'workplace', 'vibe', 'camaraderie',
      'bullying', 'bullied', 'toxic', 'colleagues', 'inclusive', 'respected', 'disrespected',
      'valued', 'family',
    ],
  },
};

/** token -> bit mask of the themes (of one kind) it belongs to. */
const TOKEN_THEMES: Record<ThemeKind, Map<string, number>> = { customer: new Map(), employee: new Map() };
for (const kind of ['customer', 'employee'] as const) {
  THEMES[kind].forEach((theme, i) => {
    for (const token of THEME_LEXICON[kind][theme] ?? []) {
      const map = TOKEN_THEMES[kind];
      map.set(token, (map.get(token) ?? 0) | (1 << i));
    }
  });
}

function valueOf(token: string): number {
  if (token in PHRASE_VALUES) return PHRASE_VALUES[token] as number;
  if (token in DOMAIN_EXTRAS) return DOMAIN_EXTRAS[token] as number;
  return AFINN[token] ?? 0;
}

const SENTENCE_SPLIT = /(?<=[.!?])\s+/;
const CLAUSE_SPLIT = /\s*;\s*|,?\s+(?:but|however|although|though|yet|whereas|while|except)\b,?\s*/i;

/** Tokens of a clause, as the `sentiment` package tokenizes (punctuation removed, lower case), after PHRASES. */
function tokensOf(clause: string): string[] {
  let s = clause.toLowerCase().replace(/[’‘]/g, "'");
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s
    .replace(/[.,/#!?$%^&*;:{}=_`"~()]/g, ' ')
    .replace(/\s\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t.length > 0);
}

/** Figures of one clause: its score (negation applied), tokens and the themes it mentions. */
function clauseFigures(clause: string, kind: ThemeKind): { score: number; tokens: number; mask: number } {
  const tokens = tokensOf(clause);
  const themeOf = TOKEN_THEMES[kind];
  let score = 0;
  let mask = 0;
  let scored = false;
  let negated = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    mask |= themeOf.get(t) ?? 0;
    if (NEGATORS.has(t)) negated = true;
    const v = valueOf(t);
    if (v === 0) continue;
    scored = true;
    let neg = false;
    for (let j = Math.max(0, i - NEGATION_WINDOW); j < i; j++) if (NEGATORS.has(tokens[j] as string)) neg = true;
    score += neg ? NEGATED_WEIGHT * v : v;
  }
  if (mask !== 0 && negated && !scored) score = -1;
  return { score, tokens: tokens.length, mask };
}

export function splitSentences(text: string): string[] {
  return text
    .split(SENTENCE_SPLIT)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Clauses of a sentence: split at contrast words, then at commas, where a comma piece that mentions no
 * theme of either kind stays with its neighbour ("Outings were cancelled, sadly" is one clause;
 * "Flexible schedule, low pay" is two).
 */
function clausesOf(sentence: string): string[] {
  const out: string[] = [];
  for (const clause of sentence.split(CLAUSE_SPLIT)) {
    if (!clause || clause.trim().length === 0) continue;
    let pending = '';
    let last = -1;
    for (const piece of clause.split(',')) {
      const text = pending ? `${pending},${piece}` : piece;
      if (mentionsAnyTheme(piece)) {
        out.push(text);
        last = out.length - 1;
        pending = '';
      } else if (last >= 0 && !pending) {
        out[last] = `${out[last]},${piece}`;
      } else {
        pending = text;
      }
    }
    if (pending) {
      if (last >= 0) out[last] = `${out[last]},${pending}`;
      else out.push(pending);
    }
  }
  return out;
}

function mentionsAnyTheme(piece: string): boolean {
  for (const t of tokensOf(piece)) if (TOKEN_THEMES.customer.has(t) || TOKEN_THEMES.employee.has(t)) return true;
  return false;
}

/** Additive per-theme figures of a text (index = position of the theme in THEMES[kind]). */
export interface ThemeCounts {
  /** Bit i set: theme i is mentioned. */
  mask: number;
  score: number[];
  tokens: number[];
}

export function emptyCounts(kind: ThemeKind): ThemeCounts {
  const n = THEMES[kind].length;
  return { mask: 0, score: new Array<number>(n).fill(0), tokens: new Array<number>(n).fill(0) };
}

/** Adds b into a (the figures of a text are the sums of its sentences'). */
export function addCounts(a: ThemeCounts, b: ThemeCounts): void {
  a.mask |= b.mask;
  for (let i = 0; i < a.score.length; i++) {
    a.score[i] = (a.score[i] as number) + (b.score[i] as number);
    a.tokens[i] = (a.tokens[i] as number) + (b.tokens[i] as number);
  }
}

export function themeCounts(text: string, kind: ThemeKind): ThemeCounts {
  const out = emptyCounts(kind);
  for (const sentence of splitSentences(text)) {
    for (const clause of clausesOf(sentence)) {
      const f = clauseFigures(clause, kind);
      if (f.mask === 0) continue;
      out.mask |= f.mask;
      for (let i = 0; i < out.score.length; i++) {
        if (f.mask & (1 << i)) {
          out.score[i] = (out.score[i] as number) + f.score;
          out.tokens[i] = (out.tokens[i] as number) + f.tokens;
        }
      }
    }
  }
  return out;
}

/** Per-theme sentiment in [0,1] of the mentioned themes (null for the others), in THEMES[kind] order. */
export function themeSentiments(c: ThemeCounts): (number | null)[] {
  return c.score.map((s, i) => (c.mask & (1 << i) ? sentimentFromCounts(s, c.tokens[i] as number) : null));
}

export interface ThemeScore {
  mentioned: boolean;
  /** Sentiment in [0,1] of the clauses that mention the theme; null when not mentioned. */
  sentiment: number | null;
}

/** Scores a review's text per theme of its kind. Deterministic. */
export function scoreThemes(text: string, kind: ThemeKind): Record<string, ThemeScore> {
  const c = themeCounts(text, kind);
  const s = themeSentiments(c);
  const out: Record<string, ThemeScore> = {};
  THEMES[kind].forEach((theme, i) => {
    out[theme] = { mentioned: (c.mask & (1 << i)) !== 0, sentiment: s[i] ?? null };
  });
  return out;
}

/** The stored form: theme_mask and theme_sentiment (a real[] with NULL for unmentioned themes) as COPY text. */
export function copyThemeColumns(c: ThemeCounts): string {
  return `${c.mask}\t${themeSentimentLiteral(c)}`;
}

/** theme_sentiment as a PostgreSQL array literal ('{0.8,NULL,...}'), values rounded to float4 as stored. */
export function themeSentimentLiteral(c: ThemeCounts): string {
  return `{${themeSentiments(c).map((v) => (v === null ? 'NULL' : String(Math.fround(v)))).join(',')}}`;
}

/** The first sentence of `text` that mentions `theme` (an example snippet), or null. */
export function snippetFor(text: string, theme: string, kind: ThemeKind): string | null {
  const i = THEMES[kind].indexOf(theme);
  if (i < 0) return null;
  for (const sentence of splitSentences(text)) {
    for (const clause of clausesOf(sentence)) {
      if (clauseFigures(clause, kind).mask & (1 << i)) return sentence;
    }
  }
  return null;
}

/**
 * themeCounts with a memo per sentence: generated reviews reuse a bank of sentences, so scoring 1.6M of
 * them mostly sums memoized figures. Equal to themeCounts(text, kind) (additive over sentences). The memo
 * is dropped when it reaches MEMO_MAX entries, so arbitrary text cannot grow it without bound.
 */
export class ThemeScorer {
  private static readonly MEMO_MAX = 100_000;
  private readonly memo = new Map<string, ThemeCounts>();

  constructor(readonly kind: ThemeKind) {}

  counts(text: string): ThemeCounts {
    const out = emptyCounts(this.kind);
    for (const sentence of splitSentences(text)) addCounts(out, this.sentence(sentence));
    return out;
  }

  /** The figures of one sentence (or of a piece of whole sentences), memoized. */
  sentence(text: string): ThemeCounts {
    let c = this.memo.get(text);
    if (!c) {
      if (this.memo.size >= ThemeScorer.MEMO_MAX) this.memo.clear();
      c = themeCounts(text, this.kind);
      this.memo.set(text, c);
    }
    return c;
  }
}
