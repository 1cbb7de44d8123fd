import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Community } from '../../../contracts/community';
import { type AuthUser } from '../../lib/auth';
import { json, mockFetch, renderWithProviders } from '../../test/helpers';
import { SavedPage } from './saved-page';

const USER: AuthUser = { id: 1, email: 'pat@example.com', firstName: 'Pat', lastName: null, profileImageUrl: null, role: 'user', plan: 'basic', trialEndsAt: null, isPro: true, emailVerified: true };
const community = (id: number, name: string): Community => ({
  id,
  name,
  address: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  phone: null,
  email: null,
  website: null,
  description: null,
  rating: 4.4,
  reviewCount: 9,
  careTypes: ['Assisted Living'],
  amenities: [],
  photos: [],
  pricing: [{ careType: 'Assisted Living', minPrice: 5100, maxPrice: 6000 }],
  source: { kind: 'demo', name: 'Demo data', asOf: null },
});
let fetchMock: ReturnType<typeof mockFetch>;

function setup(user: AuthUser | null) {
  renderWithProviders(<SavedPage />, { user, path: '/saved' });
}

beforeEach(() => {
  fetchMock = mockFetch();
});

describe('SavedPage', () => {
  it('signed out: invites to sign in (coming back to /saved) and loads nothing', () => {
    setup(null);
    expect(screen.getByText('Sign in to see your saved communities')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fsaved');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('none saved: points to the search', async () => {
    fetchMock.mockResolvedValue(json({ favorites: [] }));
    setup(USER);
    expect(await screen.findByText('No saved communities yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find communities' }).getAttribute('href')).toBe('/search');
  });

  it('lists the saved communities as cards and removes one with its heart', async () => {
    let list = [
      { communityId: 2, createdAt: '2026-11-20T10:00:00Z', community: community(2, 'Oak Grove') },
      { communityId: 1, createdAt: '2026-11-19T10:00:00Z', community: community(1, 'Maple Court') },
    ];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        list = list.filter((f) => `/api/favorites/${f.communityId}` !== url);
        return json({ communityId: 2, isFavorite: false });
      }
      return json({ favorites: list });
    });
    setup(USER);
    expect(await screen.findByText('2 saved communities')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Oak Grove', 'Maple Court']);
    expect(screen.getAllByText('From $5,100/month')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Oak Grove from favorites' }));
    expect(await screen.findByText('Removed from Favorites')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 saved community')).toBeTruthy());
    expect(screen.queryByText('Oak Grove')).toBeNull();
  });

  it('offers Try Again when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'INTERNAL', message: 'x' } }, 500)).mockResolvedValue(json({ favorites: [] }));
    setup(USER);
    expect(await screen.findByText('Unable to load your saved communities.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No saved communities yet')).toBeTruthy();
  });
});
