import { describe, expect, it } from '@jest/globals';
import { readMeaning } from '../../functions/agent/planner/definition-meanings';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { readRestatedGlosses } from '../../functions/agent/planner/restated-glosses';
import { readRounding } from '../../functions/agent/planner/rounding';
import { demoCatalog, demoPlan } from './support/demo-reading';

/**
 * Readings fixed after held-out-20 was scored (tuning-20-after.ts): a ranking led by the unit it is within, a count
 * "in total", "#1", rounding refused with "no k/m rounding", a definition's "only", and glosses that restate the
 * customers a figure per customer is over, the percentile of a top share and the unit of a first order.
 */
const TODAY = '2026-12-02';
const plan = (question: string) => demoPlan([question], TODAY);
const sql = (question: string) => queryFor(plan(question)).sql;

describe('a ranking led by the unit it is within', () => {
  it.each([
    [
      'for every quarter of 2024, the region with the most orders',
      'the region with the most orders in each quarter of 2024',
    ],
    [
      'for each month of 2025: which category sold the most?',
      'which category sold the most in each month of 2025?',
    ],
  ])('"%s"', (asked, read) => {
    expect(rephrase(asked, TODAY)).toBe(read);
  });

  it('plans the top region within each quarter, not the top quarter', () => {
    const p = plan('for every quarter of 2024, the region with the most orders and its count');
    expect(p.perGroup).toBeDefined();
    expect(sql('for every quarter of 2024, the region with the most orders and its count')).toMatch(
      /PARTITION BY quarter_group/,
    );
  });
});

describe('a count "in total" is the count', () => {
  it.each([
    ['customers with more than 70 orders in total', 'customers with more than 70 orders'],
    ['accounts with 25+ orders total', 'accounts with 25 or more orders'],
  ])('"%s"', (asked, read) => {
    expect(rephrase(asked, TODAY)).toBe(read);
  });

  it('lists the customers by their order count', () => {
    expect(sql('which customers placed more than 70 orders in total? list them with their counts')).toMatch(
      /SELECT customers_name, MEASURE\(count\) AS count FROM orders_view GROUP BY 1 HAVING MEASURE\(count\) > 70/,
    );
  });
});

describe('shorthand and instructions', () => {
  it('"#1" is the top one', () => {
    expect(rephrase('which segment was #1 by revenue in 2025', TODAY)).toBe(
      'which segment was top by revenue in 2025',
    );
    expect(plan('which segment was #1 by revenue in 2025').top).toMatchObject({ n: 1, direction: 'desc' });
  });

  it.each([
    'orders by region for 2025 - exact numbers, no k/m rounding',
    'orders by region for 2025, no rounding to thousands',
  ])('"%s" asks the figures as they are', (asked) => {
    expect(readRounding(asked)).toEqual({ text: 'orders by region for 2025' });
  });

  it.each(['completed orders only', 'only completed orders', 'just the completed ones'])(
    'a definition "%s" is the completed orders',
    (said) => {
      expect(readMeaning(said, demoCatalog('completed orders'))).toMatchObject({
        kind: 'rows',
        marks: ["'completed'"],
      });
    },
  );
});

describe('glosses that restate the ask', () => {
  it.each([
    [
      'median number of orders per customer in 2024 (among customers who ordered that year)',
      'median number of orders per customer in 2024',
    ],
    [
      'average spend per customer in 2023 (only customers who bought in 2023)',
      'average spend per customer in 2023',
    ],
    [
      'above what order amount are the top 10% of 2024 orders? (the 90th percentile)',
      'above what order amount are the top 10% of 2024 orders?',
    ],
    ['first-time buyers by month (month of their first ever order)', 'first-time buyers by month'],
  ])('"%s"', (asked, read) => {
    expect(readRestatedGlosses(asked)).toBe(read);
  });

  it.each([
    // Another period, another percentile, another unit: the gloss stays, to be read or refused.
    'average spend per customer in 2023 (only customers who bought in 2024)',
    'above what order amount are the top 10% of 2024 orders? (the 95th percentile)',
    'first-time buyers by month (quarter of their first ever order)',
  ])('"%s" keeps its gloss', (asked) => {
    expect(readRestatedGlosses(asked)).toBe(asked);
  });
});

describe('a cut-off asked with its bound first', () => {
  it.each([
    ['above what order amount are the top 10% of 2024 orders?', 'the 90th percentile of 2024 order amount?'],
    ['below which value are the cheapest 20% of toys orders?', 'the 20th percentile of toys order value?'],
  ])('"%s"', (asked, read) => {
    expect(rephrase(asked, TODAY)).toBe(read);
  });

  it('a high share below its bound is no cut-off', () => {
    expect(rephrase('below what amount are the top 10% of orders?', TODAY)).toBe(
      'below what amount are the top 10% of orders?',
    );
  });
});

describe("a first-order cohort is titled by the rows' noun", () => {
  it('"whose first order", never the measure\'s noun', () => {
    expect(queryFor(plan('how many customers placed their first order in 2023?')).title).toMatch(
      /^Customers whose first order was/,
    );
  });
});
