// The two-column table: a sortable 'Community Name' column and a 'Details' column (SPEC section 2).
import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { InsightRow, InsightSortField, SortDirection } from '../../../../contracts/insights';
import { SourceLabel } from '../../../components/source-label';
import { Button } from '../../../components/ui/button';
import { SaveToListButton } from '../../../components/save-to-list';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/utils';

export interface InsightTableProps {
  rows: InsightRow[];
  loading: boolean;
  refreshing: boolean;
  sortField: InsightSortField;
  sortDirection: SortDirection;
  onSortName: () => void;
  highlightId: number | null;
  onClearFilters: () => void;
}

const DETAILS: { key: keyof InsightRow; label: string; wide?: boolean }[] = [
  { key: 'pricing', label: 'Pricing' },
  { key: 'phoneNumber', label: 'Phone Number' },
  { key: 'address', label: 'Address', wide: true },
  { key: 'communityType', label: 'Community Type' },
  { key: 'communityScore', label: 'Community Score' },
  { key: 'operatorName', label: 'Operator Name' },
  { key: 'roomTypes', label: 'Room Types' },
  { key: 'diningServices', label: 'Dining Services' },
  { key: 'communityAmenities', label: 'Community Amenities' },
  { key: 'overview', label: 'Overview', wide: true },
];

function detailText(row: InsightRow, key: keyof InsightRow): string {
  const v = row[key];
  if (key === 'communityScore') return typeof v === 'number' ? `${v} / 5` : 'Not rated';
  return v === null || v === '' ? 'Not available' : String(v);
}

export function InsightTable(props: InsightTableProps) {
  const { rows, sortField, sortDirection, highlightId } = props;
  const highlighted = useRef<HTMLTableRowElement | null>(null);
  const { isPro } = useAuth();
  const nameSorted = sortField === 'name';
  const SortIcon = !nameSorted ? ArrowUpDownIcon : sortDirection === 'asc' ? ArrowUpIcon : ArrowDownIcon;

  useEffect(() => {
    if (highlightId !== null) highlighted.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlightId, rows]);

  return (
    <Table aria-busy={props.loading || props.refreshing} className={cn(props.refreshing && 'opacity-60 transition-opacity')}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead
            className="w-1/3"
            aria-sort={nameSorted ? (sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <Button variant="ghost" size="sm" className="-ml-3 font-semibold" onClick={props.onSortName}>
              Community Name
              <SortIcon aria-hidden="true" />
            </Button>
          </TableHead>
          <TableHead>Details</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.loading ? (
          <TableRow>
            <TableCell colSpan={2} className="py-16 text-center text-muted-foreground">
              Loading community insights...
            </TableCell>
          </TableRow>
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={2} className="py-16 text-center">
              <p className="mb-4 text-muted-foreground">No communities found matching your criteria.</p>
              <Button variant="outline" onClick={props.onClearFilters}>
                Clear Filters
              </Button>
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => {
            const isHighlighted = row.id === highlightId;
            return (
              <TableRow
                key={row.id}
                id={`community-row-${row.id}`}
                ref={isHighlighted ? highlighted : undefined}
                data-highlighted={isHighlighted ? 'true' : undefined}
                className={cn('align-top', isHighlighted && 'bg-highlight-soft ring-2 ring-highlight ring-inset hover:bg-highlight-soft')}
              >
                <TableCell className="align-top">
                  <Link href={`/community/${row.id}`} className="text-base font-semibold text-primary underline-offset-4 hover:underline">
                    {row.name}
                  </Link>
                  <SourceLabel source={row.source} className="mt-1.5 w-fit" />
                  {isPro && (
                    <Link href={`/community-insights/${row.id}/market`} className="mt-1.5 block text-sm text-primary underline-offset-4 hover:underline">
                      Competitive set
                    </Link>
                  )}
                  <SaveToListButton type="community" id={row.id} name={row.name} className="mt-2" />
                </TableCell>
                <TableCell className="align-top">
                  <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                    {DETAILS.map((d) => (
                      <div key={d.key} className={cn('min-w-0', d.wide && 'sm:col-span-2')}>
                        <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{d.label}</dt>
                        <dd className={cn('break-words text-gray-800', d.key === 'overview' && 'line-clamp-3')}>{detailText(row, d.key)}</dd>
                      </div>
                    ))}
                  </dl>
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
