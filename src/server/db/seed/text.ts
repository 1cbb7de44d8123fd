// Review wording. Every review is a sequence of whole sentences ("pieces") chosen by its rating; each
// piece's AFINN score and token count are computed once with the real scorer, so a review's stored
// sentiment is sentimentFromCounts(sum of scores, sum of tokens), which equals scoreText(content)
// (the lexicon is additive per token and no piece ends with a negator). A test checks this.
// Coherence: a customer review follows one relative, whose pronouns every sentence uses ({Sub}, {obj},
// {pos} below are filled per gender), and it only names care types the community offers (a sentence
// that names one, e.g. "memory care", is only picked for communities offering it).
import { CARE_TYPES } from '../../../contracts/constants';
import { lexiconCounts } from '../../lib/sentiment';
import type { Rng } from './rng';

export interface Piece {
  text: string;
  /** Care types the sentence names (bit i = CARE_TYPES[i]); 0 for most sentences. */
  care: number;
  /** UTF-8 bytes of `text` (the COPY writer copies these instead of building strings). */
  bytes: Buffer;
  score: number;
  tokens: number;
}

const NEGATORS = new Set(["cant", "can't", 'dont', "don't", 'doesnt', "doesn't", 'not', 'non', 'wont', "won't", 'isnt', "isn't"]);

function piece(text: string): Piece {
  if (/[\t\n\r\\]/.test(text)) throw new Error(`unsafe review text: ${text}`);
  const { score, tokens } = lexiconCounts(text);
  const words = text.toLowerCase().replace(/[.,/#!?$%^&*;:{}=_`"~()]/g, ' ').trim().split(/\s+/);
  if (NEGATORS.has(words[words.length - 1] ?? '')) throw new Error(`a piece must not end with a negator: ${text}`);
  return { text, care: careTypesNamed(text), bytes: Buffer.from(text, 'utf8'), score, tokens };
}

/** Bit mask of the care types of a community (bit i = CARE_TYPES[i]). */
export function careMask(careTypes: readonly string[]): number {
  let m = 0;
  CARE_TYPES.forEach((ct, i) => {
    if (careTypes.includes(ct)) m |= 1 << i;
  });
  return m;
}

/** Bit mask of the care types a text names ("assisted living", "memory care", ...). */
export function careTypesNamed(text: string): number {
  const lower = text.toLowerCase();
  let m = 0;
  CARE_TYPES.forEach((ct, i) => {
    if (lower.includes(ct.toLowerCase())) m |= 1 << i;
  });
  return m;
}

/** 0: she / her / her, 1: he / him / his. */
export type Gender = 0 | 1;
const PRONOUNS = [
  { Sub: 'She', sub: 'she', obj: 'her', Pos: 'Her', pos: 'her' },
  { Sub: 'He', sub: 'he', obj: 'him', Pos: 'His', pos: 'his' },
] as const;

function gendered(text: string, g: Gender): string {
  const p = PRONOUNS[g];
  return text.replace(/\{(Sub|sub|obj|Pos|pos)\}/g, (_, k: keyof typeof p) => p[k]);
}

function expand(templates: readonly string[], slot: string, values: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of templates) {
    if (t.includes(slot)) for (const v of values) out.push(t.split(slot).join(v));
    else out.push(t);
  }
  return out;
}

const pieces = (texts: readonly string[]) => texts.map(piece);

// ---------------------------------------------------------------- customer reviews

/** Relatives by gender (index = Gender). */
const RELATIONS: readonly [string[], string[]] = [
  ['My mother', 'My mom', 'My grandmother', 'My aunt', 'My wife', 'My mother-in-law', 'Our mom'],
  ['My father', 'My dad', 'My grandfather', 'My uncle', 'My husband', 'My father-in-law', 'Our dad'],
];
const DURATIONS = [
  'six months', 'eight months', 'about a year', 'a little over a year', 'two years', 'nearly three years',
  'three years', 'four years', 'five months', 'eighteen months',
];
const openersFor = (relations: readonly string[]) => expand(
  expand(
    [
      '{rel} has lived here for {dur}.',
      '{rel} moved in {dur} ago.',
      '{rel} has been a resident for {dur}.',
      '{rel} spent {dur} here after a hospital stay.',
      '{rel} has called this community home for {dur}.',
      'We toured five communities before choosing this one, and {rel2} has been here {dur} now.',
      'I visit {rel2} here several times a week and have for {dur}.',
    ],
    '{dur}',
    DURATIONS,
  ),
  '{rel}',
  relations,
).flatMap((t) => (t.includes('{rel2}') ? relations.map((r) => t.split('{rel2}').join(r.replace(/^My /, 'my ').replace(/^Our /, 'our '))) : [t]));

export const TOPICS = ['staff', 'care', 'food', 'cleanliness', 'activities', 'cost', 'management', 'communication'] as const;
type Topic = (typeof TOPICS)[number];
type Tone = 'great' | 'good' | 'meh' | 'bad';

const CUSTOMER_SENTENCES: Record<Topic, Record<Tone, string[]>> = {
  staff: {
    great: [
      'The staff are wonderful, kind and genuinely caring.',
      'Every caregiver knows residents by name and treats them with love.',
      'The aides are patient, friendly and always smiling.',
      'The night staff are just as attentive and helpful as the day team.',
      'Staff members go above and beyond every single day.',
      'The caregivers are amazing and truly treat {obj} like family.',
    ],
    good: [
      'Most of the staff are friendly and helpful.',
      'The caregivers are kind, though they are busy.',
      'Staff are polite and respond fairly quickly.',
      'The aides we see most often are good at their jobs.',
    ],
    meh: [
      'Staff turnover is a problem and new aides are still learning.',
      'Weekend staffing is poor and call lights take a while.',
      'Some aides seem rushed and stressed.',
      'It is hard to find anyone on the floor in the evening.',
    ],
    bad: [
      'The staff are rude and often ignore residents.',
      'Aides were careless and we found {obj} alone and upset more than once.',
      'The caregivers seemed overworked, angry and dismissive.',
      'Staff shortages are terrible and nobody answers the call light.',
      'Several employees were rude and disrespectful to my family.',
    ],
  },
  care: {
    great: [
      'The nursing care is excellent and medications are always on time.',
      '{Pos} health has improved since {sub} moved in and {sub} is happy again.',
      'The memory care team is skilled, gentle and reassuring.',
      'Therapy helped {obj} walk confidently again, which was a huge relief.',
      'The nurses noticed a problem early and handled it perfectly.',
      'The assisted living aides help {obj} with bathing and dressing and always respect {pos} dignity.',
      'Independent living here gives {obj} freedom, with help close by when needed.',
      'The skilled nursing unit is excellent and the rehab therapists are wonderful.',
    ],
    good: [
      'Care has been good overall and the nurses are competent.',
      'Medication management is reliable.',
      'The care plan meeting was helpful and thorough.',
      'Physical therapy is a nice benefit.',
      'The memory care neighborhood is calm and secure.',
      'The skilled nursing staff are competent and attentive.',
    ],
    meh: [
      'Quality is inconsistent from shift to shift, which is a problem.',
      'Showers were missed a few times.',
      '{Pos} medications were missed more than once.',
      'Sadly the nurse is only on site part of the day.',
    ],
    bad: [
      'The nursing was poor and we saw signs of neglect.',
      'Medications were missed repeatedly, which is dangerous.',
      '{Sub} fell twice and nobody told us, an awful failure.',
      '{Sub} was left in soiled clothes for hours, a disgusting lack of care.',
      'The nursing care was terrible and put {pos} health at risk.',
      'The memory care unit was understaffed and chaotic.',
      'Rehab in the skilled nursing wing was poor and rushed.',
    ],
  },
  food: {
    great: [
      'The food is delicious and the dining room feels like a nice restaurant.',
      'Meals are fresh, healthy and beautifully presented.',
      'The chef is fantastic and happily adjusts meals to {pos} diet.',
      '{Sub} loves the meals and the Sunday brunch is a highlight.',
    ],
    good: [
      'The food is good and there are choices at every meal.',
      'Meals are decent and the portions are fair.',
      'The dining staff are pleasant and the menu changes weekly.',
    ],
    meh: [
      'The food is bland and boring.',
      'Meals are often served lukewarm, which is disappointing.',
      'The menu is limited.',
    ],
    bad: [
      'The food is awful, cold and tasteless.',
      'Meals were terrible and {sub} lost weight.',
      'The dining room was chaotic and meals were late and bad.',
      'We found spoiled food in the kitchenette, which is unacceptable.',
    ],
  },
  cleanliness: {
    great: [
      'The building is spotless and always smells fresh.',
      'Housekeeping is excellent and {pos} apartment is clean every week.',
      'The grounds are beautiful and very well maintained.',
    ],
    good: [
      'The rooms are clean and comfortable.',
      'Common areas are kept clean and tidy.',
      'Housekeeping is reliable.',
    ],
    meh: [
      'The building is dated and a bit tired.',
      'Housekeeping missed {pos} room a few times.',
      'The carpets in the hallways are worn.',
    ],
    bad: [
      'The building is dirty and smells bad.',
      '{Pos} room was filthy and the bathroom was disgusting.',
      'We saw bugs in the dining room, which is gross.',
      'Trash piled up in the hallway, a disgusting mess.',
    ],
  },
  activities: {
    great: [
      'There are so many fun activities, from music to gardening to outings.',
      'The activities director is energetic and creative.',
      '{Sub} has made wonderful friends and enjoys the daily exercise classes.',
      'Bingo, crafts and live music keep everyone happy and engaged.',
    ],
    good: [
      'There are plenty of nice activities to choose from.',
      'The outings are nice and well organized.',
      'The calendar has a good mix of events.',
    ],
    meh: [
      'Activities are limited on weekends.',
      'Many events get canceled, which is disappointing.',
      'Residents seem bored, sitting in front of the television.',
    ],
    bad: [
      'There is nothing to do and residents are bored and lonely.',
      'Activities were canceled constantly and {sub} was lonely and isolated.',
      'The activity room sits empty, which is sad.',
    ],
  },
  cost: {
    great: [
      'It is worth every penny for the peace of mind.',
      'The pricing is fair and transparent with no surprises.',
      'Great value for the quality of care.',
    ],
    good: [
      'The cost is reasonable and fair for the area.',
      'Pricing is clear and the fees were explained upfront.',
      'It is not cheap, but the value is good.',
    ],
    meh: [
      'It is expensive and the extra fees are a burden.',
      'The rent increase this year was a shock.',
      'Extra charges appear on the bill every month.',
    ],
    bad: [
      'It is overpriced and we were charged for services never provided.',
      'They raised the rent with little notice, which was infuriating.',
      'Hidden fees everywhere, a total ripoff and a scam.',
    ],
  },
  management: {
    great: [
      'The executive director is responsive and genuinely cares.',
      'Management is excellent and fixes problems quickly.',
      'Leadership here is strong, organized and kind.',
    ],
    good: [
      'Management is helpful and follows up on concerns.',
      'The director is friendly and approachable.',
      'The office staff are helpful with paperwork.',
    ],
    meh: [
      'Management has changed three times, which worries us.',
      'The front office is slow to respond to problems.',
      'Problems get fixed eventually, but it takes persistence.',
    ],
    bad: [
      'Management is incompetent and ignores complaints.',
      'The director was defensive and dishonest when we raised problems.',
      'Leadership is a mess and complaints never get fixed.',
    ],
  },
  communication: {
    great: [
      'They keep us informed with regular calls and updates.',
      'Communication with the family is excellent.',
      'The nurses call right away with any change, which we appreciate.',
    ],
    good: [
      'Communication is good and emails get answered.',
      'We get a monthly update, which is helpful.',
      'The staff are good about returning calls the same day.',
    ],
    meh: [
      'Communication is poor at times.',
      'We sometimes hear about problems late.',
      'Phone calls are ignored at times.',
    ],
    bad: [
      'Communication is terrible and calls are never returned.',
      'Nobody told us about {pos} fall until days later, which is unacceptable.',
      'We were kept in the dark and lied to about incidents.',
    ],
  },
};

const CUSTOMER_CLOSERS: Record<number, string[]> = {
  5: [
    'Highly recommend this community.',
    'We are so grateful we found this place.',
    'Thank you to the whole team!',
    'Best decision we made for our family.',
    'I would recommend it to anyone looking for a loving home for a parent.',
    'Five stars without hesitation.',
  ],
  4: [
    'Overall a good experience.',
    'We are pleased overall.',
    'I would recommend it.',
    'A solid choice in this area.',
    'Good place with a few small issues.',
  ],
  3: [
    'It is an okay place.',
    'Mixed feelings overall.',
    'Worth a tour, but ask a lot of questions.',
    'Some good, some bad.',
    'Average for the price.',
  ],
  2: [
    'Sadly we are looking at other options.',
    'I would think twice, it has too many problems.',
    'Disappointed overall.',
    'Unhappy with our choice.',
  ],
  1: [
    'Avoid this place.',
    'Worst decision we ever made.',
    'Stay away from this awful place.',
    'I regret choosing this community.',
    'We moved {obj} out as soon as we could, heartbroken.',
  ],
};

const CUSTOMER_TITLES: Record<number, string[]> = {
  5: ['Wonderful place', 'Caring staff', 'Feels like home', 'Excellent care', 'Highly recommend', 'Peace of mind', 'Beautiful community', 'Amazing team'],
  4: ['Very good', 'Good choice', 'Happy with our decision', 'Nice community', 'Solid care', 'Pleasant place'],
  3: ['Mixed experience', 'Average', 'Okay but not great', 'Some ups and downs', 'Room for improvement'],
  2: ['Disappointing', 'Not what we expected', 'Needs improvement', 'Frustrating experience'],
  1: ['Terrible experience', 'Avoid', 'Neglect', 'Worst care', 'Very poor'],
};

// ---------------------------------------------------------------- employee reviews

export const JOB_TITLES = [
  'CNA', 'Caregiver', 'LPN', 'RN', 'Med Tech', 'Dietary Aide', 'Cook', 'Housekeeper', 'Activities Director',
  'Activities Assistant', 'Receptionist', 'Maintenance Technician', 'Sales Director', 'Business Office Manager',
  'Wellness Director', 'Director of Nursing', 'Executive Director',
] as const;

const EMPLOYEE_TENURE = ['six months', 'a year', 'two years', 'three years', 'four years', 'about eighteen months', 'five years'];
const EMPLOYEE_OPENERS_CURRENT = expand(
  ['I have worked here as a {job} for {dur}.', 'I am a {job} and have been here {dur}.', 'Working here as a {job} for {dur} now.'],
  '{dur}',
  EMPLOYEE_TENURE,
);
const EMPLOYEE_OPENERS_FORMER = expand(
  ['I worked here as a {job} for {dur}.', 'I was a {job} here for {dur}.', 'Former {job}, stayed {dur}.'],
  '{dur}',
  EMPLOYEE_TENURE,
);

export const EMPLOYEE_TOPICS = ['pay', 'hours', 'management', 'staffing', 'training', 'culture'] as const;
type EmployeeTopic = (typeof EMPLOYEE_TOPICS)[number];

const EMPLOYEE_SENTENCES: Record<EmployeeTopic, Record<Tone, string[]>> = {
  pay: {
    great: ['The pay is great and raises come every year.', 'Competitive pay, good benefits and a generous bonus.', 'Excellent benefits, including tuition help.'],
    good: ['Pay is fair for the area.', 'Benefits are decent.', 'Shift differentials help.'],
    meh: ['Pay is below average for the work.', 'Raises are small and disappointing.', 'Health insurance is costly and a burden.'],
    bad: ['The pay is terrible for such hard work.', 'Paychecks were wrong and fixing them was a nightmare.', 'No raises in years, insulting pay.'],
  },
  hours: {
    great: ['Flexible scheduling and they respect time off.', 'Great work life balance.', 'Easy to pick up extra shifts when I want them.'],
    good: ['The schedule is fair and mostly predictable.', 'Shifts are reasonable and fine.', 'They try to honor requests.'],
    meh: ['Mandatory overtime happens often.', 'Schedules change at the last minute, a real problem.', 'Weekends every other week leave me tired.'],
    bad: ['Constant double shifts, exhausted and burned out.', 'They cut hours without warning, which hurt my family.', 'Forced overtime and no breaks.'],
  },
  management: {
    great: ['Management is supportive and truly appreciates the team.', 'My supervisor is fair, respectful and encouraging.', 'Leadership listens and acts on feedback.'],
    good: ['Management is friendly and approachable.', 'My manager was helpful.', 'The director is fair.'],
    meh: ['Management changes often, which is frustrating.', 'Communication from leadership is poor.', 'Favoritism is a problem.'],
    bad: ['Management is toxic, unfair and hostile.', 'Supervisors yell at staff and blame everyone.', 'Leadership is disorganized and dishonest.'],
  },
  staffing: {
    great: ['Staffing ratios are good so we can give real care.', 'We have enough people on every shift.', 'Teamwork is excellent.'],
    good: ['Staffing is usually good.', 'Coworkers help each other.', 'Most shifts are covered, which is nice.'],
    meh: ['Short staffing on weekends is a problem.', 'Call-offs leave us stretched thin.', 'Too many residents per aide, so we are always tired.'],
    bad: ['Always short staffed, unsafe for residents.', 'Impossible workload and terrible turnover.', 'We were abandoned on the floor, unsafe and exhausted.'],
  },
  training: {
    great: ['Great training and mentoring for new hires.', 'They paid for my certification, an amazing opportunity.', 'Orientation was thorough and helpful.'],
    good: ['Training is adequate.', 'There are chances to grow.', 'Orientation was good and covered the basics.'],
    meh: ['Training is rushed and limited.', 'Limited room for advancement.', 'You learn as you go, which is hard.'],
    bad: ['No training at all, a terrible start.', 'New employees are ignored and left to fail.', 'Promotions are unfair and rare.'],
  },
  culture: {
    great: ['I love the residents and my coworkers feel like family.', 'A rewarding, positive place to work.', 'The residents make every day worth it.'],
    good: ['Nice coworkers.', 'The residents are sweet.', 'A good first job in healthcare.'],
    meh: ['Lots of drama among staff, which is annoying.', 'Morale is low and people are unhappy.', 'Cliques make it hard to fit in, which is sad.'],
    bad: ['Toxic culture and constant gossip.', 'Miserable environment, morale is awful.', 'I felt disrespected every day.'],
  },
};

const EMPLOYEE_CLOSERS: Record<number, string[]> = {
  5: ['Best place I have worked.', 'Highly recommend working here.', 'Proud to work here.'],
  4: ['Good place to work.', 'I would recommend it.', 'Overall a positive experience.'],
  3: ['It is a job.', 'Depends on your manager.', 'Okay for now.'],
  2: ['Look elsewhere if you can, sadly.', 'I would think twice, too many problems.', 'Disappointing place to work.'],
  1: ['Run, this place is awful.', 'Worst job I ever had.', 'Do not work here, you will regret it.'],
};

const EMPLOYEE_TITLES: Record<number, string[]> = {
  5: ['Great place to work', 'Love my job', 'Supportive team', 'Rewarding work'],
  4: ['Good employer', 'Solid job', 'Nice team', 'Decent place to work'],
  3: ['Its okay', 'Average job', 'Pros and cons', 'Depends on the shift'],
  2: ['Underpaid and overworked', 'Poor management', 'Not great'],
  1: ['Terrible place to work', 'Avoid', 'Toxic workplace', 'Unsafe staffing'],
};

// ---------------------------------------------------------------- compiled corpora

type ToneTable = Record<string, Record<Tone, Piece[]>>;

function compileTopics<T extends string>(src: Record<T, Record<Tone, string[]>>, g: Gender = 0): ToneTable {
  const out: ToneTable = {};
  const compile = (texts: string[]) => pieces(texts.map((t) => gendered(t, g)));
  for (const [topic, tones] of Object.entries(src) as [string, Record<Tone, string[]>][]) {
    out[topic] = { great: compile(tones.great), good: compile(tones.good), meh: compile(tones.meh), bad: compile(tones.bad) };
  }
  return out;
}

const byRating = (src: Record<number, string[]>, g: Gender = 0) => [1, 2, 3, 4, 5].map((r) => pieces((src[r] ?? []).map((t) => gendered(t, g))));

/** The sentences of `table` a community with care types `mask` may use (none naming a care type it lacks). */
function allowedFor(table: ToneTable, mask: number): ToneTable {
  const out: ToneTable = {};
  for (const [topic, tones] of Object.entries(table)) {
    const keep = (list: Piece[]) => {
      const kept = list.filter((p) => (p.care & ~mask) === 0);
      if (kept.length === 0) throw new Error(`no sentence left for topic ${topic} (care mask ${mask})`);
      return kept;
    };
    out[topic] = { great: keep(tones.great), good: keep(tones.good), meh: keep(tones.meh), bad: keep(tones.bad) };
  }
  return out;
}

export interface Corpus {
  /** Per gender (index = Gender). */
  openers: [Piece[], Piece[]];
  topics: [ToneTable, ToneTable];
  closers: [Piece[][], Piece[][]];
  /** Topic sentences per gender * 16 + care mask, filtered on first use. */
  topicsFor: Map<number, ToneTable>;
  titles: string[][];
  empOpenersCurrent: Map<string, Piece[]>;
  empOpenersFormer: Map<string, Piece[]>;
  empTopics: ToneTable;
  empClosers: Piece[][];
  empTitles: string[][];
}

let corpus: Corpus | null = null;

export function getCorpus(): Corpus {
  if (corpus) return corpus;
  // In a sentence: 'an RN', 'a CNA', 'an activities director', 'a caregiver'.
  const spoken = (job: string) => (/^[A-Z]{2,}$/.test(job) ? job : job.toLowerCase());
  const article = (job: string) => (/^[aeiou]/.test(job) || /^(RN|LPN)$/.test(job) ? 'an' : 'a');
  const withJob = (templates: string[], job: string) =>
    pieces(templates.map((t) => t.replace('a {job}', `${article(spoken(job))} ${spoken(job)}`).replace('Former {job}', `Former ${spoken(job)}`).replace('{job}', spoken(job))));
  corpus = {
    openers: [pieces(openersFor(RELATIONS[0])), pieces(openersFor(RELATIONS[1]))],
    topics: [compileTopics(CUSTOMER_SENTENCES, 0), compileTopics(CUSTOMER_SENTENCES, 1)],
    closers: [byRating(CUSTOMER_CLOSERS, 0), byRating(CUSTOMER_CLOSERS, 1)],
    topicsFor: new Map(),
    titles: [1, 2, 3, 4, 5].map((r) => CUSTOMER_TITLES[r] ?? []),
    empOpenersCurrent: new Map(JOB_TITLES.map((j) => [j, withJob(EMPLOYEE_OPENERS_CURRENT, j)])),
    empOpenersFormer: new Map(JOB_TITLES.map((j) => [j, withJob(EMPLOYEE_OPENERS_FORMER, j)])),
    empTopics: compileTopics(EMPLOYEE_SENTENCES),
    empClosers: byRating(EMPLOYEE_CLOSERS),
    empTitles: [1, 2, 3, 4, 5].map((r) => EMPLOYEE_TITLES[r] ?? []),
  };
  return corpus;
}

/** Tones of the topic sentences of a review with this rating (order shuffled by the caller's picks). */
function tonesFor(rating: number, rng: Rng): Tone[] {
  switch (rating) {
    case 5:
      return rng.chance(0.5) ? ['great', 'great', 'great'] : ['great', 'great'];
    case 4:
      return rng.chance(0.45) ? ['great', 'good', 'meh'] : rng.chance(0.5) ? ['good', 'great'] : ['good', 'good'];
    case 3:
      return rng.chance(0.5) ? ['good', 'meh', 'meh'] : ['meh', 'good'];
    case 2:
      return rng.chance(0.5) ? ['bad', 'meh', 'good'] : ['meh', 'bad'];
    default:
      return rng.chance(0.5) ? ['bad', 'bad', 'bad'] : ['bad', 'bad'];
  }
}

export interface ComposedText {
  content: string;
  score: number;
  tokens: number;
}

function compose(parts: Piece[]): ComposedText {
  let content = '';
  let score = 0;
  let tokens = 0;
  for (const p of parts) {
    content = content ? `${content} ${p.text}` : p.text;
    score += p.score;
    tokens += p.tokens;
  }
  return { content, score, tokens };
}

function topicPieces(table: ToneTable, topicNames: readonly string[], tones: Tone[], rng: Rng, out: Piece[]): void {
  const chosen = rng.subset(topicNames, tones.length);
  // Rotate by a random offset so the topic order varies.
  const offset = rng.int(0, Math.max(0, chosen.length - 1));
  for (let i = 0; i < chosen.length; i++) {
    const topic = chosen[(i + offset) % chosen.length] as string;
    const list = (table[topic] as Record<Tone, Piece[]>)[tones[i] as Tone];
    out.push(rng.pick(list));
  }
}

/**
 * Picks the sentences of a customer review with this rating into `out` (cleared first) and returns
 * its title (or null). The content is the pieces joined by single spaces. `care` is the community's
 * care mask (careMask): no sentence names a care type outside it. One relative (and gender) per review.
 */
export function customerReviewPieces(rating: number, rng: Rng, out: Piece[], care = 0b1111): string | null {
  const c = getCorpus();
  out.length = 0;
  const g: Gender = rng.chance(0.62) ? 0 : 1;
  const key = g * 16 + care;
  let topics = c.topicsFor.get(key);
  if (!topics) c.topicsFor.set(key, (topics = allowedFor(c.topics[g], care)));
  if (rng.chance(rating >= 4 ? 0.65 : 0.5)) out.push(rng.pick(c.openers[g]));
  topicPieces(topics, TOPICS, tonesFor(rating, rng), rng, out);
  if (rng.chance(0.7)) out.push(rng.pick(c.closers[g][rating - 1] as Piece[]));
  return rng.chance(0.85) ? rng.pick(c.titles[rating - 1] as string[]) : null;
}

export function customerReviewText(rating: number, rng: Rng, care = 0b1111): ComposedText & { title: string | null } {
  const parts: Piece[] = [];
  const title = customerReviewPieces(rating, rng, parts, care);
  return { ...compose(parts), title };
}

export function employeeReviewText(rating: number, jobTitle: string, current: boolean, rng: Rng): ComposedText & { title: string | null } {
  const c = getCorpus();
  const parts: Piece[] = [];
  if (rng.chance(0.75)) parts.push(rng.pick((current ? c.empOpenersCurrent : c.empOpenersFormer).get(jobTitle) as Piece[]));
  topicPieces(c.empTopics, EMPLOYEE_TOPICS, tonesFor(rating, rng), rng, parts);
  if (rng.chance(0.6)) parts.push(rng.pick(c.empClosers[rating - 1] as Piece[]));
  const title = rng.chance(0.9) ? rng.pick(c.empTitles[rating - 1] as string[]) : null;
  return { ...compose(parts), title };
}
