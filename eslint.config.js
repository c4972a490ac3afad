import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries of docs/design.md: web and server meet only in common/, common imports
 * neither, and a feature reaches another feature only through its service (server) or api
 * (web) module. Each folder gets one rule that lists all of its limits, because a later
 * config's rule replaces an earlier one's.
 */
const noServer = {
  regex: '(^|/)server/',
  message: 'web and common never import the server: share through common/.',
};
const noWeb = {
  regex: '(^|/)web/',
  message: 'server and common never import the web app: share through common/.',
};
const serverFeatureInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!service$)[^/]+$',
  message: 'Use another feature only through its service module (../<feature>/service).',
};
const webFeatureInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!api$)[^/]+$',
  message: 'Use another feature only through its api module (../<feature>/api).',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'server/db/migrations/',
      'test-results/',
      'playwright-report/',
      'e2e/artifacts/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(noServer) },
  },
  // Pages compose several features (docs/design.md), so only the other feature folders are held
  // to each other's api modules.
  {
    files: ['web/features/**'],
    ignores: ['web/features/pages/**'],
    rules: restrict(noServer, webFeatureInternals),
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  { files: ['server/**'], rules: restrict(noWeb) },
  { files: ['server/features/**'], rules: restrict(noWeb, serverFeatureInternals) },
  { files: ['common/**'], rules: restrict(noServer, noWeb) },
);
