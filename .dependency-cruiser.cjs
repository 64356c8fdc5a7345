/**
 * The layer map of functions/, checked by `npm run lint` (and so by `npm test`). The layers, what each may import
 * and the README table come from one ordered list in scripts/layers.cjs; the rules below add what a layer list
 * cannot say (no circles, handlers as entry points, independent drivers, the widget, the CDK app).
 */
const { layerRules } = require('./scripts/layers.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and layers meaningless, type-only ones included.',
      severity: 'error',
      from: { path: '^functions/' },
      // Type-only circles count too: they tie load order and layers together just the same for a reader.
      to: { circular: true },
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
    ...layerRules(),
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
