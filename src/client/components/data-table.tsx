// A table of rows under one header row of column labels (the admin tabs, the lists of imports): the
// header is written once here; each screen renders its own rows (TableRow/TableCell) as children.
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Table, TableBody, TableHead, TableHeader, TableRow } from './ui/table';

/** A column label; a `numeric` column is right-aligned like its figures. */
export type DataColumn = string | { label: ReactNode; key?: string; numeric?: boolean; className?: string };

export function DataTable({ label, columns, children, className }: { label: string; columns: readonly DataColumn[]; children: ReactNode; className?: string }) {
  return (
    <Table aria-label={label} className={className}>
      <TableHeader>
        <TableRow>
          {columns.map((c, i) =>
            typeof c === 'string' ? (
              <TableHead key={c}>{c}</TableHead>
            ) : (
              <TableHead key={c.key ?? (typeof c.label === 'string' ? c.label : i)} className={cn(c.numeric && 'text-right', c.className) || undefined}>
                {c.label}
              </TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/** A right-aligned column of figures. */
export const numericColumn = (label: string): DataColumn => ({ label, numeric: true });
