/**
 * Cube spellings that must load unchanged (issue 28, round 2), each checked on DuckDB where it compiles to SQL:
 * BigQuery's backticked `project.dataset.table`, camelCase keys and values (Cube's YAML syntax page: "All schema
 * properties can be written in either camel-case or snake-case"), calendar cubes with granularities' `sql` and
 * dimension `time_shift` (Cube's "Calendar cubes" page, docs-mintlify/docs/data-modeling/concepts/calendar-cubes.mdx),
 * `format` on segments, and a view member name collision reported naming both members. Models written for this
 * test after those pages; queries run on DuckDB and PostgreSQL.
 */
import { compileSql, type ModelIssue, ModelValidationError, parseModel } from '../../functions/semantic';
import { bothEngines, EVERYONE } from './engines';

const { onBoth, clickHouseRefusals } = bothEngines(
  'cube-compat',
  [
    'CREATE TABLE cc_events (id INTEGER, kind VARCHAR, amount INTEGER)',
    "INSERT INTO cc_events VALUES (1, 'view', 5), (2, 'view', 7), (3, 'buy', 30)",
    'CREATE TABLE cc_calendar (date_key TIMESTAMP, start_of_month TIMESTAMP)',
    // A retail calendar whose months start on Mondays (2024-12-30, 2025-01-27), not on the 1st.
    "INSERT INTO cc_calendar VALUES ('2025-01-02', '2024-12-30'), ('2025-01-30', '2025-01-27'), ('2025-02-04', '2025-01-27')",
    'CREATE TABLE cc_sales (id INTEGER, day TIMESTAMP, amount INTEGER)',
    "INSERT INTO cc_sales VALUES (1, '2025-01-02', 100), (2, '2025-01-30', 20), (3, '2025-02-04', 3)",
  ],
  4,
  // A time shift's window frame over calendar intervals (docs/data-model.md, _Engines_).
  ['ROLLING_WINDOW'],
);

/** The query's rows on DuckDB and PostgreSQL (which must agree). */
const run = (content: string, sql: string) => onBoth(parseModel([{ path: 'm.yml', content }]), sql);

const issuesOf = (content: string): ModelIssue[] => {
  try {
    parseModel([{ path: 'm.yml', content }]);
  } catch (error) {
    if (error instanceof ModelValidationError) return error.issues;
    throw error;
  }
  return [];
};

describe('Cube spellings that load unchanged', () => {
  test("BigQuery's backticked project.dataset.table keeps its parts, in the engine's quoting", async () => {
    const model = parseModel([
      {
        path: 'bq.yml',
        content: `
cubes:
  - name: events
    sql_table: "\`my-project.analytics.events\`"
    dimensions: [{ name: id, sql: id, type: number, primary_key: true }]
  - name: mixed
    sql_table: "\`my-project\`.Analytics.\`Events\`"
    dimensions: [{ name: id, sql: id, type: number, primary_key: true }]
`,
      },
    ]);
    expect(model.cubes.get('events')?.sql_table).toBe('my-project.analytics.events');
    expect(model.cubes.get('mixed')?.sql_table).toBe('my-project.analytics.Events');
    for (const dialect of ['duckdb', 'postgres'] as const) {
      const compiled = await compileSql(model, EVERYONE, 'SELECT id FROM events', dialect);
      expect(compiled.sql).toContain('FROM "my-project"."analytics"."events" AS "events"');
    }
    expect(issuesOf('cubes:\n  - name: a\n    sql_table: "`a.b.c.d`"\n')[0]?.message).toMatch(
      /must be a table name/,
    );
  });

  test('camelCase keys and values, as Cube reads them', async () => {
    const camel = `
cubes:
  - name: events
    sqlTable: cc_events
    dataSource: default
    preAggregations: []
    dimensions:
      - { name: id, sql: id, type: number, primaryKey: true }
      - { name: kind, sql: kind, type: string }
    measures:
      - { name: kinds, type: countDistinct, sql: kind }
      - { name: total, type: sum, sql: amount, drillMembers: [id] }
      - name: running
        type: sum
        sql: amount
        rollingWindow: { trailing: unbounded }
    accessPolicy:
      - group: "*"
        memberLevel: { includes: "*" }
        rowLevel:
          filters:
            - { member: kind, operator: notEquals, values: [buy] }
views:
  - name: events_view
    cubes:
      - joinPath: events
        includes: [{ name: kind, alias: event_kind }, kinds, total]
`;
    expect(await run(camel, 'SELECT MEASURE(kinds) AS k, MEASURE(total) AS t FROM events')).toEqual([
      [1, 12],
    ]);
    expect(await run(camel, 'SELECT event_kind, MEASURE(total) AS t FROM events_view GROUP BY 1')).toEqual([
      ['view', 12],
    ]);
    // Names (values) keep their spelling; meta keys too.
    const kept = parseModel([
      {
        path: 'm.yml',
        content:
          'cubes:\n  - name: myEvents\n    sqlTable: cc_events\n    meta: { someKey: 1 }\n    dimensions: [{ name: eventId, sql: id, type: number }]\n',
      },
    ]);
    expect(kept.cubes.get('myEvents')?.meta).toEqual({ someKey: 1 });
    expect(kept.cubes.get('myEvents')?.dimensions[0]?.name).toBe('eventId');
  });

  test('a __proto__ key stays an unknown key (refused), never the prototype of what the schema reads', () => {
    const issues = issuesOf(
      'cubes:\n  - name: a\n    __proto__: { sql_table: t }\n    dimensions: [{ name: id, sql: id, type: number }]\n',
    );
    expect(issues.map((i) => i.message).join(' ')).toMatch(/__proto__/);
  });

  test("a calendar cube: a granularity's sql is the bucket its rows fall in", async () => {
    const calendar = `
cubes:
  - name: fiscal_calendar
    calendar: true
    sql_table: cc_calendar
    dimensions:
      - name: date_key
        sql: date_key
        type: time
        primary_key: true
        format: "%Y-%m-%d"
        time_shift:
          - { type: prior, interval: 1 month, sql: "{CUBE}.month_ago" }
        granularities:
          - name: month
            sql: "{CUBE}.start_of_month"
          - name: quarter_from_april
            interval: 3 months
            origin: "2024-04-01"
  - name: sales
    sql_table: cc_sales
    joins:
      - name: fiscal_calendar
        sql: "{CUBE}.day = {fiscal_calendar.date_key}"
        relationship: many_to_one
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: fiscal_month, sql: "{fiscal_calendar.date_key.month}", type: time }
    measures:
      - { name: revenue, sql: amount, type: sum, format: currency }
    segments:
      - { name: big, sql: "{CUBE}.amount > 10", format: percent }
`;
    expect(
      await run(
        calendar,
        'SELECT fiscal_month, MEASURE(revenue) AS r FROM sales WHERE big GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['2024-12-30', 100],
      ['2025-01-27', 20],
    ]);
    expect(
      await run(calendar, 'SELECT fiscal_month, MEASURE(revenue) AS r FROM sales GROUP BY 1 ORDER BY 1'),
    ).toEqual([
      ['2024-12-30', 100],
      ['2025-01-27', 23],
    ]);
    expect(
      issuesOf(calendar.replace('sql: "{CUBE}.start_of_month"', 'sql: "x"\n            interval: 1 month')),
    ).toEqual([expect.objectContaining({ message: 'give an interval or sql, not both' })]);
  });

  test("a time shift along a calendar's own shifted dimension is refused by name, elsewhere it shifts by its interval", async () => {
    const model = `
cubes:
  - name: cal
    calendar: true
    sql_table: cc_calendar
    dimensions:
      - name: date_key
        sql: date_key
        type: time
        primary_key: true
        time_shift:
          - { type: prior, interval: 1 week, sql: "{CUBE}.start_of_month" }
  - name: sales
    sql_table: cc_sales
    joins:
      - { name: cal, sql: "{CUBE}.day = {cal.date_key}", relationship: many_to_one }
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: day, sql: day, type: time }
    measures:
      - { name: revenue, sql: amount, type: sum }
      - name: revenue_prior_week
        sql: "{revenue}"
        type: number
        multi_stage: true
        time_shift: [{ interval: 1 week, type: prior }]
views:
  - name: sales_view
    cubes:
      - { join_path: sales, includes: [revenue, revenue_prior_week, day] }
      - { join_path: sales.cal, includes: [date_key] }
`;
    const shifted = (column: string) =>
      `SELECT DATE_TRUNC('week', ${column}) AS w, MEASURE(revenue_prior_week) AS p FROM sales_view GROUP BY 1 ORDER BY 1`;
    await expect(run(model, shifted('date_key'))).rejects.toThrow(
      /revenue_prior_week is shifted by 1 week along date_key, whose calendar cube maps a prior 1 week shift/,
    );
    // The sales' own day has no calendar shift: the plain interval applies (the week of 01-27 read a week later).
    expect(await run(model, shifted('day'))).toEqual([
      ['2024-12-30', null],
      ['2025-01-27', null],
      ['2025-02-03', 20],
    ]);
    expect(clickHouseRefusals()).toContain('ROLLING_WINDOW');
  });

  test('a view member name collision is an issue naming both members', () => {
    const issues = issuesOf(`
cubes:
  - name: orders
    sql_table: orders
    joins: [{ name: customers, sql: "{CUBE}.customer_id = {customers}.id", relationship: many_to_one }]
    dimensions: [{ name: id, sql: id, type: number, primary_key: true }]
  - name: customers
    sql_table: customers
    dimensions: [{ name: id, sql: id, type: number, primary_key: true }]
views:
  - name: orders_view
    cubes:
      - { join_path: orders, includes: "*" }
      - { join_path: orders.customers, includes: "*" }
`);
    expect(issues).toEqual([
      {
        file: 'm.yml',
        path: 'views[0].cubes[1].includes',
        message: expect.stringContaining(
          'view orders_view exposes two members named id: orders.id and customers.id',
        ),
      },
    ]);
  });
});
