// A local ESLint rule (issue 11): no import cycles between the project's own files, like import/no-cycle.
// It follows relative imports that exist at run time (`import type` / `export type` are erased and do not
// count), resolving `x`, `x.ts`, `x.tsx`, `x/index.ts(x)`, and reports the import that closes a cycle back
// to the file being linted. The graph is read from disk once per lint run and cached.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// Value imports and re-exports (not `import type`/`export type`), side-effect imports and dynamic imports.
const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:([^'";]*?)\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_RE = /\bimport\(\s*()['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
/** `{ type A, type B }`: every name is a type, so the import is erased. */
const onlyTypes = (clause) => /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'));

const resolved = new Map();
const edges = new Map();

function resolve(from, spec) {
  const key = `${from}\0${spec}`;
  if (resolved.has(key)) return resolved.get(key);
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  let hit = null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e)]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      hit = candidate;
      break;
    }
  }
  resolved.set(key, hit);
  return hit;
}

function importsOf(file, text) {
  if (text === undefined && edges.has(file)) return edges.get(file);
  const source = text ?? (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const out = [];
  for (const re of [IMPORT_RE, DYNAMIC_RE]) {
    re.lastIndex = 0;
    for (let m = re.exec(source); m; m = re.exec(source)) {
      if (m[1] && onlyTypes(m[1])) continue;
      const target = resolve(file, m[2]);
      if (target) out.push({ spec: m[2], target });
    }
  }
  if (text === undefined) edges.set(file, out);
  return out;
}

/** A path of files from `start` back to `goal`, or null. */
function findPath(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    for (const { target } of importsOf(file)) {
      if (target === goal) return trail;
      if (!seen.has(target)) {
        seen.add(target);
        stack.push([target, [...trail, target]]);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between project files (import/no-cycle equivalent).' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move the shared part into a module both can import.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const cwd = context.cwd;
    const rel = (f) => path.relative(cwd, f);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')) return;
      const target = resolve(file, spec);
      const back = target && findPath(target, file);
      if (back) context.report({ node, messageId: 'cycle', data: { chain: [file, ...back, file].map(rel).join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
