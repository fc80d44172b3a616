/**
 * The architecture's rules, checked by scripts/architecture.test.ts (dependency-cruiser's API) on every
 * `npm test`, and by hand with
 * `npx depcruise --config .dependency-cruiser.cjs --output-type err api bench common frontend indexer platform prisma scripts`.
 * That test also checks what imports cannot show: routes, services and middleware call no method of a
 * database client through a handle they received (TypeScript's type checker).
 *
 * Paths are relative to the folder being cruised, so the test can run these same rules over a fixture
 * tree that breaks each of them once: that is how we know every rule can fail.
 *
 * A .cjs file because package.json makes .js files ES modules.
 */

// Test code builds its data straight in the database (factories, withTransaction), so the database
// rule is about the code that ships.
const TEST_CODE = ['\\.test\\.tsx?$', '/testing/', '^api/src/test/'];

// The modules that open connections or run queries. Reached through the repositories, never directly.
const DATABASE_CLIENTS = [
  '(^|/)node_modules/(pg|pg-copy-streams|pg-pool|@prisma/client|@prisma/adapter-pg)/',
  '^generated/prisma/',
];
const DATABASE_HANDLES = '^platform/db/(pool|prisma)\\.ts$';

// Middleware and the frontend's server (SSR, sitemaps) answer requests as routes do, so they are held
// to the same rules.
const REQUEST_CODE = ['^api/src/(routes|services|middleware)/', '^frontend/server/'];
const ERROR_HANDLER = '^api/src/middleware/error-handler\\.ts$';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'no-circular',
    comment:
      'An import cycle makes load order decide what is undefined at start-up, and ties the modules of the cycle into one.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'common-imports-only-common',
    comment:
      'common/ runs in the browser, the API and the indexer alike: it may use packages and other common/ modules, nothing else of ours.',
    severity: 'error',
    from: { path: '^common/' },
    to: { pathNot: '^common/', dependencyTypes: ['local'] },
  },
  {
    name: 'frontend-not-into-server-code',
    comment:
      'frontend/src is bundled for the browser: it talks to the API over HTTP and shares shapes through common/, never api/, indexer/ or platform/ code.',
    severity: 'error',
    from: { path: '^frontend/src/' },
    to: { path: '^(api|indexer|platform)/' },
  },
  {
    name: 'indexer-not-into-api-or-frontend',
    comment: 'The indexer is its own process; what it shares with the API lives in common/ or platform/.',
    severity: 'error',
    from: { path: '^indexer/' },
    to: { path: '^(api|frontend)/' },
  },
  {
    name: 'api-layers-not-into-frontend',
    comment:
      'The API serves the frontend but does not depend on it: only the composition root (app.ts, server.ts, main.ts) mounts the renderer, so routes, services, repositories and presenters stay free of React and the build.',
    severity: 'error',
    from: { path: '^api/src/(routes|services|repositories|middleware|presenters)/' },
    to: { path: '^frontend/' },
  },
  {
    name: 'no-database-client-in-request-code',
    comment:
      'SQL and Prisma live in api/src/repositories/ (or indexer/src/db/, platform/db/): routes, services, middleware and the frontend server never import a database client, not even for a type.',
    severity: 'error',
    from: { path: REQUEST_CODE, pathNot: [...TEST_CODE, ERROR_HANDLER] },
    to: { path: DATABASE_CLIENTS },
  },
  {
    name: 'error-handler-imports-only-prisma-errors',
    comment:
      'The error handler maps Prisma errors by class and code (P2002 -> conflict), so it may import the generated client for its error classes; no other database client.',
    severity: 'error',
    from: { path: ERROR_HANDLER },
    to: { path: DATABASE_CLIENTS, pathNot: '^generated/prisma/' },
  },
  {
    name: 'database-handle-only-as-a-type-in-request-code',
    comment:
      'A service may receive the pool or the Prisma client to hand it to a repository, so a type-only import of the handle is fine; a value import (creating a pool, withTransaction) is database work that belongs in a repository.',
    severity: 'error',
    from: { path: REQUEST_CODE, pathNot: TEST_CODE },
    to: { path: DATABASE_HANDLES, dependencyTypesNot: ['type-only'] },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    // Type-only imports are kept (not erased as in the emitted JavaScript) so the rules see them and
    // can tell them apart.
    tsPreCompilationDeps: true,
    doNotFollow: { path: ['node_modules', '^generated/'] },
    exclude: { path: ['(^|/)dist/', '(^|/)\\.data/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] },
  },
};
