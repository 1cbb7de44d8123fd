import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Community } from '../../../contracts/community';
import { json, pageTest, testUser } from '../../test/helpers';
import { SavedPage } from './saved-page';

const USER = testUser({ email: 'pat@example.com', firstName: 'Pat', lastName: null, isPro: true });
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
const page = pageTest(<SavedPage />, '/saved');

describe('SavedPage', () => {
  it('signed out: invites to sign in (coming back to /saved) and loads nothing', () => {
    page.expectSignedOut('Sign in to see your saved communities', '/api/login?returnTo=%2Fsaved');
  });

  const item = (id: number, name: string, note: string | null = null) => ({
    communityId: id,
    createdAt: '2026-11-20T10:00:00Z',
    note,
    noteUpdatedAt: note ? '2026-11-21T10:00:00Z' : null,
    noteUpdatedBy: note ? 'Pat' : null,
    community: community(id, name),
  });
  const shortlist = (items: ReturnType<typeof item>[], comments: unknown[] = []) => ({ ownerId: 1, ownerName: 'Pat', isOwner: true, items, comments });
  /** Answers the page's calls: its shortlist, the list of shortlists, shares and collaborators. */
  function serve(getList: () => unknown, onWrite?: (url: string, init: RequestInit) => Response) {
    page.fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET' && onWrite) return onWrite(url, init);
      if (url === '/api/shortlists/1') return json(getList());
      if (url === '/api/shortlists') return json({ shortlists: [{ ownerId: 1, ownerName: 'Pat', isOwner: true, count: 0 }] });
      if (url === '/api/shortlists/mine/shares') return json({ shares: [] });
      if (url === '/api/shortlists/mine/collaborators') return json({ collaborators: [] });
      return json({ error: { code: 'NOT_FOUND', message: url } }, 404);
    });
  }

  it('none saved: points to the search', async () => {
    serve(() => shortlist([]));
    page.render(USER);
    expect(await screen.findByText('No saved communities yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find communities' }).getAttribute('href')).toBe('/search');
  });

  it('lists the saved communities as cards with their notes and removes one with its heart', async () => {
    let list = [item(2, 'Oak Grove', 'lovely garden'), item(1, 'Maple Court')];
    serve(
      () => shortlist(list),
      (url, init) => {
        expect(init.method).toBe('DELETE');
        list = list.filter((f) => `/api/favorites/${f.communityId}` !== url);
        return json({ communityId: 2, isFavorite: false });
      },
    );
    page.render(USER);
    expect(await screen.findByText('2 saved communities')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Oak Grove', 'Maple Court']);
    expect(screen.getAllByText('From $5,100/month')).toHaveLength(2);
    expect((screen.getByLabelText('Notes for Oak Grove') as HTMLTextAreaElement).value).toBe('lovely garden');
    expect(screen.getByText(/Last edited by Pat/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Oak Grove from favorites' }));
    expect(await screen.findByText('Removed from Favorites')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 saved community')).toBeTruthy());
    expect(screen.queryByText('Oak Grove')).toBeNull();
  });

  it('saves a note with PUT on the owner’s shortlist', async () => {
    const list = [item(2, 'Oak Grove')];
    const writes: { url: string; body: unknown }[] = [];
    serve(
      () => shortlist(list),
      (url, init) => {
        writes.push({ url, body: JSON.parse(String(init.body)) });
        list[0] = item(2, 'Oak Grove', 'waitlist');
        return json({ communityId: 2, note: 'waitlist', noteUpdatedAt: '2026-11-21T10:00:00Z' });
      },
    );
    page.render(USER);
    const box = await screen.findByLabelText('Notes for Oak Grove');
    fireEvent.change(box, { target: { value: 'waitlist' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note for Oak Grove' }));
    await waitFor(() => expect(writes).toEqual([{ url: '/api/shortlists/1/notes/2', body: { note: 'waitlist' } }]));
    expect(await screen.findByText(/Last edited by Pat/)).toBeTruthy();
  });

  it('offers Try Again when the list cannot be loaded', async () => {
    let fail = true;
    serve(() => {
      if (fail) {
        fail = false;
        throw new Error('down');
      }
      return shortlist([]);
    });
    const inner = page.fetch.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    page.fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      try {
        return await inner(url, init);
      } catch {
        return json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
      }
    });
    page.render(USER);
    expect(await screen.findByText('Unable to load your saved communities.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No saved communities yet')).toBeTruthy();
  });
});
