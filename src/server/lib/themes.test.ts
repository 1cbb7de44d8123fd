import { describe, expect, it } from 'vitest';
import { classifySentiment } from '../../contracts/constants';
import { THEMES, type ThemeKind } from '../../contracts/themes';
import { getCorpus } from '../db/seed/text';
import { CUSTOMER_LABELLED, EMPLOYEE_LABELLED, type Labelled } from './themes.labelled';
import { addCounts, emptyCounts, scoreThemes, snippetFor, splitSentences, themeCounts } from './themes';

const POLARITY = { Positive: '+', Neutral: '0', Negative: '-' } as const;

/** The scorer's label of a sentence in the labelled set's notation ('staff+ food-'), themes in THEMES order. */
function scorerLabel(text: string, kind: ThemeKind): string {
  const scores = scoreThemes(text, kind);
  return THEMES[kind]
    .filter((t) => scores[t]?.mentioned)
    .map((t) => `${t}${POLARITY[classifySentiment(scores[t]?.sentiment ?? 0.5)]}`)
    .join(' ');
}

function normalized(label: string, kind: ThemeKind): string {
  const parts = label.split(/\s+/).filter(Boolean);
  const order = (p: string) => THEMES[kind].indexOf(p.slice(0, -1));
  return parts.sort((a, b) => order(a) - order(b)).join(' ');
}

function agreement(set: readonly Labelled[], kind: ThemeKind) {
  const misses: string[] = [];
  for (const [text, label] of set) {
    const got = scorerLabel(text, kind);
    if (got !== normalized(label, kind)) misses.push(`${text}  expected [${normalized(label, kind)}] got [${got}]`);
  }
  return { total: set.length, agree: set.length - misses.length, misses };
}

describe('scoreThemes on the labelled sentences', () => {
  it('has at least 200 labelled sentences, none from the generator sentence bank, with known themes', () => {
    expect(CUSTOMER_LABELLED.length + EMPLOYEE_LABELLED.length).toBeGreaterThanOrEqual(200);
    const c = getCorpus();
    const bank = new Set<string>();
    const addAll = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(addAll);
      else if (v instanceof Map) [...v.values()].forEach(addAll);
      else if (v && typeof v === 'object' && 'text' in v) bank.add((v as { text: string }).text.toLowerCase());
      else if (typeof v === 'string') bank.add(v.toLowerCase());
      else if (v && typeof v === 'object') Object.values(v).forEach(addAll);
    };
    addAll(c);
    expect(bank.size).toBeGreaterThan(300);
    for (const [text] of [...CUSTOMER_LABELLED, ...EMPLOYEE_LABELLED]) expect(bank.has(text.toLowerCase()), text).toBe(false);
    for (const [set, kind] of [[CUSTOMER_LABELLED, 'customer'], [EMPLOYEE_LABELLED, 'employee']] as const) {
      for (const [, label] of set) {
        for (const p of label.split(/\s+/).filter(Boolean)) {
          expect(THEMES[kind], p).toContain(p.slice(0, -1));
          expect(['+', '-', '0']).toContain(p.slice(-1));
        }
      }
    }
  });

  it('agrees with at least 85% of the labels (themes and polarity of a sentence must all match)', () => {
    const customer = agreement(CUSTOMER_LABELLED, 'customer');
    const employee = agreement(EMPLOYEE_LABELLED, 'employee');
    const total = customer.total + employee.total;
    const agree = customer.agree + employee.agree;
    const rate = agree / total;
    console.log(
      `theme scorer agreement: ${agree}/${total} = ${(100 * rate).toFixed(1)}% ` +
        `(customer ${customer.agree}/${customer.total}, employee ${employee.agree}/${employee.total})\n` +
        [...customer.misses, ...employee.misses].map((m) => `  miss: ${m}`).join('\n'),
    );
    expect(rate).toBeGreaterThanOrEqual(0.85);
  });
});

describe('scoreThemes rules', () => {
  it('scores each side of a contrast on its own', () => {
    const s = scoreThemes('The staff are lovely but the food is terrible.', 'customer');
    expect(classifySentiment(s.staff?.sentiment ?? 0.5)).toBe('Positive');
    expect(classifySentiment(s.food?.sentiment ?? 0.5)).toBe('Negative');
    expect(s.cost).toEqual({ mentioned: false, sentiment: null });
  });

  it('negates a scored word up to four tokens after a negator', () => {
    expect(classifySentiment(scoreThemes('The food is good.', 'customer').food?.sentiment ?? 0.5)).toBe('Positive');
    expect(classifySentiment(scoreThemes('The food is not very good.', 'customer').food?.sentiment ?? 0.5)).toBe('Negative');
  });

  it('reads a negated mention without a feeling word as a complaint (the absence of the thing)', () => {
    expect(classifySentiment(scoreThemes('There is no training.', 'employee').training?.sentiment ?? 0.5)).toBe('Negative');
    expect(classifySentiment(scoreThemes('There is training.', 'employee').training?.sentiment ?? 0.5)).toBe('Neutral');
  });

  it('matches whole tokens only ("caring" is not the care theme)', () => {
    expect(scoreThemes('They are caring people.', 'customer').care?.mentioned).toBe(false);
  });

  it('is additive over sentences (the generator sums sentence figures per review)', () => {
    const a = 'The aides are kind but lunch was cold.';
    const b = 'Billing is confusing!';
    const sum = emptyCounts('customer');
    addCounts(sum, themeCounts(a, 'customer'));
    addCounts(sum, themeCounts(b, 'customer'));
    expect(sum).toEqual(themeCounts(`${a} ${b}`, 'customer'));
  });

  it('splits sentences and finds a snippet per theme', () => {
    expect(splitSentences('One. Two! Three?')).toEqual(['One.', 'Two!', 'Three?']);
    expect(snippetFor('We moved in May. The food is delicious. Staff are kind.', 'food', 'customer')).toBe('The food is delicious.');
    expect(snippetFor('We moved in May.', 'food', 'customer')).toBeNull();
  });
});
