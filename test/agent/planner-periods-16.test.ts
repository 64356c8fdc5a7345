import { describe, expect, it } from '@jest/globals';
import { readCutoffs } from '../../functions/agent/planner/cutoffs';
import { readPeriodCount } from '../../functions/agent/planner/period-counts';
import { queryFor } from '../../functions/agent/planner/query';
import { readYearSpans } from '../../functions/agent/planner/year-spans';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Periods, percentiles and relative dates past the data (tuning-16-periods.ts), on the demo model: a counted aside
 * ("(36 months)") was an unknown word, cut-off and quartile wordings were refused, "2026 through end of August vs
 * the same months of 2025" and "this year so far next to all of last year" were refused, the best N months "together"
 * were listed without their sum, and a follow-up asking what part of the previous total a period or each row had
 * was read as a change between two other periods, or over all time.
 */
const AFTER = '2026-03-10';

describe('a counted aside', () => {
  it('is read away and checked against the span', () => {
    expect(readPeriodCount('p95 of monthly revenue across 2023-2025 (36 months)?')).toEqual({
      text: 'p95 of monthly revenue across 2023-2025?',
      count: { n: 36, unit: 'month', said: '36 months' },
    });
    expect(readPeriodCount('p90 of monthly orders, 2023-2025 — 36 months in all').count?.n).toBe(36);
    expect(readPeriodCount('revenue by region (west only)').count).toBeUndefined();
  });

  it.each([
    ['p95 of monthly revenue across 2023-2025 (36 months)?', { from: '2023-01-01', to: '2026-01-01' }],
    [
      '75th percentile of quarterly revenue over the last three full years (12 quarters)',
      { from: '2023-01-01', to: '2026-01-01' },
    ],
    ['p95 monthly revenue for 2024 and 2025 (24 months)?', { from: '2024-01-01', to: '2026-01-01' }],
  ])('%s: the percentile over the span counted', (question, range) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.percentile).toBeDefined();
    expect(plan.range && { from: plan.range.from, to: plan.range.to }).toEqual(range);
  });

  it('refuses when the count does not fit the span, saying both', () => {
    const read = demoReading(['median monthly revenue in 2025 (18 months)'], AFTER);
    expect(read.kind).toBe('refuse');
    expect(JSON.stringify(read)).toMatch(/18 months.*2025 has 12 months/);
  });
});

describe('cut-offs and quartiles', () => {
  it.each([
    ['lower quartile cut-off for monthly revenue', 0.25],
    ['top decile cutoff for order amount in 2024', 0.9],
    ['how big does an order have to be to make the top 10%?', 0.9],
    ['what order value do the top 10% of orders start at', 0.9],
    ['where do the top 5% of orders start in 2025?', 0.95],
  ])('%s: the percentile where that share begins', (question, p) => {
    expect(demoPlan([question], AFTER).percentile?.p).toBe(p);
  });

  it('reads "quartiles of" as the three quartiles', () => {
    expect(readCutoffs('quartiles of monthly revenue')).toBe(
      'the 25th and 50th and 75th percentile of monthly revenue',
    );
    const plan = demoPlan(['quartiles of monthly revenue in 2025'], AFTER);
    expect([plan.percentile?.p, ...(plan.percentile?.more ?? [])].sort()).toEqual([0.25, 0.5, 0.75]);
    expect(plan.grain).toBe('month');
  });
});

describe('a year up to a month, and this year so far beside last year', () => {
  it.each([
    [
      'revenue for 2026 through end of August vs the same months of 2025',
      'revenue for january through august 2026 vs january through august 2025',
    ],
    [
      'revenue from January 2026 through June, compared with the same months a year earlier',
      'revenue january through june 2026, compared with january through june 2025',
    ],
    [
      "this year's revenue so far by region, next to all of last year",
      'year to date revenue by region vs full year 2025',
    ],
    ['YTD revenue by region vs full year last year', 'year to date revenue by region vs full year 2025'],
    [
      'revenue so far this year compared with the same point last year',
      'revenue year to date compared with the same period last year',
    ],
  ])('%s', (question, said) => {
    expect(readYearSpans(question, AFTER)).toBe(said);
  });

  it('compares the months past the data with the same months inside it', () => {
    const plan = demoPlan(['orders for 2026 through the end of March vs the same months of 2025'], AFTER);
    expect(plan.compare?.map((p) => [p.from, p.to]).sort()).toEqual([
      ['2025-01-01', '2025-04-01'],
      ['2026-01-01', '2026-04-01'],
    ]);
  });

  it('puts the year to date beside the whole previous year, by category', () => {
    const plan = demoPlan(['orders so far in 2026 alongside the whole of last year, per category'], AFTER);
    expect(plan.compare?.map((p) => p.label)).toContain('2025');
    expect(plan.dimensions.map((d) => d.column)).toEqual(['category']);
  });

  it.each([
    [
      'orders ytd 2025 vs ytd 2024',
      '2026-08-25',
      'orders from january 1 2025 to august 25 2025 vs from january 1 2024 to august 25 2024',
    ],
    ['revenue 2024 year to date', '2027-01-13', 'revenue from january 1 2024 to january 13 2024'],
    ["2023's ytd revenue", '2024-02-29', 'from january 1 2023 to february 28 2023 revenue'],
    ['revenue ytd 2026', '2026-08-25', 'revenue year to date'],
  ])('%s on %s: that year to the same day', (question, today, said) => {
    expect(readYearSpans(question, today)).toBe(said);
  });

  it.each([
    ['revenue january 2025 to march 2025', '2025-01-01', '2025-04-01'],
    ['revenue march 3 2025 to march 9 2025', '2025-03-03', '2025-03-10'],
  ])('%s: one span between the two ends said with "to" alone', (question, from, to) => {
    const plan = demoPlan([question], '2026-08-25');
    expect([plan.range?.from, plan.range?.to, plan.compare]).toEqual([from, to, undefined]);
  });

  it("compares this year's year to date with another year's, day for day", () => {
    const plan = demoPlan(['revenue 2026 ytd vs 2025 ytd'], '2026-08-25');
    expect(plan.compare?.map((p) => [p.from, p.to])).toEqual([
      ['2025-01-01', '2025-08-26'],
      ['2026-01-01', '2026-08-26'],
    ]);
  });

  it('compares a named year to date with the same days of another year, not with the whole year', () => {
    const plan = demoPlan(
      ['what was revenue year to date in 2025 vs the same period of 2024?'],
      '2027-01-13',
    );
    expect(plan.compare?.map((p) => [p.from, p.to]).sort()).toEqual([
      ['2024-01-01', '2024-01-14'],
      ['2025-01-01', '2025-01-14'],
    ]);
  });

  it('leaves a span with its own year after each month alone', () => {
    expect(readYearSpans('revenue January 2025 to March 2025', AFTER)).toBe(
      'revenue January 2025 to March 2025',
    );
  });
});

describe('the best periods together', () => {
  it.each([
    ['what did our 3 best months of 2025 bring in combined?', 3, 'desc'],
    ['total orders in our two busiest quarters put together', 2, 'desc'],
    ['our 3 worst months of 2024, summed', 3, 'asc'],
  ])('%s: their one sum', (question, n, direction) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.share).toEqual(
      expect.objectContaining({ total: true, top: expect.objectContaining({ n, direction }) }),
    );
    const sql = queryFor(plan).sql;
    expect(sql).toMatch(/SUM\(m\) OVER \(\) AS part/);
    expect(sql).toMatch(/date_trunc/);
  });
});

describe('follow-ups: a part of the previous total', () => {
  it('reads "what % of that was Q1 and Q2 combined" as the first half of the previous year', () => {
    const plan = demoPlan(['total revenue 2024', 'what % of that was Q1 and Q2 combined?'], AFTER);
    expect(plan.range?.label).toBe('2024');
    expect(plan.share?.rows?.period).toEqual(
      expect.objectContaining({ from: '2024-01-01', to: '2024-07-01' }),
    );
    expect(plan.change).toBeUndefined();
  });

  it('reads "the second half" without a year as the previous year\'s', () => {
    const plan = demoPlan(['2025 order count', 'and what share of it came in the second half?'], AFTER);
    expect(plan.share?.rows?.period).toEqual(
      expect.objectContaining({ from: '2025-07-01', to: '2026-01-01' }),
    );
  });

  it.each([
    [['orders by month in 2025', 'what share of the total did each month have?'], 'month', '2025'],
    [['orders by month in 2024', 'and each month’s share of the year?'], 'month', '2024'],
    [['revenue by quarter for 2025', 'what percent of the total was each quarter?'], 'quarter', '2025'],
  ])('%j: each row’s share of the previous period', (thread, grain, year) => {
    const plan = demoPlan(thread, AFTER);
    expect(plan.share).toEqual({});
    expect(plan.grain).toBe(grain);
    expect(plan.range?.label).toBe(year);
  });

  it('keeps a percent of a change a change ("what % did that grow from Q1 to Q2")', () => {
    const read = demoReading(['revenue in 2024', 'what % did that grow from Q1 to Q2?'], AFTER);
    if (read.kind === 'plan') expect(read.plan.share?.rows).toBeUndefined();
  });
});

describe('a period to date against the same point of the unit before', () => {
  it.each([
    ['MTD orders vs the same time last month', ['2025-07-01', '2025-07-21']],
    ['revenue month to date compared to the same point last month', ['2025-07-01', '2025-07-21']],
    ['QTD revenue vs the same point last quarter', ['2025-04-01', '2025-05-21']],
  ])('%s: the same days of the unit before', (question, before) => {
    const plan = demoPlan([question], '2025-08-20');
    expect(plan.compare?.map((p) => [p.from, p.to])).toContainEqual(before);
  });

  it('ends a month-end span at the end of the shorter month', () => {
    const plan = demoPlan(['MTD orders vs the same period last month'], '2025-03-30');
    expect(plan.compare?.map((p) => [p.from, p.to])).toContainEqual(['2025-02-01', '2025-03-01']);
  });
});
