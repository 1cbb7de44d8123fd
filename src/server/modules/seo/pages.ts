// What a crawler or a link preview reads on /community/{id} and /search?location=…: the title,
// description, canonical URL, Open Graph/Twitter tags, schema.org JSON-LD and a short pre-rendered
// summary (ADR 015). Every value is escaped by html.ts.
import type { CommunityDetail } from '../../../contracts/community';
import type { SearchCommunity } from '../../../contracts/search';
import { US_STATES } from '../../../contracts/constants';
import { escapeHtml, type PageMeta, truncate } from './html';

export const SITE_NAME = 'SeniorScope';
const DESCRIPTION_MAX = 160;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$3,200 – $6,500 per month" across the care types, or null without pricing. */
export function priceLine(pricing: { minPrice: number; maxPrice: number }[]): string | null {
  if (!pricing.length) return null;
  const min = Math.min(...pricing.map((p) => p.minPrice));
  const max = Math.max(...pricing.map((p) => p.maxPrice));
  return min === max ? `${usd.format(min)} per month` : `${usd.format(min)} – ${usd.format(max)} per month`;
}

/** Absolute URL of a photo path served by the app (/media/...), or the photo's own absolute URL. */
function absolute(base: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export interface RenderedPage {
  status: number;
  title: string;
  meta: PageMeta;
  body: string;
}

export interface UserReviews {
  count: number;
  average: number | null;
}

/** The visible rating line: the demo reviews are named as such; none at all is "No reviews yet". */
export function ratingLine(c: Pick<CommunityDetail, 'rating' | 'reviewCount'>, user: UserReviews): string {
  if (c.reviewCount <= 0) return 'No reviews yet';
  const demo = c.reviewCount - user.count;
  const from = demo > 0 && user.count === 0 ? `${c.reviewCount} demo reviews` : `${c.reviewCount} reviews`;
  return `Rated ${c.rating.toFixed(1)} out of 5 from ${from}`;
}

export function communityPage(base: string, c: CommunityDetail, user: UserReviews): RenderedPage {
  const place = `${c.city}, ${c.state}`;
  const title = `${c.name} — ${place} | ${SITE_NAME}`;
  const url = `${base}/community/${c.id}`;
  const careTypes = c.careTypes.join(', ');
  const price = priceLine(c.pricing);
  const rating = ratingLine(c, user);
  const about = c.description ?? `${c.name} is a senior living community in ${place}${careTypes ? ` offering ${careTypes}` : ''}.`;
  const description = truncate(`${careTypes ? `${careTypes} in ${place}. ` : `Senior living in ${place}. `}${price ? `${price}. ` : ''}${about}`, DESCRIPTION_MAX);
  const photo = c.photos[0];
  const image = photo ? absolute(base, photo) : undefined;

  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: c.name,
    url,
    description: about,
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.address,
      addressLocality: c.city,
      addressRegion: c.state,
      postalCode: c.zipCode,
      addressCountry: 'US',
    },
  };
  if (c.coordinates) jsonLd.geo = { '@type': 'GeoCoordinates', latitude: c.coordinates.lat, longitude: c.coordinates.lng };
  if (c.phone) jsonLd.telephone = c.phone;
  if (image) jsonLd.image = image;
  if (price) jsonLd.priceRange = price;
  // Only reviews written here by users; demo and imported reviews never make a rating for search engines.
  if (user.count > 0 && user.average !== null) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(user.average * 10) / 10,
      reviewCount: user.count,
      bestRating: 5,
      worstRating: 1,
    };
  }

  const body = `<div class="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8" data-prerendered="community">
  <h1 class="text-3xl font-bold">${escapeHtml(c.name)}</h1>
  <p>${escapeHtml(c.address ? `${c.address}, ` : '')}${escapeHtml(place)} ${escapeHtml(c.zipCode)}</p>
  ${careTypes ? `<p>Care types: ${escapeHtml(careTypes)}</p>` : ''}
  <p>${escapeHtml(price ? `Pricing: ${price}` : 'Pricing on request')}</p>
  <p>${escapeHtml(rating)}</p>
  ${c.phone ? `<p>Phone: ${escapeHtml(c.phone)}</p>` : ''}
  <p>${escapeHtml(about)}</p>
</div>`;
  return {
    status: 200,
    title,
    meta: { title, description, canonical: url, image, imageAlt: image ? `Illustration of ${c.name}` : undefined, jsonLd },
    body,
  };
}

export function communityNotFoundPage(base: string, path: string): RenderedPage {
  const title = `Community not found | ${SITE_NAME}`;
  return {
    status: 404,
    title,
    meta: { title, description: 'This community is not in our directory. Search senior living communities by city, state or ZIP.', canonical: `${base}${path}`, robots: 'noindex' },
    body: `<div class="mx-auto w-full max-w-7xl px-4 py-8" data-prerendered="not-found"><h1 class="text-3xl font-bold">Community not found</h1><p><a href="/search">Search communities</a></p></div>`,
  };
}

export interface SearchLanding {
  /** How the place is named: "Austin, TX", "Texas" or the typed text. */
  place: string;
  /** "Assisted Living" when one care type is chosen, else "Senior Living". */
  careLabel: string;
  total: number;
  communities: SearchCommunity[];
  /** The query string that reproduces this landing page. */
  query: string;
}

export function searchPage(base: string, s: SearchLanding): RenderedPage {
  const count = `${s.total.toLocaleString('en-US')} ${s.total === 1 ? 'community' : 'communities'}`;
  const heading = `${s.careLabel} in ${s.place}`;
  const title = `${heading} — ${count} | ${SITE_NAME}`;
  const url = `${base}/search?${s.query}`;
  const description = truncate(
    s.total > 0
      ? `Compare ${count} for ${s.careLabel.toLowerCase()} in ${s.place}: prices, care types, ratings and contacts.`
      : `No ${s.careLabel.toLowerCase()} communities found in ${s.place}. Search another city, state or ZIP.`,
    DESCRIPTION_MAX,
  );
  const items = s.communities
    .map((c) => {
      const price = priceLine(c.pricing);
      return `<li><a href="/community/${c.id}">${escapeHtml(c.name)}</a> — ${escapeHtml(`${c.city}, ${c.state}`)}${c.careTypes.length ? ` · ${escapeHtml(c.careTypes.join(', '))}` : ''}${price ? ` · ${escapeHtml(price)}` : ''}</li>`;
    })
    .join('');
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: heading,
    numberOfItems: s.total,
    itemListElement: s.communities.map((c, i) => ({ '@type': 'ListItem', position: i + 1, url: `${base}/community/${c.id}`, name: c.name })),
  };
  const body = `<div class="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8" data-prerendered="search">
  <h1 class="text-3xl font-bold">${escapeHtml(heading)}</h1>
  <p>${escapeHtml(count)}</p>
  ${items ? `<ul>${items}</ul>` : ''}
</div>`;
  return { status: 200, title, meta: { title, description, canonical: url, robots: s.total === 0 ? 'noindex' : undefined, jsonLd }, body };
}

/** "TX" -> "Texas" for a state-wide landing page. */
export const stateName = (code: string): string => US_STATES[code] ?? code;
