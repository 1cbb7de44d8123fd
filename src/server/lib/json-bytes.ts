// An answer's JSON written as UTF-8 bytes into one growing buffer (issue 13, ADR 018 addendum 2026-11-28, late
// morning): the map's points are pieces kept as bytes (search-index.map.ts PointBytes) with a few values between
// them. Built as JavaScript strings, an answer of 1,000 points was ~3,000 strings concatenated, joined, flattened and
// then encoded to UTF-8 again (Buffer.from) before gzip: about a fifth of a scale-10 map request's CPU.

/** Node's Buffer writes without write()'s argument handling (what write() calls); not typed. */
interface RawWrites {
  latin1Write(text: string, offset: number, length: number): number;
  utf8Write(text: string, offset: number, length: number): number;
}

const hasRawWrites = typeof (Buffer.prototype as unknown as Partial<RawWrites>).utf8Write === 'function' && typeof (Buffer.prototype as unknown as Partial<RawWrites>).latin1Write === 'function';

/**
 * Texts up to this long are written by a loop over their characters: a native write costs ~100 ns a call whatever
 * its length, the loop ~2-3 ns a character (the map's points and search cards write a few short keys each).
 */
const SHORT_TEXT = 24;

/** Copies up to this many bytes are made by a loop: a native copy costs ~100-170 ns a call, the loop ~1 ns a byte. */
const SHORT_COPY = 48;

export class JsonBytes {
  private buf: Buffer;
  /** `buf` as a plain Uint8Array: its set() and subarray() cost less than a Buffer's (no Buffer made per view). */
  private u8: Uint8Array;
  private len = 0;

  constructor(capacity = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(Math.max(64, capacity));
    this.u8 = new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.buf.length);
  }

  get length(): number {
    return this.len;
  }

  /** The buffer, with room for n more bytes after the written ones. */
  private room(n: number): Buffer {
    if (this.len + n > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
      this.buf.copy(grown, 0, 0, this.len);
      this.buf = grown;
      this.u8 = new Uint8Array(grown.buffer, grown.byteOffset, grown.length);
    }
    return this.buf;
  }

  /** Any text, as UTF-8 (a lone surrogate as U+FFFD, as Buffer.from and JSON.stringify's output encoded). */
  text(s: string): this {
    const b = this.room(s.length * 3);
    this.len += hasRawWrites ? (b as unknown as RawWrites).utf8Write(s, this.len, s.length * 3) : b.write(s, this.len, 'utf8');
    return this;
  }

  /** A text of ASCII characters only (the answer's own punctuation and keys): one byte per character. */
  ascii(s: string): this {
    const b = this.room(s.length);
    if (s.length <= SHORT_TEXT) {
      const u8 = this.u8;
      let at = this.len;
      for (let k = 0; k < s.length; k++) u8[at++] = s.charCodeAt(k);
      this.len = at;
      return this;
    }
    this.len += hasRawWrites ? (b as unknown as RawWrites).latin1Write(s, this.len, s.length) : b.write(s, this.len, 'latin1');
    return this;
  }

  /** Bytes from..to of `src` as they are (UTF-8 written earlier). */
  bytes(src: Uint8Array, from: number, to: number): this {
    this.room(to - from);
    const u8 = this.u8;
    if (to - from <= SHORT_COPY) {
      let at = this.len;
      for (let k = from; k < to; k++) u8[at++] = src[k]!;
      this.len = at;
      return this;
    }
    u8.set(src.subarray(from, to), this.len);
    this.len += to - from;
    return this;
  }

  /** A finite number as JSON.stringify writes it. */
  number(n: number): this {
    // Non-negative integers below 2^53 (prices, counts): their digits; anything else as String() gives it (= JSON's).
    if (!(n >= 0 && n <= Number.MAX_SAFE_INTEGER && Math.floor(n) === n)) return this.ascii(String(n));
    let digits = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) digits++;
    const b = this.room(digits);
    let at = this.len + digits;
    let m = n;
    do {
      b[--at] = 48 + (m % 10);
      m = Math.floor(m / 10);
    } while (m > 0);
    this.len += digits;
    return this;
  }

  /** The bytes written (a view of the buffer when it is mostly full, else a copy of the right size). */
  done(): Buffer {
    if (this.len * 2 >= this.buf.length) return this.buf.subarray(0, this.len);
    return Buffer.from(this.buf.subarray(0, this.len));
  }
}

/** makeAhead looks at the clock once per this many positions (making one costs ~10-30 µs). */
const AHEAD_CHECK = 32;

/** Bytes of a chunk of KeptPieces (a position whose pieces are larger gets a chunk of its own size). */
const PIECE_CHUNK_BYTES = 256 * 1024;

/**
 * Pieces of JSON that do not depend on the query, kept as UTF-8 bytes per position of an index (`pieces` of them per
 * position, made by `make` on first use and kept for the index's life) in chunks outside the collected heap: an
 * answer copies them into its bytes with the query's values between them (the map's points, search-index.map.ts; the
 * search cards, search-index.cards.ts). Once `maxBytes` are held, the pieces of positions not yet kept are made again
 * on each use (the same bytes, the cost of making them).
 *
 * `make` lives as long as the index: pass a bound method, not an arrow made in a constructor or build that also has
 * the build's rows in scope. V8 keeps one scope object per function for all its closures, so such an arrow keeps
 * every variable any closure there uses: at scale 10 the cards' and Community Insights' arrows kept both builds'
 * 452,470 rows, 1.4 GB and 24 million objects of the old generation (ADR 018, 2026-11-29, forenoon).
 */
export class KeptPieces {
  /** Position i's pieces start at at[i] in chunks[chunkOf[i]] (-1: not made), piece k is len[i * pieces + k] bytes. */
  private readonly chunkOf: Int32Array;
  private readonly at: Int32Array;
  private readonly len: Int32Array;
  private readonly chunks: Buffer[] = [];
  /** The chunks as plain Uint8Arrays (JsonBytes.bytes copies from them). */
  private readonly views: Uint8Array[] = [];
  private used = Number.POSITIVE_INFINITY;
  private held = 0;
  /** The pieces of the last position made but not kept (over maxBytes): its pieces are written one after another. */
  private loose: { i: number; pieces: string[] } | null = null;
  /** Where makeAhead goes on. */
  private ahead = 0;

  constructor(
    n: number,
    private readonly pieces: number,
    private readonly make: (i: number) => string[],
    private readonly options: { chunkBytes?: number; maxBytes?: number } = {},
  ) {
    this.chunkOf = new Int32Array(n).fill(-1);
    this.at = new Int32Array(n);
    this.len = new Int32Array(n * pieces);
  }

  /** Writes piece k of position i. */
  write(out: JsonBytes, i: number, k: number): void {
    let c = this.chunkOf[i]!;
    if (c < 0) {
      c = this.keep(i);
      if (c < 0) {
        out.text(this.loose!.pieces[k]!);
        return;
      }
    }
    let from = this.at[i]!;
    const base = i * this.pieces;
    for (let j = 0; j < k; j++) from += this.len[base + j]!;
    out.bytes(this.views[c]!, from, from + this.len[base + k]!);
  }

  /**
   * Makes and keeps the pieces of the positions not yet kept, from the last one this reached on, until `deadline`
   * (performance.now()) or the byte limit (LiveIndex's warm-up after a build: the first answers after a start then
   * copy bytes instead of making them); returns true once every position is kept or the limit is reached. `order`:
   * the positions in the order their pieces are laid out (every call the same; default 0 .. n-1): positions answered
   * together then read their pieces from nearby bytes.
   */
  makeAhead(deadline: number, order?: ArrayLike<number>): boolean {
    const n = order ? order.length : this.chunkOf.length;
    let k = this.ahead;
    while (k < n) {
      for (const stop = Math.min(n, k + AHEAD_CHECK); k < stop; k++) {
        const i = order ? order[k]! : k;
        if (this.chunkOf[i]! >= 0) continue;
        if (this.keep(i) < 0) {
          // Over the limit: what is not kept now never will be.
          this.loose = null;
          this.ahead = n;
          return true;
        }
      }
      if (performance.now() >= deadline) break;
    }
    this.ahead = k;
    return k >= n;
  }

  /** Makes position i's pieces and keeps them; returns their chunk, or -1 when they are over maxBytes (then `loose`). */
  private keep(i: number): number {
    if (this.loose?.i === i) return -1;
    const made = this.make(i);
    if (made.length !== this.pieces) throw new Error(`KeptPieces: ${made.length} pieces made, ${this.pieces} expected`);
    let bytes = 0;
    for (const p of made) bytes += Buffer.byteLength(p);
    const chunkBytes = this.options.chunkBytes ?? PIECE_CHUNK_BYTES;
    const fits = this.used + bytes <= (this.chunks.at(-1)?.length ?? 0);
    if (!fits && this.held + Math.max(chunkBytes, bytes) > (this.options.maxBytes ?? Number.POSITIVE_INFINITY)) {
      this.loose = { i, pieces: made };
      return -1;
    }
    if (!fits) {
      const chunk = Buffer.allocUnsafeSlow(Math.max(chunkBytes, bytes));
      this.chunks.push(chunk);
      this.views.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
      this.held += chunk.length;
      this.used = 0;
    }
    const c = this.chunks.length - 1;
    const chunk = this.chunks[c]!;
    this.at[i] = this.used;
    for (let k = 0; k < this.pieces; k++) {
      const written = chunk.write(made[k]!, this.used, 'utf8');
      this.len[i * this.pieces + k] = written;
      this.used += written;
    }
    this.chunkOf[i] = c;
    return c;
  }

  /** The bytes the chunks made so far take (tests, stats). */
  get bytesHeld(): number {
    return this.held;
  }
}
