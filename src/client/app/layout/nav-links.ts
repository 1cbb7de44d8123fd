import { ROUTES } from '../routes';

/** The pages of the header navigation of SPEC section 2 (the home link is the logo), in its order. */
const NAV_PATHS = ['/community-insights', '/operator-insights', '/sentiment-analysis', '/pricing-analytics', '/markets', '/about'] as const;

/** Header navigation: each page under its title in the route table. */
export const NAV_LINKS = NAV_PATHS.map((href) => ({ href, label: ROUTES.find((r) => r.path === href)!.title }));
