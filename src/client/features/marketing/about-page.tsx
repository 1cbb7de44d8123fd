import {
  BarChart3Icon,
  Building2Icon,
  BriefcaseIcon,
  HeartHandshakeIcon,
  LandmarkIcon,
  MessageSquareTextIcon,
  StethoscopeIcon,
  TruckIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { MarketingSection, TileList, type Tile } from '../../components/marketing';
import { ButtonLink } from '../../components/button-link';
import { TextLink } from '../../components/text-link';

const FEATURES = [
  { title: 'Community Insights', text: 'A searchable, filterable record of every community: care types, pricing, amenities, ownership and score.', icon: Building2Icon },
  { title: 'Operator Intelligence', text: 'Who runs what: operator portfolios, revenue bands, headcount, contacts and employer reviews.', icon: UsersIcon },
  { title: 'Pricing Analytics', text: 'Average monthly rates by care type, state and operator, and how the market splits across price bands.', icon: BarChart3Icon },
  { title: 'Sentiment Analysis', text: 'Reviews from residents, families and employees, scored from their own words and summarized.', icon: MessageSquareTextIcon },
];

const AUDIENCES: Tile[] = [
  { title: 'Senior living operators', text: 'Benchmark pricing and reputation against nearby communities and plan where to grow.', icon: Building2Icon },
  { title: 'Vendors and healthcare vendors', text: 'Find the operators and communities that need your products, with the contacts to reach them.', icon: TruckIcon },
  { title: 'REITs and investors', text: 'Screen markets and portfolios by pricing, occupancy signals and sentiment before you commit capital.', icon: LandmarkIcon },
  { title: 'Healthcare providers', text: 'Know the communities your patients move to, and build referral relationships with the right ones.', icon: StethoscopeIcon },
  { title: 'Sales teams', text: 'Prioritize accounts and walk into every conversation knowing the operator and its communities.', icon: BriefcaseIcon },
  {
    title: 'Families',
    text: (
      <>
        Searching for a parent or partner? The{' '}
        <TextLink href="/search">
          community search
        </TextLink>{' '}
        is free, with prices, reviews and a care advisor to help.
      </>
    ),
    icon: HeartHandshakeIcon,
  },
];

/** A plan in brief: its price and what it gives (the pricing page has the full comparison). */
function PlanSummary({ name, price, period, className, children }: { name: string; price: string; period: string; className?: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{name}</CardTitle>
        <p className="text-3xl font-bold text-gray-900">
          {price} <span className="text-base font-normal text-gray-600">{period}</span>
        </p>
      </CardHeader>
      <CardContent className="text-gray-700">{children}</CardContent>
    </Card>
  );
}

export function AboutPage() {
  return (
    <div className="w-full">
      <section className="bg-gradient-to-b from-primary-soft to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">About SeniorScope</h1>
          <p className="mt-6 text-lg leading-relaxed text-gray-700">
            SeniorScope brings together what is known about senior living in the United States (communities, operators, prices and what
            people say about them) so that professionals can make better decisions and families can find a good home for someone they love.
          </p>
          <p className="mt-4 text-base leading-relaxed text-gray-700" data-testid="about-data">
            What you see now is generated demo data unless public records have been imported: the demo communities, prices and reviews are
            fictional and marked &quot;Demo data&quot;. Imported public records (CMS nursing home files and state licensing lists) show their
            agency and the date of their file. Community pictures are illustrations.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink href="/api/login" size="lg" plain>Start Free Trial</ButtonLink>
            <ButtonLink href="/community-insights" size="lg" variant="outline">Explore Platform</ButtonLink>
          </div>
        </div>
      </section>

      <MarketingSection id="what" title="What the platform does">
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <Card key={title}>
              <CardHeader>
                <Icon className="mb-2 size-8 text-primary" aria-hidden="true" />
                <CardTitle>{title}</CardTitle>
                <CardDescription className="text-base text-gray-700">{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </MarketingSection>

      <MarketingSection id="who" title="Who it is for" band="bg-muted">
        <TileList
          tiles={AUDIENCES}
          as="ul"
          className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3"
          itemClassName="flex gap-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200"
          iconClassName="mt-1 size-6 shrink-0 text-primary"
          beside
          titleClassName="font-semibold"
          textClassName="mt-1 text-gray-700"
        />
      </MarketingSection>

      <MarketingSection id="plans" title="Pricing" center className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <PlanSummary name="Basic" price="$0" period="forever">
            Basic market insights, 45,000+ communities and a limited view of 500+ operators.
          </PlanSummary>
          <PlanSummary name="Professional" price="$49" period="per month" className="border-2 border-primary">
            Full access: 7,000+ operator profiles, real-time pricing analytics, AI sentiment analysis and export. 14-day free trial.
          </PlanSummary>
        </div>
        <p className="mt-6 text-center">
          <TextLink href="/pricing">
            Compare plans in detail
          </TextLink>
        </p>
      </MarketingSection>
    </div>
  );
}
