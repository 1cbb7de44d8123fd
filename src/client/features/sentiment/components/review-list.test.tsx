import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './review-list';
import { scoreTextClass } from '../../../lib/sentiment-style';

const buttons = () => ({
  previous: screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement,
  next: screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement,
});

describe('Pager (SPEC section 2 paging rules)', () => {
  it('shows the range, the page of pages, and disables Previous on page 1', () => {
    render(<Pager kind="customer" page={1} total={2500} loading={false} onPage={() => {}} />);
    expect(screen.getByText('Showing 1 to 1,000 of 2,500 reviews')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(buttons().previous.disabled).toBe(true);
    expect(buttons().next.disabled).toBe(false);
  });

  it('disables Next on the last page, whose range ends at the total', () => {
    const onPage = vi.fn();
    render(<Pager kind="customer" page={3} total={2500} loading={false} onPage={onPage} />);
    expect(screen.getByText('Showing 2,001 to 2,500 of 2,500 reviews')).toBeTruthy();
    expect(buttons().next.disabled).toBe(true);
    fireEvent.click(buttons().previous);
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('disables both while loading, and Next while the totals are unknown', () => {
    const { rerender } = render(<Pager kind="employee" page={2} total={2500} loading={true} onPage={() => {}} />);
    expect(buttons().previous.disabled).toBe(true);
    expect(buttons().next.disabled).toBe(true);
    rerender(<Pager kind="employee" page={1} total={undefined} loading={false} onPage={() => {}} />);
    expect(buttons().next.disabled).toBe(true);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });
});

describe('scoreTextClass (SPEC section 4)', () => {
  it('is green above 0.6, yellow from 0.4, red below', () => {
    expect(scoreTextClass(0.6000001)).toContain('green');
    expect(scoreTextClass(0.6)).toContain('yellow');
    expect(scoreTextClass(0.4)).toContain('yellow');
    expect(scoreTextClass(0.3999999)).toContain('red');
  });
});
