import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/client/**', '@server/*', '@client/*', 'node:*', 'fastify', 'react'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '@server/*'] }] },
  },
  // Client features never reach into each other or the app: shared pieces live in
  // @client/shared and @client/components, and the app composes the features.
  ...[
    ['src/client/features/*/*.{ts,tsx}', '../*'],
    ['src/client/features/*/*/**/*.{ts,tsx}', '../../*'],
  ].map(([files, outOfFeature]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '@server/*'], message: 'The client never imports the server.' },
            { group: [outOfFeature, '@client/features/*', '@client/app/*'], message: 'Features do not import each other or the app: move shared pieces to @client/shared or @client/components.' },
          ],
        },
      ],
    },
  })),
);
