// /community/{id}: the community detail screen of SPEC section 2.
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { HydrateApart } from '../../components/hydrate-apart';
import { LeadForm } from '../../components/lead-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { setChatContext } from '../../lib/chat-context';
import { usePageMeta } from '../../lib/page-meta';
import { parseCommunityId, useCommunity } from './api/get-community';
import { AboutSection, FactsSection } from './components/about-section';
import { AmenitiesSection } from './components/amenities-section';
import { CommunityHeader } from './components/community-header';
import { CommunityNotFound } from './components/community-not-found';
import { CommunitySkeleton } from './components/community-skeleton';
import { ContactCard } from './components/contact-card';
import { PhotoGrid } from './components/photo-grid';
import { PricingSection } from './components/pricing-section';
import { RecordsSection } from './components/records-section';
import { ReviewsSection } from './components/reviews-section';
import { YourReviewCard } from '../../components/your-review-card';

export function CommunityPage() {
  const params = useParams<{ id: string }>();
  const id = parseCommunityId(params.id);
  const { data: community, isPending, isError } = useCommunity(id);

  // The same title and description the server injects for crawlers (src/server/modules/seo/pages.ts).
  usePageMeta(
    community ? `${community.name} — ${community.city}, ${community.state}` : null,
    community
      ? `${community.careTypes.length ? `${community.careTypes.join(', ')} in` : 'Senior living in'} ${community.city}, ${community.state}. ${community.description ?? ''}`.trim()
      : null,
  );

  useEffect(() => {
    if (!community) return;
    setChatContext({ location: `${community.city}, ${community.state}`, careTypes: community.careTypes, resultNames: [community.name] });
    return () => setChatContext({});
  }, [community]);

  if (id === null || isError) return <CommunityNotFound />;
  if (isPending) return <CommunitySkeleton />;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <CommunityHeader community={community} />
      <div className="mt-8">
        <PhotoGrid photos={community.photos} name={community.name} />
      </div>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <HydrateApart>
            <PricingSection pricing={community.pricing} />
            <AboutSection community={community} />
          </HydrateApart>
          <HydrateApart>
            <RecordsSection communityId={community.id} careTypes={community.careTypes} />
          </HydrateApart>
          <HydrateApart>
            <AmenitiesSection amenities={community.amenities} />
            <FactsSection community={community} />
          </HydrateApart>
          <HydrateApart>
            <ReviewsSection communityId={community.id} communityName={community.name} />
          </HydrateApart>
          <HydrateApart>
            <YourReviewCard communityId={community.id} communityName={community.name} />
          </HydrateApart>
        </div>
        <aside className="flex flex-col gap-6" aria-label="Contact and information request">
          <HydrateApart>
            <Card id="request-information" aria-labelledby="lead-heading" className="scroll-mt-24">
              <CardHeader>
                <CardTitle as="h2" id="lead-heading">
                  Request Information
                </CardTitle>
                <CardDescription>Get pricing, availability and answers from a care advisor. It's free.</CardDescription>
              </CardHeader>
              <CardContent>
                <LeadForm communityId={community.id} />
              </CardContent>
            </Card>
          </HydrateApart>
          <HydrateApart>
            <ContactCard community={community} />
          </HydrateApart>
        </aside>
      </div>
    </div>
  );
}
