// Review themes (issue 15, ADR 021): which themes a review talks about and how it feels about each.
//
// Method, per review:
// 1. Split the text into sentences (., !, ?) and each sentence into clauses at contrast words and
//    semicolons ("but", "however", "although", "though", "yet", "whereas", "while", ";"), so that
//    "The staff are kind but the food is cold" gives staff one sentiment and food another.
// 2. A clause mentions a theme when one of its tokens (or a fixed phrase) is in that theme's lexicon
//    (THEME_LEXICON in themes.lexicon.ts; whole tokens, not substrings: "caring" is not "care").
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
import { THEMES, type ThemeKind } from '../../contracts/themes';
import { sentimentFromCounts } from './sentiment';
import { AFINN, DOMAIN_EXTRAS, NEGATED_WEIGHT, NEGATION_WINDOW, NEGATORS, PHRASE_VALUES, PHRASES, THEME_LEXICON } from './themes.lexicon';

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

/** Themes (bit mask) that some clause of one sentence mentions, memoized per kind: reports cut snippets from a few thousand distinct sentences. */
const SENTENCE_MASKS: Record<ThemeKind, Map<string, number>> = { customer: new Map(), employee: new Map() };
const SENTENCE_MASKS_MAX = 100_000;

function sentenceMask(sentence: string, kind: ThemeKind): number {
  const memo = SENTENCE_MASKS[kind];
  let mask = memo.get(sentence);
  if (mask === undefined) {
    mask = 0;
    for (const clause of clausesOf(sentence)) mask |= clauseFigures(clause, kind).mask;
    // Dropped when full, so arbitrary text cannot grow it without bound (as ThemeScorer's memo).
    if (memo.size >= SENTENCE_MASKS_MAX) memo.clear();
    memo.set(sentence, mask);
  }
  return mask;
}

/** The first sentence of `text` that mentions `theme` (an example snippet), or null. */
export function snippetFor(text: string, theme: string, kind: ThemeKind): string | null {
  const i = THEMES[kind].indexOf(theme);
  if (i < 0) return null;
  for (const sentence of splitSentences(text)) {
    if (sentenceMask(sentence, kind) & (1 << i)) return sentence;
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
