import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CommunityCard, DESCRIPTION_FALLBACK, type CommunityCardProps } from './community-card';

const community: CommunityCardProps['community'] = {
  id: 42,
  name: 'Naperville Gardens',
  city: 'Naperville',
  state: 'IL',
  rating: 4.46,
  reviewCount: 1234,
  careTypes: ['Assisted Living', 'Memory Care', 'Skilled Nursing'],
  description: 'Gardens and care.',
  photos: ['/media/communities/42/1.svg', '/media/communities/42/2.svg'],
  pricing: [
    { careType: 'Assisted Living', minPrice: 4000, maxPrice: 5000 },
    { careType: 'Memory Care', minPrice: 6000, maxPrice: 7500 },
  ],
};

describe('CommunityCard', () => {
  it("shows the page's inline copy of its picture when the server sent one (ADR 028), else the picture's URL", () => {
    const client = new QueryClient();
    const uri = 'data:image/svg+xml,%3Csvg%2F%3E';
    client.setQueryData(['/media/inline'], { '/media/communities/42/1.svg': uri });
    const { container } = render(
      <QueryClientProvider client={client}>
        <CommunityCard community={community} priority />
        <CommunityCard community={{ ...community, id: 43, photos: ['/media/communities/43/1.svg'] }} />
      </QueryClientProvider>,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([uri, '/media/communities/43/1.svg']);
  });

  it('grid: first photo, name linking to the community, city/state, rating with one decimal and count, 2 care types, From $X/month', () => {
    const { container } = render(<CommunityCard community={community} variant="grid" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/communities/42/1.svg');
    expect(screen.getByRole('link', { name: 'Naperville Gardens' }).getAttribute('href')).toBe('/community/42');
    expect(screen.getByText('Naperville, IL')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('(1,234 reviews)')).toBeTruthy();
    expect(screen.getByText('Assisted Living')).toBeTruthy();
    expect(screen.getByText('Memory Care')).toBeTruthy();
    expect(screen.queryByText('Skilled Nursing')).toBeNull();
    expect(screen.getByText('Gardens and care.')).toBeTruthy();
    expect(screen.getByText('From $4,000/month')).toBeTruthy();
  });

  it('labels the picture an illustration and marks demo data; a public record shows its source instead', () => {
    const { container, unmount } = render(<CommunityCard community={{ ...community, source: { kind: 'demo', name: 'Demo data', asOf: null } }} />);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('Illustration of Naperville Gardens');
    expect(screen.getByTestId('illustration-caption').textContent).toBe('Illustration');
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo data');
    unmount();
    render(<CommunityCard community={{ ...community, photos: [], source: { kind: 'cms', name: 'Centers for Medicare & Medicaid Services', asOf: '2026-07-01' } }} />);
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    expect(screen.queryByTestId('illustration-caption')).toBeNull();
    expect(screen.getByTestId('source-line').textContent).toBe('Source: Centers for Medicare & Medicaid Services, as of Jul 1, 2026');
  });

  it('shows an as-of date only as precisely as its source knows it (ADR 025)', () => {
    const cms = { kind: 'cms', name: 'Centers for Medicare & Medicaid Services' } as const;
    const { unmount } = render(<CommunityCard community={{ ...community, photos: [], source: { ...cms, asOf: '2025' } }} />);
    expect(screen.getByTestId('source-line').textContent).toBe('Source: Centers for Medicare & Medicaid Services, as of 2025');
    unmount();
    render(<CommunityCard community={{ ...community, photos: [], source: { ...cms, asOf: '2021-08' } }} />);
    expect(screen.getByTestId('source-line').textContent).toBe('Source: Centers for Medicare & Medicaid Services, as of Aug 2021');
  });

  it('list: $X /month from the first pricing entry', () => {
    const { container } = render(<CommunityCard community={community} variant="list" />);
    expect(container.textContent).toContain('$4,000 /month');
    expect(container.textContent).not.toContain('From $');
  });

  it('a search with care types: the chosen care type’s price and its name, not the cheapest of any care type', () => {
    const shownPrice = { careType: 'Memory Care', minPrice: 6000, forCareTypes: true };
    const { unmount } = render(<CommunityCard community={{ ...community, shownPrice }} variant="grid" />);
    expect(screen.getByText('From $6,000/month')).toBeTruthy();
    expect(screen.queryByText('From $4,000/month')).toBeNull();
    expect(screen.getByTestId('card-price-care-type').textContent).toBe('Memory Care');
    unmount();
    const list = render(<CommunityCard community={{ ...community, shownPrice }} variant="list" />);
    expect(list.container.textContent).toContain('$6,000 /month');
    list.unmount();
    // Without care types the price has no care type note; a search row without a matching price asks to contact.
    const plain = render(<CommunityCard community={{ ...community, shownPrice: { ...shownPrice, careType: 'Assisted Living', minPrice: 4000, forCareTypes: false } }} />);
    expect(screen.getByText('From $4,000/month')).toBeTruthy();
    expect(screen.queryByTestId('card-price-care-type')).toBeNull();
    plain.unmount();
    render(<CommunityCard community={{ ...community, shownPrice: null }} />);
    expect(screen.getByText('Contact for pricing')).toBeTruthy();
  });

  it('a community without reviews says "No reviews yet", never 0.0', () => {
    const { container } = render(<CommunityCard community={{ ...community, rating: 0, reviewCount: 0 }} />);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(container.textContent).not.toContain('0.0');
    expect(container.textContent).not.toContain('(0 reviews)');
  });

  it('falls back: no image, no description, no prices', () => {
    render(<CommunityCard community={{ ...community, photos: [], description: '  ', pricing: [] }} />);
    expect(screen.getByText('No image available')).toBeTruthy();
    expect(screen.getByText(DESCRIPTION_FALLBACK)).toBeTruthy();
    expect(screen.getByText('Contact for pricing')).toBeTruthy();
  });

  it('shows the favorite toggle and Request Information only when their handlers are passed', () => {
    const { unmount } = render(<CommunityCard community={community} />);
    expect(screen.queryByRole('button', { name: /favorites/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request Information' })).toBeNull();
    unmount();

    const onToggleFavorite = vi.fn();
    const onRequestInfo = vi.fn();
    render(<CommunityCard community={community} isFavorite onToggleFavorite={onToggleFavorite} onRequestInfo={onRequestInfo} />);
    const heart = screen.getByRole('button', { name: 'Remove Naperville Gardens from favorites' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    fireEvent.click(screen.getByRole('button', { name: 'Request Information' }));
    expect(onToggleFavorite).toHaveBeenCalledWith(42);
    expect(onRequestInfo).toHaveBeenCalledWith(42);
  });
});
