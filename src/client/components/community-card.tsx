// The community card of the search page (SPEC section 2): grid and list variants. The favorite toggle
// and 'Request Information' appear only when their handlers are passed.
import { HeartIcon, ImageOffIcon, MapPinIcon, StarIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Community } from '../../contracts/community';
import type { SearchCommunity } from '../../contracts/search';
import { formatCurrency, formatNumber, formatRating } from '../lib/format';
import { useInlinePicture } from '../lib/inline-pictures';
import { cn } from '../lib/utils';
import { IllustrationCaption } from './illustration-caption';
import { SourceLabel } from './source-label';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

/** At most this many care types on a card (SPEC section 9). */
export const CARD_CARE_TYPES = 2;
export const DESCRIPTION_FALLBACK = 'Contact this community to learn more about its care, services and daily life.';

export type CommunityCardVariant = 'grid' | 'list';

export interface CommunityCardProps {
  community: Pick<Community, 'id' | 'name' | 'city' | 'state' | 'rating' | 'reviewCount' | 'careTypes' | 'description' | 'photos' | 'pricing'> &
    Partial<Pick<Community, 'source'>> &
    /** A search result's price (the chosen care type's, ADR 010); absent elsewhere (favorites). */
    Partial<Pick<SearchCommunity, 'shownPrice'>>;
  variant?: CommunityCardVariant;
  isFavorite?: boolean;
  /** Shows the heart toggle when passed. */
  onToggleFavorite?: (communityId: number) => void;
  favoritePending?: boolean;
  /** Shows 'Request Information' when passed. */
  onRequestInfo?: (communityId: number) => void;
  /** More buttons under the card's own (Compare). */
  actions?: ReactNode;
  className?: string;
  /** The first card of a page: its picture is the page's largest paint, so it loads at once. */
  priority?: boolean;
}

/** The first pricing entry's minPrice, as the card shows it. */
export function cardPrice(pricing: Community['pricing']): number | null {
  const first = pricing[0];
  return first ? first.minPrice : null;
}

function CardImage({ community, variant, priority }: Pick<CommunityCardProps, 'community' | 'variant' | 'priority'>) {
  const photo = community.photos[0];
  const shown = useInlinePicture(photo ?? '');
  return (
    <Link
      href={`/community/${community.id}`}
      tabIndex={-1}
      aria-hidden="true"
      className={cn(
        'relative block shrink-0 overflow-hidden bg-muted',
        variant === 'list' ? 'aspect-[4/3] w-full sm:aspect-auto sm:h-auto sm:w-64' : 'aspect-[16/10] w-full',
      )}
    >
      {photo ? (
        <>
          {/* The photos are generated illustrations, not pictures of the place (ADR 008). */}
          <img
            src={shown}
            alt={`Illustration of ${community.name}`}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
          />
          <IllustrationCaption />
        </>
      ) : (
        <div className="flex size-full min-h-40 flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
          <ImageOffIcon className="size-6" aria-hidden="true" />
          No image available
        </div>
      )}
    </Link>
  );
}

export function CommunityCard({
  community,
  variant = 'grid',
  isFavorite = false,
  onToggleFavorite,
  favoritePending,
  onRequestInfo,
  actions,
  className,
  priority = false,
}: CommunityCardProps) {
  const shown = community.shownPrice;
  const price = shown === undefined ? cardPrice(community.pricing) : (shown?.minPrice ?? null);
  const priceCareType = shown?.forCareTypes ? shown.careType : null;
  const careTypes = community.careTypes.slice(0, CARD_CARE_TYPES);
  const description = community.description?.trim() || DESCRIPTION_FALLBACK;
  const isList = variant === 'list';

  return (
    <article
      data-testid="community-card"
      className={cn(
        'flex overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        isList ? 'flex-col sm:flex-row' : 'flex-col',
        className,
      )}
    >
      <CardImage community={community} variant={variant} priority={priority} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg leading-snug font-semibold">
              <Link href={`/community/${community.id}`} className="rounded-sm hover:text-primary hover:underline">
                {community.name}
              </Link>
            </h3>
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              {community.city}, {community.state}
            </p>
            <SourceLabel source={community.source} className="mt-1.5" />
          </div>
          {onToggleFavorite && (
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-2 shrink-0"
              aria-pressed={isFavorite}
              aria-label={isFavorite ? `Remove ${community.name} from favorites` : `Save ${community.name} to favorites`}
              disabled={favoritePending}
              onClick={() => onToggleFavorite(community.id)}
            >
              <HeartIcon className={cn('size-5!', isFavorite ? 'fill-red-600 text-red-600' : 'text-gray-600')} aria-hidden="true" />
            </Button>
          )}
        </div>

        {community.reviewCount > 0 ? (
          <p className="flex items-center gap-1.5 text-sm">
            <StarIcon className="size-4 fill-highlight text-highlight" aria-hidden="true" />
            <span className="font-semibold">{formatRating(community.rating, '0.0')}</span>
            <span className="text-muted-foreground">({formatNumber(community.reviewCount, '0')} reviews)</span>
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="no-reviews">
            <StarIcon className="size-4 text-gray-400" aria-hidden="true" />
            No reviews yet
          </p>
        )}

        {careTypes.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Care types">
            {careTypes.map((t) => (
              <li key={t}>
                <Badge variant="soft">{t}</Badge>
              </li>
            ))}
          </ul>
        )}

        <p className={cn('text-sm text-muted-foreground', isList ? 'line-clamp-3' : 'line-clamp-2')}>{description}</p>

        <div className={cn('mt-auto flex gap-3 pt-1', isList ? 'flex-wrap items-center justify-between' : 'flex-col')}>
          {price === null ? (
            <p className="text-base font-semibold">Contact for pricing</p>
          ) : isList ? (
            <p className="text-base">
              <span className="text-xl font-bold text-primary">{formatCurrency(price)}</span>
              <span className="text-sm text-muted-foreground"> /month</span>
              {priceCareType && (
                <span className="block text-xs text-muted-foreground" data-testid="card-price-care-type">
                  {priceCareType}
                </span>
              )}
            </p>
          ) : (
            <div>
              <p className="text-base font-semibold text-primary">From {formatCurrency(price)}/month</p>
              {priceCareType && (
                <p className="text-xs text-muted-foreground" data-testid="card-price-care-type">
                  {priceCareType}
                </p>
              )}
            </div>
          )}
          <div className={cn('flex flex-wrap gap-2', !isList && 'w-full flex-col')}>
            <Button asChild variant="outline" className={cn(!isList && 'w-full')}>
              <Link href={`/community/${community.id}`}>
                View Details<span className="sr-only"> for {community.name}</span>
              </Link>
            </Button>
            {onRequestInfo && (
              <Button className={cn(!isList && 'w-full')} onClick={() => onRequestInfo(community.id)}>
                Request Information
              </Button>
            )}
            {actions}
          </div>
        </div>
      </div>
    </article>
  );
}

/** A card-sized placeholder while results load (no layout shift). */
export function CommunityCardSkeleton({ variant = 'grid' }: { variant?: CommunityCardVariant }) {
  const isList = variant === 'list';
  return (
    <div
      data-testid="community-card-skeleton"
      aria-hidden="true"
      className={cn('flex animate-pulse overflow-hidden rounded-lg border bg-card', isList ? 'flex-col sm:flex-row' : 'flex-col')}
    >
      <div className={cn('bg-gray-200', isList ? 'aspect-[4/3] w-full sm:aspect-auto sm:h-56 sm:w-64' : 'aspect-[16/10] w-full')} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-5 w-2/3 rounded bg-gray-200" />
        <div className="h-4 w-1/3 rounded bg-gray-200" />
        <div className="h-4 w-1/4 rounded bg-gray-200" />
        <div className="flex gap-2">
          <div className="h-5 w-24 rounded-full bg-gray-200" />
          <div className="h-5 w-24 rounded-full bg-gray-200" />
        </div>
        <div className="h-4 w-full rounded bg-gray-200" />
        <div className="h-4 w-5/6 rounded bg-gray-200" />
        <div className="mt-auto h-10 w-full rounded bg-gray-200" />
      </div>
    </div>
  );
}
