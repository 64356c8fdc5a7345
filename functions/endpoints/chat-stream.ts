import { chatStreamBody, openChatStream } from '../chat';
import { chatRequestOf } from '../chat/abort';
import { streamingEndpoint } from '../http/endpoint';
import { emitMetrics, METRIC_NAMES } from '../observability/metrics';

/** POST {chat_url}/stream-chat-state: the analyst's answer as NDJSON lines, flushed as produced. */
export const handler = streamingEndpoint({
  route: 'chat-stream',
  auth: 'apiKeyOrToken',
  body: chatStreamBody,
  // A model thinking or a query running can be silent longer than CloudFront's origin read timeout.
  keepalive: true,
  handle: async (input) => {
    const result = await openChatStream(chatRequestOf(input), input.body);
    // The path's account: openChatStream has checked it against the caller by now.
    const account = input.params.accountName;
    if ('lines' in result && account) {
      emitMetrics(account, [{ name: METRIC_NAMES.turns, value: 1, unit: 'Count' }]);
    }
    return result;
  },
});
