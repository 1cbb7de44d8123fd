// The route table of the briefing: one lazily loaded page per route, with its layout, its title (the
// document's title, and the header's link words for the pages it links to: layout/nav-links.ts) and its
// meta description. app-routes.tsx renders it.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { LayoutVariant } from './layout/layout';

// Each page module exports one named component; React.lazy wants a default export.
type PageModule = Record<string, unknown>;
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page and settles the lazy component, so that its next render does not suspend. */
  preload(): Promise<void>;
};
function page(load: () => Promise<PageModule>, name: string): LazyPage {
  const Page = lazy(() => load().then((m) => ({ default: m[name] as ComponentType }))) as LazyPage;
  // React.lazy's own initializer (the fields every lazy element carries): it throws the pending promise
  // until the module has loaded, then returns it.
  const internal = Page as unknown as { _init(payload: unknown): unknown; _payload: unknown };
  Page.preload = async () => {
    for (;;) {
      try {
        internal._init(internal._payload);
        return;
      } catch (pending) {
        if (!(pending instanceof Promise)) throw pending;
        await pending;
      }
    }
  };
  return Page;
}

export const LandingPage = page(() => import('../features/landing/landing-page'), 'LandingPage');
export const DashboardPage = page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
export const PricingPage = page(() => import('../features/marketing/pricing-page'), 'PricingPage');
export const AboutPage = page(() => import('../features/marketing/about-page'), 'AboutPage');
export const ResourcePage = page(() => import('../features/marketing/resource-page'), 'ResourcePage');
export const SearchPage = page(() => import('../features/search/search-page'), 'SearchPage');
export const CommunityPage = page(() => import('../features/community/community-page'), 'CommunityPage');
export const SavedPage = page(() => import('../features/favorites/saved-page'), 'SavedPage');
export const ComparePage = page(() => import('../features/compare/compare-page'), 'ComparePage');
export const SharedShortlistPage = page(() => import('../features/favorites/shared-page'), 'SharedShortlistPage');
export const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
export const ForgotPasswordPage = page(() => import('../features/auth/account-pages'), 'ForgotPasswordPage');
export const ResetPasswordPage = page(() => import('../features/auth/account-pages'), 'ResetPasswordPage');
export const VerifyEmailPage = page(() => import('../features/auth/account-pages'), 'VerifyEmailPage');
export const CommunityInsightsPage = page(() => import('../features/community-insights/community-insights-page'), 'CommunityInsightsPage');
export const OperatorInsightsPage = page(() => import('../features/operator-insights/operator-insights-page'), 'OperatorInsightsPage');
export const SentimentPage = page(() => import('../features/sentiment/sentiment-page'), 'SentimentPage');
export const PricingAnalyticsPage = page(() => import('../features/pricing-analytics/pricing-analytics-page'), 'PricingAnalyticsPage');
export const MarketsPage = page(() => import('../features/markets/markets-page'), 'MarketsPage');
export const StateMarketPage = page(() => import('../features/markets/markets-page'), 'StateMarketPage');
export const CountyMarketPage = page(() => import('../features/markets/markets-page'), 'CountyMarketPage');
export const CompetitiveSetPage = page(() => import('../features/markets/competitive-set-page'), 'CompetitiveSetPage');
export const ListsPage = page(() => import('../features/lists/lists-page'), 'ListsPage');
export const PortfolioPage = page(() => import('../features/portfolio/portfolio-page'), 'PortfolioPage');
export const AdminPage = page(() => import('../features/admin/admin-page'), 'AdminPage');
export const TrackRequestPage = page(() => import('../features/requests/track-page'), 'TrackRequestPage');
export const MyRequestsPage = page(() => import('../features/requests/my-requests-page'), 'MyRequestsPage');
export const MyReviewsPage = page(() => import('../features/family-reviews/my-reviews-page'), 'MyReviewsPage');

export interface AppRoute {
  path: string;
  Page: ComponentType;
  layout: LayoutVariant;
  title: string;
  /** The meta description (the site's default when absent). */
  description?: string;
}

/** Order matters only for overlapping patterns; none overlap here. '/' is handled by HomeRoute. */
export const ROUTES: AppRoute[] = [
  { path: '/dashboard', Page: DashboardPage, layout: 'analyst', title: 'Dashboard', description: 'Market overview: communities, operators, prices and review sentiment across the country.' },
  { path: '/pricing', Page: PricingPage, layout: 'standalone', title: 'Plans and Pricing', description: 'SeniorScope plans for families, advisors and market analysts.' },
  { path: '/about', Page: AboutPage, layout: 'consumer', title: 'About', description: 'About SeniorScope: how we help families find senior living and analysts study the market.' },
  { path: '/resources/:slug', Page: ResourcePage, layout: 'consumer', title: 'Resources' },
  { path: '/privacy', Page: ResourcePage, layout: 'consumer', title: 'Privacy Policy' },
  { path: '/terms', Page: ResourcePage, layout: 'consumer', title: 'Terms of Service' },
  { path: '/search', Page: SearchPage, layout: 'consumer', title: 'Find Senior Living Communities', description: 'Search senior living communities by city, state or ZIP: compare prices, care types and reviews.' },
  { path: '/community/:id', Page: CommunityPage, layout: 'consumer', title: 'Community' },
  { path: '/saved', Page: SavedPage, layout: 'consumer', title: 'Saved Communities', description: 'The senior living communities you saved to compare.' },
  { path: '/compare', Page: ComparePage, layout: 'consumer', title: 'Compare Communities', description: 'Up to four senior living communities side by side: prices, care, amenities, licences and distance.' },
  { path: '/shared/:token', Page: SharedShortlistPage, layout: 'consumer', title: 'Shared Shortlist' },
  { path: '/api/login', Page: LoginPage, layout: 'consumer', title: 'Sign In' },
  { path: '/forgot-password', Page: ForgotPasswordPage, layout: 'consumer', title: 'Reset Your Password' },
  { path: '/reset-password', Page: ResetPasswordPage, layout: 'consumer', title: 'Choose a New Password' },
  { path: '/verify-email', Page: VerifyEmailPage, layout: 'consumer', title: 'Confirm Your E-mail' },
  { path: '/community-insights', Page: CommunityInsightsPage, layout: 'analyst', title: 'Community Insights', description: 'Every senior living community with filters, pricing, capacity and ratings.' },
  { path: '/operator-insights', Page: OperatorInsightsPage, layout: 'analyst', title: 'Operator Intelligence', description: 'Senior living operators: portfolios, locations, ratings and prices.' },
  { path: '/sentiment-analysis', Page: SentimentPage, layout: 'analyst', title: 'Sentiment Analysis', description: 'Sentiment of customer and employee reviews of senior living communities.' },
  { path: '/pricing-analytics', Page: PricingAnalyticsPage, layout: 'analyst', title: 'Pricing Analytics', description: 'Senior living prices by state and care type.' },
  { path: '/markets', Page: MarketsPage, layout: 'analyst', title: 'Markets', description: 'Licensed senior living beds per 1,000 people aged 65+ by county, and the underserved markets.' },
  { path: '/markets/:state', Page: StateMarketPage, layout: 'analyst', title: 'State Market' },
  { path: '/markets/:state/:county', Page: CountyMarketPage, layout: 'analyst', title: 'County Market' },
  { path: '/community-insights/:id/market', Page: CompetitiveSetPage, layout: 'analyst', title: 'Competitive Set' },
  { path: '/lists', Page: ListsPage, layout: 'analyst', title: 'Saved Lists', description: 'Communities and operators saved for export to a CRM.' },
  { path: '/portfolio/:id', Page: PortfolioPage, layout: 'analyst', title: 'Operator Portfolio', description: "An operator's communities, review themes and sentiment trend." },
  { path: '/admin', Page: AdminPage, layout: 'analyst', title: 'Admin' },
  { path: '/requests/track', Page: TrackRequestPage, layout: 'consumer', title: 'Your Information Request' },
  { path: '/my/requests', Page: MyRequestsPage, layout: 'consumer', title: 'My Requests' },
  { path: '/my/reviews', Page: MyReviewsPage, layout: 'consumer', title: 'My Reviews' },
];
