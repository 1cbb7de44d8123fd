// `npm run lighthouse`: Lighthouse performance and accessibility of the public pages on a phone
// (Lighthouse's default mobile emulation and throttling) and of the analyst pages on a desktop, against a
// running app (LIGHTHOUSE_URL, default http://localhost:5000). Uses Debian's Chromium (CHROME_PATH,
// default /usr/bin/chromium). Not part of `npm test`: scores depend on the machine's load.
// LIGHTHOUSE_PAGES=landing,search picks pages by label; LIGHTHOUSE_REPORT_DIR writes each full JSON report
// there and prints what to profile (the LCP element, render-blocking files, the longest main-thread work).
// LIGHTHOUSE_RUNS=3 measures every page three times (pages in turn, so a burst of load on the machine does
// not fall on one page's runs) and prints each page's median; the load average is printed before and after,
// since simulated throttling multiplies the machine's own slowness.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const base = (process.env.LIGHTHOUSE_URL ?? 'http://localhost:5000').replace(/\/+$/, '');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Target {
  label: string;
  path: string;
  formFactor: 'mobile' | 'desktop';
  signedIn?: boolean;
}

/** A community and its city from the running app's own data (its first search result in Texas, or anywhere). */
async function sample(): Promise<{ id: number; city: string; state: string }> {
  for (const location of ['TX', '']) {
    const res = await fetch(`${base}/api/communities/search?pageSize=1&location=${location}`);
    if (!res.ok) throw new Error(`${base} does not answer the search (${res.status}); is the app running?`);
    const c = ((await res.json()) as { communities: { id: number; city: string; state: string }[] }).communities[0];
    if (c) return c;
  }
  throw new Error('the app has no communities');
}

/** A fresh account's session cookie, for the analyst pages. */
async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `lighthouse-${Date.now()}@example.com`, password: 'lighthouse measures pages', firstName: 'Lighthouse' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`signing up for the analyst pages failed (${res.status}): ${await res.text()}`);
  return cookie;
}

const c = await sample();
const targets: Target[] = [
  { label: 'landing', path: '/', formFactor: 'mobile' },
  { label: 'search', path: `/search?location=${encodeURIComponent(`${c.city}, ${c.state}`)}`, formFactor: 'mobile' },
  { label: 'community', path: `/community/${c.id}`, formFactor: 'mobile' },
  ...['/dashboard', '/community-insights', '/operator-insights', '/sentiment-analysis', '/pricing-analytics'].map(
    (path): Target => ({ label: path.slice(1), path, formFactor: 'desktop', signedIn: true }),
  ),
];
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
if (only) targets.splice(0, targets.length, ...targets.filter((t) => only.includes(t.label)));
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });
const cookie = targets.some((t) => t.signedIn) ? await signIn() : '';

const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`load average before: ${load()}`);
interface Row {
  page: string;
  form: string;
  performance: number;
  accessibility: number;
  lcp: string;
  tbt: string;
  cls: string;
  lcpMs: number;
  tbtMs: number;
}
const rows: Row[] = [];
try {
  for (let run = 0; run < runs; run++)
  for (const t of targets) {
    const result = await lighthouse(
      `${base}${t.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: t.signedIn ? { Cookie: cookie } : undefined,
      },
      t.formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${t.path}`);
    const { categories, audits } = result.lhr;
    // A run whose trace Lighthouse could not use has no score (not a score of 0): it counts in no median.
    const score = (k: string) => {
      const v = categories[k]?.score;
      return v == null ? Number.NaN : Math.round(v * 100);
    };
    if (categories.performance?.score == null) {
      console.log(`  run failed: ${result.lhr.runtimeError?.code ?? result.lhr.runWarnings[0] ?? 'no performance score'}`);
    }
    rows.push({
      page: t.path,
      form: t.formFactor,
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcp: audits['largest-contentful-paint']?.displayValue ?? '',
      tbt: audits['total-blocking-time']?.displayValue ?? '',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '',
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    });
    if (reportDir) {
      writeFileSync(path.join(reportDir, runs > 1 ? `${t.label}-${run + 1}.json` : `${t.label}.json`), JSON.stringify(result.lhr));
      type Items = { items?: Array<Record<string, unknown>> };
      const details = (id: string) => ((audits[id]?.details ?? {}) as Items).items ?? [];
      const lcpElement = details('largest-contentful-paint-element')[0] as { items?: Array<{ node?: { snippet?: string } }> } | undefined;
      console.log(`  LCP element: ${lcpElement?.items?.[0]?.node?.snippet ?? '?'}`);
      for (const phase of (details('largest-contentful-paint-element')[1] as Items | undefined)?.items ?? []) console.log(`    ${phase.phase}: ${Math.round(Number(phase.timing))} ms`);
      for (const r of details('render-blocking-resources')) console.log(`  render-blocking: ${r.url} (${Math.round(Number(r.wastedMs))} ms)`);
      for (const r of details('bootup-time').slice(0, 4)) console.log(`  script time: ${r.url} ${Math.round(Number(r.scripting))} ms`);
      for (const r of details('unused-javascript').slice(0, 4)) console.log(`  unused JS: ${r.url} ${Math.round(Number(r.wastedBytes) / 1024)} of ${Math.round(Number(r.totalBytes) / 1024)} kB`);
      console.log(`  FCP ${audits['first-contentful-paint']?.displayValue}, SI ${audits['speed-index']?.displayValue}, TTI ${audits['interactive']?.displayValue}`);
    }
    const last = rows.at(-1)!;
    console.log(`${last.form.padEnd(8)} ${String(last.performance).padStart(3)} perf  ${String(last.accessibility).padStart(3)} a11y  LCP ${last.lcp.padEnd(8)} TBT ${last.tbt.padEnd(8)} CLS ${last.cls.padEnd(6)} ${t.path}`);
  }
} finally {
  await chrome.kill();
}
console.log(`load average after: ${load()}`);
const table = rows.map(({ lcpMs: _l, tbtMs: _t, ...shown }) => shown);
console.table(table);
if (runs > 1) {
  const median = (xs: number[]) => {
    const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : Number.NaN;
  };
  console.table(
    targets.map((t) => {
      const mine = rows.filter((r) => r.page === t.path);
      return {
        page: t.path,
        form: t.formFactor,
        performance: mine.map((r) => r.performance).join(' '),
        'median performance': median(mine.map((r) => r.performance)),
        'min accessibility': Math.min(...mine.map((r) => r.accessibility).filter((a) => !Number.isNaN(a))),
        'median LCP': `${(median(mine.map((r) => r.lcpMs)) / 1000).toFixed(1)} s`,
        'median TBT': `${Math.round(median(mine.map((r) => r.tbtMs)))} ms`,
      };
    }),
  );
}
