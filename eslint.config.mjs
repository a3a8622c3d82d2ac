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
