import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runAgentTurn } from '../../functions/agent';
import { metaResultForModel, sqlResultForModel } from '../../functions/agent/model-view';
import { MODEL_RESULT_ROWS, TOOL_MAX_ROWS } from '../../functions/agent/tool-specs';
import { closeDrivers } from '../../functions/semantic';
import { type ModelServer, PROTOCOLS, sentToolResults, startModelServer } from './support/model-servers';
import { collector, demoTools, rawDatabase } from './support/sample';

/**
 * What a language model reads of a query result, over both wire protocols with scripted model turns: the first
 * rows, totalRows, and when it does not see every row, totals over all of them (computed by the database when the
 * tool's rows were cut) with a note that says so plainly; never the SQL, title, request or chart spec echoed back.
 */
const PER_CUSTOMER =
  'SELECT customers_name, MEASURE(total_amount) AS revenue FROM orders_view GROUP BY 1 ORDER BY 2 DESC';
const DAILY =
  "SELECT date_trunc('day', created_at) AS day, MEASURE(count) AS orders FROM orders_view WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01' GROUP BY 1 ORDER BY 1";

let raw: Awaited<ReturnType<typeof rawDatabase>>;
const servers: ModelServer[] = [];

beforeAll(async () => {
  raw = await rawDatabase();
  for (const protocol of PROTOCOLS) servers.push(await startModelServer(protocol));
});

afterAll(async () => {
  raw.close();
  for (const server of servers) await server.stop();
  await closeDrivers();
});

const server = (protocol: string) => servers.find((s) => s.protocol === protocol) as ModelServer;

type View = {
  schema: { name: string }[];
  data: unknown[][];
  totalRows: number;
  rowsShown?: number;
  note?: string;
  totals?: {
    rows: number;
    columns: Record<string, { sum: number; min: number; max: number; count: number }>;
  };
};

describe.each(PROTOCOLS)('query results a model reads (%s)', (protocol) => {
  it('cut at the row cap: totals over every row from the database, the cut said plainly, the answer grounded in them', async () => {
    // Prepare: one query over every customer (thousands of rows), then an answer that states the total.
    const [[customers, revenue]] = (await raw.query(
      'SELECT count(DISTINCT customer_id), round(sum(amount), 2) FROM orders',
    )) as [[number, number]];
    expect(customers).toBeGreaterThan(TOOL_MAX_ROWS);
    const model = server(protocol);
    model.script((_body, n) =>
      n === 0
        ? {
            tools: [
              {
                id: 'q1',
                name: 'coreSqlApi',
                input: {
                  sqlQuery: PER_CUSTOMER,
                  queryTitle: 'Revenue by customer',
                  description: 'Sums revenue per customer.',
                },
              },
            ],
          }
        : {
            text: `Revenue across all ${customers.toLocaleString('en-US')} customers is ${revenue.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`,
          },
    );
    const turn = collector();
    // Act
    const result = await runAgentTurn({
      provider: model.provider(),
      tools: await demoTools(),
      history: [],
      input: 'revenue per customer',
      showThinking: false,
      signal: new AbortController().signal,
      emit: turn.emit,
    });
    // Assess: the user's table keeps 100 rows; the model reads 25, the count, and totals over all of them.
    const line = turn.messages.find((m) => m.toolCall?.name === 'coreSqlApi' && m.toolCall.result);
    const wire = JSON.parse(line?.toolCall?.result ?? '{}') as { data: unknown[]; totalRows: number };
    expect(wire.data).toHaveLength(TOOL_MAX_ROWS);
    expect(wire.totalRows).toBe(customers);
    const [given] = sentToolResults(protocol, model.requests.at(-1) ?? {});
    const view = JSON.parse(given ?? '{}') as View;
    expect(view.data).toHaveLength(MODEL_RESULT_ROWS);
    expect(view.totalRows).toBe(customers);
    expect(view.totals?.rows).toBe(customers);
    expect(view.totals?.columns.revenue?.sum).toBeCloseTo(revenue, 1);
    expect(view.totals?.columns.revenue?.count).toBe(customers);
    expect(view.note).toBe(
      `${customers.toLocaleString('en-US')} rows: you see the first 25, the user's table shows the first 100. totals cover all ${customers.toLocaleString('en-US')} rows (computed by the database). For rankings or other figures, query again (ORDER BY, LIMIT, WHERE, GROUP BY).`,
    );
    // Nothing echoed: not the SQL, the title, the description, the request, the chart spec or the id.
    for (const echoed of ['sqlQuery', 'queryTitle', 'description', 'userRequest', 'vegaSpec', 'uuid'])
      expect(Object.keys(view)).not.toContain(echoed);
    expect(given).not.toContain('Revenue by customer');
    expect(given).not.toContain('revenue per customer');
    // The stated total is the database's total: the answer stands.
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toContain(revenue.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  }, 60_000);
});

describe('sqlResultForModel', () => {
  it('gives totals over all the rows in hand when the model sees fewer than the table', async () => {
    const schema = [
      { name: 'day', column_type: 'TIMESTAMP' },
      { name: 'orders', column_type: 'BIGINT' },
    ];
    const rows = (await raw.query(
      "SELECT date_trunc('day', created_at), count(*) FROM orders WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01' GROUP BY 1 ORDER BY 1",
    )) as unknown[][];
    const view = JSON.parse(
      sqlResultForModel(
        JSON.stringify({ sqlQuery: DAILY, schema, data: rows, totalRows: rows.length, vegaSpec: '{}' }),
      ),
    ) as View;
    const [[sum, min, max]] = (await raw.query(
      "SELECT sum(n), min(n), max(n) FROM (SELECT count(*) AS n FROM orders WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01' GROUP BY date_trunc('day', created_at))",
    )) as [[number, number, number]];
    expect(view.data).toHaveLength(MODEL_RESULT_ROWS);
    expect(view.totals?.columns.orders).toMatchObject({ sum, min, max, count: 91 });
    expect(view.totals?.columns.day).toBeUndefined();
    expect(view.note).toMatch(
      /^91 rows: you see the first 25, the user's table shows all 91\. totals cover all 91 rows\./,
    );
  });

  it('says no totals are available for a cut result that has none (an older stored result)', () => {
    const data = Array.from({ length: 100 }, (_, i) => [i]);
    const view = JSON.parse(
      sqlResultForModel(
        JSON.stringify({ schema: [{ name: 'n', column_type: 'INTEGER' }], data, totalRows: 5000 }),
      ),
    ) as View;
    expect(view.totals).toBeUndefined();
    expect(view.note).toBe(
      "5,000 rows: you see the first 25, the user's table shows the first 100. No totals over all rows are available: aggregate in SQL for any total.",
    );
  });

  it('leaves small results and errors as they are, less the echoes', () => {
    const small = {
      sqlQuery: 'SELECT 1',
      queryTitle: 't',
      schema: [{ name: 'n', column_type: 'INTEGER' }],
      data: [[1], [2]],
      totalRows: 2,
    };
    expect(JSON.parse(sqlResultForModel(JSON.stringify(small)))).toEqual({
      schema: small.schema,
      data: small.data,
      totalRows: 2,
    });
    expect(sqlResultForModel('{"error":"bad"}')).toBe('{"error":"bad"}');
    expect(JSON.parse(metaResultForModel('{"searchQuery":"x","cubes":[]}'))).toEqual({ cubes: [] });
  });
});
