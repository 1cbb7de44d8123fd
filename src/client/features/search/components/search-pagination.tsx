// Paging of the search results (SPEC sections 2 and 9): Previous, Next and at most 5 page-number
// buttons whose window starts at the current page minus 2; shown only with more than one page.
// The buttons are the shared PageButtons of the insight screens' footer, with the search window.
import { MAX_PAGE_BUTTONS } from '../../../../contracts/constants';
import { PageButtons } from '../../../components/pagination';

export function searchPageNumbers(page: number, totalPages: number): number[] {
  const start = Math.max(1, page - 2);
  const out: number[] = [];
  for (let n = start; n < start + MAX_PAGE_BUTTONS && n <= totalPages; n++) out.push(n);
  return out;
}

export interface SearchPaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

export function SearchPagination({ page, totalPages, onPageChange }: SearchPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Search results pages" className="flex flex-wrap items-center justify-center gap-1.5 pt-4">
      <PageButtons page={page} totalPages={totalPages} pages={searchPageNumbers(page, totalPages)} onPageChange={onPageChange} />
    </nav>
  );
}
