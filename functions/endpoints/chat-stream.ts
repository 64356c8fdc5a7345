import { CUBE_TOKEN_HEADER } from '../access/cube-token';
import { chatStreamBody, openChatStream } from '../chat';
import { streamingEndpoint } from '../http/endpoint';
import { emitMetrics, METRIC_NAMES } from '../observability/metrics';

/** POST {chat_url}/stream-chat-state: the analyst's answer as NDJSON lines, flushed as produced. */
export const handler = streamingEndpoint({
  route: 'chat-stream',
  auth: 'apiKeyOrToken',
  body: chatStreamBody,
  // A model thinking or a query running can be silent longer than CloudFront's origin read timeout.
  keepalive: true,
  handle: async ({ store, log, headers, params, body }) => {
    const result = await openChatStream(
      {
        store,
        log,
        authorization: headers.authorization,
        cubeToken: headers[CUBE_TOKEN_HEADER],
        path: params,
      },
      body,
    );
    // The path's account: openChatStream has checked it against the caller by now.
    if ('lines' in result && params.accountName) {
      emitMetrics(params.accountName, [{ name: METRIC_NAMES.turns, value: 1, unit: 'Count' }]);
    }
    return result;
  },
});
