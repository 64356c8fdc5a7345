import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { errorResponse } from '../http/errors';
import { originVerify } from '../http/origin-verify';
import { createLogger } from '../observability/log';
import { chatPageHeaders, chatPageHtml, pageOptionsFromEnv } from '../web/page';

const options = pageOptionsFromEnv(process.env);
const page: APIGatewayProxyStructuredResultV2 = {
  statusCode: 200,
  headers: chatPageHeaders(options),
  body: chatPageHtml(options),
};

/**
 * GET /embed/chat?session=...: the chat page; the browser exchanges the session itself. No table, no auth,
 * so it skips the shared endpoint factory (which loads the DynamoDB client) and stays a few KB when bundled.
 */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
  .use(originVerify())
  .onError((request) => {
    request.response = errorResponse(request.error, createLogger({ route: 'embed-page' }));
  })
  .handler(async () => page);
