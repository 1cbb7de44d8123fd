// The community cards other modules show beside their own rows (favorites): the search's card loader
// behind this module's public interface (issue 11: a module uses another module's service, never its repo).
import type { Favorite } from '../../../contracts/favorites';
import type { Queryable } from '../../db/sql';
import { toSource } from '../../lib/provenance';
import { loadCommunities } from './search.repo';
import { communityAddress } from '../../lib/community-address';

export type CommunityCard = Favorite['community'];

/** The cards of these communities in one query, by id; ids that no longer exist are absent. */
export async function loadCommunityCards(db: Queryable, ids: number[]): Promise<Map<number, CommunityCard>> {
  const rows = await loadCommunities(db, ids);
  const cards = new Map<number, CommunityCard>();
  for (const [id, c] of rows) {
    cards.set(id, {
      ...communityAddress(c),
      phone: c.phone,
      email: c.email,
      website: c.website,
      description: c.description,
      rating: Number(c.rating),
      reviewCount: c.review_count,
      careTypes: c.care_types,
      amenities: c.amenities,
      photos: c.photos,
      pricing: c.pricing,
      source: toSource(c),
    });
  }
  return cards;
}

/**
 * Each row with its community's card, in the rows' order (favorites, a shortlist): one query for all the cards;
 * a row whose community was removed between the two queries is left out.
 */
export async function withCommunityCards<R extends { community_id: number }, T>(
  db: Queryable,
  rows: R[],
  build: (row: R, card: CommunityCard) => T,
): Promise<T[]> {
  const cards = await loadCommunityCards(db, rows.map((r) => r.community_id));
  return rows.flatMap((r) => {
    const card = cards.get(r.community_id);
    return card ? [build(r, card)] : [];
  });
}
