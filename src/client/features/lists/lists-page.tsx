// Saved prospect lists (Pro): each list with its communities and operators, a CSV export for a CRM
// (company, phone, e-mail, website, city, state, communities) and removal.
import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { TableHeadings } from '../../components/table-headings';
import { useAuth } from '../../lib/auth';
import { useDeleteList, useList, useLists, useRemoveFromList } from '../../lib/lists';
import { UpgradeButton } from '../../components/upgrade-button';

function ListItems({ listId }: { listId: number }) {
  const list = useList(listId);
  const remove = useRemoveFromList();
  if (list.isError) return <p className="text-muted-foreground">The list could not be loaded.</p>;
  if (!list.data) return <p className="text-muted-foreground">Loading…</p>;
  if (list.data.items.length === 0) return <p className="text-muted-foreground">Nothing saved yet: use “Save to list” on Community Insights, Operator Intelligence or a portfolio.</p>;
  return (
    <Table>
      <TableHeadings headings={['Company', 'Type', 'Phone', 'City', 'Communities', <span className="sr-only">Remove</span>]} />
      <TableBody>
        {list.data.items.map((i) => (
          <TableRow key={`${i.type}-${i.id}`}>
            <TableCell>
              <Link href={i.type === 'community' ? `/community/${i.id}` : `/portfolio/${i.id}`} className="font-medium text-primary hover:underline">
                {i.name}
              </Link>
            </TableCell>
            <TableCell className="capitalize">{i.type}</TableCell>
            <TableCell>{i.phone ?? '—'}</TableCell>
            <TableCell>{[i.city, i.state].filter(Boolean).join(', ') || '—'}</TableCell>
            <TableCell className="tabular-nums">{i.communities}</TableCell>
            <TableCell className="text-right">
              <Button variant="ghost" size="sm" aria-label={`Remove ${i.name}`} onClick={() => remove.mutate({ listId, type: i.type, id: i.id })}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ListsPage() {
  const { isPro, isLoading } = useAuth();
  const lists = useLists(isPro);
  const del = useDeleteList();
  const [confirm, setConfirm] = useState<number | null>(null);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Saved Lists</h1>
        <p className="mt-1 text-muted-foreground">Communities and operators you saved, ready to export to your CRM.</p>
      </div>
      {isLoading ? null : !isPro ? (
        <Card>
          <CardContent className="space-y-3 p-6 text-center">
            <p className="text-muted-foreground">Saved lists are a Professional feature.</p>
            <UpgradeButton />
          </CardContent>
        </Card>
      ) : lists.isError ? (
        <p className="text-muted-foreground">Your lists could not be loaded.</p>
      ) : !lists.data ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : lists.data.length === 0 ? (
        <p className="rounded-md border p-6 text-center text-muted-foreground">No lists yet: use “Save to list” on Community Insights, Operator Intelligence or a portfolio.</p>
      ) : (
        lists.data.map((l) => (
          <Card key={l.id} data-testid="saved-list">
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
              <div className="space-y-1.5">
                <CardTitle as="h2">{l.name}</CardTitle>
                <CardDescription>
                  {l.communities} {l.communities === 1 ? 'community' : 'communities'}, {l.operators} {l.operators === 1 ? 'operator' : 'operators'}
                </CardDescription>
              </div>
              <div className="flex gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={`/api/lists/${l.id}/export.csv`} download>
                    <DownloadIcon aria-hidden="true" />
                    Export CSV
                  </a>
                </Button>
                {confirm === l.id ? (
                  <Button variant="destructive" size="sm" onClick={() => del.mutate(l.id)}>
                    Delete “{l.name}”
                  </Button>
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => setConfirm(l.id)}>
                    Delete list
                  </Button>
                )}
              </div>
            </CardHeader>
            <CardContent>
              <ListItems listId={l.id} />
            </CardContent>
          </Card>
        ))
      )}
    </div>
  );
}
