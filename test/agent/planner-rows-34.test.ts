import { describe, expect, it } from '@jest/globals';
import { readCustomerRate } from '../../functions/agent/planner/customer-rate';
import { readGroupSpread } from '../../functions/agent/planner/group-spread';
import { readIndexYears } from '../../functions/agent/planner/index-years';
import { readEveryPeriod, readMonthsOver } from '../../functions/agent/planner/months-over';
import { readMostPeriods } from '../../functions/agent/planner/most-periods';
import { readOwnPeriodCut } from '../../functions/agent/planner/own-period-cut';
import { queryFor } from '../../functions/agent/planner/query';
import { readRowPhrases } from '../../functions/agent/planner/row-phrases';
import { readSameDay } from '../../functions/agent/planner/same-day';
import { readSignupWeekday } from '../../functions/agent/planner/signup-weekday';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Ranked rows and two figures of one row (tuning set 34, rows): a second figure asked after a ranking of customers,
 * the range of order amounts, each group's highest period minus its lowest, an index of one year on another, a
 * figure of the customers who signed up on a weekend over one year's orders, orders above their own period's
 * percentile, two or more orders of one customer on one day, a run rate per group, and the orders per month of an
 * average customer as one figure. What is not read in full is refused. (Answers on the sample: tuning set 34 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2026-02-18';

describe('ranked rows said in words the planner reads', () => {
  it.each([
    [
      'Who were our top 5 customers by revenue in 2024, and what was each one’s average order value that year?',
      'top 5 customers by revenue in 2024 with their average order amount?',
    ],
    [
      'List the 3 customers who spent the most in 2025 along with the average size of their orders',
      'top 3 customers by spend in 2025 with their average order amount',
    ],
    [
      'my 4 biggest customers by spend in 2023 and their average order amount',
      'my top 4 customers by spend in 2023 with their average order amount',
    ],
    [
      "What's the difference between the largest and the smallest order in each region?",
      "What's largest order amount minus smallest order amount in each region?",
    ],
    [
      'Range of order amounts (max minus min) by product category in 2024',
      'largest order amount minus smallest order amount by product category in 2024',
    ],
    [
      'For each customer segment, how many customers have never placed an order over $970?',
      'For each segment, how many customers have never placed an order over $970?',
    ],
  ])('reads %p as %p', (question, text) => {
    expect(readRowPhrases(question)).toBe(text);
  });

  it.each([
    'interquartile range of order amounts in the south, 2025',
    'middle 50% range of order amounts in 2025',
  ])('leaves a range between percentiles as asked: %p', (question) => {
    expect(readRowPhrases(question)).toBe(question);
  });

  it('leaves a customer segment with no customers counted as asked', () => {
    expect(readRowPhrases('revenue by customer segment in 2025')).toBe('revenue by customer segment in 2025');
  });

  it('ranks the customers who spent the most by their spend, the average order beside', () => {
    const plan = demoPlan(
      ['List the 3 customers who spent the most in 2025 along with the average size of their orders'],
      TODAY,
    );
    expect(plan.top?.n).toBe(3);
    expect(plan.measures.map((m) => m.aggType)).toEqual(['sum', 'avg']);
  });
});

describe('each group highest period minus its lowest', () => {
  it.each([
    [
      'For each customer segment, how far apart were the best and the worst month of 2025 by revenue?',
      'revenue by segment by month in 2025',
    ],
    [
      'by region, the spread between the highest and lowest monthly order count in 2023',
      'order count by region by month in 2023',
    ],
    ['range of monthly revenue per region', 'revenue by region by month'],
  ])('reads %p as %p', (question, text) => {
    expect(readGroupSpread(question)).toEqual({ text, unit: 'month' });
  });

  it('leaves the gap of one ranking with no group to the both-ends reading', () => {
    expect(readGroupSpread('the gap between the best and worst month of 2024 by revenue')).toBeUndefined();
  });

  it("takes each group's largest minus smallest period in the query", () => {
    const plan = demoPlan(
      ['by region, the spread between the highest and lowest monthly order count in 2023'],
      TODAY,
    );
    expect(plan.groupSpread).toBe(true);
    expect(queryFor(plan).sql).toContain('MAX(t.count) - MIN(t.count) AS spread');
  });
});

describe('an index of one year on another', () => {
  it.each([
    [
      'Index each region’s 2025 revenue against 2023, with 2023 = 100',
      'percent change in each region’s revenue from 2023 to 2025',
    ],
    [
      'Order count index by category: 2024 relative to 2023 (2023 = 100)',
      'percent change in Order count by category from 2023 to 2024',
    ],
    [
      "What was each segment's 2025 revenue as a percentage of its 2024 revenue?",
      "percent change in each segment's revenue from 2024 to 2025",
    ],
  ])('reads %p as %p', (question, text) => {
    expect(readIndexYears(question)).toEqual({ text });
  });

  it('leaves a percentage of another figure as asked', () => {
    expect(readIndexYears('2025 electronics revenue as a percentage of 2024 total revenue')).toBeUndefined();
  });

  it('states 100 times the later figure over the base one', () => {
    const plan = demoPlan(['what is the 2025 revenue as an index of 2024 (2024 = 100)?'], TODAY);
    expect(plan.change?.index).toBe(true);
    expect(queryFor(plan).sql).toContain('round(100.0 * b / NULLIF(a, 0), 2) AS index_value');
  });
});

describe('customers who signed up on a weekend, over one period of their orders', () => {
  it('reads the days of the signup and leaves the orders and their year', () => {
    expect(
      readSignupWeekday('How many 2023 orders came from customers who joined on a Saturday or Sunday?'),
    ).toEqual({ text: 'How many 2023 orders came?', days: [6, 7] });
  });

  it('keeps the orders year on the orders and the weekday on the signup date', () => {
    const sql = queryFor(
      demoPlan(['What revenue did customers who signed up on a weekend bring in during 2024?'], TODAY),
    ).sql;
    expect(sql).toContain('EXTRACT(ISODOW FROM customers_created_at)');
    expect(sql).toContain("created_at >= '2024-01-01'");
  });

  it('refuses a ranking of them', () => {
    expect(demoReading(['top 5 customers who signed up on a weekend by revenue in 2025'], TODAY).kind).toBe(
      'refuse',
    );
  });
});

describe("orders past their own period's cut", () => {
  it.each([
    [
      "How many orders in each month of 2024 were above that month's 90th percentile order amount?",
      { text: 'number of orders by month in 2024', quantile: 0.9, op: '>', unit: 'month' },
    ],
    [
      'Per quarter of 2025, count the orders bigger than the 75th percentile of their quarter',
      { text: 'number of orders by quarter in 2025', quantile: 0.75, op: '>', unit: 'quarter' },
    ],
  ])('reads %p', (question, read) => {
    expect(readOwnPeriodCut(question)).toEqual(read);
  });

  it('leaves a condition it does not read to the other readings', () => {
    expect(
      readOwnPeriodCut("How many returned orders in each month were above that month's median?"),
    ).toBeUndefined();
  });

  it('cuts each period at its own percentile in the query', () => {
    const plan = demoPlan(
      ["For each year, how many orders came in above that year's 99th percentile?"],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain(
      'percentile_cont(0.99) WITHIN GROUP (ORDER BY v) AS cut FROM o GROUP BY 1',
    );
  });
});

describe('two or more orders of one customer on one day', () => {
  it.each([
    [
      'On how many days in 2025 did at least one customer place two or more orders?',
      { text: 'number of orders in 2025', n: 2, output: 'days' },
    ],
    [
      'How many times in 2024 did a customer place 2 or more orders on the same day? Count each customer-day once.',
      { text: 'number of orders in 2024', n: 2, output: 'pairs' },
    ],
    [
      'how many customers placed two or more orders on a single day, per region?',
      { text: 'number of customers who ordered by region', n: 2, output: 'customers' },
    ],
  ])('reads %p', (question, read) => {
    expect(readSameDay(question)).toEqual(read);
  });

  it('leaves two orders in a year to the per-customer readings', () => {
    expect(readSameDay('how many customers placed 2 or more orders in 2024?')).toBeUndefined();
  });
});

describe('a run rate per group, and the orders per month of an average customer', () => {
  it('annualises each region of one quarter', () => {
    const plan = demoPlan(['Annual revenue run rate by region, based on Q4 2025'], TODAY);
    expect(plan.runRate).toEqual({ factor: 4, unit: 'quarter' });
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
  });

  it.each([
    ['How many orders per month does an average customer place?', 'number of orders ?'],
    [
      'In 2025, how many orders a month did the typical customer place on average?',
      'number of orders In 2025, ?',
    ],
  ])('reads %p as one figure', (question, text) => {
    expect(readCustomerRate(question)).toEqual({ text, unit: 'month' });
  });

  it('divides by the customers and the months in the query', () => {
    const plan = demoPlan(['How many orders per month does an average customer place?'], TODAY);
    expect(plan.customerRate).toBe('month');
    expect(queryFor(plan).sql).toContain('COUNT(DISTINCT k), 0) / NULLIF(COUNT(DISTINCT p), 0)');
  });

  it('refuses a breakdown beside it', () => {
    expect(
      demoReading(['how many orders per month does an average customer place by region?'], TODAY).kind,
    ).toBe('refuse');
  });
});

describe('months past a bound, averaged, and a share held in most months', () => {
  it.each([
    [
      'On average, in how many months of 2024 did a customer spend more than $1,000?',
      {
        text: 'number of customers who ordered in 2024',
        unit: 'month',
        figure: 'spend',
        op: '>',
        value: 1000,
      },
    ],
    [
      'By segment, the average number of months per customer with 3 or more orders, over all our data',
      {
        text: 'number of customers who ordered by segment',
        unit: 'month',
        figure: 'rows',
        op: '>=',
        value: 3,
      },
    ],
  ])('reads %p', (question, read) => {
    expect(readMonthsOver(question)).toEqual(read);
  });

  it("averages each customer's months past the bound in the query", () => {
    const plan = demoPlan(
      ['On average, in how many months of 2024 did a customer spend more than $1,000?'],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain('COUNT(*) FILTER (WHERE v > 1000) AS n FROM m GROUP BY 1');
  });

  it.each([
    [
      'Which product categories made up over 20% of orders in most months of 2025?',
      {
        text: 'number of orders by product category by month in 2025',
        unit: 'month',
        op: '>',
        percent: 20,
        said: 'over 20%',
      },
    ],
    [
      'which regions took more than a quarter of monthly revenue in most months of 2023?',
      {
        text: 'revenue by region by month in 2023',
        unit: 'month',
        op: '>',
        percent: 25,
        said: 'more than a quarter',
      },
    ],
  ])('reads %p', (question, read) => {
    expect(readMostPeriods(question)).toEqual(read);
  });

  it('keeps the groups that held the share in more than half of the months', () => {
    const plan = demoPlan(
      ['In which regions were more than 25% of orders placed in most months of 2025?'],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain('HAVING 2 * COUNT(*) FILTER (WHERE share > 25) > MAX(n.periods)');
  });
});

describe('a bound held in every year, no year named', () => {
  it('reads the customers whose spend passed it in every year, per region', () => {
    expect(readEveryPeriod('Per region, how many customers spent more than $7,500 every year?')).toEqual({
      text: 'number of customers who ordered by region',
      unit: 'year',
      every: true,
      figure: 'spend',
      op: '>',
      value: 7500,
    });
  });

  it('leaves named years to the readings of each period', () => {
    expect(
      readEveryPeriod('How many customers spent more than $7,500 in every year from 2023 to 2025?'),
    ).toBeUndefined();
  });

  it('counts the customers whose bound held in every year the rows have', () => {
    const plan = demoPlan(
      ['How many customers in each segment placed at least 16 orders every single year?'],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain(
      "COUNT(*) FILTER (WHERE n = (SELECT COUNT(DISTINCT date_trunc('year', created_at))",
    );
  });
});
