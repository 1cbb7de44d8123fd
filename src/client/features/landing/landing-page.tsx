import {
  ArrowRightIcon,
  BarChart3Icon,
  Building2Icon,
  DatabaseIcon,
  DollarSignIcon,
  HeartHandshakeIcon,
  MapPinIcon,
  MessageSquareTextIcon,
  SearchIcon,
  ShieldCheckIcon,
  StarIcon,
  TargetIcon,
  TrendingUpIcon,
  UsersIcon,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CtaBand, MarketingSection, SECTION_CONTAINER, StatList, TileList, type Tile } from '../../components/marketing';
import { ButtonLink } from '../../components/button-link';

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
  href?: string;
}

const FEATURES: Feature[] = [
  {
    title: 'Community Insights',
    description: 'Search and filter every community by location, care type, pricing, amenities, operator and score.',
    icon: <Building2Icon aria-hidden="true" />,
    href: '/community-insights',
  },
  {
    title: 'Operator Intelligence',
    description: 'Profiles of senior living operators: portfolio size, revenue, employees, contacts and employer reviews.',
    icon: <UsersIcon aria-hidden="true" />,
    href: '/operator-insights',
  },
  {
    title: 'Pricing Analytics',
    description: 'Monthly rates by care type, state and operator, with market segmentation by price band.',
    icon: <DollarSignIcon aria-hidden="true" />,
  },
  {
    title: 'Sentiment Analysis',
    description: 'Resident, family and employee reviews scored for sentiment, so you see what people really say.',
    icon: <MessageSquareTextIcon aria-hidden="true" />,
  },
  {
    title: 'Data Integration',
    description: 'Import CMS nursing home files and state licensing lists next to the demo dataset; every record shows its source and date.',
    icon: <DatabaseIcon aria-hidden="true" />,
  },
  {
    title: 'Sales Intelligence',
    description: 'Find the decision makers: operator phone numbers, e-mail addresses and websites, ready for outreach.',
    icon: <TargetIcon aria-hidden="true" />,
  },
];

const BENEFITS: Tile[] = [
  {
    title: 'Boost Sales Effectiveness',
    text: 'Prioritize the operators and communities that fit your offer, and reach them with accurate contact data.',
    icon: TrendingUpIcon,
  },
  {
    title: 'Price Competitively',
    text: 'Compare your rates with nearby communities by care type, so every price you set is backed by the market.',
    icon: DollarSignIcon,
  },
  {
    title: 'Increase Occupancy',
    text: 'Spot underserved markets and the amenities families look for, and position your communities to match.',
    icon: Building2Icon,
  },
  {
    title: 'Manage Reputation',
    text: 'Track review sentiment across your portfolio and competitors, and act on what residents and staff say.',
    icon: StarIcon,
  },
];

const STATS = [
  { value: '48,000+', label: 'Communities' },
  { value: '7,000+', label: 'Operators' },
  { value: '1B+', label: 'Data Points' },
  { value: '500+', label: 'Active Users' },
];

function FamilySearch() {
  const [, navigate] = useLocation();
  const [location, setLocation] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = location.trim();
    navigate(q ? `/search?location=${encodeURIComponent(q)}` : '/search');
  };
  return (
    <section aria-labelledby="family-search-heading" className="rounded-xl border border-green-200 bg-white p-6 shadow-md sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary-muted text-primary">
          <HeartHandshakeIcon className="size-5" aria-hidden="true" />
        </span>
        <h2 id="family-search-heading" className="text-xl font-semibold">
          Looking for a community for a loved one?
        </h2>
      </div>
      <p className="mt-3 text-gray-700">
        Search independent living, assisted living, memory care and skilled nursing near you. Free for families, no sign-up needed.
      </p>
      <form onSubmit={onSubmit} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <Label htmlFor="family-location">City, state, or ZIP code</Label>
          <div className="relative mt-2">
            <MapPinIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500" aria-hidden="true" />
            <Input
              id="family-location"
              name="location"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              placeholder="e.g. Austin, TX or 78701"
              className="h-12 pl-10 text-base"
              autoComplete="address-level2"
            />
          </div>
        </div>
        <Button type="submit" size="lg" className="h-12">
          <SearchIcon aria-hidden="true" />
          Find Communities
        </Button>
      </form>
      <ul className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Browse by care type">
        {[
          ['independent', 'Independent Living'],
          ['assisted', 'Assisted Living'],
          ['memory', 'Memory Care'],
          ['skilled', 'Skilled Nursing'],
        ].map(([key, label]) => (
          <li key={key}>
            <Link
              href={`/search?careType=${key}`}
              className="inline-flex rounded-full border border-green-200 bg-primary-soft px-3 py-1 font-medium text-green-900 hover:bg-primary-muted"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  const body = (
    <>
      <CardHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary-muted text-primary [&_svg]:size-6">{feature.icon}</span>
        <CardTitle className="flex items-center gap-2">
          {feature.title}
          {feature.href && <ArrowRightIcon className="size-4 text-primary transition-transform group-hover:translate-x-1" aria-hidden="true" />}
        </CardTitle>
        <CardDescription className="text-base text-gray-600">{feature.description}</CardDescription>
      </CardHeader>
    </>
  );
  if (feature.href) {
    return (
      <Link href={feature.href} className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <Card className="h-full transition-shadow group-hover:border-green-300 group-hover:shadow-md">{body}</Card>
      </Link>
    );
  }
  return <Card className="h-full">{body}</Card>;
}

export function LandingPage() {
  return (
    <div className="w-full">
      {/* Hero */}
      <section className="bg-gradient-to-b from-primary-soft to-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2 lg:items-center lg:gap-12 lg:px-8 lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-green-900 shadow-sm ring-1 ring-green-200">
              <ShieldCheckIcon className="size-4" aria-hidden="true" />
              Trusted data on senior living across the United States
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl">Senior Living Market Intelligence</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-gray-700">
              Communities, operators, pricing and review sentiment in one place, for operators, vendors, investors and sales teams, and a
              simple search for families choosing a home for someone they love.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink href="/dashboard" size="lg">Try Free Version</ButtonLink>
              <ButtonLink href="/api/login" size="lg" variant="outline" className="border-highlight-strong text-highlight-strong hover:bg-highlight-soft hover:text-amber-900" plain>Upgrade to Pro</ButtonLink>
              <ButtonLink href="/pricing" size="lg" variant="ghost">View Pricing</ButtonLink>
            </div>
          </div>
          <FamilySearch />
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="max-w-2xl">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
            Everything you need to understand the market
          </h2>
          <p className="mt-4 text-lg text-gray-700">Six tools on one database, each record labelled with where it comes from.</p>
        </div>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <FeatureCard key={f.title} feature={f} />
          ))}
        </div>
      </section>

      {/* Benefits */}
      <MarketingSection id="benefits" title="Turn data into decisions" band="bg-muted" className={`${SECTION_CONTAINER} lg:py-20`}>
        <TileList
          tiles={BENEFITS}
          as="div"
          className="mt-10 grid gap-8 md:grid-cols-2"
          itemClassName="flex gap-4"
          iconBox="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary text-white [&_svg]:size-6"
          beside
          titleClassName="text-lg font-semibold"
          textClassName="mt-1 text-gray-700"
        />
      </MarketingSection>

      {/* Trust statistics */}
      <MarketingSection id="stats" title="Trusted by senior living professionals" center>
        <StatList
          stats={STATS}
          className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4"
          itemClassName="rounded-lg border bg-white p-6 text-center shadow-sm"
          valueClassName="text-3xl sm:text-4xl"
        />
      </MarketingSection>

      {/* Call to action */}
      <CtaBand
        id="cta"
        title="See your market clearly"
        text="Try every Professional feature free for 14 days. No credit card required, cancel any time."
        action="Start Your Free Trial Today"
        icon={<BarChart3Icon className="size-10 text-green-100" aria-hidden="true" />}
        className="max-w-7xl gap-6 py-16 lg:px-8"
        textClassName="max-w-2xl"
      />
    </div>
  );
}
