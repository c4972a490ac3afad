import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries of docs/design.md and docs/decisions/010-import-boundaries.md: web and
 * server meet only in common/, common imports neither; a feature uses another only if the graph
 * below says it may, and only through that feature's public entry (web: index.ts, server:
 * service.ts); web/components, web/lib, web/paths.ts and web/testing import no feature; and no
 * file imports itself back through others (import-x/no-cycle).
 */

/**
 * Which features each feature may import, declared once. The web graph and the server graph
 * are separate: a feature folder may exist on one side only. Adding a dependency here is a
 * design change; the config refuses to load if the graph has a cycle. A feature folder missing
 * from it may import no other feature (a new feature that needs none is only its own folder).
 */
export const webFeatures = {
  accounts: ['auth', 'uploads'],
  // The admin panel composes the administrators' screens of other concerns (its tabs).
  // The approval card shows where the place is on a map (issue 51).
  admin: [
    'analytics',
    'auth',
    'exchange-rate',
    'maps',
    'notifications',
    'properties',
    'reports',
    'reviews',
    'support',
    'verifications',
  ],
  analytics: [],
  auth: [],
  // The dashboard counts unread messages and opens the inbox (issue 37).
  // A lister reads and answers the reviews of their listings there (issue 40).
  dashboard: ['auth', 'conversations', 'properties', 'reviews', 'viewings'],
  // The inbox (issue 37); the current user decides who sees it. A renter reports a
  // conversation from it with the reports feature's form.
  conversations: ['auth', 'reports'],
  dev: [],
  // The rate renters' pages read through properties' key, which a saved rate replaces.
  'exchange-rate': ['auth', 'properties'],
  // A lister's public page shows their listings' cards and reviews (issue 40).
  listers: ['properties', 'reviews'],
  // Outgoing e-mail and SMS (the admin panel's Deliveries).
  notifications: [],
  offline: [],
  // Maps (issue 39): drawn from props; the features that show one say what is on it.
  maps: [],
  pages: ['accounts', 'auth', 'properties'],
  // The search page offers "Save this search" (issue 21), a lazy dialog of saved-searches.
  // The contact page's first action is an enquiry (issue 37).
  // The listing forms hold a listing's viewing hours (issue 38).
  // The search's Map view, a listing's area and its pin are maps (issue 39).
  // A listing's page shows its reviews (issue 40).
  properties: [
    'auth',
    'conversations',
    'maps',
    'reports',
    'reviews',
    'saved-searches',
    'uploads',
    'videos',
    'viewings',
  ],
  providers: ['auth'],
  reports: ['auth'],
  // Writing a review needs the signed-in renter (issue 40).
  reviews: ['auth'],
  'saved-searches': ['auth'],
  // Support and contact pages, and the administrators' inbox of their messages.
  support: ['auth'],
  uploads: [],
  verifications: [],
  videos: ['auth', 'uploads'],
  // Booking a viewing, a viewing's page and the list of them (issue 38); a confirmed viewing's
  // page shows the house's pin on a map (issue 50).
  viewings: ['auth', 'maps'],
};
export const serverFeatures = {
  // uploads: a test reads the photo uploads table.
  accounts: ['auth', 'uploads'],
  admin: ['accounts', 'listings', 'uploads'],
  analytics: [],
  auth: [],
  // A conversation is about a listing (its title, photo, whether it takes enquiries).
  conversations: ['listings'],
  'exchange-rate': ['admin', 'listings'],
  favorites: ['listings'],
  // A listing's figures for its lister (issue 51) count its page views, enquiries, viewings and
  // reviews where those features keep them.
  'listing-stats': ['analytics', 'conversations', 'listings', 'reviews', 'viewings'],
  // The listing domain: writes, visibility, events, freshness. It tells the search index of
  // its writes through `app.listingSearch` (a decoration), never by importing search. Owners'
  // dashboards count their listings' views from analytics' page loads.
  listings: ['analytics', 'uploads'],
  // The streams end with their session (auth's sessions).
  live: ['auth'],
  // Where the maps' tiles come from and the landmarks to search near (issue 39).
  maps: [],
  // Outgoing e-mail and SMS as administrators see them (Deliveries); retries are audited.
  notifications: ['admin'],
  providers: ['admin', 'auth'],
  // A report sent from a conversation carries it (issue 37), for the administrator to read.
  reports: ['admin', 'conversations', 'listings'],
  // Price drops compare cedis and dollars at the current rate.
  'saved-searches': ['exchange-rate', 'listings'],
  // The search engine: an index of live listings, rendered as the listings feature shows them.
  // (exchange-rate, saved-searches: its tests write a rate and read saved searches' tables.)
  search: ['exchange-rate', 'listings', 'saved-searches'],
  // A lister's page's head reads the lister (issue 40); a listing that is not live is there
  // for its owner's session alone, else its page is not found (issue 51).
  seo: ['auth', 'listings', 'reviews', 'search'],
  // A review rests on a viewing of a listing; saying money was asked for files a report of it;
  // hiding one is an audited administrator action (issue 40).
  // Authors' names are shown as conversations relay them (no digits, no payment requests).
  // A review counts only when its author is independent of the lister: auth keeps where
  // accounts were used from and the numbers they had (issue 50).
  reviews: ['admin', 'auth', 'conversations', 'listings', 'reports', 'viewings'],
  // Support and contact messages, and the administrators' inbox of them; marking one handled
  // and answering it are audited administrator actions (issue 51).
  support: ['admin'],
  uploads: [],
  verifications: ['admin', 'uploads'],
  videos: ['admin', 'listings'],
  // A viewing is of a listing, and each of its steps is a line of the pair's conversation.
  viewings: ['conversations', 'listings'],
};

const root = import.meta.dirname;

/** A cycle of `graph` as the list of features along it (first and last the same), or null. */
export function findCycle(graph) {
  const done = new Set();
  const visit = (feature, trail) => {
    if (trail.includes(feature)) return [...trail.slice(trail.indexOf(feature)), feature];
    if (done.has(feature)) return null;
    for (const other of graph[feature] ?? []) {
      const cycle = visit(other, [...trail, feature]);
      if (cycle) return cycle;
    }
    done.add(feature);
    return null;
  };
  for (const feature of Object.keys(graph)) {
    const cycle = visit(feature, []);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Adds each feature folder of `dir` the graph does not name, as using no other feature; throws
 * unless every name is known and there is no cycle.
 */
export function checkGraph(name, dir, graph) {
  const folders = fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(path.join(root, dir), entry.parentPath).split(path.sep)[0])
    .filter(Boolean);
  const undeclared = [...new Set(folders)].filter((folder) => !(folder in graph));
  for (const folder of undeclared) graph[folder] = [];
  for (const [feature, uses] of Object.entries(graph)) {
    const unknown = uses.filter((other) => !(other in graph) || other === feature);
    if (unknown.length > 0) {
      throw new Error(`eslint.config.js: ${name}.${feature} names ${unknown.join(', ')}.`);
    }
  }
  const cycle = findCycle(graph);
  if (cycle) throw new Error(`eslint.config.js: ${name} has a cycle: ${cycle.join(' -> ')}.`);
}

checkGraph('webFeatures', 'web/features', webFeatures);
checkGraph('serverFeatures', 'server/features', serverFeatures);

/**
 * import-x/no-restricted-paths zones of a feature graph: a feature may not import an undeclared
 * feature at all, and a declared one only through `entry` (when given). `ownEntry` also keeps a
 * feature's files off their own entry: they import their siblings directly.
 */
function featureZones(dir, graphName, graph, { entry, ownEntry = false }) {
  const zones = [];
  for (const [feature, uses] of Object.entries(graph)) {
    const target = `${dir}/${feature}`;
    if (ownEntry) {
      zones.push({
        target,
        from: `${target}/${entry}`,
        message: `Inside ${feature}, import the sibling file itself, not the feature's own ${entry}.`,
      });
    }
    for (const other of Object.keys(graph)) {
      if (other === feature) continue;
      const from = `${dir}/${other}`;
      if (!uses.includes(other)) {
        zones.push({
          target,
          from,
          message: `${feature} may not use ${other}: not among its features in ${graphName} (eslint.config.js).`,
        });
      } else if (entry) {
        zones.push({
          target,
          from,
          except: [`./${entry}`],
          message: `Use ${other} only through its public entry ('../${other}').`,
        });
      }
    }
  }
  return zones;
}

const webFeatureDirs = Object.keys(webFeatures).map((feature) => `web/features/${feature}`);
const appLevel = [
  'web/layout',
  'web/routes.tsx',
  'web/app.tsx',
  'web/main.tsx',
  // The server renderer of the first pages, and the state it hands the browser (issue 22).
  'web/render-page.tsx',
  'web/page-state.ts',
  'web/render-page-fixtures.ts',
  'web/providers.tsx',
  // A visitor's public pages (decision 030): like routes.tsx, the boot script and the islands'
  // registry import features' files by path, so a lazy island or the few kilobytes of the
  // boot script do not bring a feature's whole entry with them.
  'web/islands',
];
const boundaryZones = [
  ...featureZones('web/features', 'webFeatures', webFeatures, {
    entry: 'index.ts',
    ownEntry: true,
  }),
  // The server's entry, service.ts, is held by the no-restricted-imports rule below.
  ...featureZones('server/features', 'serverFeatures', serverFeatures, {}),
  {
    target: ['web/components', 'web/lib', 'web/paths.ts', 'web/testing'],
    from: ['web/features', ...appLevel],
    message:
      'Shared web code imports no feature and not the app shell (web/layout, routes, app, main).',
  },
  {
    target: 'web/features',
    from: appLevel,
    message:
      'A feature never imports the app level (web/layout, routes, app, main): it composes them.',
  },
  // The app shell uses features through their public entries; the route table (routes.tsx)
  // also imports each page by its file, for the lazy routes.
  {
    target: ['web/layout', 'web/app.tsx', 'web/main.tsx', 'web/render-page.tsx'],
    from: webFeatureDirs,
    except: ['./index.ts'],
    message: "The app shell uses a feature only through its public entry ('features/<name>').",
  },
];

// Server features are modules (server/lib/feature-module.ts): the composition (app.ts, start.ts
// and the feature list) uses a feature only through its entry, plugin.ts, and the platform
// (server/lib, server/db) uses none.
const serverFeatureDirs = Object.keys(serverFeatures).map(
  (feature) => `server/features/${feature}`,
);
// (Tests of the platform may exercise it through real features: noFeature below spares them.)
boundaryZones.push({
  target: ['server/app.ts', 'server/start.ts', 'server/features/index.ts'],
  from: serverFeatureDirs,
  except: ['./plugin.ts'],
  message: "The composition uses a feature only through its entry ('features/<name>/plugin').",
});

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
const noFeature = {
  regex: '(^|/)features/',
  message: 'server/lib and server/db use no feature: a feature brings what it needs (plugin.ts).',
};
// Each folder gets one no-restricted-imports rule that lists all of its limits, because a later
// config's rule replaces an earlier one's.
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
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves as TypeScript does, with package.json's `imports` (#common/*).
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(noServer) },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  { files: ['server/**'], rules: restrict(noWeb) },
  {
    files: ['server/lib/**', 'server/db/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict(noWeb, noFeature),
  },
  { files: ['server/features/**'], rules: restrict(noWeb, serverFeatureInternals) },
  // The feature list is the composition, not a feature: it imports each entry (zone above).
  { files: ['server/features/index.ts'], rules: restrict(noWeb) },
  { files: ['common/**'], rules: restrict(noServer, noWeb) },
);
