// CSV for every export (community and operator insights, the requests inbox): RFC 4180 (fields with a
// comma, quote, CR or LF are quoted and quotes doubled; lines end in CRLF) with one formula guard, so a
// spreadsheet never evaluates a cell as a formula (CSV injection).

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * Text a spreadsheet would run as a formula gets a leading apostrophe: a cell starting with '=', '@',
 * tab or CR, or with '+' / '-' unless the rest is a plain number or phone number ('+1 (512) 555-0101').
 */
export function defuseFormula(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value))) return `'${value}`;
  return value;
}

export function csvField(value: CsvValue | unknown): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString() : typeof value === 'string' ? defuseFormula(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A file name safe for Content-Disposition, e.g. community-insights-2026-11-20.csv. */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}
