import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageWindow, Pagination, totalPagesOf } from './pagination';

describe('pageWindow', () => {
  it('shows at most 5 pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('counts pages as ceil(total / size), at least 1', () => {
    expect(totalPagesOf(0, 25)).toBe(1);
    expect(totalPagesOf(25, 25)).toBe(1);
    expect(totalPagesOf(26, 25)).toBe(2);
  });
});

describe('Pagination', () => {
  it('reads "Showing a-b of N", disables Previous on page 1 and Next on the last page', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <Pagination page={1} pageSize={25} total={60} noun="communities" onPageChange={onPageChange} onPageSizeChange={() => {}} />,
    );
    expect(screen.getByText('Showing 1-25 of 60 communities')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    rerender(<Pagination page={3} pageSize={25} total={60} noun="communities" onPageChange={onPageChange} onPageSizeChange={() => {}} />);
    expect(screen.getByText('Showing 51-60 of 60 communities')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('reads 0-0 of 0 when nothing matches', () => {
    render(<Pagination page={1} pageSize={25} total={0} noun="operators" onPageChange={() => {}} onPageSizeChange={() => {}} />);
    expect(screen.getByText('Showing 0-0 of 0 operators')).toBeTruthy();
  });
});
