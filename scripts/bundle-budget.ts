// `npm run budget` (after `npm run build`): the JavaScript a page needs before it can paint, compressed
// with brotli as it is served (the .br files of scripts/precompress.ts): the entry with its static
// imports and the app's start (boot, which the entry imports after the first paint), plus the page's own chunk with its static imports. Lazy imports (MapLibre, Recharts, the chat
// widget) are not counted. Exits 1 when a page is over its budget (issue 14).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist/client');
const assets = path.join(dist, 'assets');
const BUDGETS_KB: Record<string, number> = { 'landing-page': 150, 'search-page': 200, 'community-page': 200 };

function staticImports(file: string): string[] {
  const code = readFileSync(path.join(assets, file), 'utf8');
  // Static imports only: `import … from "./x.js"` and `import "./x.js"` (dynamic `import("./x.js")` excluded).
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
}

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...staticImports(f));
  }
  return seen;
}

const brSize = (file: string) => {
  const full = path.join(assets, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : brotliCompressSync(readFileSync(full)).length;
};

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('dist/client/index.html has no entry script: run `npm run build` first');
const files = readdirSync(assets);
let over = false;
for (const [page, budget] of Object.entries(BUDGETS_KB)) {
  const chunk = files.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk for ${page}`);
  // The entry imports the app's start (boot-*.js) after the first paint; the page needs it all the same.
  const all = closure([entry, ...files.filter((f) => /^boot-[\w-]+\.js$/.test(f)), chunk]);
  const kb = [...all].reduce((sum, f) => sum + brSize(f), 0) / 1024;
  const ok = kb <= budget;
  over ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${page.padEnd(16)} ${kb.toFixed(1).padStart(6)} kB brotli (budget ${budget} kB, ${all.size} files)`);
}
process.exit(over ? 1 : 0);
