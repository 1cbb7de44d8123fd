/** Header navigation of SPEC section 2 (the home link is the logo). */
export const NAV_LINKS = [
  { href: '/community-insights', label: 'Community Insights' },
  { href: '/operator-insights', label: 'Operator Intelligence' },
  { href: '/sentiment-analysis', label: 'Sentiment Analysis' },
  { href: '/pricing-analytics', label: 'Pricing Analytics' },
  { href: '/markets', label: 'Markets' },
  { href: '/about', label: 'About' },
] as const;
