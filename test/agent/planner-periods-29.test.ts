import { describe, expect, it } from '@jest/globals';
import { readCohortPhrasing } from '../../functions/agent/planner/cohort-phrasings';
import { beatsText, readPeriodBeats } from '../../functions/agent/planner/period-beats';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Period-over-period counts, cohort groupings and follow-ups that point at a previous answer (tuning set 29,
 * periods): periods that beat the one before or the same one a year earlier, listed or counted; customers grouped
 * by their first order's month; a signup cohort's share of every order; a top row's total over all its rows; the
 * period a ranking of one put first, in another year; a change ranked among a previous top N. (Answers on the
 * sample: tuning set 29 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-11-10';

describe('periods that beat another period', () => {
  it.each([
    [
      'how many months of 2025 had more orders than the month before?',
      { unit: 'month', way: 'up', output: 'count', against: { kind: 'before' } },
      'in 2025 orders by month with the change from the month before',
    ],
    [
      'which months in 2024 beat the same month a year earlier on number of orders?',
      { unit: 'month', way: 'up', output: 'list', against: { kind: 'year' } },
      'number of orders for every month of 2024 vs the same month of 2023',
    ],
    [
      'in how many quarters of 2024 were sales up on the same quarter of 2023?',
      { unit: 'quarter', way: 'up', output: 'count', against: { kind: 'year', base: 2023 } },
      'sales for every quarter of 2024 vs the same quarter of 2023',
    ],
    [
      'in 2024, which months had lower revenue than the previous month?',
      { unit: 'month', way: 'down', output: 'list', against: { kind: 'before' } },
      'in 2024 revenue by month with the change from the month before',
    ],
    [
      'how many times in 2023 did monthly revenue go up from one month to the next?',
      { unit: 'month', way: 'up', output: 'count', against: { kind: 'before' } },
      'in 2023 revenue by month with the change from the month before',
    ],
    [
      'count the months of 2025 where the average order value was higher than in the same month of 2024',
      { unit: 'month', way: 'up', output: 'count', against: { kind: 'year', base: 2024 } },
      'the average order value for every month of 2025 vs the same month of 2024',
    ],
    [
      'how many months of 2025 were up year over year in revenue?',
      { unit: 'month', way: 'up', output: 'count', against: { kind: 'year' } },
      'revenue for every month of 2025 vs the same month of 2024',
    ],
    [
      'which months in 2024 saw orders fall month over month?',
      { unit: 'month', way: 'down', output: 'list', against: { kind: 'before' } },
      'in 2024 orders by month with the change from the month before',
    ],
    [
      'which months in 2025 were below the same month last year in orders?',
      { unit: 'month', way: 'down', output: 'list', against: { kind: 'year' } },
      'orders for every month of 2025 vs the same month of 2024',
    ],
    [
      'in 2025 how many months saw orders decline from the month before?',
      { unit: 'month', way: 'down', output: 'count', against: { kind: 'before' } },
      'in 2025 orders by month with the change from the month before',
    ],
  ])('reads %p', (question, read, text) => {
    // Act
    const beats = readPeriodBeats(question);
    // Assess
    expect(beats).toMatchObject(read);
    expect(beats && beatsText(beats, TODAY)).toBe(text);
  });

  it.each([
    'how many months of 2025 had more than 500 orders?',
    'how many months of 2025 beat our monthly sales target?',
    'which months of 2025 had a better profit margin than the month before?',
    'revenue by month in 2025 with the change from the month before',
    'which of those months fell furthest vs the month before?',
    'which quarter grew the most vs the quarter before?',
  ])('reads no beating from %p', (question) => {
    expect(readPeriodBeats(question)).toBeUndefined();
  });

  it('counts the months that beat the one before, out of those compared', () => {
    // Act
    const plan = demoPlan(['how many months of 2025 had more orders than the month before?'], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.change).toMatchObject({ only: 'up', countPeriods: true });
    expect(plan.range?.label).toBe('2025');
    expect(sql).toContain(
      'SUM(CASE WHEN change > 0 THEN 1 ELSE 0 END) AS months_up, COUNT(*) AS months_compared',
    );
    expect(sql).toContain("created_at >= '2024-12-01'");
  });

  it('lists only the months that fell below the one before', () => {
    const plan = demoPlan(['in 2024, which months had lower revenue than the previous month?'], TODAY);
    expect(plan.change).toMatchObject({ only: 'down' });
    expect(plan.change?.countPeriods).toBeUndefined();
    expect(queryFor(plan).sql).toContain('v < previous');
  });

  it('pairs each month with the same month of the year before, and counts those that beat it', () => {
    // Act
    const plan = demoPlan(['how many months of 2024 had more revenue than the same month in 2023?'], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
    expect(plan.change).toMatchObject({ only: 'up', countPeriods: true });
    expect(sql).toContain('COUNT(*) AS months_compared');
    expect(sql).toContain('a IS NOT NULL');
  });

  it('reads "last year" on the clock', () => {
    const plan = demoPlan(
      ['how many months last year beat the same month the year before in revenue?'],
      '2025-05-21',
    );
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
  });

  it('counts the months of the previous series that beat the same month of another year', () => {
    const plan = demoPlan(
      ['orders by month in 2024', 'how many of those months beat the same month of 2023?'],
      TODAY,
    );
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
    expect(plan.change).toMatchObject({ only: 'up', countPeriods: true });
  });

  it('refuses weeks a span cuts into partial weeks', () => {
    const read = demoReading(['how many weeks in Q1 2025 had more orders than the week before?'], TODAY);
    expect(read).toMatchObject({ kind: 'refuse', reason: expect.stringContaining('whole weeks') });
  });

  it('refuses a beating by a margin', () => {
    const read = demoReading(
      ['how many months of 2025 beat the same month of 2024 by more than 5% in revenue?'],
      TODAY,
    );
    expect(read).toMatchObject({ kind: 'refuse', reason: expect.stringContaining('margin') });
  });

  it('refuses a beating with no figure named', () => {
    const read = demoReading(['how many months of 2025 beat the month before?'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

describe('cohorts said in other words', () => {
  it.each([
    [
      'if we group customers by the month of their very first order, how many customers are in each group?',
      'how many customers by the month of their first order',
    ],
    [
      'group my customers by the quarter of their first purchase - how many per quarter?',
      'how many customers by the quarter of their first order',
    ],
    [
      'new customers by first-order month in 2023',
      'how many customers made their first order in each month of 2023',
    ],
    [
      'retention rate in October 2025 of the customers who first ordered in February 2023',
      'what share of the customers who first ordered in February 2023 ordered in October 2025',
    ],
    [
      'what was the retention rate of the Q1 2022 signup cohort in December 2025?',
      'what share of the customers who signed up in Q1 2022 ordered in December 2025',
    ],
    [
      "the Q1 2022 signup cohort's retention in November 2025",
      'what share of the customers who signed up in Q1 2022 ordered in November 2025',
    ],
    [
      'what percent of the January 2023 first-order cohort ordered again in December 2025?',
      'what percent of the customers who first ordered in January 2023 ordered in December 2025?',
    ],
    [
      'how many customers does each first-order month cohort have?',
      'how many customers by the month of their first order',
    ],
    [
      'bucket customers by their first order quarter and count them',
      'how many customers by the quarter of their first order',
    ],
  ])('reads %p', (question, text) => {
    expect(readCohortPhrasing(question)).toBe(text);
  });

  it.each([
    'group customers by segment, how many in each?',
    'customers by signup month',
    'what is the retention rate?',
    'revenue per first-order month cohort',
    'how many customers in each first-order month cohort ordered in 2025?',
  ])('leaves %p alone', (question) => {
    expect(readCohortPhrasing(question)).toBeUndefined();
  });

  it('groups customers by the month of their first order', () => {
    const plan = demoPlan(
      ['if we group customers by the month of their very first order, how many customers are in each group?'],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain("date_trunc('month', first_date)");
  });

  it("reads a signup cohort's share of every order", () => {
    // Act
    const plan = demoPlan(['what share of all revenue came from customers who signed up in Q1 2022?'], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.range).toBeUndefined();
    expect(sql).toContain("customers_created_at >= '2022-01-01' AND customers_created_at < '2022-04-01'");
    expect(sql).toContain('share_percent');
    expect(sql).not.toContain("created_at >= '2022-01-01' AND created_at");
  });
});

describe('follow-ups on a previous answer', () => {
  it('sums every row of the top customer, not only the rows that ranked them', () => {
    // Act
    const plan = demoPlan(['which customer had the most returns?', "what's their total spend?"], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.share).toMatchObject({ allRows: true, total: true });
    expect(plan.share?.sumOf?.column).toBe('total_amount');
    expect(sql).toContain(
      'a AS (SELECT customers_name AS k, MEASURE(total_amount) AS s FROM orders_view GROUP BY 1)',
    );
  });

  it('reads "spent ... across all their orders" as the spend over every row', () => {
    const plan = demoPlan(
      [
        'which 4 customers had the largest value of returned orders in 2025?',
        'how much have they spent in total, across all their orders?',
      ],
      TODAY,
    );
    expect(plan.share).toMatchObject({ allRows: true });
    expect(plan.share?.sumOf?.column).toBe('total_amount');
  });

  it('keeps the period of the ranking for a sum with no word of all their rows', () => {
    const plan = demoPlan(
      ['top 3 customers by revenue in 2025', 'how many orders did they place in total?'],
      TODAY,
    );
    expect(plan.share?.allRows).toBeUndefined();
    expect(plan.range?.label).toBe('2025');
  });

  it('finds the month a ranking of one put first, a year on', () => {
    // Act
    const plan = demoPlan(['best month of 2024 by revenue', 'how did that month do in 2025?'], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.winnerMoved?.years).toBe(1);
    expect(plan.range?.label).toBe('2025');
    expect(sql).toContain("+ INTERVAL '1 years'");
  });

  it('moves back as many years as asked', () => {
    const plan = demoPlan(
      ['which month of 2025 had the fewest orders?', 'and how many orders did that month have in 2023?'],
      TODAY,
    );
    expect(plan.winnerMoved?.years).toBe(-2);
    expect(queryFor(plan).sql).toContain('ORDER BY MEASURE(count) ASC');
  });

  it('ranks a change among the rows a previous top N named', () => {
    // Act
    const plan = demoPlan(
      ['top 3 categories by orders', 'which of them grew fastest from 2024 to 2025?'],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.amongTop?.top?.n).toBe(3);
    expect(sql).toContain(
      'category IN (SELECT category FROM orders_view GROUP BY 1 ORDER BY MEASURE(count) DESC, 1 LIMIT 3)',
    );
  });
});
