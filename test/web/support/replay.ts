/**
 * A small real HTTP server that stands in for the service in widget tests: the real embed page handler and
 * built assets, a session exchange with single-use sessions, and a chat endpoint that replays contract §6
 * NDJSON lines with pauses (so streaming, Stop and threads can be watched in the browser).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as embedPage } from '../../../functions/endpoints/embed-page';
import { webAssetsDir } from '../../../functions/web/build';
import { serveAsset } from './assets';

type Line = Record<string, unknown>;

export interface RecordedChat {
  authorization: string | undefined;
  body: { input?: string; chatId?: string; messageId?: string; sessionSettings?: unknown };
}

export interface ReplayServer {
  baseUrl: string;
  chats: RecordedChat[];
  aborts: { chatId: string; authorization: string | undefined }[];
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const REGION_ROWS = [
  ['east', 41250.5],
  ['north', 38900.25],
  ['south', 29875],
  ['west', 33120.75],
];

const BAR_SPEC = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title: 'Total amount by region',
  mark: { type: 'bar' },
  encoding: {
    x: { field: 'region', type: 'nominal', sort: '-y' },
    y: { field: 'total_amount', type: 'quantitative', title: 'Total amount' },
  },
};

const MONTHS = ['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01', '2024-05-01', '2024-06-01'];
const MONTHLY_ROWS = MONTHS.map((month, i) => [month, 12_480_787.5 + i * 1_250_000 - (i % 2) * 900_000]);
const REGIONS = ['east', 'north', 'south', 'west'];
const SERIES_ROWS = MONTHS.flatMap((month, i) =>
  REGIONS.map((region, r) => [month, region, 3_000_000 + r * 650_000 + i * 210_000 * (r + 1)]),
);
/** A line over months, as the service's chart builder writes it (functions/agent/charts.ts). */
const monthAxis = {
  field: 'month',
  type: 'temporal',
  timeUnit: 'yearmonth',
  title: 'Month',
  axis: { format: '%b %Y', labelAngle: 0 },
};
const LINE_SPEC = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title: 'Total amount by month',
  mark: { type: 'line', point: true },
  encoding: {
    x: monthAxis,
    y: { field: 'total_amount', type: 'quantitative', title: 'Total amount' },
  },
};
const SERIES_SPEC = {
  ...LINE_SPEC,
  title: 'Total amount by month and region',
  encoding: { ...LINE_SPEC.encoding, color: { field: 'region', type: 'nominal', title: 'Region' } },
};

/** What a turn answers: a bar chart, a failed query, a monthly line, a line per region, or a refusal (text only). */
export type AnswerKind = 'chart' | 'failure' | 'line' | 'series' | 'refusal';

/** The kind of answer the stand-in gives to a question (by words in it). */
export function answerKindOf(input: string): AnswerKind {
  if (input.includes('fail')) return 'failure';
  if (input.includes('refuse')) return 'refusal';
  if (input.includes('monthly')) return input.includes('region') ? 'series' : 'line';
  return 'chart';
}

function resultOf(kind: AnswerKind): {
  schema: { name: string; column_type: string }[];
  data: unknown[][];
  spec: { title: string };
} {
  if (kind === 'line') {
    return {
      schema: [
        { name: 'month', column_type: 'DATE' },
        { name: 'total_amount', column_type: 'DOUBLE' },
      ],
      data: MONTHLY_ROWS,
      spec: LINE_SPEC,
    };
  }
  if (kind === 'series') {
    return {
      schema: [
        { name: 'month', column_type: 'DATE' },
        { name: 'region', column_type: 'VARCHAR' },
        { name: 'total_amount', column_type: 'DOUBLE' },
      ],
      data: SERIES_ROWS,
      spec: SERIES_SPEC,
    };
  }
  return {
    schema: [
      { name: 'region', column_type: 'VARCHAR' },
      { name: 'total_amount', column_type: 'DOUBLE' },
    ],
    data: REGION_ROWS,
    spec: BAR_SPEC,
  };
}

const FINAL: Record<AnswerKind, string> = {
  chart: 'The **east** region has the highest total amount, **41,250.50**, followed by north (38,900.25).',
  failure: 'I could not run the query: the column does not exist.',
  line: 'The total amount rose from 12.5 million in January to 16.8 million in June.',
  series: 'West grew fastest; east stayed the smallest region every month.',
  refusal: 'I can only answer questions about your data, so I cannot help with that.',
};

const SQL = `SELECT region, MEASURE(total_amount) AS total_amount
FROM orders_view
GROUP BY 1
ORDER BY 2 DESC`;

/** The lines of one answered turn (contract §6), after __cutoff__ and the user echo, before __state__. */
export function answerLines(question: string, kind: AnswerKind): Line[] {
  const agent = ['core_data_analyst_agent'];
  const tools = ['core_data_analyst_agent', 'tools'];
  const metaInput = JSON.stringify({ searchQuery: 'total amount region' });
  const metaResult = JSON.stringify({
    searchQuery: 'total amount region',
    cubes: [{ name: 'orders_view', members: ['orders_view.total_amount', 'orders_view.region'] }],
  });
  const sqlInput = {
    sqlQuery: SQL,
    queryTitle: resultOf(kind).spec.title,
    description: 'Sums the order amount per region.',
    userRequest: question,
    memoryId: '',
    vegaSpec: JSON.stringify(resultOf(kind).spec),
  };
  const sqlResult =
    kind === 'failure'
      ? JSON.stringify({ error: 'Column "regionz" does not exist in orders_view' })
      : JSON.stringify({
          ...sqlInput,
          schema: resultOf(kind).schema,
          data: resultOf(kind).data,
          totalRows: resultOf(kind).data.length,
          uuid: 'b6a7c1f0-1111-4222-8333-944455556666',
        });
  const final = FINAL[kind];
  const answer: Line[] = [
    {
      id: 'm-answer',
      role: 'assistant',
      content: final.slice(0, 30),
      graphPath: agent,
      isDelta: true,
      isInProcess: true,
    },
    {
      id: 'm-answer',
      role: 'assistant',
      content: final.slice(30),
      graphPath: agent,
      isDelta: true,
      isInProcess: true,
    },
    {
      id: 'm-answer',
      role: 'assistant',
      content: final,
      graphPath: agent,
      isDelta: false,
      isInProcess: false,
    },
    {
      id: 'm-final',
      role: 'assistant',
      content: final,
      graphPath: ['final'],
      isDelta: false,
      isInProcess: false,
    },
  ];
  // A refusal answers in words only: no search, no query.
  if (kind === 'refusal') return answer;
  return [
    {
      id: 'm-think',
      role: 'assistant',
      content: 'Let me ',
      thinking: 'The user wants totals ',
      graphPath: agent,
      isDelta: true,
      isInProcess: true,
    },
    {
      id: 'm-think',
      role: 'assistant',
      content: 'look at the data model.',
      thinking: 'per region.',
      graphPath: agent,
      isDelta: true,
      isInProcess: true,
    },
    {
      id: 'm-think',
      role: 'assistant',
      content: 'Let me look at the data model.',
      thinking: 'The user wants totals per region.',
      graphPath: agent,
      isDelta: false,
      isInProcess: false,
    },
    {
      id: 't-meta',
      role: 'assistant',
      toolCall: { name: 'coreMeta', input: metaInput },
      graphPath: tools,
      isInProcess: true,
    },
    {
      id: 't-meta',
      role: 'assistant',
      toolCall: { name: 'coreMeta', input: metaInput, result: metaResult },
      graphPath: tools,
      isInProcess: false,
    },
    {
      id: 't-sql',
      role: 'assistant',
      toolCall: { name: 'coreSqlApi', input: JSON.stringify(sqlInput) },
      graphPath: tools,
      isInProcess: true,
    },
    {
      id: 't-sql',
      role: 'assistant',
      toolCall: { name: 'coreSqlApi', input: JSON.stringify(sqlInput), result: sqlResult },
      graphPath: tools,
      isInProcess: false,
    },
    ...answer,
  ];
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function json(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Starts the stand-in service on 127.0.0.1. `lineDelayMs` paces the replayed lines. */
export async function startReplayServer(options: { lineDelayMs?: number } = {}): Promise<ReplayServer> {
  const delay = options.lineDelayMs ?? 40;
  const used = new Set<string>();
  const chats: RecordedChat[] = [];
  const aborts: ReplayServer['aborts'] = [];
  const abortRequested = new Set<string>();
  const sorts = new Map<string, number>();
  const dropped = new Set<string>();
  let threads = 0;

  async function chat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as RecordedChat['body'];
    chats.push({ authorization: req.headers.authorization, body });
    if (!req.headers.authorization?.startsWith('Bearer token-')) {
      return json(res, 401, { error: 'Missing or invalid credentials', code: 'UNAUTHORIZED' });
    }
    const input = body.input ?? '';
    if (input.includes('busy')) {
      return json(res, 409, { error: 'Streaming for thread is in progress', code: 'THREAD_BUSY' });
    }
    const chatId = body.chatId ?? `chat-${++threads}`;
    let sort = sorts.get(chatId) ?? 0;
    const write = async (line: Line) => {
      sort += 1;
      sorts.set(chatId, sort);
      res.write(`${JSON.stringify({ ...line, sort })}\n`);
      await sleep(delay);
    };
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' });
    await write({ id: '__cutoff__', role: 'assistant', state: { chatId, isStreaming: true } });
    await write({
      id: body.messageId ?? `${Date.now()}-message`,
      role: 'user',
      content: input,
      isDelta: false,
    });
    // 'ponder': a long pause before the first step, while the widget shows that it is working.
    if (input.includes('ponder')) await sleep(1500);
    // 'drop': the connection is lost mid-answer the first time; the same messageId re-attaches to the turn.
    if (input.includes('drop') && body.messageId && !dropped.has(body.messageId)) {
      dropped.add(body.messageId);
      const agent = ['core_data_analyst_agent'];
      await write({ id: 'm-drop', role: 'assistant', content: 'Half an ', graphPath: agent, isDelta: true });
      sorts.set(chatId, 1);
      return void res.destroy();
    }
    if (input.includes('slow')) {
      const agent = ['core_data_analyst_agent'];
      let text = '';
      for (let chunk = 0; chunk < 200 && !abortRequested.has(chatId); chunk += 1) {
        text += `Part ${chunk} of a long answer. `;
        await write({
          id: 'm-long',
          role: 'assistant',
          content: `Part ${chunk} of a long answer. `,
          graphPath: agent,
          isDelta: true,
          isInProcess: true,
        });
        await sleep(100);
      }
      const aborted = abortRequested.delete(chatId);
      await write({
        id: 'm-final',
        role: 'assistant',
        content: `${text}(stopped)`,
        graphPath: ['final'],
        isInProcess: false,
      });
      await write({
        id: '__state__',
        role: 'assistant',
        state: { chatId, status: aborted ? 'aborted' : 'completed' },
      });
      return void res.end();
    }
    for (const line of answerLines(input, answerKindOf(input))) await write(line);
    await write({ id: '__state__', role: 'assistant', state: { chatId, status: 'completed' } });
    res.end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    // CORS as the stack configures it, so a customer page on another origin can use the web component.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'authorization, content-type, accept',
      });
      return void res.end();
    }
    void (async () => {
      if (req.method === 'GET' && url.pathname.startsWith('/embed/assets/')) {
        if (!serveAsset(res, webAssetsDir, url.pathname.slice('/embed/assets/'.length))) json(res, 404, {});
        return;
      }
      if (route === 'GET /embed/chat') {
        const event = { rawPath: url.pathname, rawQueryString: url.search.slice(1), headers: {} };
        const result = (await embedPage(
          event as unknown as APIGatewayProxyEventV2,
          {} as Context,
        )) as APIGatewayProxyStructuredResultV2;
        res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
        return void res.end(result.body);
      }
      if (route === 'POST /api/v1/embed/session/check') {
        const { sessionId, accountName, agentId } = await readJson(req);
        if (typeof sessionId !== 'string' || !sessionId.startsWith('fresh-') || used.has(sessionId)) {
          return json(res, 401, {
            error: 'Session is invalid, expired or already used',
            code: 'SESSION_INVALID',
          });
        }
        if ((accountName ?? 'demo') !== 'demo' || (agentId ?? '1') !== '1') {
          return json(res, 404, {
            error: `Agent ${agentId ?? '1'} not found in account ${accountName ?? 'demo'}: this session belongs to account demo`,
            code: 'AGENT_NOT_FOUND',
          });
        }
        return json(res, 200, { accountName: 'demo', deploymentId: 1, agentId: '1' });
      }
      if (route === 'POST /api/v1/embed/session/token') {
        const { sessionId } = await readJson(req);
        if (typeof sessionId !== 'string' || !sessionId.startsWith('fresh-') || used.has(sessionId)) {
          return json(res, 401, {
            error: 'Session is invalid, expired or already used',
            code: 'SESSION_INVALID',
          });
        }
        used.add(sessionId);
        // `fresh-short-<seconds>-...` sessions yield tokens that end that many seconds from now (renewal tests).
        const short = /^fresh-short-(\d+)-/.exec(sessionId);
        return json(res, 200, {
          token: `token-${sessionId}`,
          expiresAt: new Date(Date.now() + (short ? Number(short[1]) * 1000 : 86_400_000)).toISOString(),
          accountName: 'demo',
          deploymentId: 1,
          embedTenantName: null,
          creatorMode: false,
          user: { externalId: 'alice', groups: [], userAttributes: [{ name: 'region', value: 'north' }] },
        });
      }
      const chatRoute = /^POST \/api\/v1\/public\/demo\/agents\/1\/chat\/stream-chat-state(\/abort)?$/.exec(
        route,
      );
      if (chatRoute?.[1]) {
        const { chatId } = await readJson(req);
        aborts.push({ chatId: String(chatId), authorization: req.headers.authorization });
        abortRequested.add(String(chatId));
        res.writeHead(204);
        return void res.end();
      }
      if (chatRoute) return chat(req, res);
      json(res, 404, { error: `No route for ${url.pathname}`, code: 'NOT_FOUND' });
    })().catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'Internal server error', code: 'INTERNAL' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    chats,
    aborts,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
