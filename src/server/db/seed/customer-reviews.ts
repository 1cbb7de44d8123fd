// Customer review rows of a plan, streamed as COPY text straight into buffers from pre-encoded sentences:
// 1.6M rows without building a string per row. Ratings come from the plan; text, author and date from
// the 'review-text' stream; sentiment and review themes are scored here (ADR 021).
import { DEMO_REVIEW_SOURCE } from '../../../contracts/provenance';
import { sentimentFromCounts } from '../../lib/sentiment';
import { addCounts, copyThemeColumns, emptyCounts, ThemeScorer } from '../../lib/themes';
import { FIRST_NAMES } from './names';
import type { Plan } from './plan-types';
import { dayIndex } from './review-dates';
import { Rng } from './rng';
import { careMask, customerReviewPieces, type Piece } from './text';

/** Initials of customer review authors ("Mary K."). */
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWY';
/** Encoded theme columns kept for reuse (bounded so that memory stays flat at the product's scale). */
const THEME_TEXT_CACHE = 200_000;
/** A row is far below this; a chunk has room for one more row when it is not full. */
const ROW_HEADROOM = 8192;

/** Appends bytes into fixed-size chunks; a full chunk is handed over and never written again. */
export class ChunkWriter {
  buf: Buffer;
  pos = 0;
  constructor(private readonly size: number) {
    this.buf = Buffer.allocUnsafe(size + ROW_HEADROOM);
  }
  /** Room for one more row (rows are far below 8 KB). */
  get full(): boolean {
    return this.pos >= this.size;
  }
  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(this.size + ROW_HEADROOM);
    this.pos = 0;
    return out;
  }
  bytes(b: Buffer): void {
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  byte(c: number): void {
    this.buf[this.pos++] = c;
  }
  uint(n: number): void {
    if (n < 10) {
      this.buf[this.pos++] = 48 + n;
      return;
    }
    const s = String(n);
    for (let i = 0; i < s.length; i++) this.buf[this.pos++] = s.charCodeAt(i);
  }
}

const TAB = 9;
const NL = 10;
const SPACE = 32;
const NULL_BYTES = Buffer.from('\\N');
/** Sentiment figures cached by (score, tokens): score * SENTIMENT_KEY + tokens (tokens stay far below it). */
const SENTIMENT_KEY = 4096;

/**
 * Customer review rows as COPY text (columns: id, community_id, rating, author, title, content,
 * review_date, source, verified, source_kind, sentiment, theme_mask, theme_sentiment), in chunks of about `chunkBytes`.
 */
export function* customerReviewChunks(plan: Plan, chunkBytes = 1 << 20): Generator<Buffer> {
  const rng = new Rng(plan.seed, 'review-text');
  const days = plan.days.map((d) => Buffer.from(d));
  const authors = FIRST_NAMES.map((f) => Array.from(INITIALS, (i) => Buffer.from(`${f} ${i}.`)));
  const source = Buffer.from(`${DEMO_REVIEW_SOURCE}\tf\tdemo`);
  const titles = new Map<string, Buffer>();
  const sentiments = new Map<number, Buffer>();
  // Review themes (ADR 021): each sentence is scored once and the figures summed per review.
  const themes = new ThemeScorer('customer');
  const themeText = new Map<string, Buffer>();
  const w = new ChunkWriter(chunkBytes);
  const parts: Piece[] = [];
  let id = plan.idBase.customerReviews;
  for (const c of plan.communities) {
    const care = careMask(c.careTypes);
    for (let j = 0; j < c.reviewCount; j++) {
      const rating = plan.ratings[c.reviewStart + j] as number;
      const title = customerReviewPieces(rating, rng, parts, care);
      const author = (authors[rng.int(0, FIRST_NAMES.length - 1)] as Buffer[])[rng.int(0, INITIALS.length - 1)] as Buffer;
      const day = days[dayIndex(rng, days.length)] as Buffer;
      let score = 0;
      let tokens = 0;
      const counts = emptyCounts('customer');
      w.uint(++id);
      w.byte(TAB);
      w.uint(c.id);
      w.byte(TAB);
      w.uint(rating);
      w.byte(TAB);
      w.bytes(author);
      w.byte(TAB);
      if (title === null) w.bytes(NULL_BYTES);
      else {
        let t = titles.get(title);
        if (!t) titles.set(title, (t = Buffer.from(title)));
        w.bytes(t);
      }
      w.byte(TAB);
      for (let k = 0; k < parts.length; k++) {
        const p = parts[k] as Piece;
        if (k) w.byte(SPACE);
        w.bytes(p.bytes);
        score += p.score;
        tokens += p.tokens;
        addCounts(counts, themes.sentence(p.text));
      }
      w.byte(TAB);
      w.bytes(day);
      w.byte(TAB);
      w.bytes(source);
      w.byte(TAB);
      const key = score * SENTIMENT_KEY + tokens;
      let s = sentiments.get(key);
      if (!s) sentiments.set(key, (s = Buffer.from(String(sentimentFromCounts(score, tokens)))));
      w.bytes(s);
      w.byte(TAB);
      const themeCols = copyThemeColumns(counts);
      let tb = themeText.get(themeCols);
      if (!tb) {
        tb = Buffer.from(themeCols);
        if (themeText.size < THEME_TEXT_CACHE) themeText.set(themeCols, tb);
      }
      w.bytes(tb);
      w.byte(NL);
      if (w.full) yield w.take();
    }
  }
  if (w.pos) yield w.take();
}
