import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_APOLOGY, CHAT_GREETING } from '../../../contracts/chat';
import { setChatContext } from '../../lib/chat-context';
import { deferredResponse, mockFetch, renderWithProviders } from '../../test/helpers';
import { ChatWidget } from './chat-widget';

afterEach(() => {
  setChatContext({});
});

function setup() {
  renderWithProviders(<ChatWidget />);
  fireEvent.click(screen.getByRole('button', { name: 'Open chat assistant' }));
}

const input = () => screen.getByLabelText('Your message') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const bubbles = () => Array.from(document.querySelectorAll('[data-role]')).map((e) => [e.getAttribute('data-role'), e.textContent]);

function deferredFetch() {
  const pending = deferredResponse();
  return { fetchMock: mockFetch(() => pending.promise), resolve: pending.resolve };
}

describe('ChatWidget', () => {
  it('greets on first open only', () => {
    setup();
    expect(bubbles()).toEqual([['assistant', CHAT_GREETING]]);
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open chat assistant' }));
    expect(bubbles()).toEqual([['assistant', CHAT_GREETING]]);
  });

  it('sends nothing for an empty or blank message', () => {
    const { fetchMock } = deferredFetch();
    setup();
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.submit(input().closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('trims, disables input while pending, shows typing, then appends the reply with real links and clears the input', async () => {
    const { fetchMock, resolve } = deferredFetch();
    setChatContext({ location: 'Naperville, IL', careTypes: ['Memory Care'], priceRange: { min: 2000, max: 8000 }, resultNames: ['A', 'B', 'C', 'D'] });
    setup();
    fireEvent.change(input(), { target: { value: '  memory care please  ' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat');
    const body = JSON.parse(init.body as string);
    expect(body.message).toBe('memory care please');
    expect(body.sessionId).toMatch(/^[a-z0-9]{4,}$/);
    expect(body.conversationHistory).toEqual([{ role: 'assistant', content: CHAT_GREETING }]);
    expect(body.userContext).toEqual({ location: 'Naperville, IL', careTypes: ['Memory Care'], priceRange: { min: 2000, max: 8000 }, resultNames: ['A', 'B', 'C'] });
    expect(input().disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'The assistant is typing' })).toBeTruthy();

    await act(async () => resolve({ message: 'Try [Maple <b>Grove</b>](/community/11) today.', communities: [], engine: 'rules' }));
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(bubbles()[1]).toEqual(['user', 'memory care please']);
    const link = screen.getByRole('link', { name: 'Maple <b>Grove</b>' });
    expect(link.getAttribute('href')).toBe('/community/11');
    expect(document.querySelector('[data-role] b')).toBeNull(); // text, never HTML
    expect(input().value).toBe('');
    expect(input().disabled).toBe(false);
  });

  it('appends the apology when the call fails and clears the input', async () => {
    const { fetchMock, resolve } = deferredFetch();
    setup();
    fireEvent.change(input(), { target: { value: 'hello' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => resolve({ error: { code: 'INTERNAL', message: 'x' } }, 500));
    await waitFor(() => expect(bubbles()).toEqual([['assistant', CHAT_GREETING], ['user', 'hello'], ['assistant', CHAT_APOLOGY]]));
    expect(input().value).toBe('');
  });
});
