// Market answers say when their communities were counted (sources.countedAt): two reads of the same data differ
// only there. uncounted() checks that it is an ISO date and time and leaves it out of a comparison.
import { expect } from 'vitest';

export function uncounted<T extends { sources: { countedAt: string } }>(answer: T): T {
  expect(new Date(answer.sources.countedAt).toISOString()).toBe(answer.sources.countedAt);
  return { ...answer, sources: { ...answer.sources, countedAt: '(counted)' } };
}
