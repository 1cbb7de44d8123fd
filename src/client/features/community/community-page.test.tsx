import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommunityDetail, Review, ReviewsResponse } from '../../../contracts/community';
import { json, renderApp, stubFetch } from '../../test/render-app';

const community = (over: Partial<CommunityDetail> = {}): CommunityDetail => ({
  id: 7,
  name: 'Maple Grove',
  address: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  phone: '(512) 555-0100',
  email: 'hello@maple.test',
  website: 'https://maple.test',
  description: 'A calm place by the river.',
  rating: 4.26,
  reviewCount: 12,
  careTypes: ['Independent Living', 'Memory Care'],
  amenities: ['Fitness Center', 'Library'],
  photos: ['/media/communities/7/1.svg', '/media/communities/7/2.svg'],
  pricing: [
    { careType: 'Independent Living', minPrice: 3100, maxPrice: 3900 },
    { careType: 'Memory Care', minPrice: 7200, maxPrice: 7200 },
  ],
  coordinates: { lat: 30.2, lng: -97.7 },
  operatorId: 1,
  operatorName: 'Evergreen',
  communityType: 'Assisted Living Community',
  ownerType: 'Private',
  score: 4,
  capacity: 120,
  roomTypes: ['Studio'],
  diningServices: [],
  healthcareServices: [],
  roomAmenities: [],
  communityAmenities: [],
  source: { kind: 'state', name: 'Texas Health and Human Services Commission', asOf: '2021-06-15' },
  ...over,
});

const review = (n: number): Review => ({
  id: n,
  rating: (n % 5) + 1,
  author: `Author ${n}`,
  date: `2024-01-${String(30 - n).padStart(2, '0')}`,
  source: 'This site',
  verified: n === 1,
  provenance: { kind: 'user', name: 'This site', asOf: null },
  title: n === 1 ? 'Lovely staff' : null,
  content: `Content ${n}`,
  sentiment: 0.8,
});

function reviewsRoute(total: number) {
  return () => {
    const all = Array.from({ length: total }, (_, i) => review(i + 1));
    return json({
      reviews: all.slice(0, 3),
      summary: { averageRating: total ? 4.25 : 0, totalReviews: total },
      page: 1,
      pageSize: 3,
      totalPages: Math.ceil(total / 3),
    } satisfies ReviewsResponse);
  };
}

// The first test pays for transforming the lazily loaded page.
describe('CommunityPage', { timeout: 20_000 }, () => {
  it('shows the blocks of the spec with the community data', async () => {
    stubFetch(null, { '/api/communities/7': () => json(community()), '/api/reviews/7': reviewsRoute(12) });
    renderApp('/community/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Grove' })).toBeTruthy();
    expect(screen.getByText('12 Elm St, Austin, TX 78701')).toBeTruthy();
    expect(screen.getByTestId('community-rating').textContent).toBe('4.3');
    expect(screen.getByText('(12 reviews)')).toBeTruthy();
    expect(screen.getByTestId('top-price').textContent).toBe('$3,100 per monthIndependent Living');
    expect(screen.getByText('$3,100 - $3,900')).toBeTruthy();
    expect(screen.getByText('$7,200')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About Maple Grove' })).toBeTruthy();
    expect(screen.getByText('A calm place by the river.')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Illustration of Maple Grove, picture/ })).toHaveLength(2);
    expect(screen.getAllByText('Illustration')).toHaveLength(2);
    expect(screen.getByTestId('source-line').textContent).toBe('Source: Texas Health and Human Services Commission, as of Jun 15, 2021');
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    expect(await screen.findByText('Based on 12 reviews')).toBeTruthy();
    expect(screen.getAllByTestId('review')).toHaveLength(3);
    expect(screen.getAllByText('via This site')).toHaveLength(3);
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Lovely staff')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View All 12 Reviews' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(512) 555-0100' }).getAttribute('href')).toBe('tel:5125550100');
    expect(screen.getByRole('link', { name: 'hello@maple.test' }).getAttribute('href')).toBe('mailto:hello@maple.test');
    const website = screen.getByRole('link', { name: /Visit Website/ });
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('form', { name: 'Request information' })).toBeTruthy();
  });

  it('marks a demo community, links no website and never shows Verified on a demo review', async () => {
    const demoReview = (n: number): Review => ({ ...review(n), source: 'Demo', verified: true, provenance: { kind: 'demo', name: 'Demo', asOf: null } });
    stubFetch(null, {
      '/api/communities/7': () => json(community({ source: { kind: 'demo', name: 'Demo data', asOf: null } })),
      '/api/reviews/7': () =>
        json({ reviews: [demoReview(1), demoReview(2)], summary: { averageRating: 3, totalReviews: 2 }, page: 1, pageSize: 3, totalPages: 1 } satisfies ReviewsResponse),
    });
    renderApp('/community/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Grove' })).toBeTruthy();
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo data');
    expect(screen.queryByTestId('source-line')).toBeNull();
    expect(screen.queryByRole('link', { name: /Visit Website/ })).toBeNull();
    expect(await screen.findAllByText('via Demo')).toHaveLength(2);
    expect(screen.queryByText('Verified')).toBeNull();
  });

  it('shows the fallbacks when there is no pricing, description, photo, amenity or review', async () => {
    stubFetch(null, {
      '/api/communities/7': () => json(community({ pricing: [], description: null, photos: [], amenities: [], website: null })),
      '/api/reviews/7': reviewsRoute(0),
    });
    renderApp('/community/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Grove' })).toBeTruthy();
    expect(screen.getByText('Contact for pricing')).toBeTruthy();
    expect(screen.getByText('Contact for Pricing')).toBeTruthy();
    expect(screen.getByText('Please contact the community directly for pricing information.')).toBeTruthy();
    expect(screen.getByText('No photos available')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /About/ })).toBeNull();
    expect(screen.getByText('Amenity information not available. Please contact the community for details.')).toBeTruthy();
    expect(await screen.findByText('No reviews available yet. Be the first to share your experience!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /View All/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Visit Website/ })).toBeNull();
  });

  it('opens the Schedule a Visit dialog with only phone and e-mail, and the Virtual Tour dialog', async () => {
    stubFetch(null, { '/api/communities/7': () => json(community()), '/api/reviews/7': reviewsRoute(2) });
    renderApp('/community/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule a Visit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Contact the community directly to schedule your visit:')).toBeTruthy();
    expect(within(dialog).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:5125550100', 'mailto:hello@maple.test']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Virtual Tour' }));
    expect(
      await screen.findByText('Virtual tour functionality will be available soon. Please contact the community for a personalized virtual tour.'),
    ).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in when the heart is pressed', async () => {
    const fetchMock = stubFetch(null, { '/api/communities/7': () => json(community()), '/api/reviews/7': reviewsRoute(0) });
    renderApp('/community/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Maple Grove to favorites' }));
    expect(await screen.findByText('Please sign in to save favorites.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/favorites'))).toBe(false);
  });

  it.each(['abc', '0', '99999999999'])('shows Community Not Found for the id %s without asking the server', async (id) => {
    const fetchMock = stubFetch(null);
    renderApp(`/community/${id}`);
    expect(await screen.findByRole('heading', { name: 'Community Not Found' })).toBeTruthy();
    expect(screen.getByText("The community you're looking for could not be found.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/search');
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/communities'))).toBe(false);
  });

  it('shows Community Not Found when the server answers 404 or fails', async () => {
    stubFetch(null, { '/api/communities/8': () => new Response('boom', { status: 500 }) });
    renderApp('/community/8');
    expect(await screen.findByRole('heading', { name: 'Community Not Found' })).toBeTruthy();
  });
});
