import { describe, expect, it } from '@jest/globals';
import type { CohortReading, PerEntity } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Signup and first-order cohorts (tuning set 27): the share of each signup period's customers who ordered, days to
 * the first order per signup period of a year or for two signup periods set against each other, a signup cohort's
 * orders by the orders' year, a bound on the first order's amount (alone or narrowing a signup cohort), and a half
 * said without its year set against a signup cohort's. Averages over every signup (counting those with no order)
 * stay refused. (Answers on the sample: tuning set 27 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-03-24';

const cohortOf = (question: string): CohortReading => {
  const p = demoPlan([question], TODAY).perEntity;
  if (p?.kind !== 'cohort') throw new Error(`not a cohort reading: ${JSON.stringify(p)?.slice(0, 200)}`);
  return p;
};
const daysOf = (question: string): Extract<PerEntity, { kind: 'days-to-first' }> => {
  const p = demoPlan([question], TODAY).perEntity;
  if (p?.kind !== 'days-to-first') throw new Error(`not days to first: ${JSON.stringify(p)?.slice(0, 200)}`);
  return p;
};

describe("the share of each signup period's customers who ordered", () => {
  it.each([
    ['share of each 2022 signup quarter that bought something in November 2025', 'quarter', 'November 2025'],
    [
      'for each half of 2022, how many customers signed up, and what share of them placed at least one order in December 2025?',
      'half',
      'December 2025',
    ],
  ])('%s', (question, each, later) => {
    const c = cohortOf(question);
    expect(c.each).toBe(each);
    expect(c.cohort).toMatchObject({ by: 'start', period: { label: '2022' } });
    expect(c.test).toEqual({ min: 1 });
    expect(c.window.period?.label).toBe(later);
    expect(c.measures).toEqual(['share']);
  });

  it('leaves a count per signup quarter to the ordinary reading', () => {
    const plan = demoPlan(
      ['by signup quarter, how many customers placed at least one order in Q1 2024?'],
      TODAY,
    );
    expect(plan.perEntity).toBeUndefined();
    expect(plan.grain).toBe('quarter');
  });
});

describe('days from signup to first order per signup period', () => {
  it('groups the signups of the year named by quarter', () => {
    const p = daysOf('average days between signup and first order for each signup quarter of 2022');
    expect(p.startGrain).toBe('quarter');
    expect(
      demoPlan(['average days between signup and first order for each signup quarter of 2022'], TODAY).range,
    ).toMatchObject({ from: '2022-01-01', to: '2023-01-01' });
  });

  it.each([
    ['H1 vs H2 2022 signups: mean days from signup to first order', ['H1 2022', 'H2 2022']],
    [
      'jan vs dec 2022 signups: median days from signing up to the first order',
      ['January 2022', 'December 2022'],
    ],
  ])('%s', (question, labels) => {
    const p = daysOf(question);
    expect(p.startPeriods?.map((q) => q.label)).toEqual(labels);
    const { sql } = queryFor(demoPlan([question], TODAY));
    expect(sql).toMatch(/CASE WHEN .* END AS signup_period/);
  });
});

describe("a signup cohort's orders by the orders' year", () => {
  it.each([
    ['number of orders per year placed by the March 2022 signups', 'year', 'March 2022'],
    ['the H2 2022 signup cohort: order count broken down by order year', 'year', 'H2 2022'],
    ['my Q4 2022 signups: revenue by order quarter', 'quarter', 'Q4 2022'],
  ])('%s', (question, grain, cohort) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.grain).toBe(grain);
    expect(plan.timeDimension?.column).toBe('created_at');
    expect(plan.range).toBeUndefined();
    expect(plan.also).toMatchObject({ member: { column: 'customers_created_at' }, range: { label: cohort } });
  });

  it('keeps a breakdown that a signup period holds more than one of on the signup date', () => {
    const plan = demoPlan(['revenue by quarter from customers who signed up in H1 2022'], TODAY);
    expect(plan.also?.member.column).not.toBe('customers_created_at');
  });
});

describe("a bound on the first order's amount", () => {
  it.each([
    ['how many customers had a first order over $500?', { op: '>', value: 500 }],
    [
      'of customers whose first purchase was under $100, what % ordered in December 2025?',
      { op: '<', value: 100 },
    ],
    ['customers whose very first order was at least 1.5k: their 2025 revenue', { op: '>=', value: 1500 }],
  ])('%s', (question, bound) => {
    const c = cohortOf(question);
    expect(c.cohort).toEqual({ by: 'first', firstAmount: bound });
  });

  it('narrows a signup cohort to those whose first order passed the bound', () => {
    const question = 'signed up in Q1 2022 and first order over $300: how many customers?';
    const c = cohortOf(question);
    expect(c.cohort).toMatchObject({
      by: 'start',
      period: { label: 'Q1 2022' },
      firstAmount: { op: '>', value: 300 },
    });
    expect(queryFor(demoPlan([question], TODAY)).sql).toMatch(/row_rank = 1 AND amount > 300/);
  });

  it("narrows a signup cohort by its first order's status", () => {
    const c = cohortOf(
      'customers who joined in H2 2022 whose first order was returned: how much did they spend in 2025?',
    );
    expect(c.cohort).toMatchObject({
      by: 'start',
      period: { label: 'H2 2022' },
      attr: { values: ['returned'] },
    });
    expect(c.measures).toEqual(['sum']);
  });
});

describe('a half said without its year, set against a signup cohort', () => {
  it('takes the year of the cohort before it', () => {
    const c = cohortOf(
      'average lifetime spend per customer: people who joined in the first half of 2022 compared with those who joined in the second half',
    );
    expect(c.cohort).toMatchObject({
      by: 'start',
      period: { label: 'H1 2022' },
      versus: { label: 'H2 2022' },
    });
    expect(c.measures).toEqual(['avg']);
  });
});

describe('what stays refused', () => {
  it.each([
    'average lifetime orders per customer for the Q3 2022 signups, counting those who never ordered',
    'per signup quarter, mean orders per signed-up customer (include people who never ordered)',
  ])('%s', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });
});
