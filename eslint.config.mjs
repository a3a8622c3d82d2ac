/**
 * `npm run lint` (ESLint): TypeScript, the rules of hooks, accessibility of JSX, and the boundaries
 * that keep the design: the shell never imports a remote; a remote imports only the contracts, the
 * shell's public entries and its own files; the api imports no front-end code, and its platform/
 * no feature; the contracts import zod alone. Format is Prettier's (`.prettierrc.json`), unused code knip's (`knip.json`).
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { require as requireTs } from 'tsx/cjs/api';
import tseslint from 'typescript-eslint';

/** The remotes' package folders, from the one table of remotes in the contracts. */
const REMOTE_PACKAGES = requireTs('./contracts/src/remotes.ts', import.meta.url).REMOTES.map((r) => r.packageDir);
const remoteFiles = REMOTE_PACKAGES.map((dir) => `${dir}/**/*.{ts,tsx}`);

const boundary = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

/** What every api file keeps to (a narrower rule for a folder repeats these: a later rule replaces an earlier one). */
const API_PATTERNS = [
  { regex: '^@cardlift/(shell|mf-)', message: 'The api imports no front-end code: it loads their builds.' },
  {
    regex: '(^|/)\\.\\./(shell|e2e|mf-[a-z]+)/',
    message: 'The api imports no front-end code (nor the browser suite): it loads their builds.',
  },
];

/**
 * The api's feature folders, and the feature folders each may import: one row per folder. Every
 * folder may also import the leaves (platform/, kernel/, database/) and the top-level files
 * (app-context, app-config). A folder reaches another only through what that one's module provides
 * (docs/adding-a-module.md, "Boundaries"). Tests are not fenced: they drive the whole app.
 */
const API_FOLDERS = {
  artifacts: ['releases'],
  backup: ['artifacts', 'releases'],
  content: ['artifacts', 'editor', 'preview', 'serving'],
  database: [],
  edge: ['content', 'experiments', 'leads', 'metrics', 'releases', 'serving', 'site'],
  editor: ['content', 'leads', 'preview', 'site'],
  experiments: ['content', 'editor', 'leads', 'metrics', 'rum', 'serving', 'site'],
  health: ['artifacts', 'leads', 'releases', 'serving', 'site'],
  leads: ['rum', 'site'],
  metrics: ['leads', 'notices', 'releases', 'rum', 'serving', 'site'],
  notices: ['releases'],
  preview: [],
  // A script, and so a composition root of its own (script-stores.ts): it prints rum's release health.
  'release-cli': ['artifacts', 'preview', 'releases', 'rum', 'secrets', 'site'],
  // The releases aggregate (registry row, releases, canary, schedule): never the edge, rum or experiments.
  releases: ['artifacts', 'leads', 'preview', 'serving', 'site'],
  // The canary guard judges rum's figures.
  'releases/canary': ['leads', 'notices', 'rum', 'serving'],
  'releases/schedule': [],
  rum: ['leads', 'releases', 'secrets', 'serving', 'site'],
  secrets: [],
  serving: ['artifacts', 'preview', 'releases', 'secrets', 'site'],
  site: ['artifacts', 'content', 'edge', 'experiments', 'leads', 'releases', 'rum', 'serving', 'skew'],
  skew: ['artifacts', 'releases', 'serving'],
};
const API_LEAVES = ['platform', 'kernel', 'database'];

/** Imports a row refuses, kept for now with the reason: files and the folders they may also import. */
const API_RECORDED = [
  {
    // The cache vocabulary (shareAnswer, keepPrivate, tags, kept encodings) is a leaf's in all but
    // folder: to move out of edge/ so routes declare it without importing the edge.
    files: ['api/src/content/content.router.ts', 'api/src/serving/remotes.router.ts'],
    also: ['edge'],
  },
  {
    // The one list of every module's migrations, for what runs outside the app (scripts, tests,
    // benches): it imports the lists only (each folder's `*-migrations.ts`, plain SQL), no module.
    files: ['api/src/database/all-migrations.ts'],
    also: ['artifacts', 'content', 'edge', 'editor', 'experiments', 'leads', 'releases', 'rum', 'skew'],
  },
];

/** The rule for files `up` folders below api/src allowed `allowed` (and the leaves). */
const apiFolderRule = (up, allowed) =>
  boundary([
    ...API_PATTERNS,
    {
      regex: `^(\\.\\./){${up}}(?!(${[...API_LEAVES, ...allowed].join('|')})/)[a-z-]+/`,
      message: `A feature folder imports only the folders its row of API_FOLDERS in eslint.config.mjs allows (${allowed.join(', ') || 'none'}), through what their modules provide (docs/adding-a-module.md).`,
    },
  ]);

const apiFolderConfigs = Object.entries(API_FOLDERS).flatMap(([folder, allowed]) => {
  const depth = folder.split('/').length;
  const own = [folder.split('/')[0], ...allowed];
  return [
    { files: [`api/src/${folder}/*.ts`], ignores: ['**/*.test.ts'], rules: apiFolderRule(depth, own) },
    { files: [`api/src/${folder}/*/*.ts`], ignores: ['**/*.test.ts'], rules: apiFolderRule(depth + 1, own) },
  ];
});

const apiRecordedConfigs = API_RECORDED.flatMap(({ files, also }) =>
  files.map((file) => {
    const folder = file.split('/')[2];
    return { files: [file], rules: apiFolderRule(1, [folder, ...API_FOLDERS[folder], ...also]) };
  }),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  { files: ['shell/**/*.tsx', 'editor/**/*.tsx', ...REMOTE_PACKAGES.map((dir) => `${dir}/**/*.tsx`)], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: boundary([
      { regex: '^@cardlift/mf-|(^|/)\\.\\./mf-[a-z]+/', message: 'The shell never imports a remote: remotes are composed at run time.' },
    ]),
  },
  {
    files: remoteFiles,
    rules: boundary(
      [
        {
          regex: '^@cardlift/(?!contracts(/content-schemas)?$|shell/(ui|router|test-utils)$|shell/build/)',
          message: 'A remote imports only @cardlift/contracts and the shell’s public entries (ui, router, test-utils).',
        },
        {
          regex: '(^|/)\\.\\./(shell|api|e2e|mf-[a-z]+)/',
          message: 'A remote imports its own files only; shared code comes through a public entry.',
        },
        {
          regex: '^(@tanstack/|jotai(/|$))',
          message:
            'Data and state come through @cardlift/shell/ui (useQuery, queryOptions, usePageFrame): these packages are not shared, so a direct import would bundle a copy that cannot see the shell’s QueryClient or store.',
        },
      ],
      [
        {
          name: 'react-router',
          message: 'Routing comes from @cardlift/shell/router: a second React Router cannot see the shell’s router.',
        },
        {
          name: 'react-router-dom',
          message: 'Routing comes from @cardlift/shell/router: a second React Router cannot see the shell’s router.',
        },
      ],
    ),
  },
  {
    files: ['editor/src/**/*.{ts,tsx}'],
    rules: boundary([
      {
        regex: '^@cardlift/(?!contracts$|shell/ui$)',
        message: 'The editor imports only @cardlift/contracts and the design system (@cardlift/shell/ui).',
      },
      { regex: '(^|/)\\.\\./\\.\\./(shell|api|e2e|mf-[a-z]+)/', message: 'The editor imports its own files only.' },
    ]),
  },
  {
    files: ['api/src/**/*.ts', 'api/test/**/*.ts', 'api/bench/**/*.ts'],
    rules: boundary(API_PATTERNS),
  },
  ...apiFolderConfigs,
  ...apiRecordedConfigs,
  {
    // Its tests drive the whole app, so they may import it.
    files: ['api/src/platform/**/*.ts'],
    ignores: ['api/src/platform/**/*.test.ts'],
    rules: boundary([
      ...API_PATTERNS,
      {
        regex: '^\\.\\./(?!kernel/)',
        message:
          'platform/ is the leaf every module uses: it imports its own files and the kernel, never a feature (docs/adding-a-module.md).',
      },
    ]),
  },
  {
    files: ['api/src/kernel/**/*.ts'],
    rules: boundary([
      ...API_PATTERNS,
      { regex: '^\\.\\./(?!platform/)', message: 'The kernel knows no feature: modules come to it, it imports none.' },
    ]),
  },
  {
    files: ['contracts/**/*.ts'],
    rules: boundary([{ regex: '^(?!zod$|fast-check$|\\.{1,2}/)', message: 'The contracts import zod alone (and test tools in tests).' }]),
  },
);
