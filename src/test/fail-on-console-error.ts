// A test that logs through console.error fails: errors are asserted, not printed.
import { afterEach, vi } from 'vitest';

let calls: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  calls.push(args);
  original(...args);
};
afterEach(() => {
  const seen = calls;
  calls = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
