// `npm run seed -- [--dataset demo|public] [--scale 1] [--seed 20261120] [--states RI,DE] [--force]`: loads
// a dataset into the database named by DATABASE_URL (migrating it first): 'demo' generates the synthetic
// one, 'public' loads the real directory shipped in data/public/. Without --force an existing dataset is kept.
import { parseArgs } from 'node:util';
import { createPool, wrapPool } from '../src/server/db/client';
import { ensureMarketData } from '../src/server/db/counties';
import { runMigrations } from '../src/server/db/migrate';
import { ensurePublicDataset } from '../src/server/db/public-dataset/load';
import { ensureDataset, readDatasetMarker } from '../src/server/db/seed/dataset';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.DATASET_SCALE ?? '1' },
    seed: { type: 'string', default: process.env.DATASET_SEED ?? '20261120' },
    force: { type: 'boolean', default: false },
    dataset: { type: 'string', default: process.env.DATASET ?? 'demo' },
    states: { type: 'string', default: process.env.DATASET_STATES ?? '' },
  },
});
if (values.dataset !== 'demo' && values.dataset !== 'public') {
  console.error(`--dataset must be 'demo' or 'public', not '${values.dataset}'`);
  process.exit(2);
}
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to the database to fill, e.g. postgres://postgres:<password>@127.0.0.1:54329/senior_living (the embedded server\'s passwords are in $DATA_DIR/pg/seniorscope-credentials.json)');
  process.exit(2);
}
const scale = Number(values.scale);
const seed = Number(values.seed);
if (!(scale > 0 && scale <= 10) || !Number.isInteger(seed)) {
  console.error('--scale must be in (0, 10] and --seed an integer');
  process.exit(2);
}
const pool = createPool(url, 4);
try {
  await runMigrations(wrapPool(pool));
  if (values.dataset === 'public') {
    const states = (values.states ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const result = await ensurePublicDataset(pool, { states, force: values.force, log: (m) => console.log(`[seed] ${m}`) });
    console.log(result.loaded ? `[seed] done in ${(result.ms / 1000).toFixed(1)} s` : '[seed] a dataset is already present (use --force to load the public one)');
  } else {
    const result = await ensureDataset(pool, { scale, seed, force: values.force, log: (m) => console.log(`[seed] ${m}`) });
    console.log(result.generated ? `[seed] done in ${(result.ms / 1000).toFixed(1)} s` : '[seed] dataset already present (use --force to regenerate)');
  }
  await ensureMarketData(pool, (m) => console.log(`[seed] ${m}`));
  console.log('[seed] marker:', JSON.stringify(await readDatasetMarker(pool)));
} finally {
  await pool.end();
}
