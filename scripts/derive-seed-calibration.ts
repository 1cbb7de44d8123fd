// `npx tsx scripts/derive-seed-calibration.ts [data dir]`: derives the small table of real figures the
// generator is calibrated to (src/server/db/seed/calibration.json) from the public data files:
// - licensed assisted-living facilities per state and the share with at most 16 beds
//   (One Fact national directory, state licensing lists read in 2021: public/alf-2021/*.csv);
// - CMS-certified nursing homes per state and the national spread of overall star ratings
//   (CMS Provider Information 2025 extract: cms-national/nh_ratings_2025.csv).
// The data folder defaults to ../shared/data next to the checkout. The output is committed, so the
// app and the tests never need the data folder; re-run this only when the data files change.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

const SMALL_BEDS = 16;
/** Below this share of facilities with a capacity, the small-home share is a lower bound (small / all). */
const CAPACITY_COVERAGE = 0.9;

async function main(): Promise<void> {
  const dataDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/data'));
  const out = path.join(import.meta.dirname, '../src/server/db/seed/calibration.json');

  const alf: Record<string, { facilities: number; withCapacity: number; small: number; smallShare: number | null }> = {};
  const alfDir = path.join(dataDir, 'public/alf-2021');
  for (const file of (await readdir(alfDir)).filter((f) => f.endsWith('-alf-final.csv')).sort()) {
    const state = file.slice(0, 2).toUpperCase();
    // Montana has a duplicate State column: read rows as arrays and find Capacity by header.
    const rows = parse(await readFile(path.join(alfDir, file)), { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
    const header = rows[0] ?? [];
    const cap = header.indexOf('Capacity');
    let facilities = 0;
    let withCapacity = 0;
    let small = 0;
    for (const row of rows.slice(1)) {
      if (!row.some((v) => v.trim())) continue;
      facilities++;
      const beds = cap >= 0 ? Number.parseFloat(row[cap] ?? '') : Number.NaN;
      if (Number.isFinite(beds) && beds > 0) {
        withCapacity++;
        if (beds <= SMALL_BEDS) small++;
      }
    }
    const smallShare = withCapacity === 0 ? null : withCapacity / facilities >= CAPACITY_COVERAGE ? small / withCapacity : small / facilities;
    alf[state] = { facilities, withCapacity, small, smallShare: smallShare === null ? null : Math.round(smallShare * 1000) / 1000 };
  }

  const nh = parse(await readFile(path.join(dataDir, 'cms-national/nh_ratings_2025.csv')), { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  const nursingHomes: Record<string, number> = {};
  const stars = [0, 0, 0, 0, 0];
  const chains = new Map<string, number>();
  for (const r of nh) {
    const st = r.state ?? '';
    nursingHomes[st] = (nursingHomes[st] ?? 0) + 1;
    const s = Number(r.overall_rating);
    if (s >= 1 && s <= 5) stars[s - 1]! += 1;
    if (r.affiliate_name) chains.set(r.affiliate_name, (chains.get(r.affiliate_name) ?? 0) + 1);
  }
  const largestNhChain = [...chains.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];

  const table = {
    note: 'Derived by scripts/derive-seed-calibration.ts from ../shared/data (see docs/data-calibration.md). Do not edit by hand.',
    alf: {
      source: 'One Fact national assisted-living directory (state licensing lists, read mid-2021), public/alf-2021',
      smallBeds: SMALL_BEDS,
      byState: Object.fromEntries(Object.entries(alf).sort()),
    },
    nursingHomes: {
      source: 'CMS Provider Information 2025 extract, cms-national/nh_ratings_2025.csv',
      byState: Object.fromEntries(Object.entries(nursingHomes).sort()),
      overallStars: stars,
      largestChain: { name: largestNhChain[0], homes: largestNhChain[1] },
    },
  };
  await writeFile(out, `${JSON.stringify(table, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}: ${Object.keys(alf).length} ALF states, ${nh.length} nursing homes`);
}

await main();
