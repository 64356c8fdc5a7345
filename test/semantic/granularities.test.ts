/**
 * Custom granularities of time dimensions (Cube's `granularities`): a fiscal year shifted by an offset, half years
 * counted from an origin, used as `{created_at.<name>}` in model SQL, on DuckDB and PostgreSQL, with the buckets
 * computed by hand; listed in coreMeta; what model SQL cannot compute is refused when the model loads.
 */
import { parseModel, searchMeta } from '../../functions/semantic';
import { bothEngines, EVERYONE as everyone } from './engines';

const DATA = [
  'CREATE TABLE gr_events (id INTEGER, created_at TIMESTAMP)',
  `INSERT INTO gr_events VALUES
    (1, TIMESTAMP '2024-02-15 10:00:00'), (2, TIMESTAMP '2024-03-31 23:00:00'), (3, TIMESTAMP '2024-04-01 00:00:00'),
    (4, TIMESTAMP '2024-12-31 12:00:00'), (5, TIMESTAMP '2025-03-15 08:00:00'), (6, TIMESTAMP '2025-04-02 09:00:00'),
    (7, TIMESTAMP '2025-07-01 00:00:00')`,
];

const model = (granularities: string) => `
cubes:
  - name: events
    sql_table: gr_events
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - name: created_at
        sql: created_at
        type: time
        granularities:
${granularities}
      - { name: fiscal_year, sql: "{created_at.fiscal_year}", type: time, title: Fiscal year }
      - { name: half_year, sql: "{CUBE.created_at.half_year}", type: time }
    measures:
      - { name: count, type: count }
`;

const GRANULARITIES = `          - name: fiscal_year
            title: Fiscal year (from April)
            interval: 1 year
            offset: 3 months
          - name: half_year
            interval: 6 months
            origin: "2024-01-01"`;

const engines = bothEngines('granularities', DATA);
const parsed = parseModel([{ path: 'events.yml', content: model(GRANULARITIES) }]);
/** The query on both engines, which must agree; dates to the day. */
const onBoth = (sql: string) => engines.onBoth(parsed, sql);

test('a fiscal year from April (one year, offset three months) buckets every event by hand', async () => {
  expect(await onBoth('SELECT fiscal_year, MEASURE(count) AS n FROM events GROUP BY 1 ORDER BY 1')).toEqual([
    ['2023-04-01', 2],
    ['2024-04-01', 3],
    ['2025-04-01', 2],
  ]);
});

test('half years counted from an origin (six months from January 2024)', async () => {
  expect(await onBoth('SELECT half_year, MEASURE(count) AS n FROM events GROUP BY 1 ORDER BY 1')).toEqual([
    ['2024-01-01', 3],
    ['2024-07-01', 1],
    ['2025-01-01', 2],
    ['2025-07-01', 1],
  ]);
});

test('coreMeta lists the custom granularities of the time dimension', () => {
  const events = searchMeta(parsed, everyone, '').cubes.find((c) => c.name === 'events');
  const createdAt = events?.members.find((m) => m.name === 'events.created_at');
  expect(createdAt?.granularities).toEqual([
    { name: 'fiscal_year', title: 'Fiscal year (from April)', interval: '1 year', offset: '3 months' },
    { name: 'half_year', title: 'Half year', interval: '6 months', origin: '2024-01-01' },
  ]);
});

test('what model SQL cannot compute, and malformed granularities, are model errors naming them', () => {
  const twoWeeks = `          - name: fiscal_year
            interval: 2 weeks
            origin: "2024-01-01"
          - name: half_year
            interval: 6 months`;
  expect(() => parseModel([{ path: 'events.yml', content: model(twoWeeks) }])).toThrow(
    /created_at.fiscal_year.*an interval of 2 weeks is not supported/,
  );
  const both = `          - name: fiscal_year
            interval: 1 year
            offset: 3 months
            origin: "2024-04-01"
          - name: half_year
            interval: 6 months`;
  expect(() => parseModel([{ path: 'events.yml', content: model(both) }])).toThrow(
    /give an offset or an origin, not both/,
  );
  const badInterval = GRANULARITIES.replace('interval: 1 year', 'interval: yearly');
  expect(() => parseModel([{ path: 'events.yml', content: model(badInterval) }])).toThrow(
    /must be an interval like "1 year"/,
  );
});
