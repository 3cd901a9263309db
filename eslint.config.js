/**
 * Lint: TypeScript's recommended rules, React's hooks rules, and the import rules that keep the layers
 * running one way (README "Layout and the dependency rule"):
 *   contract ← ui ← screens ← app;  contract ← api ← containers and app;  contract ← server
 * - src/contract: no React, no browser, no Express, nothing else of src/ or server/;
 * - src/ui: no app code (api, app, screens);
 * - screens (src/screens, but not *.container.tsx): no API, no router, no app shell;
 * - server/: of src/ only the contract;
 * - no import cycles anywhere.
 * `npm run lint` (also a stage of `npm test`) runs this and knip.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const SCREEN_FILES = ['src/screens/**/*.{ts,tsx}'];
const CONTAINERS = ['src/screens/**/*.container.tsx'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'storybook-static/**', 'coverage/**', 'data/**', '.tmp/**', 'bench/.tmp/**', 'tests/visual/__*__/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
      // the import rules read the modules they follow (for cycles) with TypeScript's parser
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/contract', from: ['./src/api', './src/app', './src/console', './src/ui', './src/screens', './server'], message: 'The contract is imported by everyone and imports none of them.' },
            { target: './src/ui', from: ['./src/api', './src/app', './src/console', './src/screens'], message: 'A primitive knows nothing of the app: pass data and callbacks in.' },
            { target: './src/api', from: ['./src/app', './src/console', './src/screens', './src/ui'], message: 'The API layer knows nothing of the UI.' },
            { target: './server', from: ['./src/api', './src/app', './src/console', './src/ui', './src/screens', './src/main.tsx'], message: 'The server imports only the contract from src/.' },
            // the customer app and the merchant console are two builds: neither imports the other's shell
            { target: './src/app', from: ['./src/console'], message: 'The customer app never loads the merchant console.' },
            {
              target: './src/screens/**/!(*.container).{ts,tsx}',
              from: ['./src/api', './src/app', './src/console'],
              message: 'A screen is pure: props in, callbacks out. Its container wires data and routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-*', 'express', 'swr', 'node:*'], message: 'The contract runs in the browser and on the server: no React, no Express, no Node modules.' }] }],
    },
  },
  {
    files: SCREEN_FILES,
    ignores: CONTAINERS,
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router-dom', message: 'A screen never reads the router: its container passes what it needs.' }, { name: 'swr', message: 'A screen never fetches.' }] }],
    },
  },
  {
    // Node runs the scripts as they are (it strips the types: tsconfig's erasableSyntaxOnly and
    // verbatimModuleSyntax hold them to what it can strip), and Node's resolver wants every file named whole
    files: ['scripts/**/*.{ts,mjs}'],
    rules: { 'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }] },
  },
  {
    files: ['src/**/*.tsx', 'stories/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    // the rules of hooks and their dependencies (the compiler-era rules of v7's recommended set are not adopted)
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
