import { describe, expect, it } from 'vitest';
import { familyClock } from './request-status-card';

const created = Date.UTC(2026, 0, 10, 12, 0, 0);
const base = { createdAt: new Date(created).toISOString(), dueAt: new Date(created + 24 * 3_600_000).toISOString(), respondedAt: null };

describe('familyClock (the 24-hour promise as the family reads it)', () => {
  it('counts down while the request waits', () => {
    const c = familyClock({ ...base, status: 'new' }, created + 5 * 3_600_000);
    expect(c.tone).toBe('ok');
    expect(c.text).toMatch(/^A care advisor will contact you by .+ \(in 19 hours\)\.$/);
  });

  it('apologises once the promise ran out', () => {
    const c = familyClock({ ...base, status: 'new' }, created + 27 * 3_600_000);
    expect(c.tone).toBe('late');
    expect(c.text).toContain('Our 24-hour promise ran out 3 hours ago');
  });

  it('says when the desk answered, and how long it took', () => {
    const c = familyClock({ ...base, status: 'contacted', respondedAt: new Date(created + 2 * 3_600_000).toISOString() }, created + 50 * 3_600_000);
    expect(c.tone).toBe('done');
    expect(c.text).toMatch(/^Answered .+, 2 hours after you sent it\.$/);
  });

  it('shows no clock for a request withdrawn before anyone answered', () => {
    expect(familyClock({ ...base, status: 'withdrawn' }, created + 30 * 3_600_000)).toEqual({ text: '', tone: 'done' });
  });
});
