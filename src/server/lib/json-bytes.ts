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

export class JsonBytes {
  private buf: Buffer;
  private len = 0;

  constructor(capacity = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(Math.max(64, capacity));
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
    this.len += hasRawWrites ? (b as unknown as RawWrites).latin1Write(s, this.len, s.length) : b.write(s, this.len, 'latin1');
    return this;
  }

  /** Bytes from..to of `src` as they are (UTF-8 written earlier). */
  bytes(src: Buffer, from: number, to: number): this {
    const b = this.room(to - from);
    this.len += src.copy(b, this.len, from, to);
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
