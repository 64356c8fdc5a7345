import { CUBE_TOKEN_HEADER } from '../access/cube-token';
import { abortChat, chatAbortBody } from '../chat/abort';
import { httpEndpoint } from '../http/endpoint';

/** POST {chat_url}/stream-chat-state/abort (and {chat_url}/abort): 204 once the request is recorded. */
export const handler = httpEndpoint({
  route: 'chat-abort',
  auth: 'apiKeyOrToken',
  body: chatAbortBody,
  handle: async ({ store, log, headers, params, body }) => {
    await abortChat(
      {
        store,
        log,
        authorization: headers.authorization,
        cubeToken: headers[CUBE_TOKEN_HEADER],
        path: params,
      },
      body,
    );
    return { status: 204 };
  },
});
