/**
 * The layer map of functions/, as one ordered list (top to bottom). Both the dependency-cruiser rules
 * (.dependency-cruiser.cjs) and the table in functions/README.md are generated from it (`npm run layers -- --write`
 * rewrites the table; test/foundation/layers.test.ts fails when either drifts). Each layer names the layers it may
 * import; every other import from it is forbidden, type-only imports included unless `typesFrom` allows them.
 */

const FOUNDATION_FILES = [
  'errors',
  'config',
  'cache',
  'routes',
  'responses',
  'protocol',
  'zod',
  'models',
  'query-user',
];
const DOMAIN_BELOW_CHAT = [
  'query',
  'access',
  'embed',
  'semantic',
  'model',
  'sql-base',
  'store',
  'aws',
  'observability',
  'foundations',
];

/** @type {{name: string, paths: string[], label: string, short?: string, what: string, imports: string[], typesFrom?: string[]}[]} */
const LAYERS = [
  {
    name: 'endpoints',
    paths: ['^functions/endpoints/'],
    label: '`endpoints/`',
    what: 'Lambda handlers, one per function id in `routes.ts`: a middy chain, a schema, one call into the domain',
    imports: ['api', 'http', 'chat', 'agent', ...DOMAIN_BELOW_CHAT, 'web'],
  },
  {
    name: 'local',
    paths: ['^functions/local/'],
    label: '`local/`',
    what: 'the local service (`npm start`, tests): the same handlers behind `node:http`',
    imports: ['endpoints', 'admin', 'api', 'http', 'chat', 'agent', ...DOMAIN_BELOW_CHAT, 'web'],
  },
  {
    name: 'eval',
    paths: ['^functions/agent/eval/'],
    label: '`agent/eval/`',
    what: 'the analyst evaluation command (`npm run eval`): runs questions through the agent, locally or in process',
    imports: ['local', 'agent', ...DOMAIN_BELOW_CHAT],
  },
  {
    name: 'admin',
    paths: ['^functions/admin/'],
    label: '`admin/`',
    what: 'the operator CLI (`npm run admin`): accounts, keys, deployments, models, agents, budgets, the smoke test',
    imports: ['chat', ...DOMAIN_BELOW_CHAT],
  },
  {
    name: 'api',
    paths: ['^functions/api/'],
    label: '`api/`',
    what: 'the OpenAPI document and response schemas: it describes every endpoint, so it reads their request schemas',
    imports: ['chat', 'agent', ...DOMAIN_BELOW_CHAT],
    typesFrom: ['http'],
  },
  {
    name: 'http',
    paths: ['^functions/http/'],
    label: '`http/`',
    what: 'the HTTP adapter: `httpEndpoint`/`streamingEndpoint`, error bodies, origin check, the local server',
    imports: [
      'access',
      'embed',
      'semantic',
      'model',
      'sql-base',
      'store',
      'aws',
      'observability',
      'foundations',
    ],
  },
  {
    name: 'chat',
    paths: ['^functions/chat/'],
    label: '`chat/`',
    what: 'the streaming chat: turns, threads, leases, aborts, the stream lines',
    imports: ['agent', ...DOMAIN_BELOW_CHAT],
  },
  {
    name: 'agent',
    paths: ['^functions/agent/'],
    label: '`agent/`',
    what: 'the analyst: the agent loop, tools, model providers, the offline planner, charts',
    imports: [...DOMAIN_BELOW_CHAT],
  },
  {
    name: 'query',
    paths: ['^functions/query/'],
    label: '`query/`',
    what: 'the SQL API: deployments, branch models, data sources, running a query',
    imports: [
      'access',
      'embed',
      'semantic',
      'model',
      'sql-base',
      'store',
      'aws',
      'observability',
      'foundations',
    ],
  },
  {
    name: 'access',
    paths: ['^functions/access/'],
    label: '`access/`',
    what: 'who may call: API keys, embed and Cube tokens, caller identities, the query context, plan and AI rules',
    imports: ['embed', 'store', 'aws', 'observability', 'foundations'],
  },
  {
    name: 'embed',
    paths: ['^functions/embed/'],
    label: '`embed/`',
    what: 'embed sessions and tokens, user provisioning, embed-tenant administration',
    imports: ['store', 'aws', 'observability', 'foundations'],
  },
  {
    name: 'semantic',
    paths: ['^functions/semantic/'],
    label: '`semantic/`',
    what: 'request time: the query pipeline (`compiler.ts`, `sql/`, `dialect.ts`), metadata search, the drivers (each driver stands alone)',
    imports: ['model', 'sql-base', 'foundations'],
  },
  {
    name: 'model',
    paths: ['^functions/semantic/model/'],
    label: '`semantic/model/`',
    what: 'load time: the data model (schema, YAML/JS/Jinja parsing, references, views, extends, policies, measure planning); never the query pipeline, not even its types',
    imports: ['sql-base', 'foundations'],
  },
  {
    name: 'sql-base',
    paths: ['^functions/semantic/(target|ast|params)\\.ts$'],
    label: '`semantic/target.ts`, `ast.ts`, `params.ts`',
    short: '`semantic/target.ts`/`ast.ts`/`params.ts`',
    what: 'what the model and the query pipeline share: dialects and targets, the SQL syntax tree helpers, the parameter allocator',
    imports: ['foundations'],
  },
  {
    name: 'store',
    paths: ['^functions/store/'],
    label: '`store/`',
    what: 'the DynamoDB table: keys, items and commands. **Only `store/` sends DynamoDB commands.**',
    imports: ['foundations'],
  },
  {
    name: 'aws',
    paths: ['^functions/aws/'],
    label: '`aws/`',
    what: 'Secrets Manager reads',
    imports: ['foundations'],
  },
  {
    name: 'observability',
    paths: ['^functions/observability/'],
    label: '`observability/`',
    what: 'structured logs, CloudWatch metrics (EMF), Server-Timing',
    imports: ['foundations'],
  },
  {
    name: 'foundations',
    paths: FOUNDATION_FILES.map((file) => `^functions/${file}\\.ts$`),
    label: FOUNDATION_FILES.map((file) => `\`${file}.ts\``).join(', '),
    what: "named errors and their statuses, the parsed environment, the bounded TTL cache, the route list, the streamed response type, the chat protocol (the widget imports it too), zod's mini build for request schemas, the default model per region, the user a query runs for",
    imports: [],
    typesFrom: ['store'],
  },
  {
    name: 'web',
    paths: ['^functions/web/'],
    label: '`web/`',
    what: 'the browser widget and the embed page assets',
    imports: ['foundations'],
    typesFrom: ['*'],
  },
];

const byName = new Map(LAYERS.map((layer) => [layer.name, layer]));
const pathsOf = (names) => names.flatMap((name) => byName.get(name)?.paths ?? []);

/** One rule per layer: an import from it into any layer it does not list is forbidden. */
function layerRules() {
  return LAYERS.flatMap((layer) => {
    const allowed = new Set([layer.name, ...layer.imports]);
    // A more specific layer inside another's folder (agent/eval/ in agent/) is judged by its own rule.
    const nested = LAYERS.filter(
      (other) =>
        other !== layer && other.paths.some((p) => layer.paths.some((q) => p !== q && p.startsWith(q))),
    );
    const others = LAYERS.filter((other) => !allowed.has(other.name));
    const typesAllowed = layer.typesFrom?.includes('*') ? others.map((o) => o.name) : (layer.typesFrom ?? []);
    const rules = [];
    const valueForbidden = others.filter((o) => typesAllowed.includes(o.name));
    const allForbidden = others.filter((o) => !typesAllowed.includes(o.name));
    const from = {
      path: layer.paths,
      ...(nested.length > 0 ? { pathNot: pathsOf(nested.map((n) => n.name)) } : {}),
    };
    // An allowed layer inside a forbidden one's folder (semantic/ast.ts in semantic/ for model/) stays allowed.
    const insideForbidden = (names) =>
      LAYERS.filter(
        (other) =>
          allowed.has(other.name) &&
          other !== layer &&
          other.paths.some((p) => pathsOf(names).some((q) => p !== q && p.startsWith(q))),
      ).flatMap((other) => other.paths);
    const comment = `${layer.label} may import ${layer.imports.length > 0 ? layer.imports.join(', ') : 'no other layer'} (scripts/layers.cjs)`;
    if (allForbidden.length > 0) {
      rules.push({
        name: `layer-${layer.name}`,
        comment,
        severity: 'error',
        from,
        to: {
          path: pathsOf(allForbidden.map((o) => o.name)),
          pathNot: [...layer.paths, ...insideForbidden(allForbidden.map((o) => o.name))],
        },
      });
    }
    if (valueForbidden.length > 0) {
      rules.push({
        name: `layer-${layer.name}-types-only`,
        comment: `${comment}; types only from ${valueForbidden.map((o) => o.name).join(', ')}`,
        severity: 'error',
        from,
        to: {
          path: pathsOf(valueForbidden.map((o) => o.name)),
          pathNot: [...layer.paths, ...insideForbidden(valueForbidden.map((o) => o.name))],
          dependencyTypesNot: ['type-only'],
        },
      });
    }
    return rules;
  });
}

/** The README table, generated. */
function readmeTable() {
  const rows = LAYERS.map((layer) => {
    const may =
      layer.imports.length === 0
        ? 'no other layer'
        : layer.imports
            .map((name) => byName.get(name)?.short ?? byName.get(name)?.label.split(',')[0] ?? name)
            .join(', ')
            .replace('`errors.ts`', 'foundations');
    const types = layer.typesFrom
      ? `; types from ${layer.typesFrom.includes('*') ? 'anywhere' : layer.typesFrom.map((n) => byName.get(n)?.label ?? n).join(', ')}`
      : '';
    return `| ${layer.label} | ${layer.what} | ${may}${types} |`;
  });
  return ['| Layer (top to bottom) | What it is | May import |', '| --- | --- | --- |', ...rows].join('\n');
}

module.exports = { LAYERS, layerRules, readmeTable };
