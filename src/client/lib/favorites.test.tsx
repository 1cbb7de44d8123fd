import { type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '../components/ui/use-toast';
import { json, mockFetch, renderWithProviders, testUser } from '../test/helpers';
import { type AuthUser } from './auth';
import { favoritesQueryOptions, favoriteStatusQueryOptions, useFavoriteIds, useFavoriteStatus, useToggleFavorite } from './favorites';

const USER = testUser({ email: 'pat@example.com', firstName: 'Pat', lastName: null });

function Probe({ id, showErrorToast }: { id: number; showErrorToast?: boolean }) {
  const { isFavorite } = useFavoriteStatus(id);
  const ids = useFavoriteIds();
  const { toggleFavorite } = useToggleFavorite(showErrorToast === undefined ? {} : { showErrorToast });
  return (
    <div>
      <p>status: {isFavorite ? 'saved' : 'not saved'}</p>
      <p>ids: {[...ids].join(',')}</p>
      <button onClick={() => toggleFavorite(id, isFavorite)}>toggle</button>
      <button onClick={() => toggleFavorite(id)}>toggle from cache</button>
    </div>
  );
}

let fetchMock: ReturnType<typeof mockFetch>;
let queryClient: QueryClient;

function setup(user: AuthUser | null, props: { id?: number; showErrorToast?: boolean } = {}) {
  ({ queryClient } = renderWithProviders(
    <Probe id={props.id ?? 7} {...(props.showErrorToast === undefined ? {} : { showErrorToast: props.showErrorToast })} />,
    { user },
  ));
}

beforeEach(() => {
  fetchMock = mockFetch();
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

describe('favorites hooks', () => {
  it('signed out: reads nothing, and a toggle shows Sign In Required and sends nothing', async () => {
    setup(null);
    fireEvent.click(screen.getByText('toggle'));
    expect(await screen.findByText('Sign In Required')).toBeTruthy();
    expect(screen.getByText('Please sign in to save favorites.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed in: checks the status, adds when not saved, then refreshes and says so', async () => {
    let saved = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        saved = true;
        return json({ communityId: 7, isFavorite: true });
      }
      if (url === '/api/favorites/7/check') return json({ isFavorite: saved });
      if (url === '/api/favorites') return json({ favorites: saved ? [{ communityId: 7, createdAt: '', community: {} }] : [] });
      return json({}, 404);
    });
    setup(USER);
    expect(await screen.findByText('status: not saved')).toBeTruthy();
    fireEvent.click(screen.getByText('toggle'));
    expect(await screen.findByText('Added to Favorites')).toBeTruthy();
    expect(screen.getByText('Community has been added to your favorites.')).toBeTruthy();
    expect(await screen.findByText('status: saved')).toBeTruthy();
    expect(await screen.findByText('ids: 7')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ communityId: 7 });
    expect((post[1] as RequestInit).credentials).toBe('include');
  });

  it('removes when saved (deciding from the cache when not told) and says so', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return json({ communityId: 7, isFavorite: false });
      if (url === '/api/favorites/7/check') return json({ isFavorite: true });
      return json({ favorites: [] });
    });
    setup(USER);
    expect(await screen.findByText('status: saved')).toBeTruthy();
    fireEvent.click(screen.getByText('toggle from cache'));
    expect(await screen.findByText('Removed from Favorites')).toBeTruthy();
    expect(screen.getByText('Community has been removed from your favorites.')).toBeTruthy();
    expect(calls()).toContain('DELETE /api/favorites/7');
  });

  it('shows the Error toast when adding or removing fails', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method) return json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
      if (url === '/api/favorites/7/check') return json({ isFavorite: false });
      return json({ favorites: [] });
    });
    setup(USER);
    await screen.findByText('status: not saved');
    fireEvent.click(screen.getByText('toggle'));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Failed to add to favorites. Please try again.')).toBeTruthy();

    act(() => resetToasts());
    queryClient.setQueryData(favoriteStatusQueryOptions(7).queryKey, { isFavorite: true });
    await screen.findByText('status: saved');
    fireEvent.click(screen.getByText('toggle'));
    expect(await screen.findByText('Failed to remove from favorites. Please try again.')).toBeTruthy();
  });

  it('shows no error toast when asked not to (the detail page)', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method) return json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
      if (url === '/api/favorites/7/check') return json({ isFavorite: false });
      return json({ favorites: [] });
    });
    setup(USER, { showErrorToast: false });
    await screen.findByText('status: not saved');
    fireEvent.click(screen.getByText('toggle'));
    await waitFor(() => expect(calls()).toContain('POST /api/favorites'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Error')).toBeNull();
  });

  it('keys every favorites query under the list key (one invalidation refreshes all)', () => {
    const list = favoritesQueryOptions().queryKey;
    expect(favoriteStatusQueryOptions(3).queryKey.slice(0, list.length)).toEqual([...list]);
  });
});
