import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loginUrl } from './auth';
import { setChatContext, useChatContext } from './chat-context';

afterEach(() => {
  setChatContext({});
});

function Probe() {
  const ctx = useChatContext();
  return <p>{JSON.stringify(ctx)}</p>;
}

describe('chat context store', () => {
  it('publishes context to subscribers', () => {
    render(<Probe />);
    expect(screen.getByText('{}')).toBeTruthy();
    act(() => setChatContext({ location: 'Austin, TX', careTypes: ['Memory Care'], priceRange: { min: 2000, max: 8000 }, resultNames: ['A', 'B', 'C'] }));
    expect(screen.getByText(/"location":"Austin, TX"/)).toBeTruthy();
    expect(screen.getByText(/"resultNames":\["A","B","C"\]/)).toBeTruthy();
  });
});

describe('loginUrl', () => {
  it('carries the current path as returnTo, except for home and the login page itself', () => {
    expect(loginUrl('/search?location=Austin')).toBe('/api/login?returnTo=%2Fsearch%3Flocation%3DAustin');
    expect(loginUrl('/')).toBe('/api/login');
    expect(loginUrl('/api/login?returnTo=%2Fx')).toBe('/api/login');
  });
});
