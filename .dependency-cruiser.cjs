/**
 * Import direction of docs/architecture.md, checked by `npm run lint`:
 *
 *   src:    lib, contract  ->  stores  ->  api, realtime  ->  pages  ->  app (and src/main.tsx)
 *                              ui (beside stores; sees only lib and contract)
 *   server: domain imports only contract and itself; http and realtime never reach db; services
 *           never import http or realtime; modules meet each other only through module.ts
 *   sw:     imports only contract and workbox-* packages
 *   src, server and sw never import each other (contract is what they share).
 *
 * The middle tier (ui, api, stores, realtime), as decided here:
 *   - stores   -> lib, contract. The bottom of the tier: plain atoms, so nothing can loop through them.
 *   - api      -> lib, contract, stores (it reads the token and lang, reports toasts and pending work).
 *   - realtime -> lib, contract, stores (it publishes connection state and quotes into stores).
 *   - ui       -> lib, contract only. Presentational: data comes in as props and goes out as
 *                 callbacks, so a component never fetches, never subscribes, and works in a test
 *                 without the app around it. A page (or app) reads the store and passes the value.
 *   api and realtime never import each other; nothing in the tier imports ui except pages and app.
 *
 * Pages: each folder under src/pages/ is one route group and imports only its own folder, plus
 * src/pages/shared/ when a piece is used by several page folders (the explicit exception).
 *
 * Rules about internal folders apply to tests too. Rules about packages (lib, contract,
 * server/domain, sw) spare *.test.ts(x), which need vitest and friends.
 *
 * Each rule has been seen to fail on a deliberate violation; when changing one, check that it
 * still bites (add a scratch import, run `npm run lint`, delete it).
 */

const TEST = '\\.test\\.tsx?$';
/** Anything outside our own folders: packages (node_modules) and Node's core modules. */
const PACKAGE_TYPES = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'core'];
/** Our own top-level code folders. */
const OURS = '^(src|server|contract|sw)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order fragile and layers meaningless; break the cycle with a lower module.',
      from: {},
      to: { circular: true },
    },

    // ---- contract ----
    {
      name: 'contract-imports-nothing',
      severity: 'error',
      comment: 'contract/ is the wire contract both sides compile: it imports only other contract files.',
      from: { path: '^contract/' },
      to: { path: OURS, pathNot: '^contract/' },
    },
    {
      name: 'contract-no-packages',
      severity: 'error',
      comment: 'contract/ imports no package and no Node module, so every runtime can compile it.',
      from: { path: '^contract/', pathNot: TEST },
      to: { dependencyTypes: PACKAGE_TYPES },
    },

    // ---- src layers ----
    {
      name: 'src-not-to-server-or-sw',
      severity: 'error',
      comment: 'The app runs in the page; server code and the service worker are other runtimes. Share through contract/.',
      from: { path: '^src/' },
      to: { path: '^(server|sw)/' },
    },
    {
      name: 'lib-imports-lib-and-contract',
      severity: 'error',
      comment: 'src/lib holds pure helpers: they import only src/lib and contract.',
      from: { path: '^src/lib/' },
      to: { path: OURS, pathNot: '^(src/lib|contract)/' },
    },
    {
      name: 'lib-no-packages',
      severity: 'error',
      comment: 'src/lib is pure: no packages, no Node modules (tests may use their tooling).',
      from: { path: '^src/lib/', pathNot: TEST },
      to: { dependencyTypes: PACKAGE_TYPES },
    },
    {
      name: 'stores-import-lib-and-contract',
      severity: 'error',
      comment: 'src/stores is the bottom of the middle tier: it imports only itself, src/lib and contract.',
      from: { path: '^src/stores/' },
      to: { path: '^src/', pathNot: '^src/(stores|lib)/' },
    },
    {
      name: 'api-imports-stores-lib-contract',
      severity: 'error',
      comment: 'src/api may use stores (token, lang, toasts), src/lib and contract; never ui, realtime, pages or app.',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: '^src/(api|stores|lib)/' },
    },
    {
      name: 'realtime-imports-stores-lib-contract',
      severity: 'error',
      comment: 'src/realtime may use stores, src/lib and contract; never ui, api, pages or app.',
      from: { path: '^src/realtime/' },
      to: { path: '^src/', pathNot: '^src/(realtime|stores|lib)/' },
    },
    {
      name: 'ui-imports-lib-and-contract',
      severity: 'error',
      comment: 'src/ui is presentational: it imports only itself, src/lib and contract. Pass store values and API calls in as props.',
      from: { path: '^src/ui/' },
      to: { path: '^src/', pathNot: '^src/(ui|lib)/' },
    },
    {
      name: 'pages-not-to-app',
      severity: 'error',
      comment: 'Pages sit below the shell: they never import src/app or src/main.tsx.',
      from: { path: '^src/pages/' },
      to: { path: '^src/(app/|main\\.tsx$)' },
    },
    {
      name: 'no-page-imports-another-page',
      severity: 'error',
      comment: 'A page folder imports only itself and src/pages/shared/; move a shared piece to pages/shared, ui or lib.',
      from: { path: '^src/pages/([^/]+)/' },
      to: { path: '^src/pages/', pathNot: '^src/pages/($1|shared)/' },
    },
    {
      name: 'nothing-imports-main',
      severity: 'error',
      comment: 'src/main.tsx is the boot entry; nothing imports it.',
      from: {},
      to: { path: '^src/main\\.tsx$' },
    },

    // ---- server ----
    {
      name: 'server-not-to-src-or-sw',
      severity: 'error',
      comment: 'The server shares code with the app only through contract/.',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'domain-imports-domain-and-contract',
      severity: 'error',
      comment: 'server/domain is pure and synchronous: it imports only itself and contract (time is passed in).',
      from: { path: '^server/domain/' },
      to: { path: OURS, pathNot: '^(server/domain|contract)/' },
    },
    {
      name: 'domain-no-packages',
      severity: 'error',
      comment: 'server/domain uses no Fastify, Kysely, socket.io or Node module; adapters live in services, db and http.',
      from: { path: '^server/domain/', pathNot: TEST },
      to: { dependencyTypes: PACKAGE_TYPES },
    },
    {
      name: 'edges-not-to-db',
      severity: 'error',
      comment: 'server/http, server/realtime and modules\' routes call services, never the database directly.',
      from: { path: ['^server/(http|realtime)/', '^server/modules/[^/]+/[a-z-]*routes\\.ts$'] },
      to: { path: '^server/db/' },
    },
    {
      name: 'services-not-to-edges',
      severity: 'error',
      comment: 'server/services hold the use cases; HTTP and socket edges call them, never the other way round.',
      from: { path: '^server/services/' },
      to: { path: '^server/(http|realtime)/' },
    },
    {
      name: 'modules-meet-through-their-face',
      severity: 'error',
      comment: 'A product module reaches another only through its face (server/modules/<name>/module.ts), never its insides.',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/module\\.ts$'] },
    },
    {
      name: 'outside-meets-modules-through-their-face',
      severity: 'error',
      comment: 'Code outside server/modules/ sees a module only through its face (module.ts), as the module list does.',
      from: { path: '^(server|tests)/', pathNot: '^server/modules/[^/]+/' },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/[^/]+/module\\.ts$' },
    },

    // ---- service worker ----
    {
      name: 'sw-imports-sw-and-contract',
      severity: 'error',
      comment: 'The service worker imports only itself and contract.',
      from: { path: '^sw/' },
      to: { path: OURS, pathNot: '^(sw|contract)/' },
    },
    {
      name: 'sw-only-workbox-packages',
      severity: 'error',
      comment: 'The service worker may use workbox-* packages and nothing else (no Node modules).',
      from: { path: '^sw/', pathNot: TEST },
      to: { dependencyTypes: PACKAGE_TYPES, pathNot: '^node_modules/workbox-[^/]+/' },
    },
  ],

  options: {
    doNotFollow: { path: 'node_modules' },
    // Count `import type` too: a type-only import still couples the layers.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
