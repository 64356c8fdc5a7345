/**
 * Cube's "load all results" wire (README, "The API in curl"): `POST /cubejs-api/v1/cubesql` answering Cube's stream, for the
 * holder of a Cube API token (minted from an embed token by embed/cube-token.ts). The query itself runs through `runSqlApi`, so the
 * identity, the deployment binding, the rate limits and the row-level security are the SQL API's own.
 */
import * as z from 'zod';
import { bareToken } from '../embed/cube-token';
import { cubeApiTokenSecret, embedTokenSecret, verifyEmbedTokenSignature } from '../embed/token';
import type { QueryResult } from '../semantic';
import type { Store } from '../store/client';
import { epochSeconds } from '../store/keys';
import { nullAsAbsent } from '../zod';
import { runSqlApi } from './sql-api';

/** Body of `POST /cubejs-api/v1/cubesql`: Cube's `{query, timezone, cache}`. */
export const cubeSqlBody = z.strictObject({
  query: z.string().min(1).max(100_000),
  /** Accepted for Cube clients; results are computed in UTC (README, "Compatibility with Cube"). */
  timezone: nullAsAbsent(z.string().max(64)),
  /** Cube's cache modes; there is no result cache here, so every mode runs the query. */
  cache: nullAsAbsent(z.enum(['stale-if-slow', 'stale-while-revalidate', 'must-revalidate', 'no-cache'])),
});
export type CubeSqlBody = z.infer<typeof cubeSqlBody>;

/** Cube streams every row; this bounds one response (the engine also bounds bytes and memory). */
export const CUBE_SQL_MAX_ROWS = 50_000;
/** Rows per `{data}` line. */
const CHUNK_ROWS = 1_000;

/** Runs a cubesql request for the holder of a Cube API token, on the token's deployment. */
export async function runCubeSql(
  store: Store,
  authorization: string | undefined,
  body: CubeSqlBody,
  signal?: AbortSignal,
): Promise<QueryResult> {
  const token = bareToken(authorization);
  const claims = verifyEmbedTokenSignature(
    token,
    cubeApiTokenSecret(await embedTokenSecret()),
    epochSeconds(),
  );
  return runSqlApi({
    store,
    authorization: `Bearer ${token}`,
    deploymentId: claims.deploymentId,
    body: { query: body.query, limit: CUBE_SQL_MAX_ROWS },
    ...(signal ? { signal } : {}),
    tokenKind: 'cubeApi',
  });
}

/** Cube's cubesql stream: `{"schema":[{name, column_type}]}`, then `{"data":[[...], ...]}` lines. */
export async function* cubeSqlLines(result: QueryResult): AsyncGenerator<string> {
  yield `${JSON.stringify({ schema: result.schema })}\n`;
  for (let start = 0; start < result.data.length; start += CHUNK_ROWS) {
    yield `${JSON.stringify({ data: result.data.slice(start, start + CHUNK_ROWS) })}\n`;
  }
}
