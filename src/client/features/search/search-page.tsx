// /search: community search (SPEC section 2 'Community search', sections 4, 5, 8 and 9).
import { LayoutGridIcon, ListIcon, MapIcon, SearchIcon, SlidersHorizontalIcon } from 'lucide-react';
import { type FormEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AMENITY_OPTIONS, CARE_TYPE_KEYS, CARE_TYPES, PRICE_SLIDER, SEARCH_SORTS, type SearchSort } from '../../../contracts/constants';
import { CAPACITY_BANDS, LICENCE_TYPES, type CapacityBand, type LicenceType } from '../../../contracts/licence-filters';
import { CommunityCard, CommunityCardSkeleton, type CommunityCardVariant } from '../../components/community-card';
import { CompareButton } from '../../components/compare-button';
import { HydrateApart } from '../../components/hydrate-apart';
import { LabelledSelect, optionsOf } from '../../components/labelled-select';
import { LeadForm } from '../../components/lead-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { setChatContext } from '../../lib/chat-context';
import { useFavoriteIds, useToggleFavorite } from '../../lib/favorites';
import { formatNumber } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { cn } from '../../lib/utils';
import { EMPTY_FILTERS, type MapView as MapViewState, type SearchFilterState, useCommunitySearch, useMapConfig, useMapPoints } from './api/search-communities';
import { SearchFilters } from './components/search-filters';
import { SearchPagination } from './components/search-pagination';

const CommunityMap = lazy(() => import('../../components/community-map').then((m) => ({ default: m.CommunityMap })));

export const SORT_OPTIONS = optionsOf<SearchSort>({
  relevance: 'Sort by Relevance',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  rating: 'Highest Rated',
  name: 'Name A-Z',
});

type ViewMode = 'list' | 'grid' | 'map';
const VIEWS: { value: ViewMode; label: string; Icon: typeof ListIcon }[] = [
  { value: 'list', label: 'List', Icon: ListIcon },
  { value: 'grid', label: 'Grid', Icon: LayoutGridIcon },
  { value: 'map', label: 'Map', Icon: MapIcon },
];

/** A price bound from the address: an integer; zero, empty or unreadable means no bound (SPEC section 5). */
function priceParam(raw: string | null): number | undefined {
  if (!raw) return undefined;
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** careType=memory (the footer's keys) or a label; several may be comma-joined. */
function careTypesParam(raw: string | null): string[] {
  if (!raw) return [];
  const labels = new Set<string>();
  for (const part of raw.split(',')) {
    const key = part.trim().toLowerCase();
    const label = CARE_TYPE_KEYS[key as keyof typeof CARE_TYPE_KEYS] ?? CARE_TYPES.find((t) => t.toLowerCase() === key);
    if (label) labels.add(label);
  }
  return [...labels];
}

export function filtersFromQuery(search: string): SearchFilterState {
  const q = new URLSearchParams(search);
  const amenities = (q.get('amenities') ?? '').split(',').filter((a) => (AMENITY_OPTIONS as readonly string[]).includes(a));
  return {
    location: (q.get('location') ?? '').trim(),
    careTypes: careTypesParam(q.get('careType')),
    priceMin: priceParam(q.get('priceMin')),
    priceMax: priceParam(q.get('priceMax')),
    amenities,
    includeUnpriced: q.get('includeUnpriced') === 'true',
    licenceType: oneOf(LICENCE_TYPES, q.get('licenceType')),
    capacity: oneOf(CAPACITY_BANDS, q.get('capacity')),
  };
}

/** A value of the address that is one of the options; anything else means no filter. */
function oneOf<T extends string>(options: readonly T[], raw: string | null): T | undefined {
  return options.find((o) => o === raw);
}

function sortFromQuery(search: string): SearchSort {
  const sort = new URLSearchParams(search).get('sort');
  return (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'relevance';
}

const KEY_OF_CARE_TYPE = new Map(Object.entries(CARE_TYPE_KEYS).map(([key, label]) => [label as string, key]));

/** A shareable address of a search (the parameters filtersFromQuery reads). */
export function searchAddress(f: SearchFilterState, sort: SearchSort): string {
  const q = new URLSearchParams();
  if (f.location) q.set('location', f.location);
  if (f.careTypes.length) q.set('careType', f.careTypes.map((t) => KEY_OF_CARE_TYPE.get(t) ?? t).join(','));
  if (f.priceMin) q.set('priceMin', String(f.priceMin));
  if (f.priceMax) q.set('priceMax', String(f.priceMax));
  if (f.amenities.length) q.set('amenities', f.amenities.join(','));
  if (f.includeUnpriced) q.set('includeUnpriced', 'true');
  if (f.licenceType) q.set('licenceType', f.licenceType satisfies LicenceType);
  if (f.capacity) q.set('capacity', f.capacity satisfies CapacityBand);
  if (sort !== 'relevance') q.set('sort', sort);
  return `/search?${q.toString()}`;
}

export function SearchPage() {
  const search = useSearch();
  // A new address (e.g. a footer link while on /search) starts a fresh search.
  return <SearchScreen key={search} initial={filtersFromQuery(search)} initialSort={sortFromQuery(search)} />;
}

function SearchScreen({ initial, initialSort }: { initial: SearchFilterState; initialSort: SearchSort }) {
  const [, navigate] = useLocation();
  const [searchText, setSearchText] = useState(initial.location);
  const [draft, setDraft] = useState<SearchFilterState>(initial);
  const [applied, setApplied] = useState<SearchFilterState>(initial);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SearchSort>(initialSort);
  const [view, setView] = useState<ViewMode>('list');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [requestFor, setRequestFor] = useState<number | null>(null);
  const resultsRef = useRef<HTMLElement>(null);

  const query = useCommunitySearch(applied, page, sort);
  const data = query.data;
  const favoriteIds = useFavoriteIds();
  const { toggleFavorite, pendingCommunityId } = useToggleFavorite();

  // The assistant's context: location, care types, the price range when both bounds are set, 3 names.
  const names = data?.communities.slice(0, 3).map((c) => c.name).join('\u0000') ?? '';
  useEffect(() => {
    setChatContext({
      location: applied.location || undefined,
      careTypes: applied.careTypes,
      priceRange: applied.priceMin !== undefined && applied.priceMax !== undefined ? { min: applied.priceMin, max: applied.priceMax } : undefined,
      resultNames: names ? names.split('\u0000') : [],
    });
  }, [applied, names]);
  useEffect(() => () => setChatContext({}), []);

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    const location = searchText.trim();
    setDraft((d) => ({ ...d, location }));
    setApplied((a) => ({ ...a, location }));
    setPage(1);
  };

  const applyFilters = () => {
    // The slider's top value reads '$10,000+': no upper bound.
    const priceMax = draft.priceMax !== undefined && draft.priceMax >= PRICE_SLIDER.max ? undefined : draft.priceMax;
    setApplied({ ...draft, location: applied.location, priceMax });
    setPage(1);
    setFiltersOpen(false);
  };

  const clearFilters = () => {
    setSearchText('');
    setDraft(EMPTY_FILTERS);
    setApplied(EMPTY_FILTERS);
    setPage(1);
  };

  const changePage = (next: number) => {
    setPage(next);
    resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  /** Re-runs the search with (or without) the communities that publish no price, at a shareable address. */
  const setIncludeUnpriced = (includeUnpriced: boolean) => navigate(searchAddress({ ...applied, includeUnpriced }, sort));

  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  // "Assisted Living in Austin, TX — 12 communities", as the server's landing page says it (ADR 015).
  const careLabel = applied.careTypes.length === 1 ? applied.careTypes[0] : 'Senior Living';
  usePageMeta(
    applied.location && data ? `${careLabel} in ${applied.location} — ${formatNumber(total, '0')} ${total === 1 ? 'community' : 'communities'}` : null,
    applied.location && data ? `Compare ${formatNumber(total, '0')} communities for ${careLabel.toLowerCase()} in ${applied.location}: prices, care types, ratings and contacts.` : null,
  );
  const requestCommunity = data?.communities.find((c) => c.id === requestFor);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find Senior Living Communities</h1>

      <form role="search" onSubmit={submitSearch} className="mt-6 flex max-w-3xl gap-2">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500" aria-hidden="true" />
          <Input
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search by city, state, or ZIP code"
            aria-label="Search by city, state, or ZIP code"
            maxLength={100}
            className="h-12 pl-10 text-base"
          />
        </div>
        <Button type="submit" size="lg" className="h-12 px-4 sm:px-6">
          Search
        </Button>
      </form>

      <div className="mt-8 flex flex-col gap-8 lg:flex-row">
        <aside className="lg:w-72 lg:shrink-0" aria-label="Search filters">
          <Button
            variant="outline"
            className="mb-4 w-full lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="search-filter-panel"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <SlidersHorizontalIcon aria-hidden="true" />
            {filtersOpen ? 'Hide filters' : 'Show filters'}
          </Button>
          <div id="search-filter-panel" className={cn(!filtersOpen && 'hidden', 'lg:sticky lg:top-24 lg:block')}>
            <HydrateApart>
              <SearchFilters draft={draft} onChange={setDraft} onApply={applyFilters} />
            </HydrateApart>
          </div>
        </aside>

        <section ref={resultsRef} aria-labelledby="search-results-heading" className="min-w-0 flex-1 scroll-mt-24">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="search-results-heading" className="text-2xl font-semibold">
                Search Results
              </h2>
              <p className="mt-1 text-muted-foreground" aria-live="polite" data-testid="results-count">
                {query.isPending ? 'Searching…' : `${formatNumber(total, '0')} communities found`}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
                {VIEWS.map(({ value, label, Icon }) => (
                  <Button
                    key={value}
                    variant={view === value ? 'default' : 'ghost'}
                    size="sm"
                    aria-pressed={view === value}
                    onClick={() => setView(value)}
                  >
                    <Icon aria-hidden="true" />
                    {label}
                  </Button>
                ))}
              </div>
              <LabelledSelect
                label="Sort results"
                hideLabel
                value={sort}
                options={SORT_OPTIONS}
                onChange={(v) => {
                  setSort(v);
                  setPage(1);
                }}
                triggerClassName="w-52"
              />
            </div>
          </div>

          {data && data.unpricedCount > 0 && !query.isError && (
            <UnpricedNotice count={data.unpricedCount} included={!!applied.includeUnpriced} onChange={setIncludeUnpriced} />
          )}

          <div className="mt-6">
            {query.isPending ? (
              <div className={cn('grid gap-6', view === 'grid' && 'sm:grid-cols-2 xl:grid-cols-3')} aria-busy="true" aria-label="Loading communities">
                {[0, 1, 2].map((i) => (
                  <CommunityCardSkeleton key={i} variant={view === 'grid' ? 'grid' : 'list'} />
                ))}
              </div>
            ) : query.isError ? (
              <div role="alert" className="rounded-lg border bg-card px-6 py-12 text-center">
                <p className="text-lg font-medium">Unable to load communities at this time.</p>
                <Button className="mt-4" onClick={() => void query.refetch()}>
                  Try Again
                </Button>
              </div>
            ) : total === 0 ? (
              <div className="rounded-lg border bg-card px-6 py-12 text-center">
                <p className="text-lg font-medium">No communities found matching your criteria.</p>
                <p className="mt-2 text-muted-foreground">Try adjusting your search filters or location.</p>
                <Button variant="outline" className="mt-5" onClick={clearFilters}>
                  Clear Filters
                </Button>
              </div>
            ) : view === 'map' ? (
              <MapView filters={applied} total={total} />
            ) : (
              <>
                <ResultCards
                  variant={view === 'grid' ? 'grid' : 'list'}
                  communities={data?.communities ?? []}
                  favoriteIds={favoriteIds}
                  pendingId={pendingCommunityId}
                  onToggleFavorite={(id) => toggleFavorite(id, favoriteIds.has(id))}
                  onRequestInfo={setRequestFor}
                  fetching={query.isFetching}
                />
                {data && data.communities.length === 0 && (
                  <p className="py-8 text-center text-muted-foreground">There are no communities on this page.</p>
                )}
                <SearchPagination page={page} totalPages={totalPages} onPageChange={changePage} />
              </>
            )}
          </div>
        </section>
      </div>

      <Dialog open={requestFor !== null} onOpenChange={(open) => !open && setRequestFor(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Request Information</DialogTitle>
            <DialogDescription>
              {requestCommunity ? `Ask ${requestCommunity.name} about availability, pricing and tours.` : 'Ask about availability, pricing and tours.'}
            </DialogDescription>
          </DialogHeader>
          {requestFor !== null && <LeadForm communityId={requestFor} onSuccess={() => setRequestFor(null)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** "N more communities don't publish prices" under a price band, with a one-click way to include them. */
function UnpricedNotice({ count, included, onChange }: { count: number; included: boolean; onChange: (include: boolean) => void }) {
  const n = formatNumber(count);
  const text = included
    ? `Including ${n} ${count === 1 ? "community that doesn't" : "communities that don't"} publish prices`
    : `${n} more ${count === 1 ? "community doesn't" : "communities don't"} publish prices`;
  return (
    <div data-testid="unpriced-notice" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted px-4 py-3 text-sm">
      <p>{text}</p>
      <Button variant="outline" size="sm" onClick={() => onChange(!included)}>
        {included ? 'Hide them' : 'Include them'}
      </Button>
    </div>
  );
}

interface ResultCardsProps {
  variant: CommunityCardVariant;
  communities: Parameters<typeof CommunityCard>[0]['community'][];
  favoriteIds: Set<number>;
  pendingId: number | undefined;
  onToggleFavorite: (id: number) => void;
  onRequestInfo: (id: number) => void;
  fetching: boolean;
}

function ResultCards({ variant, communities, favoriteIds, pendingId, onToggleFavorite, onRequestInfo, fetching }: ResultCardsProps) {
  return (
    <ul
      className={cn('grid gap-6 transition-opacity', variant === 'grid' && 'sm:grid-cols-2 xl:grid-cols-3', fetching && 'opacity-70')}
      aria-label="Communities"
    >
      {communities.map((c, i) => (
        <li key={c.id} className="flex">
          {/* Each card hydrated and committed in a pass of its own (ADR 028, "Hydration in parts"). */}
          <HydrateApart>
            <CommunityCard
              className="w-full"
              priority={i === 0}
              community={c}
              variant={variant}
              isFavorite={favoriteIds.has(c.id)}
              favoritePending={pendingId === c.id}
              onToggleFavorite={onToggleFavorite}
              onRequestInfo={onRequestInfo}
              actions={<CompareButton communityId={c.id} name={c.name} size="default" className={cn(variant === 'grid' && 'w-full')} />}
            />
          </HydrateApart>
        </li>
      ))}
    </ul>
  );
}

function MapView({ filters, total }: { filters: SearchFilterState; total: number }) {
  // The view the map reports, for the search it was reported under (a new search starts from its whole result).
  const filtersKey = JSON.stringify(filters);
  const [reported, setReported] = useState<{ key: string; view: MapViewState } | null>(null);
  const view = reported?.key === filtersKey ? reported.view : null;
  const points = useMapPoints(filters, true, view);
  const config = useMapConfig(true);
  const mapFallback = <Skeleton className="h-[600px] w-full rounded-lg" />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="map-status">
        {points.isPending
          ? 'Loading the map…'
          : points.isError
            ? 'The map points could not be loaded. Please try again.'
            : `${formatNumber(points.data.total)} of ${formatNumber(total)} communities shown on the map${points.data.total < total ? ' (the others have no map location)' : ''}. Select a cluster to zoom in, or a marker for details.`}
      </p>
      {config.isPending ? (
        mapFallback
      ) : (
        <Suspense fallback={mapFallback}>
          <CommunityMap
            points={points.data?.points ?? []}
            clusters={points.data?.clusters ?? []}
            frameKey={points.data ? filtersKey : undefined}
            onViewChange={(v) => setReported({ key: filtersKey, view: v })}
            tileUrl={config.data?.tileUrl}
            attribution={config.data?.attribution}
          />
        </Suspense>
      )}
    </div>
  );
}
