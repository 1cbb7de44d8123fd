// The dashboard's search box: finds communities and operators and leads to the matching screen.
import { Building2, type LucideIcon, MapPin, Search, Users } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useQuickSearch } from '../api/dashboard';

/** One kind of match: its heading with the count, the matches (or a line saying there are none), and a link after. */
function ResultGroup<T extends { id: number }>({
  icon: Icon,
  title,
  items,
  none,
  renderItem,
  children,
}: {
  icon: LucideIcon;
  title: string;
  items: T[];
  none: string;
  renderItem: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      <h3 className="mb-2 flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4" /> {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{none}</p>
      ) : (
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}

export function QuickSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { data, isFetching, isError } = useQuickSearch(query);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(text.trim());
  };

  return (
    <div className="space-y-3">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor="dashboard-search" className="sr-only">
          Search communities, operators, or markets
        </label>
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id="dashboard-search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search communities, operators, or markets..." className="pl-9" />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {query && (
        <div className="rounded-lg border bg-card p-4 text-sm" aria-live="polite">
          {isFetching && !data ? (
            <p className="text-muted-foreground">Searching...</p>
          ) : isError ? (
            <p className="text-destructive">The search failed. Please try again.</p>
          ) : data ? (
            <div className="grid gap-4 md:grid-cols-3">
              <ResultGroup
                icon={Building2}
                title={`Communities (${data.communityTotal.toLocaleString('en-US')})`}
                items={data.communities}
                none="No community matches."
                renderItem={(c) => (
                  <Link href={`/community-insights?focus=${c.id}&name=${encodeURIComponent(c.name)}`} className="text-primary underline-offset-2 hover:underline">
                    {c.name}
                  </Link>
                )}
              />
              <ResultGroup
                icon={Users}
                title={`Operators (${data.operatorTotal.toLocaleString('en-US')})`}
                items={data.operators}
                none="No operator matches."
                renderItem={(o) => (
                  <>
                    {o.operatorName}
                    <span className="text-muted-foreground"> · {o.operatorTotalCommunities} communities</span>
                  </>
                )}
              >
                {data.operatorTotal > 0 && (
                  <Link href="/operator-insights" className="mt-2 inline-block text-primary underline-offset-2 hover:underline">
                    Open Operator Intelligence
                  </Link>
                )}
              </ResultGroup>
              <div>
                <h3 className="mb-2 flex items-center gap-2 font-semibold">
                  <MapPin aria-hidden="true" className="size-4" /> Market
                </h3>
                <Link href={`/search?location=${encodeURIComponent(query)}`} className="text-primary underline-offset-2 hover:underline">
                  Communities in or near “{query}”
                </Link>
              </div>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
