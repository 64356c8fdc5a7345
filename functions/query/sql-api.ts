import * as z from 'zod';
import {
  type CallerIdentity,
  canonical,
  needsProvisioning,
  prefetchUser,
  type QueryUserContext,
  resolveIdentity,
  sessionSettingsSchema,
} from '../access/identity';
import { TtlCache } from '../cache';
import { config } from '../config';
import { emitMetrics, queryMetrics } from '../observability/metrics';
import type { ServerTiming } from '../observability/server-timing';
import { type QueryResult, runQuery } from '../semantic';
import type { Store } from '../store/client';
import { RateUse, rateLimits, withRate } from '../store/rate-limits';
import { nullAsAbsent } from '../zod';
import { allowedBranch, branchModel, deploymentFor } from './models';

/** Body of POST /api/v1/deployments/{deploymentId}/sql (README, "Load all results"). */
export const sqlApiBody = z.strictObject({
  query: z.string().min(1).max(100_000),
  sessionSettings: nullAsAbsent(sessionSettingsSchema),
  branchName: nullAsAbsent(z.string().min(1).max(128)),
  limit: nullAsAbsent(z.number().int().min(1).max(1_000_000)),
});
export type SqlApiBody = z.infer<typeof sqlApiBody>;

export const DEFAULT_SQL_LIMIT = 10_000;
/** A query that runs longer is cancelled in the driver. */
export const SQL_TIMEOUT_MS = config().sqlTimeoutMs;

/**
 * The query context of the last answered request of each API-key caller with the same sessionSettings: a
 * prediction, never an authority. A warm request starts its query under it while the rate count and the user
 * read are in flight, and keeps the result only if the context it then resolves is the same.
 */
const predictions = new TtlCache<string, QueryUserContext>({ ttlMs: 5 * 60_000, maxEntries: 1_000 });

/** One SQL API request: who asks (the Authorization header), for which deployment, what. */
export interface SqlApiRequest {
  store: Store;
  authorization: string | undefined;
  deploymentId: number;
  body: SqlApiBody;
  signal?: AbortSignal;
  /** Which bearer tokens are accepted: embed tokens, or Cube API tokens (`/cubejs-api/v1/cubesql`). */
  tokenKind?: 'embed' | 'cubeApi';
  /** Gets the phases: resolve (credential, deployment, model), identity (rate count and user), query. */
  timing?: ServerTiming;
  /** Start the query under a known or predicted identity while the rate count runs (default on; see earlyQuery). */
  early?: boolean;
}

/**
 * "Load all results": runs one read-only SELECT over the deployment's data model under the caller's row-level
 * security, resolving the user exactly as the chat does. Security is decided by the identity resolved after the
 * rate count; the early query (earlyQuery) only saves time and is used only when it ran under exactly that context.
 */
export async function runSqlApi(request: SqlApiRequest): Promise<QueryResult> {
  const { store, authorization, deploymentId, body, signal, timing } = request;
  const resolve = (step: { provision: boolean; probe?: boolean; stored?: ReturnType<typeof prefetchUser> }) =>
    resolveIdentity(store, authorization, body.sessionSettings, {
      purpose: 'sql',
      tokenKind: request.tokenKind ?? 'embed',
      ...step,
    });
  // The deployment and branch can refuse the request: they are checked before the user is written.
  const probe = await resolve({ provision: false, probe: true });
  const deployment = await deploymentFor(store, probe, deploymentId);
  const branch = allowedBranch(probe, deployment, body.branchName, 'body.branchName');
  const { model } = await branchModel(store, deployment, branch);
  timing?.mark('resolve');
  // A query that reached the engine keeps its rate use, the early one included.
  const use = new RateUse();
  const run = (user: QueryUserContext, stop?: AbortSignal) =>
    runQuery({
      model,
      user,
      sql: body.query,
      source: deployment.dataSource,
      maxRows: body.limit ?? DEFAULT_SQL_LIMIT,
      timeoutMs: config().sqlTimeoutMs,
      onEngine: use.keep,
      ...(stop ? { signal: stop } : {}),
    });
  const provisioned = needsProvisioning(probe);
  const predictionKey = provisioned
    ? [store.tableName, probe.account.name, canonical(probe.user), canonical(body.sessionSettings)].join('|')
    : '';
  const early =
    request.early === false ? undefined : earlyQuery(store, probe, provisioned, predictionKey, run, signal);
  try {
    // Counted once everything that refuses cheaply has passed; a refusal before the engine gives the use back.
    // The user is read meanwhile.
    const stored = prefetchUser(store, probe);
    return await withRate(
      store,
      probe.account,
      probe.credential,
      'sql',
      async () => {
        const identity = provisioned ? await resolve({ provision: true, stored }) : probe;
        timing?.mark('identity');
        if (provisioned) predictions.set(predictionKey, identity.query);
        const chosen = early?.claim(identity.query);
        const started = chosen?.started ?? Date.now();
        const result = chosen ? await chosen.result : await run(identity.query, signal);
        timing?.mark('query');
        emitMetrics(identity.account.name, queryMetrics(Date.now() - started, result.bytesScanned));
        // The response is the contract's {schema, data, totalRows}: an engine's lower bound, bytes and query id
        // stay internal (logged and in the metrics).
        const {
          totalRowsIsLowerBound: _lowerBound,
          bytesScanned: _bytes,
          queryId: _queryId,
          ...body
        } = result;
        return body;
      },
      use,
    );
  } finally {
    // Refused before the identity was known (429, a refusal while provisioning): the early query stops.
    early?.drop();
  }
}

/** A query started before the caller's final identity was known, kept only if that identity matches. */
export interface EarlyQuery {
  started: number;
  result: Promise<QueryResult>;
  /** This query if it ran under exactly `context` (it is then used), else undefined (it is stopped). */
  claim(context: QueryUserContext): { started: number; result: Promise<QueryResult> } | undefined;
  /** Stops the query unless it was claimed. */
  drop(): void;
}

/**
 * Starts the query under the identity already known (a token or internal user, read while probing) or under the
 * context predicted for an Api-Key user (the last one the same settings resolved to), while the rate count and the
 * user read are in flight: one DynamoDB round trip of latency instead of two. A caller whose rate window this
 * process saw full gets none. Undefined when there is nothing to predict.
 */
export function earlyQuery(
  store: Store,
  probe: CallerIdentity,
  provisioned: boolean,
  predictionKey: string,
  run: (user: QueryUserContext, stop: AbortSignal) => Promise<QueryResult>,
  signal: AbortSignal | undefined,
): EarlyQuery | undefined {
  const guess = provisioned ? predictions.get(predictionKey) : probe.query;
  if (!guess || rateLimits.knownFull(store, probe.account, probe.credential, 'sql')) return undefined;
  // It stops when the request is aborted, or as soon as it is known not to be used.
  const stop = new AbortController();
  const result = run(guess, signal ? AbortSignal.any([signal, stop.signal]) : stop.signal);
  // Until it is known to be used, a failure of the early query is nobody's error.
  result.catch(() => undefined);
  const key = contextKey(guess);
  let claimed = false;
  const query: EarlyQuery = {
    started: Date.now(),
    result,
    claim(context) {
      claimed = key === contextKey(context);
      if (!claimed) stop.abort(new Error('superseded'));
      return claimed ? { started: query.started, result } : undefined;
    },
    drop() {
      if (!claimed) stop.abort(new Error('superseded'));
    },
  };
  return query;
}

/** Two contexts give the same rows exactly when their keys are equal. */
const contextKey = (context: QueryUserContext): string => canonical(context);

/** The NDJSON form: the schema, one JSON array per row, then the total. */
export async function* ndjsonLines(result: QueryResult): AsyncGenerator<string> {
  yield `${JSON.stringify({ schema: result.schema })}\n`;
  // Rows are batched into chunks so large results do not cost one write per row.
  let chunk = '';
  for (const row of result.data) {
    chunk += `${JSON.stringify(row)}\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
  yield `${JSON.stringify({ totalRows: result.totalRows })}\n`;
}
