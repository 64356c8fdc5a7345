import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan } from './support/demo-reading';

/**
 * The planner's readings of tuning set 13 (issue 29): a season glossed with its months and "the season before"
 * (phrases.ts), a whole year without a kind of row (entity-conditions.ts), a loosely said range of a per-customer
 * count (count-ranges.ts), the value that marks a top or bottom share of orders or customers (cutoffs.ts) and the
 * median of a set of period totals (period-totals.ts). Answers on the sample are judged by tuning set 13 in
 * planner-tuning-6.test.ts; here, how each is read.
 */
const TODAY = '2026-09-23';
const plan = (...questions: string[]): Plan => demoPlan(questions, TODAY);
const span = (p: Plan) => (p.range ? [p.range.from, p.range.to] : p.compare?.map((c) => [c.from, c.to]));

describe('a season against the season before, its months glossed', () => {
  it.each([
    [
      "fall 2025's revenue (Sep-Nov) vs the fall before",
      ['2024-09-01', '2024-12-01'],
      ['2025-09-01', '2025-12-01'],
    ],
    [
      'how did spring 2025 orders (March through May) compare with the spring prior?',
      ['2024-03-01', '2024-06-01'],
      ['2025-03-01', '2025-06-01'],
    ],
    [
      "summer 2024's sales (jun-aug) against the previous summer, in %",
      ['2023-06-01', '2023-09-01'],
      ['2024-06-01', '2024-09-01'],
    ],
    [
      "last summer's revenue (Jun-Aug) vs the summer before it",
      ['2024-06-01', '2024-09-01'],
      ['2025-06-01', '2025-09-01'],
    ],
  ])('%s', (asked, earlier, later) => {
    expect(span(plan(asked))).toEqual([earlier, later]);
  });

  it('keeps a gloss that names other months, and "fall" the verb', () => {
    expect(rephrase("fall 2025's revenue (Jul-Sep)", TODAY)).toBe(
      'september through november 2025 revenue (Jul through Sep)',
    );
    expect(rephrase('did revenue fall 2025 vs 2024', TODAY)).toBe('did revenue fall 2025 vs 2024');
  });
});

describe('a whole year without a kind of row', () => {
  it.each([
    'How many customers got through all of 2025 without a single cancelled order?',
    'how many customers went all of 2025 without one cancelled order?',
    'number of customers without any cancelled order throughout 2025',
  ])('%s', (asked) => {
    const read = plan(asked);
    expect(span(read)).toEqual(['2025-01-01', '2026-01-01']);
    expect(queryFor(read).sql).toMatch(/HAVING SUM\(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END\) = 0/);
  });

  it('leaves "without" before a kind of row with no article an exclusion', () => {
    const read = plan('revenue without cancelled orders in 2024');
    expect(read.having).toBeUndefined();
    expect(queryFor(read).sql).toContain("status <> 'cancelled'");
  });
});

describe('a range of a per-customer count, said loosely', () => {
  it.each([
    [
      'number of customers whose lifetime order count is somewhere between 40 and 45 (both ends included)?',
      'number of customers with between 40 and 45 orders?',
    ],
    [
      'number of customers with somewhere from 45 to 50 orders in total, inclusive',
      'number of customers with between 45 and 50 orders',
    ],
    ['customers with 45-50 orders, how many', 'customers with between 45 and 50 orders, how many'],
    [
      'how many customers have anywhere from 45 to 50 orders',
      'how many customers have between 45 and 50 orders',
    ],
    ['customers who placed 30 to 35 orders', 'customers who placed between 30 and 35 orders'],
    // A span of days, or a range the wrong way round: left as asked.
    ['orders Jan 10-20, 2024 inclusive', 'orders from january 10 2024 to january 20 2024 inclusive'],
    ['customers with 50 to 45 orders', 'customers with 50 to 45 orders'],
  ])('%s', (asked, said) => {
    expect(rephrase(asked)).toBe(said);
  });

  it('counts both ends', () => {
    const { sql } = queryFor(plan('how many clients have from 30 to 35 orders in 2024 inclusive'));
    expect(sql).toMatch(/HAVING MEASURE\(count\) <= 35 AND MEASURE\(count\) >= 30/);
  });
});

describe('the value that marks a top or bottom share', () => {
  it.each([
    [
      'What order amount marks the bottom 10% of orders in 2023?',
      'the 10th percentile of order amount in 2023?',
    ],
    ['what order value marks the top 5% of orders in 2025?', 'the 95th percentile of order value in 2025?'],
    [
      'the cutoff for the bottom 20% of orders last year, by amount?',
      'the 20th percentile of order amount last year?',
    ],
    [
      "what's the threshold for the top decile of toy orders?",
      "what's the 90th percentile of toy order amount?",
    ],
    [
      'Where does the top quartile of customers start, in lifetime spend?',
      'the 75th percentile of lifetime spend per customer?',
    ],
    [
      'where does the bottom quartile of customers end, by total spend?',
      'the 25th percentile of total spend per customer?',
    ],
    [
      'what lifetime spend puts a customer in the top 10%?',
      'the 90th percentile of lifetime spend per customer?',
    ],
    [
      'what total spend gets a client into the top 5% of our clients',
      'the 95th percentile of total spend per customer',
    ],
  ])('%s', (asked, said) => {
    expect(rephrase(asked)).toBe(said);
  });

  it('reads them as percentiles of the rows or of each customer', () => {
    expect(plan('what order value marks the top 5% of orders in 2025?').percentile?.p).toBe(0.95);
    const spend = plan('Where does the top quartile of customers start, in lifetime spend?').percentile;
    expect(spend).toEqual(expect.objectContaining({ p: 0.75, per: expect.anything() }));
  });
});

describe('the median of a set of period totals', () => {
  it.each([
    [
      'Taking the 12 monthly revenue totals of 2025, what was the median month?',
      'the median monthly revenue of 2025?',
    ],
    ['of the 12 monthly order counts in 2024, whats the median?', 'the median monthly order count in 2024?'],
    [
      'what was the middle value of the daily order counts in Dec 2025?',
      'what was the median daily order count in Dec 2025?',
    ],
    ['median quarterly revenue across 2023-2025', 'median quarterly revenue from 2023 through 2025'],
    ['p90 of lifetime orders per customer', 'p90 of number of orders per customer'],
  ])('%s', (asked, said) => {
    expect(rephrase(asked)).toBe(said);
  });

  it('reads the median of the totals per period', () => {
    const read = plan('looking at the monthly sales totals for 2024, which was the median one?');
    expect(read.percentile?.p).toBe(0.5);
    expect(read.grain).toBe('month');
    expect(span(read)).toEqual(['2024-01-01', '2025-01-01']);
  });
});

describe('since the start of a period', () => {
  it.each([
    ['revenue since the start of Q4 last year?', ['2025-10-01', '2026-09-24']],
    ['orders since the beginning of 2025', ['2025-01-01', '2026-09-24']],
  ])('%s runs through today', (asked, through) => {
    expect(span(plan(asked))).toEqual(through);
  });
});

describe('holidays on a weekday of their month, and "hows"', () => {
  it.each([
    ['sales since labor day last year', 'sales since september 1 2025'],
    ['orders since labour day 2024', 'orders since september 2 2024'],
    ['revenue since memorial day 2025', 'revenue since may 26 2025'],
    ['hows our order volume looking this quarter?', 'how is our order volume looking this quarter?'],
  ])('%s', (asked, said) => {
    expect(rephrase(asked, TODAY)).toBe(said);
  });
});
