import * as z from 'zod';
import { needsProvisioning, prefetchUser, resolveIdentity, sessionSettingsSchema } from '../access/identity';
import { config } from '../config';
import { optional } from '../embed/schemas';
import { emitMetrics, METRIC_NAMES } from '../observability/metrics';
import type { ServerTiming } from '../observability/server-timing';
import { type QueryResult, runQuery } from '../semantic';
import type { Store } from '../store/client';
import { withRate } from '../store/rate-limits';
import { allowedBranch, branchModel, deploymentFor } from './models';

/** Body of POST /api/v1/deployments/{deploymentId}/sql (contract §8). */
export const sqlApiBody = z.strictObject({
  query: z.string().min(1).max(100_000),
  sessionSettings: optional(sessionSettingsSchema),
  branchName: optional(z.string().min(1).max(128)),
  limit: optional(z.number().int().min(1).max(1_000_000)),
});
export type SqlApiBody = z.infer<typeof sqlApiBody>;

export const DEFAULT_SQL_LIMIT = 10_000;
/** A query that runs longer is cancelled in the driver. */
export const SQL_TIMEOUT_MS = config().sqlTimeoutMs;

/**
 * "Load all results": runs one read-only SELECT over the deployment's data model under the caller's row-level
 * security, resolving the user exactly as the chat does. `timing` gets its phases: resolve (credential,
 * deployment, model), identity (the rate count and the user, one DynamoDB round trip), query.
 */
export async function runSqlApi(
  store: Store,
  authorization: string | undefined,
  deploymentId: number,
  body: SqlApiBody,
  signal?: AbortSignal,
  tokenKind: 'embed' | 'cubeApi' = 'embed',
  timing?: ServerTiming,
): Promise<QueryResult> {
  const resolve = (step: { provision: boolean; probe?: boolean; stored?: ReturnType<typeof prefetchUser> }) =>
    resolveIdentity(store, authorization, body.sessionSettings, { purpose: 'sql', tokenKind, ...step });
  // The deployment and branch can refuse the request: they are checked before the user is written.
  const probe = await resolve({ provision: false, probe: true });
  const deployment = await deploymentFor(store, probe, deploymentId);
  const branch = allowedBranch(probe, deployment, body.branchName, 'body.branchName');
  const { model } = await branchModel(store, deployment, branch);
  timing?.mark('resolve');
  // Counted once everything that refuses cheaply has passed; a later refusal gives the use back. The user is
  // read meanwhile.
  const stored = prefetchUser(store, probe);
  return withRate(store, probe.account, probe.credential, 'sql', async () => {
    const identity = needsProvisioning(probe) ? await resolve({ provision: true, stored }) : probe;
    timing?.mark('identity');
    const started = Date.now();
    const result = await runQuery({
      model,
      user: identity.query,
      sql: body.query,
      source: deployment.dataSource,
      maxRows: body.limit ?? DEFAULT_SQL_LIMIT,
      timeoutMs: SQL_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    timing?.mark('query');
    emitMetrics(identity.account.name, [
      { name: METRIC_NAMES.sqlQueries, value: 1, unit: 'Count' },
      { name: METRIC_NAMES.sqlMs, value: Date.now() - started, unit: 'Milliseconds' },
    ]);
    return result;
  });
}

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
