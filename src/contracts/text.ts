// The one string schema of every request field (query strings, bodies, params). Text that reaches the
// server must be printable: no C0 control characters (U+0000–U+001F; tab, CR and LF only where a field
// is multi-line), no DEL (U+007F), no lone surrogates, and no U+FFFD (what invalid UTF-8 bytes such as
// %FF decode to). A NUL would otherwise reach PostgreSQL and fail there ("invalid byte sequence").
import { z } from 'zod';

/** Single-line text: no control character at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SAFE_TEXT_PATTERN = /^[^\u0000-\u001F\u007F\uFFFD\uD800-\uDFFF]*$/u;
/** Multi-line text: tab, LF and CR allowed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SAFE_MULTILINE_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD\uD800-\uDFFF]*$/u;

export const UNSAFE_TEXT_MESSAGE = 'contains control characters or invalid text';

export interface SafeTextOptions {
  /** Allow tab, LF and CR (notes, messages). */
  multiline?: boolean;
  /** Message when the value is missing or not a string (zod's `error` parameter). */
  error?: string;
  /** Message when the value contains control characters. */
  message?: string;
}

/** z.string() for anything a client sends. Chain .trim(), .max(), .regex()... as with z.string(). */
export function safeText(options: SafeTextOptions = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  return base.regex(options.multiline ? SAFE_MULTILINE_PATTERN : SAFE_TEXT_PATTERN, options.message ?? UNSAFE_TEXT_MESSAGE);
}

/** True when the value passes the single-line (or multi-line) rule. */
export const isSafeText = (value: string, multiline = false) => (multiline ? SAFE_MULTILINE_PATTERN : SAFE_TEXT_PATTERN).test(value);
