import { abortChat, chatAbortBody, chatRequestOf } from '../chat/abort';
import { httpEndpoint } from '../http/endpoint';

/** POST {chat_url}/stream-chat-state/abort (and {chat_url}/abort): 204 once the request is recorded. */
export const handler = httpEndpoint({
  route: 'chat-abort',
  auth: 'apiKeyOrToken',
  body: chatAbortBody,
  handle: async (input) => {
    await abortChat(chatRequestOf(input), input.body);
    return { status: 204 };
  },
});
