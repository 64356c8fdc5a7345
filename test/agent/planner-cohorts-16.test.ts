import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohorts and shares of cohorts (tuning set 16): two signup cohorts compared on a per-customer figure are one
 * figure each, never OR-ed into one; a breakdown by signup period keeps a later period on the orders' own date;
 * "at least one order" per signup period counts the customers; "ordered in 2025 but fewer than 8 times that year"
 * reads "but" and "that year" as the condition's period, and a "but not" is never dropped. (Answers on the sample
 * are judged by tuning set 16 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-02-10';
const columnOf = (m: { column: string } | undefined) => m?.column;

describe('two signup cohorts compared per customer', () => {
  it.each([
    [
      'avg # of orders per customer in 2024: customers who signed up in H1 2022 vs H2 2022',
      ['H1 2022', 'H2 2022'],
    ],
    ['H1 2022 vs H2 2022 signups — average revenue per customer in 2024?', ['H1 2022', 'H2 2022']],
    ['median 2025 spend per customer, Q1 2022 signups vs Q2 2022 signups', ['Q1 2022', 'Q2 2022']],
  ])('%s: one figure per cohort, the other period on the orders', (question, cohorts) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.compare?.map((p) => p.label)).toEqual(cohorts);
    expect(columnOf(plan.timeDimension)).toBe('customers_created_at');
    expect(columnOf(plan.also?.member)).toBe('created_at');
    const { sql, columns } = queryFor(plan);
    expect(sql).toMatch(/CASE WHEN customers_created_at .* END AS period/);
    expect(sql).toMatch(/SELECT period, /);
    expect(columns[0]?.role).toBe('period');
  });

  it('reads a half said once beside two years as that half of each (never one of them over two lengths)', () => {
    const read = demoReading(['median order value, H1 2024 vs 2025'], TODAY);
    const compare = read.kind === 'plan' ? read.plan.compare?.map((p) => [p.from, p.to]) : undefined;
    expect(compare).toEqual([
      ['2024-01-01', '2024-07-01'],
      ['2025-01-01', '2025-07-01'],
    ]);
  });
});

describe('a breakdown by signup period with a later period of the orders', () => {
  it.each([
    [
      'For each 2022 signup quarter, how many of those customers placed an order in December 2025?',
      'quarter',
      'December 2025',
    ],
    ['2025 revenue split by the quarter the customer signed up in', 'quarter', '2025'],
    ['by signup quarter, how many customers placed at least one order in Q1 2024?', 'quarter', 'Q1 2024'],
  ])('%s', (question, grain, later) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.grain).toBe(grain);
    expect(columnOf(plan.timeDimension)).toBe('customers_created_at');
    expect(plan.also?.range.label).toBe(later);
    expect(plan.compare).toBeUndefined();
    expect(plan.having).toBeUndefined();
  });

  it('counts the customers, not their orders, for "at least one order" per signup quarter', () => {
    const plan = demoPlan(
      ['by signup quarter, how many customers placed at least one order in Q1 2024?'],
      TODAY,
    );
    expect(plan.measures.map((m) => m.column)).toEqual(['customer_count']);
  });

  it('refuses another count per customer beside a breakdown by signup quarter', () => {
    const read = demoReading(
      ['by signup quarter, how many customers placed more than 5 orders in Q1 2024?'],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe('ordered in a period but fewer than N times that period', () => {
  it.each([
    ['Quick one: # of customers who ordered in 2025 but fewer than 8 times that year', '2025', '<', 8],
    ['how many customers bought in 2024 but fewer than 10 times that year?', '2024', '<', 10],
    ['count of customers who ordered in Q4 2025 but under 4 times in that quarter', 'Q4 2025', '<', 4],
    ['how many customers ordered in 2025 but under 9 times?', '2025', '<', 9],
  ])('%s', (question, period, op, value) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.range?.label).toBe(period);
    expect(plan.having).toEqual(expect.objectContaining({ op, value, output: 'count' }));
  });

  it('reads "but no more than" as at most: its negation is never dropped', () => {
    const plan = demoPlan(
      ['count of customers who ordered in Q4 2025 but no more than 3 times in that quarter'],
      TODAY,
    );
    expect(plan.range?.label).toBe('Q4 2025');
    expect(plan.having).toEqual(expect.objectContaining({ op: '<=', value: 3, output: 'count' }));
  });

  it('leaves "that quarter" unread when the period is a year', () => {
    const read = demoReading(
      ['how many customers ordered in 2025 but fewer than 8 times that quarter'],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe("a signup cohort's share of a period", () => {
  it.each([
    [
      'What share of 2025 revenue came from customers who signed up in the first half of 2022?',
      '2025',
      'H1 2022',
    ],
    ['what % of 2024 revenue came from customers who joined in Q3 2022?', '2024', 'Q3 2022'],
    ['share of 2023 orders placed by customers who signed up in the second half of 2022', '2023', 'H2 2022'],
  ])('%s: the cohort is the part, the period the whole', (question, whole, cohort) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.range?.label).toBe(whole);
    expect(plan.also).toBeUndefined();
    expect(plan.share?.rows?.started?.range.label).toBe(cohort);
    const { sql } = queryFor(plan);
    expect(sql).toMatch(
      /CASE WHEN customers_created_at >= '\d{4}-\d\d-01' AND customers_created_at < '\d{4}-\d\d-01' THEN 1/,
    );
    expect(sql).not.toMatch(/WHERE [^)]*customers_created_at/);
  });
});
