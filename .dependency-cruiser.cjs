/**
 * The layer map of functions/ (functions/README.md), checked by `npm run lint` (and so by `npm test`).
 * A layer may import its own folder and the layers below it, never one above.
 *   endpoints/          Lambda handlers (one per function id)
 *   local/ admin/       the local service and the operator CLI (entry points like endpoints/)
 *   http/               the HTTP adapter: endpoint wrapper, error bodies, local server
 *   chat/ agent/        the streaming analyst
 *   query/              the SQL API (deployments, branch models, query runs)
 *   access/             who may call: API keys, embed tokens, caller identities
 *   embed/              sessions, tokens and user provisioning
 *   semantic/           the data model, the compiler and the drivers
 *   store/ aws/ observability/   DynamoDB, AWS APIs, logs and metrics
 *   errors.ts config.ts cache.ts routes.ts responses.ts protocol.ts zod.ts models.ts   foundations, imported by all
 *   web/                the browser widget: type-only imports of the chat's types at most
 */
const layer = (name) => `^functions/${name}/`;
const noImportOf = (from, to, comment) => ({
  name: `${from.join('+')}-not-${to.join('+')}`,
  comment,
  severity: 'error',
  from: { path: from.map(layer) },
  to: { path: to.map(layer), dependencyTypesNot: ['type-only'] },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Import cycles make load order matter and layers meaningless (a cycle through a type-only import is erased by the compiler).',
      severity: 'error',
      from: { path: '^functions/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'handlers-are-entry-points',
      comment:
        'Only the local service imports the Lambda handlers (endpoints/); nothing else depends on them.',
      severity: 'error',
      from: { path: '^(functions|lib|bin)/', pathNot: ['^functions/endpoints/', '^functions/local/'] },
      to: { path: '^functions/endpoints/' },
    },
    {
      name: 'http-is-an-adapter',
      comment: 'Domain code does not import the HTTP layer: handlers (endpoints/) and the local service do.',
      severity: 'error',
      from: {
        path: '^functions/',
        pathNot: ['^functions/endpoints/', '^functions/local/', '^functions/http/', '^functions/api/'],
      },
      to: { path: '^functions/http/' },
    },
    noImportOf(
      ['access', 'query', 'embed', 'semantic', 'store', 'aws', 'observability', 'agent'],
      ['chat'],
      'The chat uses the layers below it; they never call back into it.',
    ),
    noImportOf(
      ['embed', 'semantic', 'store', 'aws', 'observability'],
      ['access'],
      'Access rules sit above sessions, provisioning and the semantic layer (the SQL API and the chat use them).',
    ),
    noImportOf(
      ['semantic', 'store', 'aws', 'observability', 'embed'],
      ['query', 'agent'],
      'The semantic layer, storage and embed sessions do not know the SQL API or the agent.',
    ),
    noImportOf(
      ['store', 'aws', 'observability', 'semantic'],
      ['embed', 'admin', 'local'],
      'Storage and the semantic layer do not know sessions, the CLI or the local service.',
    ),
    noImportOf(
      ['store', 'aws', 'observability'],
      ['semantic'],
      'Infrastructure does not know the data model.',
    ),
    {
      name: 'foundations-import-no-layer',
      comment:
        "errors, config, cache, routes, responses, the chat protocol and the request schemas' zod are imported by every layer, so they import none (store/keys types aside, and config's zod).",
      severity: 'error',
      from: { path: '^functions/(errors|config|cache|routes|responses|protocol|zod|models)\\.ts$' },
      to: {
        path: '^functions/',
        pathNot: '^functions/(store/keys|zod|models)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'drivers-are-independent',
      comment: 'Each database driver stands alone; what they share lives in drivers/types.ts.',
      severity: 'error',
      from: { path: '^functions/semantic/drivers/(duckdb|postgres)' },
      to: { path: '^functions/semantic/drivers/(duckdb|postgres)', pathNot: '$1' },
    },
    {
      name: 'widget-stays-in-the-browser',
      comment:
        'The widget bundle imports server code for types only (they cost the bundle nothing), and the chat protocol (frame ids, no imports).',
      severity: 'error',
      from: { path: '^functions/web/widget/' },
      to: {
        path: '^functions/',
        pathNot: ['^functions/web/', '^functions/protocol\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'stack-reads-descriptions-only',
      comment: 'The CDK app reads the route and table descriptions and names, never handler or domain code.',
      severity: 'error',
      from: { path: '^lib/' },
      to: {
        path: '^functions/',
        pathNot: [
          '^functions/routes\\.ts$',
          '^functions/models\\.ts$',
          '^functions/store/(table|keys)\\.ts$',
          '^functions/observability/metrics\\.ts$',
          '^functions/http/origin-verify\\.ts$',
          '^functions/web/build\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '^(node_modules|cdk\\.out|test|bench|scripts)/' },
  },
};
