// Planner of a generated community's prose: a description (opener, middle, closer) and an overview of
// 3-5 sentences, from templates filled with the community's own facts, so the text never contradicts them.
import { US_STATES } from '../../../contracts/constants';
import { fill, listText } from './helpers';
import type { Rng } from './rng';
import type { CommunityOptions } from './options';
import type { Kind } from './supply';

// {aType}: the community type with its article ("an assisted living community", "a nursing home").
const DESC_OPENERS = [
  '{name} is {aType} in {city}, {st}',
  'Located in {city}, {st}, {name} is {aType}',
  '{name} offers {care} in {city}, {stateName}',
  'Nestled in a quiet neighborhood of {city}, {name} is a welcoming {type}',
  'Serving families in and around {city}, {name} is {aType}',
];

/** "an assisted living community", "a nursing home" (by the first letter's sound; no type starts with a silent h or a "you" sound). */
export const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
const DESC_MIDDLES = [
  ' offering {care}.',
  ' with {care} and a warm, homelike atmosphere.',
  ' where residents enjoy {care} close to family.',
  ' providing {care} with a focus on dignity and independence.',
];
const DESC_MIDDLES_PLAIN = [' with a warm, homelike atmosphere.', ', close to family and friends.', ' with a focus on dignity and independence.'];
const DESC_CLOSERS = [
  ' Residents enjoy {amen}.',
  ' Amenities include {amen}.',
  ' Highlights include {amen}.',
  ' Our team is available around the clock to help.',
  ' Schedule a tour to meet our team.',
  '',
];
const OVERVIEW_SENTENCES = [
  'The community has {cap} residences, with {rooms} floor plans.',
  'Dining features {dining} service, with menus planned by our culinary team.',
  'Our licensed team provides {health} on site.',
  'A full calendar of social, educational and wellness programs keeps residents engaged.',
  'Families are welcome to visit at any time, and we host seasonal events throughout the year.',
  'Scheduled transportation takes residents to appointments, shopping and local attractions.',
  'Care plans are reviewed regularly with residents and their families.',
  'The campus sits close to shopping, parks and medical centers in {city}.',
  'Apartments include {roomAmen}.',
  'Shared spaces include {commAmen}.',
  '{name} has served the {city} area for more than {years} years.',
];
/** Amenities named in a description. */
const SHOWN_AMENITIES = 3;
/** Sentences of an overview: uniform in [3, 5]. */
const OVERVIEW_LENGTH = [3, 5] as const;
/** "has served the area for more than N years": uniform in [5, 40]. */
const YEARS_SERVED = [5, 40] as const;

export interface ProseFacts extends CommunityOptions {
  name: string;
  city: string;
  state: string;
  kind: Kind;
  careTypes: readonly string[];
  capacity: number;
}

export function planProse(rng: Rng, f: ProseFacts): { description: string; overview: string } {
  const careText = listText(f.careTypes.map((c) => c.toLowerCase()));
  const shownAmen = rng.subset(f.amenities, SHOWN_AMENITIES).map((a) => a.toLowerCase());
  const vars = {
    name: f.name, city: f.city, st: f.state, stateName: US_STATES[f.state] ?? f.state, type: f.kind.communityType.toLowerCase(),
    aType: withArticle(f.kind.communityType.toLowerCase()), care: careText,
    amen: shownAmen.length ? listText(shownAmen) : 'a caring, attentive team', cap: String(f.capacity),
    rooms: listText(f.roomTypes.map((r) => r.toLowerCase())), dining: f.diningServices.length ? listText(f.diningServices.map((d) => d.toLowerCase())) : 'home-style',
    health: f.healthcareServices.length ? listText(f.healthcareServices.map((h) => h.replace('24/7', 'around-the-clock').toLowerCase())) : 'medication management and wellness checks',
    roomAmen: f.roomAmenities.length ? listText(f.roomAmenities.map((r) => r.toLowerCase())) : 'emergency call systems',
    commAmen: f.communityAmenities.length ? listText(f.communityAmenities.map((r) => r.toLowerCase())) : 'comfortable lounges',
    years: String(rng.int(YEARS_SERVED[0], YEARS_SERVED[1])),
  };
  const opener = rng.pick(DESC_OPENERS);
  let description = fill(opener, vars);
  description += fill(rng.pick(opener.includes('{care}') ? DESC_MIDDLES_PLAIN : DESC_MIDDLES), vars);
  description += fill(rng.pick(DESC_CLOSERS), vars);
  const overview = rng.subset(OVERVIEW_SENTENCES, rng.int(OVERVIEW_LENGTH[0], OVERVIEW_LENGTH[1])).map((s) => fill(s, vars)).join(' ');
  return { description, overview };
}
