// A community's identity and address as every answer that shows a community writes them (issue 11): the
// search card, the saved card, the detail page and compare.
import type { CommunityColumns } from '../db/rows';

export type CommunityAddressColumns = Pick<CommunityColumns, 'id' | 'name' | 'address' | 'city' | 'state' | 'zip_code'>;

export function communityAddress(r: CommunityAddressColumns) {
  return { id: r.id, name: r.name, address: r.address, city: r.city, state: r.state, zipCode: r.zip_code };
}
