import { describe, expect, it } from '@jest/globals';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohorts, percentiles and combined shares (tuning set 18): a signup window written as a span or as a set of
 * adjacent months is one cohort, never cohorts compared; an exclusion beside a share scopes the whole, not the part
 * alone. (Answers on the sample are judged by tuning set 18 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-02-10';

describe('a signup window written as a span or a set of months', () => {
  it.each([
    [
      'customers that signed up between Feb 1 2022 and Apr 30 2022 - how much did they spend in 2024?',
      '2022-02-01',
      '2022-05-01',
    ],
    ['how many 2025 orders came from people who joined in Oct, Nov or Dec 2022?', '2022-10-01', '2023-01-01'],
    ['2025 revenue from customers who signed up in April, May or June 2022', '2022-04-01', '2022-07-01'],
    [
      'orders placed in 2024 by people who signed up between March 1 2022 and May 31 2022',
      '2022-03-01',
      '2022-06-01',
    ],
  ])('%s', (question, from, to) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.compare).toBeUndefined();
    expect(plan.also?.member.column).toBe('customers_created_at');
    expect(plan.also?.range).toMatchObject({ from, to });
    expect(plan.range?.from.slice(0, 2)).toBe('20');
    expect(plan.range?.from.startsWith('2022')).toBe(false);
  });

  it('keeps signup periods compared when the question compares them', () => {
    const plan = demoPlan(['Q1 2022 or Q2 2022 signups - which spent more in 2025?'], TODAY);
    expect(plan.compare).toHaveLength(2);
  });

  it('keeps months with a gap between them apart (no one window)', () => {
    const plan = demoPlan(['2025 revenue from customers who joined in Jan or Mar 2022'], TODAY);
    expect(plan.also?.range).not.toMatchObject({ from: '2022-01-01', to: '2022-04-01' });
  });
});

describe('an exclusion beside a share', () => {
  it.each([
    ['excluding cancelled orders, what share of 2025 revenue came from electronics?', 'category', 'status'],
    ['what % of 2024 orders were from the east region, not counting returned ones?', 'region', 'status'],
    ['share of 2025 revenue from toys, leaving out returned orders', 'category', 'status'],
  ])('%s', (question, part, whole) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.share?.part?.member.column).toBe(part);
    expect(plan.share?.rows?.values ?? []).toEqual([]);
    expect(plan.filters.map((f) => [f.member.column, f.negate])).toContainEqual([whole, true]);
  });

  it('keeps a lone exclusion as the part', () => {
    const plan = demoPlan(['pct of 2024 revenue that was not electronics'], TODAY);
    expect(plan.share?.part).toMatchObject({ values: ['electronics'], negate: true });
  });
});

describe('percentiles of per-customer and per-month totals, restated', () => {
  it.each([
    ['75th percentile of customer spend for 2024? (per customer, not per order)', 0.75],
    ['whats the 60th percentile of what a customer spent in 2025 - per customer please, not per order', 0.6],
    ['p25 of 2023 spend per customer (customer totals, not single orders)', 0.25],
  ])('%s', (question, p) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.percentile?.p).toBe(p);
    expect(plan.percentile?.per).toBeDefined();
  });

  it.each([
    "what's the median of our monthly revenue over the 12 months of 2025?",
    'median of monthly order counts over the 12 months of 2024?',
    'median monthly revenue across all twelve months of 2023',
  ])('%s', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.percentile?.p).toBe(0.5);
    expect(plan.range?.to.slice(5)).toBe('01-01');
  });

  it('refuses a count of months that does not fit the year', () => {
    const read = demoReading(['median monthly revenue over the 10 months of 2024'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

describe('two size ranges joined into one share', () => {
  it.each([
    'small stuff under $50 plus big tickets over $950 - together what % of 2024 orders is that?',
    'what % of 2023 revenue came from orders below $100 or over $900?',
    'tiny orders under $25 and huge ones above $975 - combined, what share of 2025 orders are they?',
  ])('%s', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.share?.rows?.either).toBe(true);
    expect(plan.share?.rows?.numbers).toHaveLength(2);
  });

  it('keeps two ranges compared apart (refused, not joined)', () => {
    const read = demoReading(['share of 2024 orders under $50 vs over $950'], TODAY);
    expect(read.kind === 'plan' && read.plan.share?.rows?.either).not.toBe(true);
  });
});

describe('new customers by the period of their first order, restated', () => {
  it.each([
    'new customers per month in 2023, going by the month of their first order',
    'in my territory, new customers per month during 2023 - going by the month of their 1st order',
    'new custs each quarter of 2023 based on the quarter of their first purchase',
  ])('%s', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.first).toBeDefined();
    expect(plan.grain === 'month' || plan.grain === 'quarter').toBe(true);
  });

  it('reads the unit said only in the restatement as the breakdown (first orders by month)', () => {
    const plan = demoPlan(['new customers in 2023, going by the month of their first order'], TODAY);
    expect(plan.first).toBeDefined();
    expect(plan.grain).toBe('month');
  });
});
