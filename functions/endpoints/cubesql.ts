import { streamingEndpoint } from '../http/endpoint';
import { cubeSqlBody, cubeSqlLines, runCubeSql } from '../query/cube-sql';

/** POST /cubejs-api/v1/cubesql: Cube's SQL over HTTP, with a Cube API token (NDJSON). */
export const handler = streamingEndpoint({
  route: 'cubesql',
  auth: 'token',
  body: cubeSqlBody,
  handle: async ({ store, headers, body }) => {
    const result = await runCubeSql(store, headers.authorization, body);
    return {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-cache, no-transform' },
      lines: () => cubeSqlLines(result),
    };
  },
});
