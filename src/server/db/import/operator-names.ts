// Operator names from licence lists and CMS: one key per company however the sources spell it
// (docs/decisions/014-real-directory.md). "BROOKDALE SENIOR LIVING COMMUNITIES  INC." and
// "Brookdale Senior Living Communities, Inc" are one operator; "X LLC D/B/A Y" is X.
import { cleanText, titleCase } from './normalize';

// Legal-form words dropped wherever they end the name (repeatedly: "X HOLDINGS CO., LLC" -> "X HOLDINGS").
const SUFFIXES = new Set([
  'LLC', 'LC', 'INC', 'INCORPORATED', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'LP', 'LLP', 'LLLP', 'LTD', 'LIMITED', 'PLLC',
  'PC', 'PA', 'GP', 'THE',
]);
// Abbreviations that the same company writes in full elsewhere.
const ABBREVIATIONS: Record<string, string> = {
  MGT: 'MANAGEMENT',
  MGMT: 'MANAGEMENT',
  SNR: 'SENIOR',
  SR: 'SENIOR',
  LVG: 'LIVING',
  COMMS: 'COMMUNITIES',
  CMTYS: 'COMMUNITIES',
  HLTH: 'HEALTH',
  HEALTHCARE: 'HEALTH CARE',
  SVCS: 'SERVICES',
  ASSOC: 'ASSOCIATES',
};

/**
 * The company a licensee field names: before "D/B/A" / "DBA" / "TRADENAME" (the trade name is the
 * facility, not the company); after a ';' when California writes "LICENSEE; MANAGER" (the managing
 * company runs the place: "WG COVINA SH LP; ATRIA MANAGEMENT CO LLC" is Atria).
 */
export function operatorPart(raw: string): string {
  let v = cleanText(raw);
  const semi = v.split(';').map((s) => s.trim()).filter(Boolean);
  if (semi.length > 1) v = semi[semi.length - 1];
  const dba = /[\s,]+(?:D\s*\/\s*B\s*\/\s*A|DBA|D\.B\.A\.?|TRADENAME|T\/A)(?:[\s,:].*)?$/i.exec(v);
  if (dba && dba.index > 0) v = v.slice(0, dba.index);
  return v.replace(/[\s,;:-]+$/, '').trim();
}

/** The normalized key of an operator name; '' when nothing is left (a blank or placeholder). */
export function operatorKey(raw: string): string {
  const part = operatorPart(raw).toUpperCase();
  let words = part
    .replace(/&/g, ' AND ')
    // L.L.C. / L.P. / INC. -> LLC / LP / INC; other punctuation becomes a space.
    .replace(/\b((?:[A-Z]\.){2,})/g, (m) => m.replace(/\./g, ''))
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => (ABBREVIATIONS[w] ?? w).split(' '));
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1])) words = words.slice(0, -1);
  if (words[0] === 'THE' && words.length > 1) words = words.slice(1);
  const key = words.join(' ');
  return /^(N A|NA|NONE|UNKNOWN|NOT AVAILABLE)$/.test(key) ? '' : key;
}

/** The display name of an operator: its most frequent spelling (ties: the first), cased and trimmed. */
export function operatorDisplayName(spellings: string[]): string {
  const counts = new Map<string, number>();
  for (const s of spellings) {
    const v = operatorPart(s);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  let best = '';
  let bestN = 0;
  for (const [v, n] of counts) {
    if (n > bestN) {
      best = v;
      bestN = n;
    }
  }
  return titleCase(best);
}
