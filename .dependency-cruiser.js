/**
 * Layering rules, checked in `npm test` (`npm run lint:deps`):
 * - the domain is pure: it imports nothing outside itself (no framework, no I/O, no other lib);
 * - the generic libraries (messaging, event-store, persistence, config, security, telemetry,
 *   runtime, retry and the others in `generic`) know no domain and no service: they never import
 *   the domain, the contracts or an app;
 * - contracts (topics, integration messages, HTTP shapes) are what services share: no app; the
 *   post's value types (statuses, versions, accounts, schedules) are the domain's, re-exported;
 * - platforms (what each provider takes in a post body: the domain's port, answered) is pure too:
 *   it imports the domain and nothing else, so that the gateway and the publisher share it;
 * - libraries never import apps; an app never imports another app (only `standalone`, which
 *   composes the five services in one process, imports them, and only through their modules; and
 *   the gateway's tests, which run it over the real post-service, through its module alone);
 * - the command-line tools reach a service through the files at the top of its src/ (what it
 *   offers them), as `standalone` does; the dashboard is browser code that knows the API through
 *   its typed client alone;
 * - the tests under test/ import no app code, but for the local platforms of test/providers, which
 *   exercise the publisher's provider adapters.
 */
const generic = '^libs/(messaging|event-store|persistence|config|security|telemetry|runtime|network|media-store|errors|retry)/';
const services = ['gateway', 'post-service', 'scheduler', 'publisher', 'webhook-dispatcher'];
/** What a service offers the programs beside it: the files at the top of its src/. */
const entryPoints = `^apps/(${services.join('|')})/src/[^/]+\\.ts$`;
/** The gateway's test support and tests, which alone may start the post-service beside it (rule below). */
const gatewayTests = '^apps/gateway/test/';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'libs/domain imports nothing outside itself: no framework, no I/O, no other library.',
      severity: 'error',
      from: { path: '^libs/domain/', pathNot: '^libs/domain/src/testing/' },
      to: { pathNot: ['^libs/domain/', '^node_modules/@types/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-types-stay-home',
      comment: 'libs/domain does not even borrow types from elsewhere.',
      severity: 'error',
      from: { path: '^libs/domain/' },
      to: { path: '^(libs|apps)/', pathNot: '^libs/domain/' },
    },
    {
      name: 'generic-libs-know-no-domain',
      comment: 'messaging, event-store and the other generic libraries know no domain, no contract and no service.',
      severity: 'error',
      from: { path: generic },
      to: { path: ['^libs/domain/', '^libs/contracts/', '^apps/'] },
    },
    {
      name: 'platforms-are-pure-rules',
      comment: 'libs/platforms answers the domain\'s port with each provider\'s rules: it imports the domain and nothing else (no framework, no I/O).',
      severity: 'error',
      from: { path: '^libs/platforms/' },
      to: { pathNot: ['^libs/platforms/', '^libs/domain/', '^node_modules/@types/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contracts-know-no-app',
      comment: 'The public contract re-exports the domain\'s value types (one declaration each) and imports no service.',
      severity: 'error',
      from: { path: '^libs/contracts/' },
      to: { path: ['^apps/'] },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    ...services.map((app) => ({
      name: `${app}-imports-no-other-app`,
      comment: 'Services talk through messages (and query endpoints), never through each other\'s code.',
      severity: 'error',
      from: app === 'gateway' ? { path: `^apps/${app}/`, pathNot: gatewayTests } : { path: `^apps/${app}/` },
      to: { path: '^apps/', pathNot: `^apps/${app}/` },
    })),
    {
      name: 'gateway-tests-compose-the-post-service-entry-only',
      comment:
        'The gateway\'s tests run it over the real post-service (its RPC answers, its post-events and its errors are what users see), composed in one process as standalone composes them: through the files at the top of its src/, nothing deeper, and no other service.',
      severity: 'error',
      from: { path: gatewayTests },
      to: { path: '^apps/', pathNot: ['^apps/gateway/', '^apps/post-service/src/[^/]+\\.ts$'] },
    },
    {
      name: 'standalone-composes-entry-points-only',
      comment: 'The embedded composition imports each service through the files at the top of its src/, nothing deeper.',
      severity: 'error',
      from: { path: '^apps/standalone/' },
      to: { path: `^apps/(${services.join('|')})/`, pathNot: entryPoints },
    },
    {
      name: 'cli-uses-entry-points-only',
      comment: 'The command-line tools (and their tests) reach a service through the files at the top of its src/, nothing deeper, and no other app.',
      severity: 'error',
      from: { path: '^apps/cli/' },
      to: { path: '^apps/', pathNot: ['^apps/cli/', entryPoints] },
    },
    {
      name: 'dashboard-knows-the-api-through-its-client',
      comment: 'The dashboard runs in the browser: it imports its own files, the typed API client (@app/client) and npm packages; no service, no other library, no Node.js module.',
      severity: 'error',
      from: { path: '^apps/dashboard/src/' },
      to: { pathNot: ['^apps/dashboard/src/', '^libs/client/src/', 'node_modules/'] },
    },
    {
      name: 'tests-drive-built-programs',
      comment: 'The end-to-end tests and the benchmarks run the built programs (dist/) and talk to them over HTTP, Kafka and SQL: they import no app code.',
      severity: 'error',
      from: { path: '^test/', pathNot: '^test/providers/' },
      to: { path: '^apps/' },
    },
    {
      name: 'local-platforms-know-only-provider-adapters',
      comment: 'Each local platform of test/providers exercises the publisher\'s provider adapters and imports nothing else of an app; only their shared support (test/providers/support) assembles a publisher from its parts.',
      severity: 'error',
      from: { path: '^test/providers/', pathNot: '^test/providers/support/' },
      to: { path: '^apps/', pathNot: '^apps/publisher/src/providers/' },
    },
    {
      name: 'provider-test-support-knows-only-the-publisher',
      comment: 'The shared support of the provider tests builds the publisher that runs them: of the apps, it imports the publisher alone.',
      severity: 'error',
      from: { path: '^test/providers/support/' },
      to: { path: '^apps/', pathNot: '^apps/publisher/src/' },
    },
    {
      name: 'libs-through-their-alias',
      comment: 'Code outside a library reaches it through its @app/<name> alias, never by a relative path into it.',
      severity: 'error',
      from: { path: '^(apps|test)/' },
      to: { path: '^libs/', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'test-support-stays-in-tests',
      comment: 'What libraries keep for tests (their testing/ folders: throwaway databases, fixtures, a local broker) is imported by tests only, never by code that ships.',
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: ['\\.(int-|e2e-)?spec\\.ts$', '^apps/[^/]+/test/', '/testing/'] },
      to: { path: '^libs/(testing|.+/testing)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles at run time (a cycle through type-only imports is erased by the compiler).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
