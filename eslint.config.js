// Lint, including the layer rules of STYLE.md: contracts import neither side, the client never
// imports the server (and vice versa), and a client feature never imports another feature.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'admin', 'auth', 'chat', 'community', 'community-insights', 'dashboard', 'favorites', 'landing',
  'marketing', 'operator-insights', 'pricing-analytics', 'search', 'sentiment',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'drizzle/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**', 'react', 'react-dom'], message: 'The server never imports client code.' }] }],
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
          ],
        },
      ],
    },
  })),
);
