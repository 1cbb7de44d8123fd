// The paging of a table screen (Community Insights, Operator Intelligence): its page size, and its page,
// which returns to 1 whenever what the table shows changes (filters, search text, sort) or the page size does.
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../contracts/constants';

export interface TablePaging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** `shownBy`: what selects the table's rows; a change of any of it (compared as JSON) goes back to page 1. */
export function useTablePaging(shownBy: readonly unknown[]): TablePaging {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const resetKey = JSON.stringify([...shownBy, pageSize]);
  const [pageState, setPageState] = useState({ key: resetKey, page: 1 });
  const page = pageState.key === resetKey ? pageState.page : 1;
  return { page, pageSize, onPageChange: (p) => setPageState({ key: resetKey, page: p }), onPageSizeChange: setPageSize };
}
