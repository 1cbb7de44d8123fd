import {
  ArrowLeftIcon,
  BarChart3Icon,
  Building2Icon,
  DownloadIcon,
  FileTextIcon,
  LandmarkIcon,
  MessageSquareTextIcon,
  SparklesIcon,
  StarIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { CheckList } from './components/check-list';
import { FaqList, type FaqItem } from './components/faq-list';
import { Logo } from '../../app/layout/logo';
import { CtaBand, MarketingSection, StatList, TileList } from '../../components/marketing';
import { ButtonLink } from '../../components/button-link';
import { TextLink } from '../../components/text-link';

const BASIC_INCLUDED = ['Basic market insights', 'Access to 45,000+ communities', '500+ operators (limited)', 'Community search and detail pages'];
const BASIC_EXCLUDED = ['Operator intelligence', 'Pricing analytics', 'Sentiment analysis'];
const PRO_INCLUDED = [
  'Everything in Basic',
  'Full access to 45,000+ communities',
  '7,000+ operator profiles with contacts',
  'Real-time pricing analytics',
  'AI sentiment analysis of reviews',
  'Export data to CSV',
  'Priority support',
];

const FEATURES = [
  { title: 'Community Insights', text: 'Filter every community by state, city, care type, operator, pricing and score.', icon: Building2Icon },
  { title: 'Operator Intelligence', text: 'Revenue, portfolio size, employees and contacts for 7,000+ operators.', icon: UsersIcon },
  { title: 'Pricing Analytics', text: 'Average monthly rates by care type, state and operator, with price-band segmentation.', icon: BarChart3Icon },
  { title: 'Sentiment Analysis', text: 'Resident and employee reviews scored for sentiment, with rating distributions.', icon: MessageSquareTextIcon },
  { title: 'Data Export', text: 'Download the rows behind any view as CSV for your CRM or your own models.', icon: DownloadIcon },
  { title: 'Sales Intelligence', text: 'Reach decision makers with operator phone numbers, e-mail addresses and websites.', icon: SparklesIcon },
];

// What the data really is (ADR 008): the default dataset is generated demo data; imported public
// records name their agency and the date of their file. No review platform, real estate or operator
// website data is used (docs/spec-conformance.md).
const SOURCES = [
  {
    title: 'Demo data',
    text: 'The default dataset is generated: its communities, operators, prices and reviews are fictional, and each record is marked "Demo data".',
    icon: SparklesIcon,
  },
  {
    title: 'Government sources',
    text: 'CMS nursing home files (ratings, ownership, beds) can be imported; each record shows "Source: Centers for Medicare & Medicaid Services" and the date of its file.',
    icon: LandmarkIcon,
  },
  {
    title: 'State agencies',
    text: 'State assisted-living licensing lists (Florida AHCA, Texas HHSC) can be imported, each record with its agency and as-of date.',
    icon: FileTextIcon,
  },
  {
    title: 'Reviews',
    text: 'The reviews in the demo dataset are fictional and read "via Demo"; none is copied from a review platform. Sentiment is scored from their text.',
    icon: StarIcon,
  },
];

const STATS = [
  { value: '45,000+', label: 'Communities' },
  { value: '7,000+', label: 'Operators' },
  { value: '1.6M+', label: 'Reviews' },
];

const FAQ: FaqItem[] = [
  {
    q: 'Is there a free trial?',
    a: <p>Yes. The Professional plan comes with a 14-day free trial with full access to every feature. No credit card is required to start.</p>,
  },
  {
    q: 'Can I cancel at any time?',
    a: <p>Yes. You can cancel at any time, with no cancellation fees. You keep access until the end of the period you paid for.</p>,
  },
  {
    q: 'What is included in the free Basic plan?',
    a: (
      <p>
        Basic market insights, search across 45,000+ communities and a limited view of 500+ operators. Operator intelligence, pricing analytics and
        sentiment analysis on the dashboard need the Professional plan.
      </p>
    ),
  },
  {
    q: 'Where does the data come from?',
    a: (
      <p>
        Unless public records have been imported, what you see is generated demo data: the communities, prices and reviews are fictional and
        marked &quot;Demo data&quot;. Imported public records (CMS nursing home files, state licensing lists) show their agency and the date of
        their file.
      </p>
    ),
  },
  {
    q: 'Is the community search free for families?',
    a: (
      <p>
        Always. Families can search communities, read reviews, compare prices and request information without paying anything.{' '}
        <TextLink href="/search">
          Start a search
        </TextLink>
        .
      </p>
    ),
  },
  {
    q: 'Can my whole team use one subscription?',
    a: <p>A Professional subscription is for one user. Contact our support team for team pricing if several people in your company need access.</p>,
  },
];

interface PlanCardProps {
  name: string;
  summary: string;
  price: string;
  period: string;
  /** The line under the price (who may use it, the trial). */
  note: ReactNode;
  included: string[];
  excluded?: string[];
  action: ReactNode;
  /** The plan most people choose: a heavier border and a badge. */
  popular?: boolean;
}

function PlanCard({ name, summary, price, period, note, included, excluded, action, popular }: PlanCardProps) {
  return (
    <Card className={popular ? 'relative flex flex-col border-2 border-primary shadow-lg' : 'flex flex-col'}>
      {popular && <Badge className="absolute -top-3 left-6 px-3 py-1 text-sm">Most Popular</Badge>}
      <CardHeader>
        <CardTitle as="h2" className="text-2xl">
          {name}
        </CardTitle>
        <CardDescription className="text-base">{summary}</CardDescription>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-5xl font-bold text-gray-900">{price}</span>
          <span className="text-gray-600">{period}</span>
        </p>
        {note}
      </CardHeader>
      <CardContent className="flex-1">
        <CheckList items={included} excluded={excluded} />
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

function PlansHeader() {
  return (
    <header data-app-header className="border-b bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo wordmarkClassName="hidden sm:inline" />
        <nav aria-label="Plans page" className="flex items-center gap-2">
          <ButtonLink href="/" variant="ghost" size="sm">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </ButtonLink>
          <ButtonLink href="/api/login" variant="outline" size="sm" plain>Sign In</ButtonLink>
        </nav>
      </div>
    </header>
  );
}

export function PricingPage() {
  return (
    <div className="w-full">
      <PlansHeader />

      <section className="bg-gradient-to-b from-primary-soft to-white">
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Simple, transparent pricing</h1>
          <p className="mt-5 text-lg text-gray-700">Start free. Upgrade when you need the full picture of the senior living market.</p>
        </div>
      </section>

      {/* Plans */}
      <section aria-label="Plans" className="mx-auto grid max-w-5xl gap-8 px-4 pb-16 sm:px-6 md:grid-cols-2 lg:px-8">
        <PlanCard
          name="Basic"
          summary="For getting to know the market."
          price="$0"
          period="forever"
          note={<p className="text-sm text-gray-600">No login needed.</p>}
          included={BASIC_INCLUDED}
          excluded={BASIC_EXCLUDED}
          action={
            <ButtonLink href="/dashboard" variant="outline" size="lg" className="w-full">Start Free Now</ButtonLink>
          }
        />
        <PlanCard
          name="Professional"
          summary="Full access for teams that sell to, invest in or run communities."
          price="$49"
          period="per month"
          note={<p className="text-sm font-medium text-green-800">14-day free trial, no credit card required.</p>}
          included={PRO_INCLUDED}
          action={
            <ButtonLink href="/api/login" size="lg" className="w-full" plain>Subscribe to Professional</ButtonLink>
          }
          popular
        />
      </section>

      {/* Stats */}
      <section aria-label="Coverage" className="border-y bg-muted">
        <StatList
          stats={STATS}
          className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-10 text-center sm:grid-cols-3 sm:px-6 lg:px-8"
          valueClassName="text-4xl"
        />
      </section>

      {/* Feature overview */}
      <MarketingSection id="features" title="What Professional gives you" center>
        <TileList
          tiles={FEATURES}
          as="div"
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          itemClassName="rounded-lg border bg-white p-6 shadow-sm"
          iconClassName="size-7 text-primary"
          titleClassName="mt-4 text-lg font-semibold"
          textClassName="mt-2 text-gray-700"
        />
      </MarketingSection>

      {/* Data sources */}
      <MarketingSection id="sources" title="Our data sources" center band="bg-muted">
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-gray-700">Every record says where it comes from: demo data, or the public agency and the date of its file.</p>
        <TileList
          tiles={SOURCES}
          as="ul"
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          itemClassName="rounded-lg bg-white p-5 text-center shadow-sm ring-1 ring-gray-200"
          iconClassName="mx-auto size-8 text-primary"
          titleClassName="mt-3 font-semibold"
          textClassName="mt-2 text-sm text-gray-700"
        />
      </MarketingSection>

      {/* FAQ */}
      <MarketingSection id="faq" title="Frequently asked questions" center className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <div className="mt-8">
          <FaqList items={FAQ} />
        </div>
      </MarketingSection>

      {/* CTA */}
      <CtaBand
        id="trial"
        title="Ready to see the whole market?"
        text="14 days of full access. No credit card. Cancel any time, no fees."
        action="Start Your Free Trial"
        className="max-w-4xl gap-5 py-14"
      />
    </div>
  );
}
