import { type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { slotted } from './slotted';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = slotted('thead', 'table-header', '[&_tr]:border-b');

export const TableBody = slotted('tbody', 'table-body', '[&_tr:last-child]:border-0');

export const TableFooter = slotted('tfoot', 'table-footer', 'border-t bg-muted font-medium [&>tr]:last:border-b-0');

export const TableRow = slotted('tr', 'table-row', 'border-b transition-colors hover:bg-muted data-[state=selected]:bg-primary-soft');

export const TableHead = slotted('th', 'table-head', 'h-11 px-3 text-left align-middle font-semibold whitespace-nowrap text-gray-700 [&:has([role=checkbox])]:pr-0');

export const TableCell = slotted('td', 'table-cell', 'p-3 align-middle [&:has([role=checkbox])]:pr-0');

export const TableCaption = slotted('caption', 'table-caption', 'mt-4 text-sm text-muted-foreground');
