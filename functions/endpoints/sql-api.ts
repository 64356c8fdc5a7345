import { deploymentPath } from '../embed/schemas';
import { streamingEndpoint } from '../http/endpoint';
import { ServerTiming } from '../observability/server-timing';
import { ndjsonLines, runSqlApi, sqlApiBody } from '../query/sql-api';

/** POST /api/v1/deployments/{deploymentId}/sql: JSON, or NDJSON with `Accept: application/x-ndjson`. */
export const handler = streamingEndpoint({
  route: 'sql-api',
  auth: 'apiKeyOrToken',
  params: deploymentPath,
  body: sqlApiBody,
  handle: async ({ store, headers, params, body }) => {
    const timing = new ServerTiming();
    const result = await runSqlApi({
      store,
      authorization: headers.authorization,
      deploymentId: params.deploymentId,
      body,
      timing,
    });
    const serverTiming = { 'server-timing': timing.header() };
    if (!headers.accept?.includes('application/x-ndjson'))
      return { status: 200, headers: serverTiming, body: result };
    return {
      status: 200,
      headers: {
        'content-type': 'application/x-ndjson',
        'cache-control': 'no-cache, no-transform',
        ...serverTiming,
      },
      lines: () => ndjsonLines(result),
    };
  },
});
