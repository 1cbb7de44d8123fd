// A table's header row from its column headings, in order (lists, portfolio): the headings read as one
// list instead of a `TableHead` each. A table whose headings need their own classes writes its `TableHead`s.
import type { ReactNode } from 'react';
import { TableHead, TableHeader, TableRow } from './ui/table';

export function TableHeadings({ headings }: { headings: readonly ReactNode[] }) {
  return (
    <TableHeader>
      <TableRow>
        {headings.map((h, i) => (
          // A fixed list of headings: a heading's place is its identity.
          <TableHead key={i}>{h}</TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}
