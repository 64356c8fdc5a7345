import { describe, expect, it } from '@jest/globals';
import {
  impliedPercentile,
  readMiddleAsMedian,
  readPercentileGloss,
} from '../../functions/agent/planner/percentile-glosses';
import { readPercentileRank } from '../../functions/agent/planner/percentile-ranks';
import { queryFor } from '../../functions/agent/planner/query';
import { titleOf } from '../../functions/agent/planner/titles';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Percentiles (tuning set 26): of each entity's largest or smallest row, of each customer's own spend named after the
 * entity, beside a breakdown said with "each"; a value's percentile rank said as the share below it; a percentile said
 * again as a named part ("the upper quartile", "the middle one", "the 9/10 mark"); and what stays refused (a rate per
 * customer, a restatement that says another share). (Answers on the sample: tuning set 26 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-11-16';

describe("a percentile of each entity's largest or smallest row", () => {
  it.each([
    ["take every customer's biggest order and give me the 90th percentile of those", 0.9, 'max'],
    ["what's the p25 of each customer's smallest single order in 2025?", 0.25, 'min'],
    ['median of the largest purchase each customer made in 2024', 0.5, 'max'],
    ["p10 of customers' lowest order amount", 0.1, 'min'],
  ])('%s', (question, p, extreme) => {
    // Prepare / Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(plan.percentile).toMatchObject({ p, extreme });
    expect(plan.percentile?.per?.column).toBe('customers_name');
    expect(plan.percentile?.of?.column).toBe('amount');
    expect(queryFor(plan).sql).toContain(`${extreme.toUpperCase()}(amount) AS v`);
  });

  it("names each one's largest or smallest row in the title", () => {
    expect(titleOf(demoPlan(["p10 of customers' lowest order amount in 2025"], TODAY))).toBe(
      "10th percentile of each customer's smallest order amount, in 2025",
    );
  });

  it('refuses the gap of two percentiles of it (not built)', () => {
    expect(demoReading(["IQR of each customer's biggest order"], TODAY).kind).toBe('refuse');
  });

  it('keeps a breakdown beside it, and reads no ranking from the extreme word', () => {
    const plan = demoPlan(["by segment: the median of each customer's largest order"], TODAY);
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(plan.top).toBeUndefined();
    expect(plan.percentile?.extreme).toBe('max');
  });

  it('ranks the groups when another superlative asks it', () => {
    const plan = demoPlan(["which segment has the highest median of each customer's largest order"], TODAY);
    expect(plan.top).toMatchObject({ direction: 'desc' });
  });

  it("stays refused when the row is not plainly each one's own", () => {
    expect(demoReading(["median of each customer's second order amount"], TODAY).kind).toBe('refuse');
    expect(demoReading(['p90 of the biggest order in each region'], TODAY).kind).toBe('refuse');
  });
});

describe('a percentile of a figure per entity', () => {
  it.each([
    ['the 90th percentile customer spend in 2024', 0.9],
    ['the median customer by total spend in 2023', 0.5],
    ["top decile cutoff for customer spend in 2024 (i.e. the 90th percentile of each customer's total)", 0.9],
  ])('%s: each customer total, not each order', (question, p) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.percentile).toMatchObject({ p });
    expect(plan.percentile?.per?.column).toBe('customers_name');
    expect(plan.percentile?.of).toBeUndefined();
    expect(plan.measures[0]?.column).toBe('total_amount');
  });

  it('never counts each one\'s own row: "each customer\'s total" is their spend', () => {
    const plan = demoPlan(["the 90th percentile of each customer's total in 2024"], TODAY);
    expect(plan.measures[0]?.column).toBe('total_amount');
    expect(plan.percentile?.per?.column).toBe('customers_name');
  });

  it('takes the entity after "per" as what the figure is of, the one after "each" as the breakdown', () => {
    const plan = demoPlan(['for each segment, the median 2025 spend per customer'], TODAY);
    expect(plan.percentile?.per?.column).toBe('customers_name');
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
  });

  it('reads "median (average) monthly revenue per region" as each region\'s months', () => {
    const median = demoPlan(['median monthly revenue per region in 2024'], TODAY);
    expect(median.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(median.percentile?.per).toBeUndefined();
    // (Since tuning set 33 the average too: it was the average region's revenue in each month, confidently wrong.)
    const average = demoPlan(['average monthly revenue per region in 2024'], TODAY);
    expect(average.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(average.percentile?.per).toBeUndefined();
  });

  it.each([
    'median order amount of customers with more than 50 orders',
    'p90 of lifetime spend among customers with 60+ orders',
  ])('refuses a percentile it would drop: %s', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it('counts the orders above the 90th percentile of their amounts (above-average.ts, since tuning-32-rows)', () => {
    expect(demoPlan(['how many orders were above the 90th percentile'], TODAY).numberFilters).toMatchObject([
      { op: '>', vsAverage: true, quantile: 0.9 },
    ]);
  });

  it('counts people against the median one (above-average.ts, since tuning-31-probed)', () => {
    expect(demoPlan(['how many customers spent over the median'], TODAY).having?.vsAverage).toBe('median');
  });

  it.each(["p90 of each customer's cancel rate", 'median cancel rate by region'])(
    'refuses a percentile of a rate: %s',
    (question) => {
      expect(demoReading([question], TODAY).kind).toBe('refuse');
    },
  );
});

describe("a value's percentile rank", () => {
  it.each([
    ['what percentile is a $750 order at?', 'what % of orders are below $750'],
    ['what percentile is a $300 grocery order at', 'what % of grocery orders are below $300'],
    ['what percentile is a $300 order in 2024?', 'what % of orders are below $300 in 2024?'],
    [
      'at what percentile does an $8,000 total for 2025 put a customer?',
      'what % of customers spent less than $8,000 for 2025',
    ],
    [
      'what percentile is a $750 order at? i.e. what % of orders are below $750',
      'what % of orders are below $750',
    ],
    [
      'what percentile is a $750 order at, that is what share of orders is under $750?',
      'what % of orders are below $750',
    ],
  ])('%s', (question, text) => {
    expect(readPercentileRank(question)).toEqual({ text });
  });

  it.each([
    'what percentile is a $750 order at? i.e. what % of orders are above $750',
    'what percentile is a $750 order at? i.e. what % of 2024 orders are below $750',
    'p90 order amount',
    'what % of orders are below $750',
  ])('leaves alone: %s', (question) => {
    expect(readPercentileRank(question)).toBeUndefined();
  });

  it('answers the share below the value', () => {
    const sql = queryFor(demoPlan(['what percentile is a $750 order at?'], TODAY)).sql;
    expect(sql).toContain('amount < 750');
    expect(sql).toContain('share_percent');
  });
});

describe('a percentile said again as a named part', () => {
  it.each([
    ['the upper quartile', 75],
    ['the lower quartile', 25],
    ['the top decile', 90],
    ['the middle one by amount', 50],
    ['the 9/10 mark', 90],
    ['the 3/4 line', 75],
  ])('%s', (gloss, p) => {
    expect(impliedPercentile(gloss)).toBe(p);
  });

  it.each([
    ['p90 order amount in 2024 (the 9/10 mark)', 'p90 order amount in 2024'],
    ['the median order in 2025, i.e. the middle one by amount', 'the median order in 2025'],
    [
      '75th percentile order amount in the west (that is, the upper quartile)',
      '75th percentile order amount in the west',
    ],
  ])('reads away a restatement: %s', (question, text) => {
    expect(readPercentileGloss(question)).toEqual({ text });
  });

  it.each(['p90 order amount in 2024 (the 3/4 mark)', 'the median order in 2025, i.e. the upper quartile'])(
    'refuses a note that names another: %s',
    (question) => {
      expect(readPercentileGloss(question)).toHaveProperty('refuse');
    },
  );

  it('reads a cut-off of the people as a percentile, and its restatement away', () => {
    const plan = demoPlan(
      ['what order count marks the top 1% of customers, i.e. the 99th percentile of orders per customer?'],
      TODAY,
    );
    expect(plan.percentile).toMatchObject({ p: 0.99 });
    expect(plan.percentile?.per?.column).toBe('customers_name');
    expect(
      readPercentileGloss(
        'what order count marks the top 1% of customers, i.e. the 90th percentile of orders per customer?',
      ),
    ).toHaveProperty('refuse');
  });

  it('reads "the middle customer" as the median one', () => {
    expect(readMiddleAsMedian('how much did the middle customer spend in 2023?')).toBe(
      'how much did the median customer spend in 2023?',
    );
    expect(readMiddleAsMedian('orders in the middle of 2024')).toBeUndefined();
    // (A gloss saying it is left to the reader of restated glosses.)
    expect(
      readMiddleAsMedian('median 2024 spend per customer (the middle customer, not the mean)'),
    ).toBeUndefined();
  });
});
