// Paging footer of the insight screens (SPEC sections 2, 4, 9): 'Showing a-b of N {noun}', the page-size
// selector, Previous / Next and at most 5 page-number buttons around the current page.
// `PageButtons` (Previous, the page numbers, Next) also serves the search results' paging.
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { MAX_PAGE_BUTTONS } from '../../contracts/constants';
import { formatNumber } from '../lib/format';
import { cn } from '../lib/utils';
import { PageSizeSelect } from './page-size-select';
import { Button } from './ui/button';

/** The page numbers to show: a window of at most `max` pages that contains `page`. */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface PageButtonsProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The page numbers to offer; by default `pageWindow(page, totalPages)`. */
  pages?: readonly number[];
  disabled?: boolean;
}

/** Previous, the page-number buttons (the current one marked) and Next; the ends disable their arrow. */
export function PageButtons({ page, totalPages, onPageChange, pages = pageWindow(page, totalPages), disabled }: PageButtonsProps) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={disabled || page <= 1}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      {pages.map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'outline'}
          size="sm"
          className="min-w-9"
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPageChange(n)}
          disabled={disabled}
        >
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={disabled || page >= totalPages}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </>
  );
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun after the count, e.g. 'communities'. */
  noun: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  disabled?: boolean;
  className?: string;
}

export function Pagination({ page, pageSize, total, noun, onPageChange, onPageSizeChange, disabled, className }: PaginationProps) {
  const totalPages = totalPagesOf(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pagination" className={cn('flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between', className)}>
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {formatNumber(from)}-{formatNumber(to)} of {formatNumber(total)} {noun}
        </p>
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} disabled={disabled} />
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <PageButtons page={page} totalPages={totalPages} onPageChange={onPageChange} disabled={disabled} />
      </div>
    </nav>
  );
}
