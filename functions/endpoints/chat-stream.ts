import { chatStreamBody, openChatStream } from '../chat';
import { streamingEndpoint } from '../http/endpoint';

/** POST {chat_url}/stream-chat-state: the analyst's answer as NDJSON lines, flushed as produced. */
export const handler = streamingEndpoint({
  route: 'chat-stream',
  auth: 'none',
  body: chatStreamBody,
  handle: ({ store, log, headers, params, body }) =>
    openChatStream({ store, log, authorization: headers.authorization, path: params }, body),
});
