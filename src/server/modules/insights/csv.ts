// RFC 4180 CSV: fields with a comma, quote, CR or LF are quoted and quotes doubled; lines end in CRLF.
// A leading '=' or '@' is neutralised so a spreadsheet never evaluates a cell as a formula.

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A file name safe for Content-Disposition, e.g. community-insights-2026-11-20.csv. */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}
