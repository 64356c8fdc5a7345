import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { type AnalystTools, chartFor, offlineProvider, runAgentTurn } from '../../functions/agent';
import { closeDrivers } from '../../functions/semantic';
import { validate } from './support/json-schema';
import { collector, demoTools } from './support/sample';

const schema = JSON.parse(
  readFileSync(new URL('../../node_modules/vega-lite/build/vega-lite-schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

type Column = { name: string; column_type: string };

/** Validates against the Vega-Lite v5 JSON schema, compiles with vega-lite@5 and renders with vega@5. */
async function renderChart(
  spec: Record<string, unknown>,
  columns: Column[],
  rows: unknown[][],
): Promise<string> {
  expect(validate(schema, spec)).toEqual([]);
  const compiled = compile(spec as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  view.insert(
    'table',
    rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.name, row[i]]))),
  );
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

describe('chartFor: the chart fits the result shape', () => {
  const cases: {
    name: string;
    columns: Column[];
    rows: unknown[][];
    mark?: string;
    check?: (s: Record<string, unknown>) => void;
  }[] = [
    {
      name: 'a time series is a line',
      columns: [
        { name: 'month', column_type: 'TIMESTAMP' },
        { name: 'count', column_type: 'BIGINT' },
      ],
      rows: [
        ['2024-01-01 00:00:00', 10],
        ['2024-02-01 00:00:00', 12],
        ['2024-03-01 00:00:00', 9],
      ],
      mark: 'line',
      check: (s) => {
        // Monthly data on a monthly time axis, titled from the member: "Count", "Month".
        expect(s.encoding).toHaveProperty('x.timeUnit', 'yearmonth');
        expect(s.encoding).toHaveProperty('x.axis.format', '%b %Y');
        expect(s.encoding).toHaveProperty('x.axis.tickCount', { interval: 'month', step: 1 });
        expect(s.encoding).toHaveProperty('x.title', 'Month');
        expect(s.encoding).toHaveProperty('y.title', 'Count');
      },
    },
    {
      name: 'two years of months tick every second month; years and quarters get their own units',
      columns: [
        { name: 'month', column_type: 'DATE' },
        { name: 'total_amount', column_type: 'DOUBLE' },
      ],
      rows: Array.from({ length: 24 }, (_, i) => [
        `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
        i * 3,
      ]),
      mark: 'line',
      check: (s) => {
        expect(s.encoding).toHaveProperty('x.axis.tickCount', { interval: 'month', step: 2 });
        expect(s.encoding).toHaveProperty('y.title', 'Total amount');
        const years = chartFor(
          [
            { name: 'year', column_type: 'DATE' },
            { name: 'n', column_type: 'BIGINT' },
          ],
          [
            ['2023-01-01', 1],
            ['2024-01-01', 2],
          ],
        );
        expect(years?.encoding).toHaveProperty('x.timeUnit', 'year');
        const quarters = chartFor(
          [
            { name: 'quarter', column_type: 'DATE' },
            { name: 'n', column_type: 'BIGINT' },
          ],
          [
            ['2024-01-01', 1],
            ['2024-04-01', 2],
            ['2024-07-01', 3],
          ],
        );
        expect(quarters?.encoding).toHaveProperty('x.timeUnit', 'yearquarter');
        const days = chartFor(
          [
            { name: 'day', column_type: 'DATE' },
            { name: 'n', column_type: 'BIGINT' },
          ],
          [
            ['2024-01-01', 1],
            ['2024-01-02', 2],
          ],
        );
        expect(days?.encoding).toHaveProperty('x.timeUnit', 'yearmonthdate');
      },
    },
    {
      name: 'a time series per category is a multi-line',
      columns: [
        { name: 'year', column_type: 'TIMESTAMP' },
        { name: 'region', column_type: 'VARCHAR' },
        { name: 'total_amount', column_type: 'DECIMAL(38,2)' },
      ],
      rows: [
        ['2023-01-01 00:00:00', 'north', 1.5],
        ['2023-01-01 00:00:00', 'south', 2.5],
        ['2024-01-01 00:00:00', 'north', 3],
        ['2024-01-01 00:00:00', 'south', 1],
      ],
      mark: 'line',
      check: (s) => expect(s.encoding).toHaveProperty('color.field', 'region'),
    },
    {
      name: 'categories are bars',
      columns: [
        { name: 'status', column_type: 'VARCHAR' },
        { name: 'count', column_type: 'BIGINT' },
      ],
      rows: [
        ['completed', 80],
        ['returned', 12],
        ['cancelled', 8],
      ],
      mark: 'bar',
      check: (s) => {
        expect(s.encoding).toHaveProperty('x.type', 'nominal');
        // Three short labels fit side by side: horizontal, not slanted.
        expect(s.encoding).toHaveProperty('x.axis.labelAngle', 0);
        expect(s.encoding).toHaveProperty('x.title', 'Status');
      },
    },
    {
      name: 'many categories are horizontal bars',
      columns: [
        { name: 'customers_name', column_type: 'VARCHAR' },
        { name: 'total_amount', column_type: 'DOUBLE' },
      ],
      rows: Array.from({ length: 20 }, (_, i) => [`Customer ${i}`, i * 10]),
      mark: 'bar',
      check: (s) => expect(s.encoding).toHaveProperty('y.type', 'nominal'),
    },
    {
      name: 'a comparison of a few values is grouped bars, not stacked',
      columns: [
        { name: 'category', column_type: 'VARCHAR' },
        { name: 'year', column_type: 'VARCHAR' },
        { name: 'total_amount', column_type: 'DOUBLE' },
      ],
      rows: [
        ['electronics', '2024', 10],
        ['electronics', '2025', 12],
        ['furniture', '2024', 7],
        ['furniture', '2025', 5],
      ],
      mark: 'bar',
      check: (s) => {
        expect(s.encoding).toHaveProperty('xOffset.field', 'year');
        expect(s.encoding).not.toHaveProperty('y.stack');
      },
    },
    {
      name: 'many series of a second category stack',
      columns: [
        { name: 'region', column_type: 'VARCHAR' },
        { name: 'category', column_type: 'VARCHAR' },
        { name: 'count', column_type: 'BIGINT' },
      ],
      rows: Array.from({ length: 16 }, (_, i) => [i < 8 ? 'north' : 'south', `category ${i % 8}`, i + 1]),
      mark: 'bar',
      check: (s) => {
        expect(s.encoding).toHaveProperty('y.stack', 'zero');
        expect(s.encoding).not.toHaveProperty('xOffset');
      },
    },
    {
      name: 'two categories: the second is the colour',
      columns: [
        { name: 'region', column_type: 'VARCHAR' },
        { name: 'status', column_type: 'VARCHAR' },
        { name: 'count', column_type: 'BIGINT' },
      ],
      rows: [
        ['north', 'completed', 5],
        ['north', 'returned', 1],
        ['south', 'completed', 4],
      ],
      mark: 'bar',
      check: (s) => expect(s.encoding).toHaveProperty('color.field', 'status'),
    },
    {
      name: 'several measures per category group side by side',
      columns: [
        { name: 'category', column_type: 'VARCHAR' },
        { name: 'total_amount', column_type: 'DOUBLE' },
        { name: 'count', column_type: 'BIGINT' },
      ],
      rows: [
        ['toys', 100, 3],
        ['grocery', 50, 2],
      ],
      mark: 'bar',
      check: (s) => expect(s.encoding).toHaveProperty('xOffset.field', 'measure'),
    },
    {
      name: 'two measures relate as points',
      columns: [
        { name: 'amount', column_type: 'DOUBLE' },
        { name: 'count', column_type: 'BIGINT' },
      ],
      rows: [
        [1, 2],
        [2, 3],
      ],
      mark: 'point',
    },
    {
      name: 'field names with dots are escaped',
      columns: [
        { name: 'orders_view.status', column_type: 'VARCHAR' },
        { name: 'n', column_type: 'BIGINT' },
      ],
      rows: [
        ['a', 1],
        ['b', 2],
      ],
      mark: 'bar',
      check: (s) => expect(s.encoding).toHaveProperty('x.field', 'orders_view\\.status'),
    },
  ];

  it.each(cases)('$name', async ({ columns, rows, mark, check }) => {
    const spec = chartFor(columns, rows, 'Title');
    expect(spec).toBeDefined();
    if (!spec) return;
    const kind = typeof spec.mark === 'string' ? spec.mark : (spec.mark as { type: string }).type;
    expect(kind).toBe(mark);
    expect(spec.data).toEqual({ name: 'table' });
    check?.(spec);
    const svg = await renderChart(spec, columns, rows);
    expect(svg).toMatch(/^<svg/);
    expect(svg).toMatch(/<path|<rect/);
  });

  it('gives no chart for one value, a result without measures or a wide result', () => {
    expect(chartFor([{ name: 'n', column_type: 'BIGINT' }], [[1]])).toBeUndefined();
    expect(
      chartFor(
        [
          { name: 'a', column_type: 'VARCHAR' },
          { name: 'b', column_type: 'VARCHAR' },
        ],
        [
          ['x', 'y'],
          ['z', 'w'],
        ],
      ),
    ).toBeUndefined();
    const wide = ['a', 'b', 'c'].map((name) => ({ name, column_type: 'VARCHAR' }));
    expect(
      chartFor(
        [...wide, { name: 'n', column_type: 'BIGINT' }],
        [
          ['1', '2', '3', 4],
          ['5', '6', '7', 8],
        ],
      ),
    ).toBeUndefined();
  });

  it('the validator rejects what Vega-Lite rejects (so a pass means something)', () => {
    expect(validate(schema, { mark: 'bars', data: { name: 'table' } })).not.toEqual([]);
    expect(validate(schema, { mark: 'bar', encoding: { x: { field: 'a', type: 'nominall' } } })).not.toEqual(
      [],
    );
  });
});

describe('charts of the offline planner', () => {
  let analyst: AnalystTools;
  beforeAll(async () => {
    analyst = await demoTools();
  });
  afterAll(async () => {
    await closeDrivers();
  });

  const questions = [
    'total revenue by region',
    'number of orders by month in 2024',
    'revenue by quarter and region',
    'orders by region and status',
    'revenue and number of orders by category',
    'top 5 customers by revenue',
    'compare revenue 2023 vs 2024',
    'average order value by week in March 2024',
    'revenue by year',
    'number of customers by segment',
  ];

  it.each(questions)(
    '%s: every spec validates, compiles and renders with the result rows',
    async (question) => {
      const { messages, emit } = collector();
      await runAgentTurn({
        provider: offlineProvider(),
        tools: analyst,
        history: [],
        input: question,
        showThinking: false,
        signal: new AbortController().signal,
        emit,
      });
      const call = messages.find((m) => m.toolCall?.name === 'coreSqlApi' && m.toolCall.result);
      const result = JSON.parse(call?.toolCall?.result ?? '{}') as {
        schema: Column[];
        data: unknown[][];
        vegaSpec?: string;
      };
      expect(result.vegaSpec).toBeDefined();
      const spec = JSON.parse(result.vegaSpec ?? '{}') as Record<string, unknown>;
      expect(JSON.stringify(spec)).not.toMatch(/"values"/);
      const svg = await renderChart(spec, result.schema, result.data);
      expect(svg).toMatch(/<path|<rect/);
    },
  );
});
