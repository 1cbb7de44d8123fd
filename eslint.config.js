// Lint, including the layer rules of STYLE.md: contracts import neither side, the client never
// imports the server (and vice versa), a client feature never imports another feature, a server module
// uses another module's service (never its repo), db/seed never imports modules/, and no import cycles.
// Features and modules are read from the folders, so a new one is covered without editing this file.
// src/test/lint-rules.test.ts shows each rule failing on a leak.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint/no-import-cycle.js';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
export const FEATURES = folders('./src/client/features/');
export const SERVER_MODULES = folders('./src/server/modules/');

const NOT_CLIENT = { group: ['**/client/**', 'react', 'react-dom'], message: 'The server never imports client code.' };
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'drizzle/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local },
    rules: {
      'local/no-import-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'fastify', 'pg', 'drizzle-orm*'], message: 'The client never imports server code.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NOT_CLIENT] }],
    },
  },
  // A module reaches another module through its service (or routes/session helpers), never its repo.
  ...SERVER_MODULES.map((mod) => ({
    files: [`src/server/modules/${mod}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_CLIENT,
            {
              regex: `(^\\.\\.|modules)/(?!${escapeRe(mod)}/)[\\w-]+/[\\w.-]+\\.repo(\\.[jt]s)?$`,
              message: "A module uses another module's service, never its repo: export what you need from that module's service.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NOT_CLIENT, { group: ['**/modules/**'], message: 'db/ (seed, import, schema) never imports modules/: move the shared code to db/ or lib/.' }] },
      ],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**', 'node:*', 'react', 'fastify', 'drizzle-orm*', 'pg'], message: 'contracts are isomorphic: zod and plain TypeScript only.' }] },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client never imports server code.' },
            {
              group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`]),
              message: 'A feature never imports another feature: move shared code to components/ or lib/.',
            },
            // The relative form ('../admin/api/admin-api' from features/search/…) names no 'features/'.
            {
              regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).map(escapeRe).join('|')})(/|$)`,
              message: 'A feature never imports another feature: move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
);
