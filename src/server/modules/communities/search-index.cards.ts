// The cards of the in-memory search index (ADR 026) as columns: the card of a community (what loadCommunities
// reads) is made when a page, a map point or a sort asks for it, not kept as one object per community. At scale 10
// (452,470 communities) the index kept 1.29 GB of heap, most of it these rows (each a dictionary-mode object after
// the build deleted its index-only keys) with their strings; repeated values (places, care type and amenity lists,
// sources) are one copy each here, and generated photo lists (`/media/communities/{id}/{k}.svg`, k = 1..n) a count.
// The texts a card only shows (address, phone, email, website, description) are outside the heap (TextColumn).
import { searchCommunitySchema, type SearchCommunity } from '../../../contracts/search';
import { toSourceKind } from '../../../contracts/provenance';
import type { CommunityRow } from './search.repo';
import { interner, listInterner, TextColumn } from '../../lib/collections';
import { stepDue, type Steps } from '../../lib/pace';
import { KeptPieces, type JsonBytes } from '../../lib/json-bytes';
import { compileJsonWriter } from '../../lib/json-serializer';
import { communityPhotoPath } from '../../lib/media-paths';
import { round } from './search-index.map';

type Pricing = CommunityRow['pricing'];
/** A card's shown price from its prices, for one search (search.service.ts shownPriceFor). */
export type ShownFor = (pricing: Pricing) => SearchCommunity['shownPrice'];

/**
 * At most this many bytes of search cards are kept (KeptPieces): ~1.2 kB a community, 55 MB at scale 1 once every
 * community has been on a page, 0.55 GB at scale 10 (outside the heap). The limit guards against texts far larger
 * than the generator's or the public records'; past it, a card's pieces are made per use (the same bytes).
 */
const SEARCH_CARD_BYTES_MAX = 1024 * 1024 * 1024;

/** The API's serializer of a search card (lib/json-serializer.ts): its keys, order and checks. */
let cardWriter: ((card: unknown) => string | undefined) | null | undefined;
const SHOWN_NULL = ',"shownPrice":null,"coordinates":';
const DISTANCE_NULL = ',"distanceMiles":null}';


/** Is `photos` the generated list of community `id` (k = 1..n)? */
function generatedPhotos(id: number, photos: string[]): boolean {
  if (photos.length > 127) return false;
  for (let k = 0; k < photos.length; k++) if (photos[k] !== communityPhotoPath(id, k + 1)) return false;
  return true;
}

export class CardColumns {
  private readonly name: string[];
  /** Texts a card only shows: outside the heap (TextColumn). */
  private address!: TextColumn;
  readonly city: string[];
  readonly state: string[];
  private readonly zip: string[];
  private phone!: TextColumn;
  private email!: TextColumn;
  private website!: TextColumn;
  private description!: TextColumn;
  private readonly rating: Float64Array;
  private readonly reviews: Int32Array;
  private readonly careTypes: (readonly string[] | null)[];
  private readonly amenities: (readonly string[] | null)[];
  /** The number of generated photos, or -1: the list is in `photoLists`. */
  private readonly photoCount: Int8Array;
  private readonly photoLists = new Map<number, string[] | null>();
  private readonly operator: (string | null)[];
  private readonly sourceKind: string[];
  private readonly sourceName: string[];
  private readonly sourceAsOf: (string | null)[];
  /** Each card's JSON around its shown price and distance (writeSearchCard), made when first shown. */
  private readonly cardPieces: KeptPieces;
  private readonly careTypeJson = new Map<string, string>();

  /** Empty columns of n cards (build() fills them); ids, lat/lng and the pricing rows are the search columns' own. */
  private constructor(
    n: number,
    private readonly ids: Int32Array,
    private readonly lat: Float64Array,
    private readonly lng: Float64Array,
    private readonly prices: { start: Int32Array; care: string[]; min: Int32Array; max: Int32Array },
  ) {
    // A bound method, not an arrow: an arrow made beside the rows would keep them for the index's life (KeptPieces).
    this.cardPieces = new KeptPieces(n, 2, this.cardPiecesOf.bind(this), { maxBytes: SEARCH_CARD_BYTES_MAX });
    this.name = new Array<string>(n);
    this.city = new Array<string>(n);
    this.state = new Array<string>(n);
    this.zip = new Array<string>(n);
    this.rating = new Float64Array(n);
    this.reviews = new Int32Array(n);
    this.careTypes = new Array<readonly string[] | null>(n);
    this.amenities = new Array<readonly string[] | null>(n);
    this.photoCount = new Int8Array(n);
    this.operator = new Array<string | null>(n);
    this.sourceKind = new Array<string>(n);
    this.sourceName = new Array<string>(n);
    this.sourceAsOf = new Array<string | null>(n);
  }

  /** The cards of `rows` (by position), as steps (lib/pace.ts). */
  static *build(
    rows: readonly CommunityRow[],
    ids: Int32Array,
    lat: Float64Array,
    lng: Float64Array,
    prices: { start: Int32Array; care: string[]; min: Int32Array; max: Int32Array },
  ): Steps<CardColumns> {
    const n = rows.length;
    const c = new CardColumns(n, ids, lat, lng, prices);
    c.address = yield* TextColumn.steps(n, (i) => rows[i]!.address);
    c.phone = yield* TextColumn.steps(n, (i) => rows[i]!.phone);
    c.email = yield* TextColumn.steps(n, (i) => rows[i]!.email);
    c.website = yield* TextColumn.steps(n, (i) => rows[i]!.website);
    c.description = yield* TextColumn.steps(n, (i) => rows[i]!.description);
    const str = interner();
    const list = listInterner(str);
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      const r = rows[i]!;
      c.name[i] = r.name;
      c.city[i] = str(r.city);
      c.state[i] = str(r.state);
      c.zip[i] = str(r.zip_code);
      c.rating[i] = r.rating;
      c.reviews[i] = r.review_count;
      c.careTypes[i] = list(r.care_types as readonly string[] | null);
      c.amenities[i] = list(r.amenities as readonly string[] | null);
      if (r.photos !== null && generatedPhotos(r.id, r.photos)) c.photoCount[i] = r.photos.length;
      else {
        c.photoCount[i] = -1;
        c.photoLists.set(i, r.photos);
      }
      c.operator[i] = str(r.operator_name);
      c.sourceKind[i] = str(r.source_kind);
      c.sourceName[i] = str(r.source_name);
      c.sourceAsOf[i] = str(r.source_as_of);
    }
    return c;
  }

  private photos(i: number): string[] | null {
    const count = this.photoCount[i]!;
    if (count < 0) return this.photoLists.get(i)!;
    const id = this.ids[i]!;
    return Array.from({ length: count }, (_, k) => communityPhotoPath(id, k + 1));
  }

  private pricing(i: number): Pricing {
    const { start, care, min, max } = this.prices;
    const out: Pricing = [];
    for (let k = start[i]!; k < start[i + 1]!; k++) out.push({ careType: care[k]!, minPrice: min[k]!, maxPrice: max[k]! });
    return out;
  }

  /** The care types of position i (shared between equal lists: never to be changed). */
  careTypesOf(i: number): string[] {
    return this.careTypes[i] as string[];
  }

  operatorOf(i: number): string | null {
    return this.operator[i]!;
  }

  nameOf(i: number): string {
    return this.name[i]!;
  }

  /** The source columns of position i. */
  sourceOf(i: number): { source_kind: string; source_name: string; source_as_of: string | null } {
    return { source_kind: this.sourceKind[i]!, source_name: this.sourceName[i]!, source_as_of: this.sourceAsOf[i]! };
  }

  /**
   * The search card of position i: what search.service.ts makes of the row() (cardBase) with the query's shown price
   * and distance, built as one object (a distinct search's page of 12 made each card three times: the row, its
   * base, the card; the equivalence tests compare the API's bodies on the index and on SQL).
   */
  searchCard(i: number, shownFor: ShownFor, distanceMiles: number | null): SearchCommunity {
    const lat = this.lat[i]!;
    const lng = this.lng[i]!;
    const pricing = this.pricing(i);
    return {
      id: this.ids[i]!, name: this.name[i]!, address: this.address.at(i)!, city: this.city[i]!, state: this.state[i]!, zipCode: this.zip[i]!,
      phone: this.phone.at(i), email: this.email.at(i), website: this.website.at(i), description: this.description.at(i),
      rating: round(this.rating[i]!, 2), reviewCount: this.reviews[i]!,
      careTypes: this.careTypes[i] as string[], amenities: this.amenities[i] as string[], photos: this.photos(i)!, pricing,
      coordinates: Number.isNaN(lat) || Number.isNaN(lng) ? null : { lat, lng },
      operatorName: this.operator[i]!,
      source: { kind: toSourceKind(this.sourceKind[i]!), name: this.sourceName[i]!, asOf: this.sourceAsOf[i]! },
      shownPrice: shownFor(pricing),
      distanceMiles,
    };
  }

  /**
   * Writes the API's JSON of searchCard(i, shownFor, distanceMiles) (the bytes the route's serializer writes): the
   * card's two pieces kept as bytes (KeptPieces), its shown price and distance between them (issue 13: a distinct
   * search's cards made as objects and serialized were a fifth of its CPU).
   */
  writeSearchCard(out: JsonBytes, i: number, shownFor: ShownFor, distanceMiles: number | null): void {
    this.cardPieces.write(out, i, 0);
    const shown = shownFor(this.pricing(i));
    if (shown === null) out.ascii('null');
    else {
      let careType = this.careTypeJson.get(shown.careType);
      if (careType === undefined) this.careTypeJson.set(shown.careType, (careType = JSON.stringify(shown.careType)));
      out.ascii('{"careType":').text(careType).ascii(',"minPrice":').number(shown.minPrice).ascii(shown.forCareTypes ? ',"forCareTypes":true}' : ',"forCareTypes":false}');
    }
    this.cardPieces.write(out, i, 1);
    if (distanceMiles === null) out.ascii('null}');
    else out.number(distanceMiles).ascii('}');
  }

  /** Makes the cards' pieces not yet made, in slices (SearchIndex.warmUp). */
  makeAhead(deadline: number, order?: ArrayLike<number>): boolean {
    return this.cardPieces.makeAhead(deadline, order);
  }

  /**
   * Position i's card as the API's serializer writes it without a shown price and distance, in two pieces: up to
   * `"shownPrice":`, and from `,"coordinates":` to `"distanceMiles":`. A card its schema refuses is an error here,
   * as the serializer's would be.
   */
  private cardPiecesOf(i: number): string[] {
    if (cardWriter === undefined) cardWriter = compileJsonWriter(searchCommunitySchema);
    if (cardWriter === null) throw new Error('the search card schema has no compiled serializer');
    const text = cardWriter(this.searchCard(i, () => null, null));
    if (text === undefined) throw new Error(`search card of community ${this.ids[i]} does not fit its schema`);
    // The keys are JSON's (a quote inside a text is escaped), so the last of each is the card's own.
    const shown = text.lastIndexOf(SHOWN_NULL);
    if (shown < 0 || !text.endsWith(DISTANCE_NULL)) throw new Error('search card: unexpected key order');
    const head = text.slice(0, shown + ',"shownPrice":'.length);
    const mid = text.slice(shown + ',"shownPrice":null'.length, text.length - 'null}'.length);
    return [head, mid];
  }

  /** The card of position i as loadCommunities reads it (its keys in the SQL's order). Lists of care types and amenities are shared. */
  row(i: number): CommunityRow {
    const lat = this.lat[i]!;
    const lng = this.lng[i]!;
    // Keys grouped by kind, in the SQL's order.
    return {
      id: this.ids[i]!, name: this.name[i]!, address: this.address.at(i)!, city: this.city[i]!, state: this.state[i]!, zip_code: this.zip[i]!,
      phone: this.phone.at(i), email: this.email.at(i), website: this.website.at(i), description: this.description.at(i),
      rating: this.rating[i]!, review_count: this.reviews[i]!,
      care_types: this.careTypes[i] as string[], amenities: this.amenities[i] as string[], photos: this.photos(i)!,
      lat: Number.isNaN(lat) ? null : lat, lng: Number.isNaN(lng) ? null : lng,
      operator_name: this.operator[i]!, source_kind: this.sourceKind[i]!, source_name: this.sourceName[i]!, source_as_of: this.sourceAsOf[i]!,
      pricing: this.pricing(i),
    };
  }
}
