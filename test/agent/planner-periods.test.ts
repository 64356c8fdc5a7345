import { describe, expect, it } from '@jest/globals';
import { wholeUnitBack } from '../../functions/agent/planner/periods-past';
import { rephrase } from '../../functions/agent/planner/phrases';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan } from './support/demo-reading';

/**
 * The planner's readings of periods, relative dates past the data and percentiles (issue 29, tuning set 12): spans
 * of days and months (day-ranges.ts), a share's cut-off and halves of the customers (cutoffs.ts), "the same nine
 * months of 2024" and "the year before last" (dates.ts), the median beside the mean (percentiles.ts), customers per
 * number of orders (distributions.ts), "this quarter vs the same quarter last year" past the data (periods-past.ts).
 * Answers on the sample are judged by tuning set 12 in planner-tuning-6.test.ts; here, how each is read.
 */
const TODAY = '2026-04-15';
const plan = (...questions: string[]): Plan => demoPlan(questions, TODAY);
const span = (p: Plan) => (p.range ? [p.range.from, p.range.to] : p.compare?.map((c) => [c.from, c.to]));

describe('spans of days and months, said the planner way', () => {
  it.each([
    ['revenue for March 3rd to 9th 2024?', 'revenue from march 3 2024 to march 9 2024?'],
    ['order count Jan 10-20, 2024', 'order count from january 10 2024 to january 20 2024'],
    [
      'my sales from the 1st to the 15th of November 2025',
      'my sales from november 1 2025 to november 15 2025',
    ],
    ['orders between march 3 and 9', 'orders from march 3 to march 9'],
    ['sales between the 1st and the 15th of May 2025', 'sales from may 1 2025 to may 15 2025'],
    // ("and" without "between" names two days, not a span.)
    ['revenue on the 1st and the 15th of November 2025', 'revenue on the 1st and the 15th of November 2025'],
    // A gloss in parentheses that agrees with the span before it is dropped.
    ['orders in the first week of Feb 2025 (Feb 1-7)?', 'orders from february 1 2025 to february 7 2025  ?'],
    ['orders Jan-Sep 2025', 'orders Jan through Sep 2025'],
    // No real span: left as asked.
    ['sales (Feb 30-31)', 'sales (Feb 30-31)'],
    // (A range of a count of orders is no span of days: count-ranges.ts says it as "between".)
    ['customers with 5 to 10 orders in march', 'customers with between 5 and 10 orders in march'],
  ])('%s', (asked, said) => {
    expect(rephrase(asked)).toBe(said);
  });
});

describe('cut-offs and halves, said as percentiles and percents', () => {
  it.each([
    ['the cheapest 20% of toy orders are below what amount?', 'the 20th percentile of toy order amount?'],
    ['the priciest 10% of orders start at what amount?', 'the 90th percentile of order amount?'],
    [
      'share of sales from the bottom half of our customers (ranked by how much they spend)?',
      'share of sales from the bottom half of customers?',
    ],
    ['revenue of the lowest-spending 50% of customers', 'revenue of the bottom 50% of customers'],
    // Ranked by something else: left as asked (refused by the reading, not read as money).
    [
      'share of sales from the bottom half of customers (ranked by order count)',
      'share of sales from the bottom half of customers (ranked by order count)',
    ],
  ])('%s', (asked, said) => {
    expect(rephrase(asked)).toBe(said);
  });
});

describe('periods', () => {
  it('reads the same nine months of another year after a span of months', () => {
    expect(span(plan('orders Jan-Sep 2025 vs the same nine months of 2024'))).toEqual([
      ['2024-01-01', '2024-10-01'],
      ['2025-01-01', '2025-10-01'],
    ]);
  });

  it('reads the same days of another year after a span of days', () => {
    expect(span(plan('orders from Feb 1-14 2025 compared with the same days of 2024'))).toEqual([
      ['2024-02-01', '2024-02-15'],
      ['2025-02-01', '2025-02-15'],
    ]);
  });

  it('reads the year before last and a holiday last year', () => {
    expect(span(plan('total sales in the year before last'))).toEqual(['2024-01-01', '2025-01-01']);
    expect(span(plan('sales since halloween last year'))).toEqual(['2025-10-31', '2026-04-16']);
  });

  it('moves the previous span to the year a follow-up names', () => {
    expect(span(plan('revenue for Jan 1-7 2025', 'and the same week in 2024?'))).toEqual([
      '2024-01-01',
      '2024-01-08',
    ]);
  });

  it('compares the whole quarter a year back only when this quarter lies past the data', () => {
    const read = plan('how are sales this quarter tracking vs the same quarter last year?');
    expect(span(read)).toEqual([
      ['2025-04-01', '2025-04-16'],
      ['2026-04-01', '2026-04-16'],
    ]);
    expect(span(wholeUnitBack(read, { first: '2023-01-01', last: '2025-12-31' }) as Plan)).toEqual([
      ['2025-04-01', '2025-07-01'],
      ['2026-04-01', '2026-04-16'],
    ]);
    expect(wholeUnitBack(read, { first: '2023-01-01', last: '2026-04-30' })).toBeUndefined();
  });

  it('lists every period of a first-date count, one with none too', () => {
    const { sql } = queryFor(plan('how many customers placed their first order in each quarter of 2023?'));
    for (const q of ['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01']) expect(sql).toContain(`'${q}'`);
    expect(sql).toContain('LEFT JOIN');
    // (The query lists every period, so no answer fills any in: one path per case.)
    const months = queryFor(plan('first-time customers per month in 2023')).sql;
    expect(months.match(/CAST\('2023-\d\d-01' AS TIMESTAMP\)/g)).toHaveLength(12);
  });
});

describe('percentiles and distributions', () => {
  it('gives the mean beside the median, and the gap between them when asked', () => {
    const both = plan('median and average order amount in 2025');
    expect(both.percentile).toEqual(expect.objectContaining({ p: 0.5, mean: true }));
    expect(both.percentile?.gap).toBeUndefined();
    const gap = plan('for enterprise customers, how far apart are the median and the average order size?');
    expect(gap.percentile).toEqual(expect.objectContaining({ p: 0.5, mean: true, gap: true }));
  });

  it("reads a percentile of lifetime spend as of each customer's total", () => {
    expect(rephrase('p90 of lifetime spend')).toBe('p90 of lifetime spend per customer');
    expect(plan('p90 of lifetime spend').percentile).toEqual(
      expect.objectContaining({ p: 0.9, per: expect.anything() }),
    );
    expect(rephrase('median lifetime spend of an enterprise customer')).toBe(
      'median lifetime spend of an enterprise customer',
    );
  });

  it('reads a typo of amount and a percentile abbreviation', () => {
    expect(plan("what's our 99th percentile order amout?").percentile?.p).toBe(0.99);
    expect(plan('95th pctile order ammount in 2024').percentile?.p).toBe(0.95);
  });

  it('counts customers per number of orders, and leaves a ranking of customers alone', () => {
    const read = plan('break down my customers by how many orders they made in Dec 2025');
    expect(read.distribution).toBeDefined();
    expect(span(read)).toEqual(['2025-12-01', '2026-01-01']);
    expect(queryFor(read).sql).toMatch(/COUNT\(\*\) AS customers FROM \(SELECT customers_name/);
    expect(plan('list customers by number of orders').distribution).toBeUndefined();
  });
});
