import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The browser runs React DOM (decision 020): no other runtime in its place. Every
// no-restricted-imports below repeats it, as a later setting of a rule replaces an earlier one.
const noPreact = { group: ['preact', 'preact/*'], message: 'The client runs React DOM (decision 020).' };

/** Client files that must not import the server, nor what `layer` names. */
const clientOnly = (files, layer) => ({
  files: [files],
  rules: {
    'no-restricted-imports': ['error', { patterns: [noPreact, { group: ['**/server/**', '@server/*'], message: 'The client never imports the server.' }, layer] }],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [noPreact] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // shared/ is pure: it must not reach into the server or the client.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noPreact, { group: ['**/server/**', '**/client/**', '@server/*', '@client/*', 'node:*', 'fastify', 'react'] }] }],
    },
  },
  {
    // The server reaches the client only through its renderer (decision 020).
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noPreact, { group: ['@client/*', '!@client/entry-server', '**/client/**'], message: 'The server imports only the client\'s renderer, @client/entry-server.' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noPreact, { group: ['**/server/**', '@server/*'] }] }] },
  },
  // The client's layers point one way: lib/ (no React data) under components/ (presentational)
  // under shared/ (data-aware: queries, mutations and the components that use them) under the
  // features and the app.
  ...[
    ['src/client/components/**/*.{ts,tsx}', ['@client/shared/*', '@client/shared', '../shared/*', '@client/features/*', '@client/app/*'], 'components/ is a lower layer: a piece that needs data (a query, a mutation) lives in @client/shared.'],
    ['src/client/lib/**/*.{ts,tsx}', ['@client/shared/*', '@client/shared', '../shared/*', '@client/features/*', '@client/app/*', '@client/components/*', '../components/*'], 'lib/ is the lowest layer of the client.'],
  ].map(([files, above, message]) => clientOnly(files, { group: above, message })),
  // Client features never reach into each other or the app: shared pieces live in
  // @client/shared and @client/components, and the app composes the features.
  ...[
    ['src/client/features/*/*.{ts,tsx}', '../*'],
    ['src/client/features/*/*/**/*.{ts,tsx}', '../../*'],
  ].map(([files, outOfFeature]) =>
    clientOnly(files, { group: [outOfFeature, '@client/features/*', '@client/app/*'], message: 'Features do not import each other or the app: move shared pieces to @client/shared or @client/components.' }),
  ),
);
