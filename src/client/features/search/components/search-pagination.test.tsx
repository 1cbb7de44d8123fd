import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { filtersFromQuery, searchAddress } from '../search-page';
import { SearchPagination, searchPageNumbers } from './search-pagination';

describe('search paging', () => {
  it('shows at most 5 page numbers starting at the current page minus 2', () => {
    expect(searchPageNumbers(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(searchPageNumbers(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(searchPageNumbers(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(searchPageNumbers(10, 10)).toEqual([8, 9, 10]);
    expect(searchPageNumbers(1, 3)).toEqual([1, 2, 3]);
  });

  it('is hidden with a single page; Previous/Next are disabled at the ends', () => {
    const { container, rerender } = render(<SearchPagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container.textContent).toBe('');
    const onPageChange = vi.fn();
    rerender(<SearchPagination page={1} totalPages={4} onPageChange={onPageChange} />);
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
    rerender(<SearchPagination page={4} totalPages={4} onPageChange={onPageChange} />);
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('search query parameters', () => {
  it('reads location, the footer care type keys and integer prices (zero or empty means none)', () => {
    expect(filtersFromQuery('?location=%20Naperville%2C%20IL&careType=memory&priceMin=2500.7&priceMax=0')).toEqual({
      location: 'Naperville, IL',
      careTypes: ['Memory Care'],
      priceMin: 2500,
      priceMax: undefined,
      amenities: [],
      includeUnpriced: false,
    });
    expect(filtersFromQuery('careType=independent,skilled,bogus&priceMin=&priceMax=abc')).toMatchObject({
      careTypes: ['Independent Living', 'Skilled Nursing'],
      priceMin: undefined,
      priceMax: undefined,
    });
  });

  it('a search address round-trips (the "Include them" link is shareable)', () => {
    const f = { location: 'Austin, TX', careTypes: ['Assisted Living', 'Memory Care'], priceMin: 2000, priceMax: 5000, amenities: ['Pet Friendly'], includeUnpriced: true };
    const address = searchAddress(f, 'price_low');
    expect(address).toBe('/search?location=Austin%2C+TX&careType=assisted%2Cmemory&priceMin=2000&priceMax=5000&amenities=Pet+Friendly&includeUnpriced=true&sort=price_low');
    expect(filtersFromQuery(address.slice('/search'.length))).toEqual(f);
  });
});
