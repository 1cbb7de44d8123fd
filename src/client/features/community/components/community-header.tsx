// Name, full address, rating with review count, care type badges, top price and the favorite heart.
import { HeartIcon, MapPinIcon, StarIcon } from 'lucide-react';
import type { CommunityDetail } from '../../../../contracts/community';
import { CompareButton } from '../../../components/compare-button';
import { SourceLabel } from '../../../components/source-label';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useFavoriteStatus, useToggleFavorite } from '../../../lib/favorites';
import { formatCurrency, formatNumber, formatRating } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { ButtonLink } from '../../../components/button-link';

export function fullAddress(c: Pick<CommunityDetail, 'address' | 'city' | 'state' | 'zipCode'>): string {
  const cityLine = [c.city, [c.state, c.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, cityLine].filter(Boolean).join(', ');
}

function FavoriteToggle({ communityId, name }: { communityId: number; name: string }) {
  const { isFavorite } = useFavoriteStatus(communityId);
  // SPEC section 7: on the detail page favorite mutations show no error toast.
  const { toggleFavorite, pendingCommunityId } = useToggleFavorite({ showErrorToast: false });
  const pending = pendingCommunityId === communityId;
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-11 shrink-0 rounded-full"
      aria-pressed={isFavorite}
      aria-label={isFavorite ? `Remove ${name} from favorites` : `Save ${name} to favorites`}
      title={isFavorite ? 'Remove from favorites' : 'Save to favorites'}
      disabled={pending}
      onClick={() => toggleFavorite(communityId, isFavorite)}
    >
      <HeartIcon aria-hidden="true" className={cn('size-5!', isFavorite ? 'fill-red-600 text-red-600' : 'text-gray-600')} />
    </Button>
  );
}

export function CommunityHeader({ community }: { community: CommunityDetail }) {
  const top = community.pricing[0];
  return (
    <header className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
      <div className="flex min-w-0 flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{community.name}</h1>
        <SourceLabel source={community.source} className="w-fit text-sm" />
        <p className="flex items-start gap-2 text-gray-700">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span data-testid="community-address">{fullAddress(community)}</span>
        </p>
        {community.reviewCount > 0 ? (
          <p className="flex items-center gap-2 text-gray-700">
            <StarIcon className="size-5 fill-highlight text-highlight" aria-hidden="true" />
            <span className="font-semibold text-gray-900" data-testid="community-rating">
              {formatRating(community.rating)}
            </span>
            <span className="text-muted-foreground">({formatNumber(community.reviewCount)} reviews)</span>
          </p>
        ) : (
          <p className="flex items-center gap-2 text-muted-foreground">
            <StarIcon className="size-5 text-gray-400" aria-hidden="true" />
            <span data-testid="community-rating">No reviews yet</span>
          </p>
        )}
        {community.careTypes.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Care types">
            {community.careTypes.map((careType) => (
              <li key={careType}>
                <Badge variant="soft" className="px-3 py-1 text-sm font-medium">
                  {careType}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-3 md:items-end">
        <div className="flex items-center justify-between gap-4 md:justify-end">
          <div className="text-left md:text-right" data-testid="top-price">
            {top ? (
              <>
                <p className="text-2xl font-bold whitespace-nowrap text-primary tabular-nums sm:text-3xl">
                  {formatCurrency(top.minPrice)} <span className="text-base font-medium text-muted-foreground">per month</span>
                </p>
                <p className="text-sm text-muted-foreground">{top.careType}</p>
              </>
            ) : (
              <p className="text-xl font-semibold text-gray-900">Contact for pricing</p>
            )}
          </div>
          <FavoriteToggle communityId={community.id} name={community.name} />
        </div>
        <CompareButton communityId={community.id} name={community.name} size="default" className="w-full md:w-auto" />
        <ButtonLink href="#request-information" variant="outline" className="w-full lg:hidden" plain>Request information</ButtonLink>
      </div>
    </header>
  );
}
