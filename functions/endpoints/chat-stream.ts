import { NotImplementedError } from '../errors';
import { httpEndpoint } from '../http/endpoint';

/** Placeholder until its capability lands: 501 NOT_IMPLEMENTED. */
export const handler = httpEndpoint({
  route: 'chat-stream',
  auth: 'none',
  handle: async () => {
    throw new NotImplementedError();
  },
});
