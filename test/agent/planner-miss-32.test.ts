import { describe, expect, it } from '@jest/globals';
import { readAllTime } from '../../functions/agent/planner/all-time';
import { readBreakdownFirst } from '../../functions/agent/planner/breakdown-first';
import { readCustomerFigures } from '../../functions/agent/planner/customer-figures';
import { readHours } from '../../functions/agent/planner/hours';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * held-out-31's remaining miss shapes (tuning-32-miss.ts): a kind's order count over all the years or in each of
 * several years, spend over a bound within one week, month or quarter (or in N of them), each signup period's
 * average first-order amount, hours said with their zone, a customer's figure defined and averaged, no order in one
 * period and one in the next, a breakdown stated before the question. (Answers on the sample: tuning set 32 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2027-10-14';

describe('a kind of orders counted per customer over all the years, or in each of several', () => {
  it.each([
    [
      'Number of customers with at least 6 cancelled orders across all three years?',
      'Number of customers with at least 6 cancelled orders in total?',
    ],
    [
      'how many customers have had 10 or more of their orders returned over all the years?',
      'how many customers have had 10 or more of their orders returned in total?',
    ],
  ])('reads %p as every year pooled', (question, text) => {
    expect(readAllTime(question)).toBe(text);
  });

  it('leaves "in all three years" after a breakdown to the readers of each year', () => {
    expect(readAllTime('revenue by region, in all three years')).toBe(
      'revenue by region, in all three years',
    );
  });

  it('counts customers with the kind in each year named', () => {
    const plan = demoPlan(
      ['How many customers had 2 or more returned orders in each of 2023, 2024 and 2025?'],
      TODAY,
    );
    const p = plan.perEntity;
    expect(p?.kind).toBe('ratio');
    if (p?.kind !== 'ratio') return;
    expect(p.part.map((t) => [t.period?.label, t.op, t.value, t.kind[0]?.values])).toEqual([
      ['2023', '>=', 2, ['returned']],
      ['2024', '>=', 2, ['returned']],
      ['2025', '>=', 2, ['returned']],
    ]);
  });

  it('takes the kind into "and again in"', () => {
    const plan = demoPlan(
      ['How many customers had at least 3 cancelled orders in 2024 and again in 2025?'],
      TODAY,
    );
    const p = plan.perEntity;
    if (p?.kind !== 'ratio') throw new Error('not a ratio');
    expect(p.part.map((t) => t.kind[0]?.values[0])).toEqual(['cancelled', 'cancelled']);
  });
});

describe('spend over a bound within one period', () => {
  it.each([
    ['How many customers have ever spent over $2,500 within one week?', 'week', 2500],
    ['Count the customers who topped $7,000 in one quarter at some point.', 'quarter', 7000],
    ['how many customers ever spent more than $3,500 within one calendar month?', 'month', 3500],
  ])('reads %p as the largest figure of one period', (question, unit, value) => {
    const plan = demoPlan([question], TODAY);
    const p = plan.perEntity;
    if (p?.kind !== 'ratio') throw new Error('not a ratio');
    expect(p.part[0]).toMatchObject({ anyOf: unit, op: '>', value });
    expect(queryFor(plan).sql).toContain(`date_trunc('${unit}'`);
  });

  it('counts per group of the customer', () => {
    const plan = demoPlan(
      ['By segment, how many customers spent over $4,500 within a single month at least once?'],
      TODAY,
    );
    const p = plan.perEntity;
    if (p?.kind !== 'ratio') throw new Error('not a ratio');
    expect(p.by?.column).toBe('customers_segment');
  });

  it('counts the periods meeting the bound when a number of them is asked', () => {
    const plan = demoPlan(['How many customers spent over $2,000 in five or more different months?'], TODAY);
    const p = plan.perEntity;
    if (p?.kind !== 'ratio') throw new Error('not a ratio');
    expect(p.part[0]).toMatchObject({ anyOf: 'month', units: 5, op: '>', value: 2000 });
    const sql = queryFor(plan).sql;
    expect(sql).toContain('WHERE v > 2000 GROUP BY 1');
    expect(sql).toContain('t0 >= 5');
  });

  it('does not read a bare number of periods as a lower bound', () => {
    const read = demoReading(['how many customers spent over $2,000 in 3 months?'], TODAY);
    expect(read.kind === 'plan' && read.plan.perEntity?.kind === 'ratio').toBe(false);
  });
});

describe('each signup period’s average first-order amount', () => {
  it.each([
    ['Average first-order amount per signup quarter, for the customers who joined in 2022?', 'quarter'],
    [
      'For each quarter of 2022 that customers signed up in, what was the average value of their first order?',
      'quarter',
    ],
    ["By signup month in 2022, what was the average amount of each customer's first order?", 'month'],
  ])('reads %p by the signup date, not the orders’ year', (question, grain) => {
    const plan = demoPlan([question], TODAY);
    const p = plan.perEntity;
    if (p?.kind !== 'days-to-first') throw new Error('not a first-order reading');
    expect(p.amount?.column).toBe('amount');
    expect(p.startGrain).toBe(grain);
    const sql = queryFor(plan).sql;
    expect(sql).toContain('ROW_NUMBER() OVER (PARTITION BY customers_name ORDER BY created_at, id)');
    expect(sql).toContain("customers_created_at >= '2022-01-01'");
  });

  it('reads one signup period as one figure', () => {
    const plan = demoPlan(
      ['What was the average first order of the customers who signed up in Q3 2022?'],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain("customers_created_at >= '2022-07-01'");
  });

  it('refuses the average of first orders with no signup, rather than averaging every order', () => {
    expect(demoReading(['what was the average first order of customers in Q3 2023?'], TODAY).kind).toBe(
      'refuse',
    );
  });
});

describe('hours with their zone, a share titled', () => {
  it('reads "UTC" after a time away', () => {
    const hours = readHours('What percent of all revenue came from orders placed after 9pm UTC?');
    expect(hours).toMatchObject({ from: 21, to: 24 });
  });

  it('reads "from 20:00 to midnight UTC" as hours 20-23 of a titled share', () => {
    const plan = demoPlan(
      ['Percentage of 2025 revenue from orders placed from 20:00 to midnight UTC'],
      TODAY,
    );
    const share = plan.share as { rows?: { numbers?: { op: string; value: number }[] } } | undefined;
    expect(share?.rows?.numbers?.map((f) => [f.op, f.value])).toEqual([['>=', 20]]);
  });
});

describe('a customer’s figure defined, and orders in one period but not the one before', () => {
  it.each([
    [
      "Let category breadth be the number of distinct product categories a customer ordered from in 2024. What's the average category breadth?",
      "What's average number of distinct product categories per customer in 2024?",
    ],
    [
      "A customer's wallet is what they spend in one calendar year. What was the average wallet in 2024 by region?",
      'What was average spend per customer in 2024 by region?',
    ],
    [
      "Call a customer's 2025 spend their wallet. What's the average wallet per segment?",
      "What's average spend per customer in 2025 per segment?",
    ],
    [
      "What's the average wallet of my customers in 2023, wallet meaning one customer's spend within that year?",
      "What's average spend per customer in 2023?",
    ],
    [
      'On average, how many different product categories did a customer buy from in Q1 2025?',
      'average number of distinct product categories per customer in Q1 2025?',
    ],
    [
      'Per region, what was the average number of distinct categories per customer in December 2025?',
      'what was the average number of distinct categories per customer in December 2025 by region?',
    ],
    [
      'A comeback customer is one with no orders in Q2 2025 but at least one in Q3 2025. How many comeback customers were there?',
      'A comeback customer is a customer who ordered in Q3 2025 but not in Q2 2025. How many comeback customers were there?',
    ],
    [
      "Define a comeback customer as someone who didn't order in March 2025 but did in April 2025. How many are there?",
      'Define a comeback customer as a customer who ordered in April 2025 but not in March 2025. How many are there?',
    ],
    [
      'comeback customers per region, where a comeback customer had no order in Q3 2024 and an order in Q4 2024',
      'A comeback customer is a customer who ordered in Q4 2024 but not in Q3 2024. How many comeback customers per region?',
    ],
  ])('says %p in the planner’s words', (question, text) => {
    expect(readCustomerFigures(question)).toBe(text);
  });

  it.each([
    [
      "average wallet by region in 2025, where wallet is a customer's yearly spend",
      'average spend per customer by region in 2025?',
    ],
    [
      "Let basket spread be the number of different product categories a customer bought from in 2025. What's the median basket spread?",
      "What's median number of distinct product categories per customer in 2025?",
    ],
    [
      'A comeback customer ordered in Q4 2025 after having no orders in Q3 2025. How many comeback customers?',
      'A comeback customer is a customer who ordered in Q4 2025 but not in Q3 2025. How many comeback customers?',
    ],
  ])('says %p in the planner’s words too', (question, text) => {
    expect(readCustomerFigures(question)).toBe(text);
  });

  it.each([
    "average wallet by region, where wallet is a customer's yearly spend",
    "A customer's wallet is what they spend in one calendar year. What was the average wallet by region?",
  ])('leaves a year’s figure with no year named (%p) to the definitions', (question) => {
    expect(readCustomerFigures(question)).toBe(question);
  });

  it('leaves a word defined as anything else to the definitions', () => {
    const q = "Let a customer's wallet be their credit limit. What's the average wallet by segment?";
    expect(readCustomerFigures(q)).toBe(q);
  });

  it('is said the same when read again', () => {
    const q = 'On average, how many different product categories did a customer buy from in Q1 2025?';
    expect(readCustomerFigures(readCustomerFigures(q))).toBe(readCustomerFigures(q));
  });
});

describe('a breakdown stated before the question', () => {
  it.each([
    [
      'revenue by month in 2024 - which month fell the most over the month before?',
      'which month of 2024 fell the most in revenue over the month before?',
    ],
    [
      'orders per quarter in 2025 — which quarter grew the most against the previous quarter?',
      'which quarter of 2025 grew the most in orders against the previous quarter?',
    ],
    [
      'monthly revenue for 2025: which month had the biggest drop from the prior month?',
      'which month of 2025 had the biggest drop in revenue from the prior month?',
    ],
  ])('says %p as one question', (question, text) => {
    expect(readBreakdownFirst(question)).toBe(text);
  });

  it.each([
    'revenue by month in 2024 - which month was the highest?',
    'revenue by month in 2024 - which quarter fell the most over the quarter before?',
    'revenue by month in 2024 - which month fell the most over the previous quarter?',
  ])('leaves %p as it stands', (question) => {
    expect(readBreakdownFirst(question)).toBe(question);
  });

  it('ranks each month against the one before it, December of the year before included', () => {
    const plan = demoPlan(
      ['revenue by month in 2024 - which month fell the most over the month before?'],
      TODAY,
    );
    expect(plan.grain).toBe('month');
    expect(plan.change).toBeDefined();
    expect(queryFor(plan).sql).toContain("created_at >= '2023-12-01'");
  });
});
