import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CompareButton } from '../components/compare-button';
import { resetToasts } from '../components/ui/use-toast';
import { deferredResponse, json, mockFetch, renderWithProviders, testUser } from '../test/helpers';
import { COMPARE_STORAGE_KEY, readLocalCompare, writeLocalCompare } from './compare';

const USER = testUser({ email: 'pat@example.com', firstName: 'Pat', lastName: null });
const stored = () => JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]') as number[];

function Buttons({ ids }: { ids: number[] }) {
  return (
    <>
      {ids.map((id) => (
        <CompareButton key={id} communityId={id} name={`Community ${id}`} />
      ))}
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  writeLocalCompare([]);
  resetToasts();
});

describe('compare list in the browser (signed out)', () => {
  it('keeps up to four in localStorage and refuses a fifth with the limit message', async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<Buttons ids={[1, 2, 3, 4, 5]} />, { user: null });
    for (const id of [3, 1, 4, 2]) fireEvent.click(screen.getByRole('button', { name: `Compare Community ${id}` }));
    expect(stored()).toEqual([3, 1, 4, 2]);
    expect(screen.getByRole('button', { name: 'Comparing Community 3' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Compare Community 5' }));
    expect(await screen.findByText(/You can compare up to 4 communities at a time/)).toBeTruthy();
    expect(stored()).toEqual([3, 1, 4, 2]);
    fireEvent.click(screen.getByRole('button', { name: 'Comparing Community 1' }));
    expect(stored()).toEqual([3, 4, 2]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores what is not a list of ids', () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, '{"x":1}');
    expect(readLocalCompare()).toEqual([]);
    localStorage.setItem(COMPARE_STORAGE_KEY, '[1, "2", -3, 1, 7, 8, 9, 10]');
    expect(readLocalCompare()).toEqual([1, 7, 8, 9]);
  });
});

describe('compare list on the account (signed in)', () => {
  it('merges the browser list into the account at sign-in and clears the browser copy', async () => {
    writeLocalCompare([7, 8]);
    const calls: { method: string; url: string; body: unknown }[] = [];
    mockFetch(async (url, init) => {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/compare/merge') return json({ communityIds: [5, 7, 8], dropped: [] });
      return json({ communityIds: [5] });
    });
    renderWithProviders(<Buttons ids={[5, 7, 8]} />, { user: USER });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Comparing Community 8' })).toBeTruthy());
    expect(calls).toContainEqual({ method: 'POST', url: '/api/compare/merge', body: { communityIds: [7, 8] } });
    expect(localStorage.getItem(COMPARE_STORAGE_KEY)).toBeNull();
  });

  it('keeps the merged list when a read of the account list answered before the merge arrives after it', async () => {
    writeLocalCompare([7, 8]);
    // The account's list is read as the session is known, beside the merge; the server answered it with the
    // account's list before the merge ([5]), but the answer is slow to arrive.
    const read = deferredResponse();
    const merge = deferredResponse();
    const fetchMock = mockFetch((url) => (url === '/api/compare/merge' ? merge.promise : url === '/api/compare' ? read.promise : json({}, 404)));
    renderWithProviders(<Buttons ids={[5, 7, 8]} />, { user: USER });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(expect.arrayContaining(['/api/compare', '/api/compare/merge'])));
    merge.resolve({ communityIds: [5, 7, 8], dropped: [] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Comparing Community 8' })).toBeTruthy());
    expect(localStorage.getItem(COMPARE_STORAGE_KEY)).toBeNull();
    await act(async () => {
      read.resolve({ communityIds: [5] });
      await new Promise((r) => setTimeout(r, 20));
    });
    for (const id of [5, 7, 8]) expect(screen.getByRole('button', { name: `Comparing Community ${id}` }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the server’s message when it refuses', async () => {
    mockFetch(async (_url, init) =>
      init?.method === 'POST'
        ? json({ error: { code: 'CONFLICT', message: 'You can compare up to 4 communities at a time. Remove one to add another.' } }, 409)
        : json({ communityIds: [] }),
    );
    renderWithProviders(<Buttons ids={[9]} />, { user: USER });
    fireEvent.click(await screen.findByRole('button', { name: 'Compare Community 9' }));
    expect(await screen.findByText('You can compare up to 4 communities at a time. Remove one to add another.')).toBeTruthy();
  });
});
