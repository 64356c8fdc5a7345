import { describe, expect, it } from '@jest/globals';
import { readRestatedGlosses } from '../../functions/agent/planner/restated-glosses';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohorts with a later window and percentiles of derived figures (tuning set 20): a first-order cohort's spend
 * threshold over a later window, a bare percentile follow-up keeping the figure it follows, a gap pointing back at
 * two percentiles, glosses restating a per-period percentile or the quartiles. (Answers on the sample: tuning set
 * 20 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-09-09';

describe('a first-order cohort with a spend threshold over a later window', () => {
  it.each([
    [
      'Feb 2023 first-time buyers: how many of them spent over $8,000 in 2024?',
      '2023-02-01',
      8000,
      false,
      '2024-01-01',
    ],
    [
      'Jan 2023 first-time buyers - how many spent more than 12k in 2025?',
      '2023-01-01',
      12000,
      false,
      '2025-01-01',
    ],
    [
      'customers whose first order was in March 2023: how many spent at least 5k in 2024?',
      '2023-03-01',
      5000,
      true,
      '2024-01-01',
    ],
  ])('%s', (question, cohortFrom, spent, orEqual, windowFrom) => {
    const plan = demoPlan([question], TODAY);

    const c = plan.perEntity?.kind === 'cohort' ? plan.perEntity : undefined;
    expect(c?.cohort).toMatchObject({ by: 'first', period: { from: cohortFrom } });
    expect(c?.window.period?.from).toBe(windowFrom);
    expect(c?.test).toEqual({ spent, orEqual });
    expect(c?.measures).toEqual(['count']);
  });

  it('reads the threshold after a count of the cohort in the question before', () => {
    const plan = demoPlan(
      [
        'how many customers placed their first order in Q1 2023?',
        'and how many of them spent more than 5k in 2025?',
      ],
      TODAY,
    );

    const c = plan.perEntity?.kind === 'cohort' ? plan.perEntity : undefined;
    expect(c?.cohort.period).toMatchObject({ from: '2023-01-01', to: '2023-04-01' });
    expect(c?.test).toEqual({ spent: 5000, orEqual: false });
  });
});

describe('a bare percentile asked after one of a derived figure', () => {
  it('keeps the per-customer total', () => {
    const plan = demoPlan(['median spend per customer in 2024', 'and the 90th percentile?'], TODAY);

    expect(plan.percentile).toMatchObject({ p: 0.9 });
    expect(plan.percentile?.per?.column).toBe('customers_name');
    expect(plan.percentile?.of).toBeUndefined();
  });

  it('keeps the per-month total', () => {
    const plan = demoPlan(['median monthly revenue in 2024', 'and the 90th percentile?'], TODAY);

    expect(plan.percentile?.p).toBe(0.9);
    expect(plan.percentile?.of).toBeUndefined();
    expect(plan.grain).toBe('month');
  });

  it('leaves a percentile of the rows after one of the rows as it is', () => {
    const plan = demoPlan(['median order amount in 2024', 'and the 90th percentile?'], TODAY);

    expect(plan.percentile?.of?.column).toBe('amount');
    expect(plan.percentile?.per).toBeUndefined();
  });
});

describe('the gap between two percentiles said after them', () => {
  it('reads "and the gap between them" as the gap', () => {
    const plan = demoPlan(['p25 and p75 of orders per customer in 2025, and the gap between them'], TODAY);

    expect(plan.percentile).toMatchObject({ p: 0.25, more: [0.75], gap: true });
  });

  it('reads no gap without a word pointing back', () => {
    const read = demoReading(['p25 and p75 of orders per customer in 2025, and the gap'], TODAY);

    expect(read.kind === 'plan' && read.plan.percentile?.gap).not.toBe(true);
  });
});

describe('glosses restating a percentile of derived figures', () => {
  it.each([
    [
      'median daily revenue in November 2025 (total each day, then the median of those days)',
      'median daily revenue in November 2025',
    ],
    ['quartiles of 2025 order values (25th, 50th, 75th)', 'quartiles of 2025 order values'],
  ])('%s', (question, read) => {
    expect(readRestatedGlosses(question)).toBe(read);
  });

  it.each([
    'median daily revenue (sum each month, then the median)',
    'p90 daily revenue (sum each day, then the median)',
    'first quartile of 2025 order values (25th, 50th, 75th)',
  ])('keeps a gloss that says something else: %s', (question) => {
    expect(readRestatedGlosses(question)).toBe(question);
  });
});
