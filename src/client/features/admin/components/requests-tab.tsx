// The requests inbox: overdue requests first, a clock against the 24-hour promise, status moves,
// e-mail status with Retry, filters, search and the CSV export.
import { Download, History } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { LEAD_STATUS_LABELS } from '../../../../contracts/admin';
import { ADVISOR_RESPONSE_HOURS, LEAD_STATUSES, US_STATES, type LeadStatus } from '../../../../contracts/constants';
import { FilterSelect } from '../../../components/filter-select';
import { Pagination } from '../../../components/pagination';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { TableCell, TableRow } from '../../../components/ui/table';
import { useToast } from '../../../components/ui/use-toast';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { cn } from '../../../lib/utils';
import { errorMessage, leadExportUrl, useChangeLeadStatus, useLeadList } from '../api/admin-api';
import { LeadDialog } from './lead-dialog';
import { NotificationBadge } from './notification-badge';
import { formatDateTime, ResponseClock } from './response-clock';

const STATUS_OPTIONS = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'open', label: 'Open (not closed)' },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
];

const LEAD_COLUMNS: DataColumn[] = [
  'Requester',
  'Community',
  'Care needs and notes',
  'Arrived',
  'Status',
  'Advisor e-mail',
  { key: 'details', label: <span className="sr-only">Details</span> },
];

function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

function StatusMover({ id, name, status, next }: { id: number; name: string; status: LeadStatus; next: LeadStatus[] }) {
  const change = useChangeLeadStatus();
  const { toast } = useToast();
  if (next.length === 0) return <Badge variant="secondary">{LEAD_STATUS_LABELS[status]}</Badge>;
  return (
    <Select
      value={status}
      disabled={change.isPending}
      onValueChange={(v) =>
        v !== status &&
        change.mutate(
          { id, status: v as LeadStatus },
          {
            onSuccess: (r) => toast({ title: `${r.name}: ${LEAD_STATUS_LABELS[r.status]}` }),
            onError: (err) => toast({ title: 'The status was not changed', description: errorMessage(err), variant: 'destructive' }),
          },
        )
      }
    >
      <SelectTrigger className="w-40" aria-label={`Status of ${name}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={status}>{LEAD_STATUS_LABELS[status]}</SelectItem>
        {next.map((s) => (
          <SelectItem key={s} value={s}>
            {LEAD_STATUS_LABELS[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function RequestsTab() {
  const [status, setStatusRaw] = useState('all');
  const [state, setStateRaw] = useState('all');
  const [communityId, setCommunityRaw] = useState('all');
  const [search, setSearchRaw] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeRaw] = useState(25);
  // Any change of the filters starts again at page 1.
  const firstPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const setStatus = firstPage(setStatusRaw);
  const setState = firstPage(setStateRaw);
  const setCommunityId = firstPage(setCommunityRaw);
  const setSearch = firstPage(setSearchRaw);
  const setPageSize = firstPage(setPageSizeRaw);
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useDebouncedValue(search, 300);
  const now = useNow();
  const searchId = useId();
  const filters = { status, state, communityId, q };
  const list = useLeadList({ ...filters, page, pageSize });
  const data = list.data;

  return (
    <div className="flex flex-col gap-5">
      {data && data.overdueCount > 0 && (
        <Alert variant="destructive">
          <AlertTitle>
            {data.overdueCount === 1 ? '1 request is' : `${data.overdueCount} requests are`} past the {ADVISOR_RESPONSE_HOURS}-hour promise
          </AlertTitle>
          <AlertDescription>
            <p>Overdue requests are listed first. Contact the family, then mark the request as contacted.</p>
          </AlertDescription>
        </Alert>
      )}

      <div className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_2fr_auto] lg:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={searchId}>Search requester</Label>
          <Input id={searchId} type="search" placeholder="Name or e-mail" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <FilterSelect label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        <FilterSelect
          label="State"
          value={state}
          options={(data?.facets.states ?? []).map((s) => ({ value: s, label: US_STATES[s] ?? s }))}
          onChange={setState}
        />
        <FilterSelect
          label="Community"
          value={communityId}
          options={(data?.facets.communities ?? []).map((c) => ({ value: String(c.id), label: `${c.name}${c.state ? ` (${c.state})` : ''}` }))}
          onChange={setCommunityId}
        />
        <Button asChild variant="outline">
          <a href={leadExportUrl(filters)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>

      {list.isError && (
        <Alert variant="destructive">
          <AlertTitle>Unable to load the requests.</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(list.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {!data && !list.isError && <Skeleton className="h-96 w-full" />}

      {data && data.leads.length === 0 && (
        <p className="rounded-xl border border-dashed bg-card px-6 py-12 text-center text-gray-700">No information requests match these filters.</p>
      )}

      {data && data.leads.length > 0 && (
        <div className="rounded-xl border bg-card">
          <DataTable label="Information requests" columns={LEAD_COLUMNS}>
            {data.leads.map((lead) => (
              <TableRow
                key={lead.id}
                data-lead-id={lead.id}
                className={cn('align-top', lead.overdue && 'bg-red-50 shadow-[inset_4px_0_0_0] shadow-red-600 hover:bg-red-50')}
              >
                <TableCell className="align-top">
                  <div className="font-semibold text-gray-900">{lead.name}</div>
                  <a className="block text-sm text-primary underline-offset-4 hover:underline" href={`mailto:${lead.email}`}>
                    {lead.email}
                  </a>
                  {lead.phone && <div className="text-sm text-gray-700">{lead.phone}</div>}
                </TableCell>
                <TableCell className="align-top">
                  {lead.community ? (
                    <>
                      <div className="font-medium">{lead.community.name}</div>
                      <div className="text-sm text-gray-700">{[lead.community.city, lead.community.state].filter(Boolean).join(', ')}</div>
                    </>
                  ) : (
                    <span className="text-gray-700">None chosen</span>
                  )}
                </TableCell>
                <TableCell className="max-w-72 align-top">
                  {lead.careNeeds.length > 0 && (
                    <div className="mb-1 flex flex-wrap gap-1">
                      {lead.careNeeds.map((c) => (
                        <Badge key={c} variant="soft">
                          {c}
                        </Badge>
                      ))}
                    </div>
                  )}
                  {lead.notes && <p className="line-clamp-3 text-sm whitespace-pre-wrap text-gray-800">{lead.notes}</p>}
                </TableCell>
                <TableCell className="align-top whitespace-nowrap">
                  <div className="mb-1 text-sm">{formatDateTime(lead.createdAt)}</div>
                  <ResponseClock lead={lead} now={now} />
                </TableCell>
                <TableCell className="align-top">
                  <StatusMover id={lead.id} name={lead.name} status={lead.status} next={lead.nextStatuses} />
                  {lead.statusChangedBy && (
                    <div className="mt-1 text-xs text-gray-700">
                      by {lead.statusChangedBy}
                      <br />
                      {formatDateTime(lead.statusChangedAt)}
                    </div>
                  )}
                </TableCell>
                <TableCell className="align-top">
                  <NotificationBadge lead={lead} />
                </TableCell>
                <TableCell className="align-top">
                  <Button variant="ghost" size="sm" onClick={() => setOpenId(lead.id)} aria-label={`History of ${lead.name}`}>
                    <History aria-hidden="true" />
                    History
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        </div>
      )}

      {data && data.total > 0 && (
        <Pagination page={page} pageSize={pageSize} total={data.total} noun="requests" onPageChange={setPage} onPageSizeChange={setPageSize} disabled={list.isFetching} />
      )}

      <LeadDialog key={openId ?? 'closed'} leadId={openId} onClose={() => setOpenId(null)} now={now} />
    </div>
  );
}
