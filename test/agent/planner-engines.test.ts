import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import {
  closeDrivers,
  type DataModel,
  type DataSource,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  runQuery,
} from '../../functions/semantic';
import { startPostgres, type TestPostgres } from '../semantic/postgres';
import { DEMO_MANAGER, demoReading } from './support/demo-reading';

/**
 * The offline planner's second-order SQL (HAVING over groups, LAG, ROW_NUMBER, percentile_cont, the combined
 * share, first dates) runs on both engines with the same rows: a deployment on PostgreSQL gets the same answers.
 */
const ORDERS = 5_000;
let postgres: TestPostgres;
let dataDir: string;
let duck: DataSource;
let pgSource: DataSource;
let model: DataModel;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'planner-engines-'));
  const [server, path, files] = await Promise.all([
    startPostgres(ORDERS),
    ensureSampleDatabase(dataDir, ORDERS),
    demoModelFiles('main'),
  ]);
  postgres = server;
  duck = { kind: 'duckdb', database: path };
  pgSource = { kind: 'postgres', connectionString: server.connectionString };
  model = parseModel(files);
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Dates to the day, numbers as numbers (engines differ in decimal scale, not in values). */
const normalise = (rows: unknown[][]) =>
  rows.map((row) =>
    row.map((v) => {
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.slice(0, 10);
      const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : Number.NaN;
      return Number.isNaN(n) ? v : n;
    }),
  );

/** The same rows in the same order, numbers within a cent (a percentile of decimals on one engine, doubles on the other). */
function expectSameRows(actual: unknown[][], expected: unknown[][]): void {
  const a = normalise(actual);
  const b = normalise(expected);
  expect(a.length).toBe(b.length);
  for (const [i, row] of a.entries()) {
    for (const [j, v] of row.entries()) {
      const w = b[i]?.[j];
      if (typeof v === 'number' && typeof w === 'number') expect(Math.abs(v - w)).toBeLessThan(0.01);
      else expect(v).toEqual(w);
    }
  }
}

const questions = [
  'How many customers have more than 12 orders?',
  'Which customers placed more than 14 orders?',
  'What share of customers have more than 12 orders?',
  'month over month revenue growth in 2024',
  'Which region grew fastest from 2023 to 2024?',
  'best month per region',
  'top 2 customers by revenue in each segment',
  'share of revenue from the top 10 customers',
  'median order amount by region',
  '90th percentile of order amount',
  'median revenue per customer',
  'average daily revenue in 2024',
  'how many customers placed their first order in 2023',
  // Issue 29's later readings: coverage of every period or value, a first-order cohort's total, a top share
  // within a value, compared periods in time order, a ranking of first-order months.
  'How many customers ordered in every quarter of 2024?',
  'how many customers bought from all 5 categories in 2024',
  'How much did the customers whose first order came in January 2023 spend in 2025?',
  'What share of enterprise sales do the top 5 enterprise customers make up?',
  'share of revenue from the top 10 enterprise customers',
  'orders per region, Q3 vs Q4 2024',
  'In which month did the most customers place their first order?',
  'median lifetime spend of an enterprise customer',
  // The day of the week, derived in the planner's SQL (weekdays.ts): a grouping, a filter, a share.
  'revenue by day of the week in 2024',
  'weekends vs weekdays orders in 2025',
  'how many orders on Saturdays in 2025?',
  'what share of 2024 revenue came on weekends?',
  // Tops within groups, ties kept (RANK): a weekday per group, the largest rows per group or per period.
  'For each region, which day of the week has the most orders?',
  'the 3 biggest orders by region',
  'top 3 orders in 2023 vs 2024',
  // Days from signup to the first order (elapsed seconds / 86,400): the mean and the median, by segment.
  'on average, how many days after signing up did customers place their first order?',
  'by segment, what is the median number of days from joining to first order?',
  'count customers by number of orders in 2024',
  // The cohort reader's one shape (cohort-sql.ts): open periods, seasons, a first row's value, windows counted
  // from the first order (INTERVAL), no row in a period, the share of all customers, an average per member.
  'How many customers waited until April 2023 or later before placing their first order?',
  'How much did the customers who joined in summer 2022 (June through August) spend with us in 2024?',
  'How many customers had their very first order returned, and what share of all customers is that?',
  'how many customers ordered again within 30 days of their first order?',
  'how much did customers spend in their first 3 months, counting from their first order?',
  "how many of the H2 2022 signups didn't order at all in December 2024?",
  'avg 2024 spend per customer for the Q1 2022 signups',
  'enterprise customers whose first order was furniture: what share of them ordered at least 10 times in 2024?',
  // Periods and percentiles (tuning set 12): every period of a first-date count, a quarter with none as 0 (a
  // VALUES list of the periods), the median beside the mean with the gap between them.
  'how many customers placed their first order in each quarter of 2023?',
  'how far apart are the median and the average order amount?',
  'count customers by number of orders in 2024',
  // Per-customer timing (tuning set 25): recency to the data's last day (a date difference, a join ON TRUE), each
  // customer's best month, customers of a region with no orders in a period, the running count of first orders.
  'median recency in days across customers, as of the final date in the dataset',
  'how many customers placed their most recent order more than 45 days before the data ends?',
  "median of customers' peak monthly spend, per region",
  'every customer\'s "power month" (the calendar month they spent the most): how many had it in Q4 2024?',
  "how many south customers didn't order at all in Q4 2024?",
  'by the end of which month had 90% of customers placed their first order?',
  'avg days from signup to first order, by signup quarter',
];

describe('planner SQL on DuckDB and PostgreSQL', () => {
  it.each(questions)('%s', async (question) => {
    // Arrange: the plan from the model's metadata, as the offline analyst reads it.
    const reading = demoReading([question], '2025-10-15');
    if (reading.kind !== 'plan') throw new Error(`not answered: ${JSON.stringify(reading)}`);
    const { sql } = queryFor(reading.plan);
    // Act
    const run = (source: DataSource) =>
      runQuery({ model, user: DEMO_MANAGER, sql, source, maxRows: 1000, timeoutMs: 30_000 });
    const [a, b] = await Promise.all([run(duck), run(pgSource)]);
    // Assert: rows in the same order (every query orders its rows, or returns one).
    expect(a.data.length).toBeGreaterThan(0);
    expectSameRows(b.data, a.data);
  });
});
