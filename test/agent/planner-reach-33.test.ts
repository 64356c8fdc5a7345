import { describe, expect, it } from '@jest/globals';
import {
  readEverydayAsks,
  readNewReturning,
  readRunRate,
  readTopCountAsked,
} from '../../functions/agent/planner/everyday-asks';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Everyday analyst asks (tuning set 33, reach): the median customer's figure, customers with no order in a window
 * counted back from the clock, one customer's spend within one month, a bound in every year of a span, a top share
 * with how many rows it holds, the CAGR between two whole years, and a condition held in "most months" refused.
 * (Answers on the sample: tuning set 33 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-01-22';

describe('asks said in words the planner reads', () => {
  it.each([
    [
      'How much does the median customer spend in each region?',
      'what is the median spend per customer in each region?',
    ],
    ["Median customer's 2024 revenue by segment?", 'median 2024 revenue per customer by segment?'],
    [
      "For each segment, what is the median customer's average order value?",
      'For each segment, what is median average order value per customer?',
    ],
    [
      "How many customers haven't ordered in the last 3 months?",
      'How many customers did not order between October 2025 and December 2025?',
    ],
    [
      'Number of customers with no orders in the last two months',
      'Number of customers who did not order between November 2025 and December 2025',
    ],
    [
      'how many customers have not placed an order in the past 60 days?',
      'how many customers did not order since 2025-11-23?',
    ],
    [
      'Who had the biggest one-month spend in 2024, and in which month was it?',
      'which customer spent the most in a single month in 2024?',
    ],
    [
      'Which customer spent the most within one calendar month?',
      'Which customer spent the most in a single month?',
    ],
    [
      'how many customers placed at least 17 orders in every year from 2023 to 2025',
      'how many customers placed at least 17 orders in each of 2023, 2024 and 2025',
    ],
  ])('reads %p as %p', (question, text) => {
    expect(readEverydayAsks(question, TODAY)).toBe(text);
  });

  it.each([
    'How many customers spent more than $1,000 in 2024?',
    'which customer spent the most in 2024?',
    'how many customers have not ordered in the last 2 weeks?',
    'median order amount by region',
  ])('leaves %p alone', (question) => {
    expect(readEverydayAsks(question, TODAY)).toBe(question);
  });
});

describe('a top share with its count asked', () => {
  it.each([
    [
      'How many customers are in the top 10% by revenue, and what share of total revenue do they make up?',
      'what share of total revenue do the top 10% of customers by revenue make up?',
    ],
    [
      'What percentage of 2024 revenue came from our top 5% of customers, and how many customers is that?',
      'What percentage of 2024 revenue came from our top 5% of customers?',
    ],
    [
      'my top 20% of customers by spend: how many are there and what share of my revenue do they bring in?',
      'what share of my revenue do my top 20% of customers by spend bring in?',
    ],
  ])('reads %p as the share %p', (question, text) => {
    expect(readTopCountAsked(question)).toEqual({ text });
  });

  it('counts the top rows beside the share', () => {
    const plan = demoPlan(
      ['How many customers are in the top 10% by revenue, and what share of total revenue do they make up?'],
      TODAY,
    );
    expect(plan.share).toMatchObject({ top: { n: 10, percent: true }, countAsked: true });
    expect(queryFor(plan).sql).toContain('COUNT(*) AS kept');
  });

  it('leaves a share with no count asked alone', () => {
    expect(readTopCountAsked('what share of revenue do the top 10% of customers make up?')).toBeUndefined();
  });
});

describe('compound annual growth rate', () => {
  it('reads the CAGR between two whole years as the change with its yearly rate', () => {
    const plan = demoPlan(['What was the compound annual growth rate of revenue from 2023 to 2025?'], TODAY);
    expect(plan.change).toMatchObject({ cagr: true });
    expect(queryFor(plan).sql).toContain('pow(b / NULLIF(a, 0), 1.0 / 2)');
  });

  it('reads "CAGR" per group', () => {
    const plan = demoPlan(['CAGR of revenue by region from 2023 to 2025'], TODAY);
    expect(queryFor(plan).sql).toContain('AS cagr_percent');
  });

  it('refuses a CAGR between periods that are not whole years', () => {
    const read = demoReading(['revenue CAGR Q1 2024 to Q1 2025'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

describe('readings refused rather than misread', () => {
  // (Since tuning set 34: the groups whose share passed the bound in more than half of the months, most-periods.ts.)
  it('reads a condition held in most months', () => {
    const plan = demoPlan(
      ['In which regions were more than 25% of orders placed in most months of 2025?'],
      TODAY,
    );
    expect(plan.mostPeriods).toMatchObject({ unit: 'month', op: '>', percent: 25 });
  });

  it('counts per segment the customers past a bound in each of the years', () => {
    const plan = demoPlan(
      ['By segment, number of customers with at least 17 orders in each year from 2023 to 2025'],
      TODAY,
    );
    expect(plan.perEntity).toMatchObject({
      kind: 'ratio',
      output: 'count',
      by: { column: 'customers_segment' },
    });
  });
});

describe('run rates', () => {
  it.each([
    ["What's our annual revenue run rate based on the latest quarter?", 'revenue last quarter'],
    ['Annualised revenue run rate from the most recent full month?', 'revenue last month'],
    [
      'If we annualise Q3 2025, what is the run rate for the number of orders?',
      'the number of orders in Q3 2025',
    ],
  ])('reads %p as the figure %p', (question, text) => {
    expect(readRunRate(question)).toEqual({ text });
  });

  it('scales one whole quarter to a year', () => {
    const plan = demoPlan(["What's our annual revenue run rate based on the latest quarter?"], TODAY);
    expect(plan.runRate).toEqual({ factor: 4, unit: 'quarter' });
    expect(queryFor(plan).sql).toContain('* 4 AS annual_run_rate');
  });

  it.each(["what's the run rate based on Q4 2025"])('refuses %p', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  // (Since tuning set 34: each row of one breakdown annualised.)
  it('annualises each region of one quarter', () => {
    const plan = demoPlan(['revenue run rate by region based on Q4 2025'], TODAY);
    expect(plan.runRate).toEqual({ factor: 4, unit: 'quarter' });
    expect(plan.dimensions).toHaveLength(1);
  });
});

describe('the rows that make up a share of a total', () => {
  it('lists the categories inside the reach', () => {
    const plan = demoPlan(['Which categories account for 80% of revenue?'], TODAY);
    expect(plan.reach).toMatchObject({ output: 'list', fraction: 0.8 });
    expect(queryFor(plan).sql).toContain('WHERE running - v < total * 0.8');
  });

  it('still counts the customers asked for with "how many"', () => {
    expect(demoPlan(['How many customers make up 80% of revenue?'], TODAY).reach).toMatchObject({
      output: 'count',
    });
  });
});

describe('new against returning customers', () => {
  it.each([
    [
      'New vs returning customers per quarter in 2023?',
      'number of customers who ordered per quarter in 2023',
    ],
    ['How many returning customers did we have each year?', 'number of customers who ordered per year'],
  ])('reads %p as %p', (question, text) => {
    expect(readNewReturning(question)).toEqual({ text });
  });

  it.each([
    'returning customers per region per year',
    'new vs returning customers per quarter of 2024, where returning means they came back within 30 days',
    'of the customers who ordered in Q1 2024, how many were returning customers, i.e. had ordered before 2024?',
  ])('leaves %p to the other readings', (question) => {
    expect(readNewReturning(question)).toBeUndefined();
  });

  it('splits each period by the first order', () => {
    const plan = demoPlan(['New vs returning customers per quarter in 2023?'], TODAY);
    expect(plan.newReturning).toBe(true);
    expect(queryFor(plan).sql).toContain("COUNT(*) FILTER (WHERE date_trunc('quarter', f.first_date) < a.p)");
  });
});
