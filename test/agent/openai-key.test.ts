/** The OpenAI-compatible key may come from a reader (Secrets Manager in AWS), called when a request starts. */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openAiProvider } from '../../functions/agent';

let server: http.Server;
let baseUrl: string;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('reads the key per request from the reader and sends it as a Bearer token', async () => {
  let key = 'sk-first';
  const provider = openAiProvider({ baseUrl, model: 'm', apiKey: async () => key });
  const drain = async () => {
    for await (const _event of provider.stream(
      { system: 's', tools: [], messages: [{ role: 'user', text: 'hi' }] },
      new AbortController().signal,
    )) {
      // consume
    }
  };
  await drain();
  key = 'sk-rotated';
  await drain();
  expect(seen).toEqual(['Bearer sk-first', 'Bearer sk-rotated']);
});
