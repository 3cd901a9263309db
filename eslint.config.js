/**
 * Lint: TypeScript's recommended rules, React's hooks rules, and the import rules that keep the layers
 * running one way (README "Layout and the dependency rule"; every layer in docs/architecture.md):
 *   contract ← ui ← screens ← app;  contract ← api ← containers and app;  contract ← server
 * - src/contract: no React, no browser, no Express, nothing else of src/ or server/;
 * - src/ui: no app code (api, app, screens);
 * - screens (src/screens, but not *.container.tsx): no API, no router, no app shell;
 * - src/shared (what the customer app and the console both use): neither app; the console: not src/app;
 * - src/screens/console/<area>/: an area's screens import no other area's, only shared/ and layout/;
 * - server/: of src/ only the contract;
 * - server/provider/<area>/: the areas in layers (PROVIDER_LAYERS below), each importing only the layers
 *   below its own, none of them the files that put the provider together;
 * - no import cycles anywhere.
 * `npm run lint` (also a stage of `npm test`) runs this and knip. tests/server/provider-imports.test.ts
 * lints planted imports with it to prove the provider's rules bite.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import prettierOff from 'eslint-config-prettier/flat';
import { readdirSync } from 'node:fs';

const SCREEN_FILES = ['src/screens/**/*.{ts,tsx}'];
const CONTAINERS = ['src/screens/**/*.container.tsx'];

/**
 * The provider's areas (server/provider/<area>/), top layer first. An area imports areas of the layers
 * below its own only, never one of its own layer or above, so areas depend one way and no chain of imports
 * between them can come back: payments calls into orders and wallet (which start a payment through the
 * PaymentStarter port, provider/payment-port.ts, that payments implements), auth into accounts, counter
 * into orders, settings into theme (a share-preview link's draft), customers into auth (the e-mail
 * address's proof), referrals into auth (the wrong-code allowance its open look-up counts against), locations into staff (the activity log; which locations a member works at). Type imports count like any other. A new area joins a layer here (the provider-imports
 * test fails until it does); an import that goes up is a design question first: move an area only where
 * nothing below it would then reach back.
 */
export const PROVIDER_LAYERS = [
  // the member card shows the counter's latest earn (counter's earns), and the counter finds a member
  // by the rotating code rewards signs (vouchers' and members' alike), so members sits above both
  // campaigns read points, rewards, tiers, orders and customers, and give a reward's voucher; passes
  // show points, stamps and tiers
  ['members', 'passes', 'campaigns'],
  // feedback: a customer's own completed order (orders), the reply notified (notifications) and audited (staff);
  // tips: the owner's settings in the rules (settings), audited (staff), the report read from orders' rows;
  // stations: a kitchen display's bumps move orders through the lifecycle (orders), audited (staff)
  ['board', 'counter', 'customers', 'dashboard', 'feedback', 'media', 'menu', 'payments', 'shop-settings', 'stations', 'theme', 'tips', 'wheel'],
  ['channels', 'options', 'orders'],
  // orders and the counter evaluate the earning rules and give stamps in their transactions; loyalty moves
  // points and audits, and a full stamp card issues its reward's voucher through rewards. Referrals: an
  // order paid, cancelled or completed moves its referral in the order's transaction, and a referral's
  // reward is points or a voucher (points, rewards), audited (staff); auth, below, records a friend's
  // sign-up and devices as plain rows through accounts. Offers: orders price a promo code and count its
  // use in the order's transaction; an offer names locations and is audited (staff). Gift cards: bought
  // from and claimed into the wallet (wallet's ledger), the recipient's phone read as sign-in reads it
  // (auth), the owner's settings audited (staff), a bought card's receipt queued (receipts). Tables: a
  // location's (locations), their codes checked by orders, looked up against the open look-ups' allowance
  // (auth), audited (staff)
  ['loyalty', 'referrals', 'offers', 'gift-cards', 'tables'],
  // receipts: queued in the transaction of a completing order (orders), a paid top-up (payments) or a
  // gift card sold (gift-cards), so below all three; they read the order, the top-up and the card with
  // their own SQL, the tier (tiers) and the open look-ups' allowance (auth)
  ['receipts'],
  // tiers give their welcome rewards' vouchers through rewards; rewards (early access) and points (the
  // hourly credit of pending points) reach tiers through the TierPort (provider/tiers-port.ts)
  ['tiers'],
  // privacy: a customer's data and its erasure read every area's rows and end their points (points) and
  // wallet money (wallet), audited (staff); only the provider's composition (routes, the hourly job) calls it
  ['rewards', 'privacy'],
  // api-keys: the owner's keys, each change and each call audited (staff); the merchant calls' guard (http) reaches it through the MerchantKeyPort
  // webhooks: the owner's endpoints (audited: staff) and the sender, which checks addresses as push does
  ['addresses', 'api-keys', 'locations', 'points', 'shop', 'wallet', 'webhooks'],
  // under locations: a location's changes go into staff's activity log, and staff says who works where
  ['staff'],
  ['auth'],
  ['accounts', 'notifications', 'settings'],
  // notify() queues a notification's pushes in its transaction: push sits below notifications
  ['push'],
  // the record of every yes or no to offers, written where the choice is made (sign-up, the campaign
  // switch and its e-mail link, the push settings): plain rows, under them all
  // events: the webhooks' outbox rows, written in the transaction of the change they tell of by orders,
  // accounts, points and rewards: plain rows, under them all
  ['consents', 'events'],
  ['http'],
  // i18n: the words sent to customers in their language (Lingui's catalogues), read by every area that
  // sends, and the refusals' words (errors.ts), which http/ puts in the error envelope
  ['i18n'],
];
/** The files that put the provider together: they may import every area, and no area imports them. */
export const PROVIDER_COMPOSITION = ['app.ts', 'embedded.ts', 'jobs.ts'];
const provider = (name) => `./server/provider/${name}`;

/**
 * The console's screens, one folder per area (src/screens/console/<area>/, issue 47): an area imports no
 * other area's files; what two areas use lives in shared/ (and the console's frame in layout/).
 */
const CONSOLE_COMMON = ['shared', 'layout'];
const consoleAreas = readdirSync(new URL('./src/screens/console', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !CONSOLE_COMMON.includes(d.name))
  .map((d) => d.name);
const consoleZones = consoleAreas.map((area) => ({
  target: `./src/screens/console/${area}`,
  from: consoleAreas.filter((other) => other !== area).map((other) => `./src/screens/console/${other}`),
  message: `A console area imports only its own files, shared/ and layout/: what ${area}/ and another area both use moves to src/screens/console/shared/.`,
}));
/** an inline `import('…').Type` is a dependency the zones below do not see */
const NO_INLINE_TYPE_IMPORT = { selector: 'TSImportType', message: 'Import the type at the top of the file (import type …), where the import rules see it.' };

const providerZones = [
  // an area alone in the top layer has nothing above it to keep out: no zone
  ...PROVIDER_LAYERS.flatMap((layer, i) =>
    (i === 0 && layer.length === 1 ? [] : layer).map((area) => {
      const below = PROVIDER_LAYERS.slice(i + 1).flat();
      return {
        target: provider(area),
        from: PROVIDER_LAYERS.slice(0, i + 1)
          .flat()
          .filter((other) => other !== area)
          .map(provider),
        message: `Provider areas depend one way: ${area}/ imports ${below.length ? `only ${below.join(', ')}` : 'no other area'} (PROVIDER_LAYERS in eslint.config.js).`,
      };
    }),
  ),
  {
    target: PROVIDER_LAYERS.flat().map(provider),
    from: PROVIDER_COMPOSITION.map(provider),
    message: 'The composition files put the provider together from its areas: no area imports them.',
  },
  {
    // the shared files at the provider's root (context, ports, the OpenAPI document)
    target: `./server/provider/!(${PROVIDER_COMPOSITION.map((f) => f.replace(/\.ts$/, '')).join('|')}).ts`,
    from: ['payments', 'orders', 'wallet'].map(provider),
    message:
      'Orders and wallet see payments only through the port (payment-port.ts): a shared file at the provider root imports none of the three, not even a type.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      // the provider's compiled catalogues (lingui compile, npm run extract)
      'server/locales/**',
      'storybook-static/**',
      '.ci/artifacts/**',
      'coverage/**',
      'data/**',
      '.tmp/**',
      'bench/.tmp/**',
      'tests/visual/__*__/**',
      'node_modules/**',
    ],
  },
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
          // the paths below are the project's, wherever ESLint is started
          basePath: import.meta.dirname,
          zones: [
            {
              target: './src/contract',
              from: ['./src/api', './src/app', './src/console', './src/ui', './src/screens', './src/shared', './server'],
              message: 'The contract is imported by everyone and imports none of them.',
            },
            {
              target: './src/ui',
              from: ['./src/api', './src/app', './src/console', './src/screens', './src/shared'],
              message: 'A primitive knows nothing of the app: pass data and callbacks in.',
            },
            {
              target: './src/api',
              from: ['./src/app', './src/console', './src/screens', './src/ui', './src/shared'],
              message: 'The API layer knows nothing of the UI.',
            },
            {
              target: './server',
              from: ['./src/api', './src/app', './src/console', './src/ui', './src/screens', './src/shared', './src/main.tsx'],
              message: 'The server imports only the contract from src/.',
            },
            {
              target: './server/gateway',
              from: ['./server/provider'],
              message: 'The gateway reaches a provider over HTTP only (it may be another one): what both need lives in server/lib.',
            },
            // the customer app and the merchant console are two builds: neither imports the other's shell
            { target: './src/app', from: ['./src/console', './src/screens/console'], message: 'The customer app never loads the merchant console.' },
            {
              target: ['./src/console', './src/screens/console'],
              from: ['./src/app'],
              message: 'src/app is the customer app: what both apps use lives in src/shared.',
            },
            { target: './src/shared', from: ['./src/app', './src/console', './src/screens'], message: 'src/shared serves both apps and knows neither.' },
            {
              target: './src/screens/**/!(*.container).{ts,tsx}',
              from: ['./src/api', './src/app', './src/console', './src/shared'],
              message: 'A screen is pure: props in, callbacks out. Its container wires data and routes.',
            },
            ...consoleZones,
            ...providerZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'express', 'swr', 'node:*'],
              message: 'The contract runs in the browser and on the server: no React, no Express, no Node modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: SCREEN_FILES,
    ignores: CONTAINERS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: 'A screen never reads the router: its container passes what it needs.' },
            { name: 'swr', message: 'A screen never fetches.' },
          ],
        },
      ],
    },
  },
  {
    // a screen, a primitive, any other module of the app, a server part or a script is read whole: a function past 120 lines (blank
    // lines and comments count) is split into parts of its own, page-local ones beside it or shared ones
    // in src/ui. A migration is left as it shipped: it is history, run once, never read to change it.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['server/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    files: ['server/provider/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_INLINE_TYPE_IMPORT] },
  },
  {
    // the shared files at the provider's root hold the context and the ports: of the areas they know
    // only types, and http/
    files: ['server/provider/*.ts'],
    ignores: PROVIDER_COMPOSITION.map((f) => `server/provider/${f}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./(?!http/)[^/]+/',
              allowTypeImports: true,
              message: 'A shared file at the provider root imports only types from the areas (import type …), or http/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        NO_INLINE_TYPE_IMPORT,
        {
          selector: 'ImportExpression[source.value=/^\\.\\/(?!http\\/)[^/]+\\//]',
          message: 'A shared file at the provider root loads nothing from the areas but http/.',
        },
      ],
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
  // Prettier owns the layout (npm run lint checks it with prettier --check): the rules about layout are off
  prettierOff,
);
