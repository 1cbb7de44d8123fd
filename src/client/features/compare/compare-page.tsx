// /compare (issue 16, ADR 022): the chosen communities (at most 4) side by side: prices per care type,
// rating and reviews, amenities (what each has and lacks), capacity, licence and inspection facts, and
// straight-line distance from a place the family types. Printable: the page's controls are hidden in
// print and the table fills the page.
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, MinusIcon, PrinterIcon, ScaleIcon, StarIcon, XIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { COMPARE_LIMIT, type CompareCommunity, type CompareView } from '../../../contracts/compare';
import { formatAsOf } from '../../../contracts/provenance';
import { SourceLabel } from '../../components/source-label';
import { CommunityLink } from '../../components/community-link';
import { RemoveButton } from '../../components/remove-button';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { FindCommunitiesButton } from '../../components/find-communities-button';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { getJson, withQuery } from '../../lib/api';
import { errorMessage, useCompare } from '../../lib/compare';
import { formatCurrency, formatNumber, formatRating } from '../../lib/format';
import { cn } from '../../lib/utils';

const VIEW_URL = '/api/compare/view';

function useCompareView(ids: number[], near: string) {
  return useQuery({
    queryKey: [VIEW_URL, ids.join(','), near],
    queryFn: () => getJson<CompareView>(withQuery(VIEW_URL, { ids: ids.join(','), near })),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** A row of the table: a label and one cell per community. */
function Row({ label, cells, testId }: { label: ReactNode; cells: ReactNode[]; testId?: string }) {
  return (
    <tr className="border-b align-top last:border-0" data-testid={testId}>
      <th scope="row" className="w-48 bg-gray-50 px-3 py-2.5 text-left text-sm font-medium text-gray-700 print:bg-white">
        {label}
      </th>
      {cells.map((cell, i) => (
        <td key={i} className="px-3 py-2.5 text-sm text-gray-900">
          {cell}
        </td>
      ))}
    </tr>
  );
}

function Section({ title, span }: { title: string; span: number }) {
  return (
    <tr className="border-b bg-primary-soft/60 print:bg-white">
      <th scope="colgroup" colSpan={span} className="px-3 py-2 text-left text-sm font-semibold tracking-wide text-primary uppercase">
        {title}
      </th>
    </tr>
  );
}

const Has = ({ children = 'Has' }: { children?: ReactNode }) => (
  <span className="inline-flex items-center gap-1 font-medium text-green-800">
    <CheckIcon className="size-4" aria-hidden="true" />
    {children}
  </span>
);
const Lacks = ({ children = 'Lacks' }: { children?: ReactNode }) => (
  <span className="inline-flex items-center gap-1 rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-800 print:border print:border-red-800" data-lacks>
    <XIcon className="size-4" aria-hidden="true" />
    {children}
  </span>
);
const Unknown = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 text-muted-foreground">
    <MinusIcon className="size-4" aria-hidden="true" />
    {children}
  </span>
);

const union = (lists: string[][]) => [...new Set(lists.flat())].sort((a, b) => a.localeCompare(b));

function priceCell(c: CompareCommunity, careType: string) {
  const price = c.pricing.find((p) => p.careType === careType);
  if (price) {
    return (
      <span className="font-semibold text-gray-900 tabular-nums">
        {formatCurrency(price.minPrice)}
        {price.maxPrice > price.minPrice && <>–{formatCurrency(price.maxPrice)}</>}
        <span className="font-normal text-muted-foreground"> /month</span>
      </span>
    );
  }
  if (c.careTypes.includes(careType)) return <Has>Offered; price not published</Has>;
  return <Lacks>Not offered</Lacks>;
}

function licenceCell(c: CompareCommunity) {
  const l = c.licence;
  if (!l) return <Unknown>{c.source.kind === 'demo' ? 'No licence record (demo data)' : 'No licence record'}</Unknown>;
  return (
    <div className="space-y-0.5">
      {l.licenceType && <p>{l.licenceType}</p>}
      {l.licenceNumber && <p className="text-muted-foreground">No. {l.licenceNumber}</p>}
      {l.listingStatus === 'delisted' && <Lacks>No longer on the list{l.delistedAsOf ? ` as of ${formatAsOf(l.delistedAsOf)}` : ''}</Lacks>}
      <p className="text-xs text-muted-foreground">
        {l.sourceName}
        {l.asOf ? `, as of ${formatAsOf(l.asOf)}` : ''}
      </p>
    </div>
  );
}

function inspectionCell(c: CompareCommunity) {
  const r = c.cms;
  if (!r) return <Unknown>No CMS inspection record</Unknown>;
  return (
    <div className="space-y-0.5">
      <p>Overall: {r.overallRating === null ? 'not rated' : `${r.overallRating} of 5 stars`}</p>
      {r.healthDeficiencies !== null && <p>{formatNumber(r.healthDeficiencies)} health deficiencies</p>}
      {r.finesCount !== null && (
        <p>
          {formatNumber(r.finesCount)} fines{r.finesTotal ? ` (${formatCurrency(r.finesTotal)})` : ''}
        </p>
      )}
      {r.abuseIcon && <Lacks>Cited for abuse</Lacks>}
      {r.specialFocus && <Lacks>{r.specialFocus === 'SFF' ? 'Special Focus Facility' : 'Special Focus candidate'}</Lacks>}
      <p className="text-xs text-muted-foreground">CMS{r.asOf ? `, as of ${formatAsOf(r.asOf)}` : ''}</p>
    </div>
  );
}

function CompareTable({ view, onRemove }: { view: CompareView; onRemove: (id: number) => void }) {
  const list = view.communities;
  const span = list.length + 1;
  const careTypes = union(list.map((c) => [...c.careTypes, ...c.pricing.map((p) => p.careType)]));
  const amenities = union(list.map((c) => c.amenities));
  const place = view.place;
  return (
    <div className="overflow-x-auto rounded-lg border bg-card print:overflow-visible print:border-0">
      <table className="w-full min-w-[44rem] border-collapse print:min-w-0" data-testid="compare-table">
        <caption className="sr-only">The chosen communities side by side</caption>
        <thead>
          <tr className="border-b">
            <td className="w-48 px-3 py-3" />
            {list.map((c) => (
              <th key={c.id} scope="col" className="px-3 py-3 text-left align-top" data-testid="compare-column">
                <CommunityLink community={c} className="text-base font-semibold text-gray-900 hover:text-primary hover:underline" />
                <p className="text-sm font-normal text-muted-foreground">
                  {c.city}, {c.state}
                </p>
                <SourceLabel source={c.source} className="mt-1" />
                <RemoveButton what={c.name} className="mt-1 -ml-3 text-muted-foreground" onClick={() => onRemove(c.id)} data-print-hide />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Section title="At a glance" span={span} />
          <Row
            label={place ? `Distance from ${place.label}` : 'Distance'}
            testId="row-distance"
            cells={list.map((c) =>
              !place ? (
                <Unknown>Type a place above</Unknown>
              ) : c.distanceMiles === null ? (
                <Unknown>No map point on record</Unknown>
              ) : (
                <span className="tabular-nums">
                  {c.distanceMiles.toFixed(1)} miles{c.locationApproximate && <span className="text-muted-foreground"> (approximate: ZIP centre)</span>}
                </span>
              ),
            )}
          />
          <Row
            label="Rating"
            testId="row-rating"
            cells={list.map((c) =>
              c.reviewCount > 0 ? (
                <span className="inline-flex items-center gap-1">
                  <StarIcon className="size-4 fill-highlight text-highlight" aria-hidden="true" />
                  <span className="font-semibold">{formatRating(c.rating)}</span>
                  <span className="text-muted-foreground">({formatNumber(c.reviewCount)} reviews)</span>
                </span>
              ) : (
                <Unknown>No reviews yet</Unknown>
              ),
            )}
          />
          <Row
            label="Review themes"
            testId="row-themes"
            cells={list.map((c) => (c.themes && c.themes.length > 0 ? c.themes.join(', ') : <Unknown>No reviews yet</Unknown>))}
          />
          <Row
            label="Capacity"
            cells={list.map((c) => (c.capacity === null ? <Unknown>Not published</Unknown> : `${formatNumber(c.capacity)} residents`))}
          />
          <Section title="Care types and monthly prices" span={span} />
          {careTypes.length === 0 ? (
            <Row label="Care types" cells={list.map(() => <Unknown>Not stated</Unknown>)} />
          ) : (
            careTypes.map((t) => <Row key={t} label={t} testId="row-care-type" cells={list.map((c) => priceCell(c, t))} />)
          )}
          <Section title="Amenities" span={span} />
          {amenities.length === 0 ? (
            <Row label="Amenities" cells={list.map(() => <Unknown>None listed</Unknown>)} />
          ) : (
            amenities.map((a) => <Row key={a} label={a} testId="row-amenity" cells={list.map((c) => (c.amenities.includes(a) ? <Has /> : <Lacks />))} />)
          )}
          <Section title="Licence and inspections" span={span} />
          <Row label="Licence" testId="row-licence" cells={list.map(licenceCell)} />
          <Row label="Health inspections" testId="row-inspections" cells={list.map(inspectionCell)} />
        </tbody>
      </table>
    </div>
  );
}

export function ComparePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const near = (new URLSearchParams(search).get('near') ?? '').trim();
  const [placeText, setPlaceText] = useState(near);
  const { ids, ready, remove } = useCompare();
  const view = useCompareView(ready ? ids : [], near);

  const submitPlace = (e: FormEvent) => {
    e.preventDefault();
    navigate(withQuery('/compare', { near: placeText.trim() }), { replace: true });
  };

  let body: ReactNode;
  if (!ready || (ids.length > 0 && view.isPending)) {
    body = <p className="text-muted-foreground">Loading the comparison…</p>;
  } else if (ids.length === 0) {
    body = (
      <section className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-card px-6 py-12 text-center">
        <ScaleIcon className="size-10 text-primary" aria-hidden="true" />
        <h2 className="mt-4 text-xl font-semibold text-gray-900">Nothing to compare yet</h2>
        <p className="mt-2 text-gray-700">Choose up to {COMPARE_LIMIT} communities with “Compare” on the search results, the map or a community’s page.</p>
        <FindCommunitiesButton size="lg" className="mt-6" />
      </section>
    );
  } else if (view.isError && !view.data) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>The comparison could not be loaded.</AlertTitle>
        <AlertDescription>{errorMessage(view.error, 'Please try again.')}</AlertDescription>
      </Alert>
    );
  } else if (view.data) {
    body = (
      <>
        {view.isError && (
          <Alert variant="destructive" className="mb-4" data-print-hide>
            <AlertDescription>{errorMessage(view.error, 'That place could not be used.')}</AlertDescription>
          </Alert>
        )}
        <CompareTable view={view.data} onRemove={remove} />
        {view.data.place && (
          <p className="mt-3 text-sm text-muted-foreground">
            Distances are straight-line miles from the {view.data.place.basis === 'zip' ? 'centre of ZIP code' : 'centre of'} {view.data.place.label}, not
            driving distances.
          </p>
        )}
        <p className="mt-1 text-sm text-muted-foreground">
          Prices, amenities and ratings are what each record says; demo records are fictional. Licence and inspection facts come from the state
          lists and CMS where the record has them.
        </p>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8 print:max-w-none print:p-0" data-compare-page>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">Compare communities</h1>
          <p className="mt-2 text-gray-700" aria-live="polite">
            {ids.length === 0 ? `Up to ${COMPARE_LIMIT} side by side.` : `${ids.length} of ${COMPARE_LIMIT} communities side by side.`}
          </p>
        </div>
        {ids.length > 0 && (
          <Button variant="outline" onClick={() => window.print()} data-print-hide>
            <PrinterIcon aria-hidden="true" />
            Print
          </Button>
        )}
      </div>
      {ids.length > 0 && (
        <form onSubmit={submitPlace} className="mb-6 flex flex-wrap items-end gap-3" data-print-hide>
          <div className="grid gap-1.5">
            <Label htmlFor="compare-near">Distance from (city or ZIP code)</Label>
            <Input
              id="compare-near"
              value={placeText}
              onChange={(e) => setPlaceText(e.target.value)}
              placeholder="e.g. Austin, TX or 78701"
              className="w-72"
              maxLength={100}
            />
          </div>
          <Button type="submit" variant="secondary" className={cn('border')}>
            Show distances
          </Button>
        </form>
      )}
      {body}
    </div>
  );
}
