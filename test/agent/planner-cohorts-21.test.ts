import { describe, expect, it } from '@jest/globals';
import type { CohortReading } from '../../functions/agent/planner/plan';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohorts defined by a span or a nickname, and figures per cohort (tuning set 21): a last order's date, a cohort's
 * figures per value of an attribute, a nickname with its definition, groups per period of the signup, first or last
 * order, a cohort against everyone else, follow-ups on each; a cohort with no definition and a group against the rest
 * that no date defines are refused. (Answers on the sample: tuning set 21 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-04-07';

const cohortOf = (questions: string[]): CohortReading => {
  const p = demoPlan(questions, TODAY).perEntity;
  if (p?.kind !== 'cohort') throw new Error(`not a cohort reading: ${JSON.stringify(p)?.slice(0, 200)}`);
  return p;
};

describe('a cohort by the last order date', () => {
  it.each([
    ['customers whose last order was in Q2 2025: how many?', '2025-04-01', '2025-07-01'],
    ['how many customers had their most recent order before October 2025?', '0001-01-01', '2025-10-01'],
  ])('%s', (question, from, to) => {
    const c = cohortOf([question]);
    expect(c.cohort).toMatchObject({ by: 'last', period: { from, to } });
    expect(c.measures).toEqual(['count']);
  });

  it('reads "the last order in 2025" as one order, never a cohort', () => {
    const read = demoReading(['what was the last order in 2025?'], TODAY);
    expect(read.kind === 'plan' && read.plan.perEntity?.kind === 'cohort').toBe(false);
  });
});

describe("a cohort's figures per value of an attribute", () => {
  it.each([
    ['customers whose final order was placed before July 2025: how many are there per region?', 'region'],
    ['number of customers whose last order fell in Q2 2025, by segment', 'customers_segment'],
    ['people whose first order came before March 2023 - how many in each segment?', 'customers_segment'],
  ])('%s', (question, column) => {
    expect(cohortOf([question]).by?.column).toBe(column);
  });

  it('reads "per head" as an average, not a breakdown', () => {
    const c = cohortOf(['Q1 2023 first-time buyers: average spend per head in 2024?']);
    expect(c.by).toBeUndefined();
    expect(c.measures).toEqual(['avg']);
  });
});

describe('a nickname with its definition', () => {
  it.each([
    [
      'early birds = customers whose first order was in January 2023. How much did the early birds spend in 2025?',
      'first',
      '2023-01-01',
      ['sum'],
    ],
    [
      'the stragglers (customers whose first purchase was in July 2023 or later): how many are there?',
      'first',
      '2023-07-01',
      ['count'],
    ],
    [
      'call customers who joined in December 2022 the holiday signups. Average lifetime spend of a holiday signup?',
      'start',
      '2022-12-01',
      ['avg'],
    ],
    [
      'lapsed customers, meaning their last order was before June 2025: count them by region',
      'last',
      '0001-01-01',
      ['count'],
    ],
  ])('%s', (question, by, from, measures) => {
    const c = cohortOf([question]);
    expect(c.cohort).toMatchObject({ by, period: { from } });
    expect(c.measures).toEqual(measures);
  });
});

describe('groups per period of a customer date', () => {
  it.each([
    ['first-order quarter cohorts: size of each cohort and its 2025 revenue', 'first', 'quarter', ['sum']],
    [
      'group customers by the month of their first order: average lifetime spend per customer in each group',
      'first',
      'month',
      ['avg'],
    ],
    [
      'by quarter of last purchase, how many customers and what was their lifetime revenue?',
      'last',
      'quarter',
      ['sum'],
    ],
    [
      'number of orders placed in 2024 by each cohort of customers grouped by the quarter they signed up',
      'start',
      'quarter',
      ['orders'],
    ],
  ])('%s', (question, by, each, measures) => {
    const c = cohortOf([question]);
    expect(c.cohort.by).toBe(by);
    expect(c.each).toBe(each);
    expect(c.measures).toEqual(measures);
  });

  it('refuses cohorts named with no date', () => {
    expect(demoReading(['revenue by cohort'], TODAY).kind).toBe('refuse');
  });
});

describe('a cohort against everyone else', () => {
  it('reads a nicknamed cohort against all other customers as two rows', () => {
    const c = cohortOf([
      'average lifetime spend: late joiners (first order in June 2023 or after) compared with all other customers',
    ]);
    expect(c.cohort).toMatchObject({ by: 'first', period: { from: '2023-06-01' }, rest: true });
    expect(c.measures).toEqual(['avg']);
  });

  it('refuses a group against the rest that no date defines', () => {
    expect(demoReading(['the whales vs the rest: average 2024 spend'], TODAY).kind).toBe('refuse');
  });
});

describe('follow-ups on a cohort', () => {
  it('keeps the signup quarters asked before', () => {
    const c = cohortOf([
      'how many customers signed up in each quarter of 2022?',
      'and how much did each of those cohorts spend in 2025?',
    ]);
    expect(c.cohort).toMatchObject({ by: 'start', period: { from: '2022-01-01' } });
    expect(c.each).toBe('quarter');
    expect(c.window.period?.from).toBe('2025-01-01');
  });

  it('breaks the cohort asked before down by region', () => {
    const c = cohortOf([
      'how many customers placed their first order in May 2023 or later?',
      'split them by region, with what they spent in 2024',
    ]);
    expect(c.by?.column).toBe('region');
    expect(c.measures).toEqual(['sum']);
  });
});
