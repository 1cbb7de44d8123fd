// `npx tsx scripts/calibration-report.ts [--scale 1] [--seed 20261120] [--write]`: builds the generator's
// plan (no database) and prints the calibration tables: every published / real figure the generator is
// calibrated to beside the generated figure. --write replaces the generated part of docs/data-calibration.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildPlan } from '../src/server/db/seed/generate';
import { calibrationMarkdown, measurePlan } from '../src/server/db/seed/report';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: process.env.DATASET_SEED ?? '20261120' },
    write: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
// A fixed reference day: the figures do not depend on it, and the report stays reproducible.
const plan = buildPlan({ scale, seed, now: new Date('2026-11-20T12:00:00Z') });
const markdown = calibrationMarkdown(measurePlan(plan), scale, seed);
if (!values.write) {
  console.log(markdown);
} else {
  const doc = path.join(import.meta.dirname, '../docs/data-calibration.md');
  const START = '<!-- calibration-report:start -->';
  const END = '<!-- calibration-report:end -->';
  const text = await readFile(doc, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${doc} lacks the ${START} / ${END} markers`);
  await writeFile(doc, `${text.slice(0, a + START.length)}\n${markdown}\n${text.slice(b)}`);
  console.log(`updated ${path.relative(process.cwd(), doc)}`);
}
