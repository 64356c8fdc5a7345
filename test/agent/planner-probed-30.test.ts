import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { dropPreviousPeriodPointer } from '../../functions/agent/planner/that-period';
import { readTimesOnTop } from '../../functions/agent/planner/times-on-top';
import { titleOf } from '../../functions/agent/planner/titles';
import { readCountedInEvery } from '../../functions/agent/planner/top-in-every';
import { quarterPeriod, yearPeriod } from '../../functions/agent/planner/vocabulary';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-02-05, tuning-30-probed.ts): the ones in a
 * top N of every group (were each group's list, or the number of customers), the people of each group said with a
 * possessive (were a breakdown by customer too), a period pointed at in a follow-up with its own figure (was all
 * time), rows against another year's average row, "the one before" after a unit, and a ranked change of a breakdown
 * titled by that breakdown.
 */
const TODAY = '2027-02-05';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);
const sqlOf = (...questions: string[]) => queryFor(plan(...questions)).sql;

describe('the ones in a top N of every group', () => {
  it.each([
    ['which customers were in the top 50 by spend in both 2024 and 2025?', 'HAVING COUNT(*) = 2'],
    ['which customers made the top 20 by revenue in each of 2023, 2024 and 2025?', 'HAVING COUNT(*) = 3'],
    ['which customers were among the top 10 by orders every year?', 'SELECT DISTINCT year_group'],
    ['which categories were in the top 2 by revenue in every region in 2025?', 'SELECT DISTINCT region'],
  ])('keeps "%s" to the items in every group (%s)', (question, every) => {
    expect(plan(question).perGroup?.inEvery).toBe(true);
    const sql = sqlOf(question);
    expect(sql).toContain('RANK() OVER (PARTITION BY');
    expect(sql).toContain(every);
  });

  it('counts them when asked how many', () => {
    const question = 'how many customers were among the top 100 spenders in both 2024 and 2025?';
    expect(readCountedInEvery(question)).toEqual({
      text: 'which customers were among the top 100 in both 2024 and 2025?',
      counted: true,
    });
    expect(plan(question).perGroup?.inEvery).toBe('count');
    expect(sqlOf(question)).toMatch(/^SELECT COUNT\(\*\) AS in_every FROM \(WITH t AS/);
  });

  it("refuses a count of one ranking's top N (the number of customers was given in its place)", () => {
    expect(demoReading(['how many customers were in the top 10 by orders in 2025?'], TODAY).kind).toBe(
      'refuse',
    );
  });

  it('leaves a top percent alone', () => {
    expect(readCountedInEvery('how many customers are in the top 10% by spend?').counted).toBeUndefined();
  });

  it("leaves each group's own list when no membership of every group is said", () => {
    expect(plan('top 10 customers by spend in each year').perGroup?.inEvery).toBeUndefined();
    expect(
      plan('which customers were the top 5 by orders in each region in 2025?').perGroup?.inEvery,
    ).toBeUndefined();
  });
});

describe('the people of each group, said with a possessive', () => {
  it.each([
    ["how much did each signup quarter's customers spend in 2024?", 'quarter'],
    ["how many orders did each signup month's customers place in 2025?", 'month'],
  ])('reads "%s" by the signup %s alone', (question, grain) => {
    expect(rephrase(question, TODAY)).toContain('the customers of each signup');
    const read = plan(question);
    expect(read.dimensions).toEqual([]);
    expect(read.grain).toBe(grain);
    expect(read.timeDimension?.column).toBe('customers_created_at');
    expect(read.also?.range.label).toMatch(/^202[45]$/);
  });

  it('keeps a buyer word as the people, not their count', () => {
    const read = plan("how much did each signup quarter's buyers spend in 2024");
    expect(read.measures.map((m) => m.column)).toEqual(['total_amount']);
  });
});

describe('a period pointed at in a follow-up', () => {
  const q3 = quarterPeriod(2025, 3);
  it('says the period again for a follow-up with its own figure', () => {
    expect(dropPreviousPeriodPointer('how many orders that quarter?', q3)).toBe(
      'how many orders in Q3 2025?',
    );
    expect(dropPreviousPeriodPointer('how many orders in that quarter?', q3)).toBe(
      'how many orders in Q3 2025?',
    );
    expect(sqlOf('revenue in Q3 2025', 'how many orders that quarter?')).toContain(
      "created_at >= '2025-07-01' AND created_at < '2025-10-01'",
    );
  });

  it('drops it for a follow-up on the previous rows, which keep their period', () => {
    expect(dropPreviousPeriodPointer('how much did they spend that year?', yearPeriod(2025))).toBe(
      'how much did they spend?',
    );
    const sql = sqlOf('top 5 customers by orders in 2025', 'how much did they spend that year?');
    expect(sql).toContain("created_at >= '2025-01-01'");
    expect(sql).toContain('total_amount');
  });

  it('leaves a pointer at another unit', () => {
    expect(dropPreviousPeriodPointer('how many orders that month?', q3)).toBe('how many orders that month?');
  });
});

describe("rows against another year's average row", () => {
  it('takes the average over its own year, every other condition kept', () => {
    const sql = sqlOf('how many 2025 orders were bigger than the 2024 average order value?');
    expect(sql).toContain(
      "created_at >= '2025-01-01' AND created_at < '2026-01-01' AND amount > (SELECT AVG(amount)",
    );
    expect(sql).toMatch(
      /AVG\(amount\) FROM orders_view WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01'\)/,
    );
  });

  it('takes it with no period of the rows too', () => {
    expect(sqlOf('how many orders were above the 2023 average order?')).toMatch(
      /^SELECT MEASURE\(count\) AS count FROM orders_view WHERE amount > \(SELECT AVG\(amount\) FROM orders_view WHERE created_at >= '2023-01-01'/,
    );
  });

  it("keeps the same scope's average without a year", () => {
    expect(sqlOf('how many orders in 2025 were above the average order value?')).toMatch(
      /AVG\(amount\) FROM orders_view WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01'\)/,
    );
  });
});

describe('"the one before" after a unit or a named period', () => {
  it.each([
    ['How did the last full quarter compare to the one before?', 'quarter compare to the quarter before'],
    ['revenue in Q3 2025 vs the previous one', 'Q3 2025 vs the quarter before'],
    ['how did March 2025 orders compare with the one before?', 'compare with the month before'],
    ['how did 2025 compare with the one before?', 'compare with the year before'],
  ])('reads "%s" with its unit', (question, read) => {
    expect(rephrase(question, TODAY)).toContain(read);
  });

  it('compares Q3 2025 with Q2 2025', () => {
    const read = plan('revenue in Q3 2025 vs the previous one');
    expect(read.change).toBeDefined();
    expect(read.grain).toBe('quarter');
  });
});

describe('a ranked change of a breakdown', () => {
  it('is titled by the breakdown, each over its year before', () => {
    const read = plan('Which category had the largest year-over-year decline in revenue in 2025?');
    expect(titleOf(read)).toMatch(/^Product category with the lowest growth of revenue over the year before/);
  });
});

describe('how often a value came first', () => {
  it('reads the one first most often as the top one in each period, counted', () => {
    expect(
      readTimesOnTop('which category was the top seller by revenue in the most months of 2023?'),
    ).toEqual({
      text: 'top category by revenue in each month of 2023?',
      onTop: { most: true },
    });
    const read = plan('which category was the top seller by revenue in the most months of 2023?');
    expect(read.perGroup?.onTop).toEqual({ most: true });
    const sql = queryFor(read).sql;
    expect(sql).toContain('PARTITION BY month_group');
    expect(sql).toContain('WHERE times_on_top = (SELECT MAX(times_on_top) FROM w)');
  });

  it('counts the periods a named value came first, the value as the model writes it', () => {
    const read = plan('in how many quarters was the West the top region by orders?');
    expect(read.perGroup?.onTop).toEqual({ value: 'west' });
    expect(queryFor(read).sql).toContain("WHERE region = 'west'), 0) AS times_on_top");
  });

  it.each([
    'in how many months of 2024 was widgets the top category by revenue?',
    'how often was electronics the number one category in 2025?',
  ])('refuses "%s"', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it('reads the customers with the most months with an order (tuning set 31, planner-left-31.test.ts)', () => {
    const read = plan('which customers ordered in the most months of 2025?');
    expect(read.perEntity).toMatchObject({ kind: 'top', units: 'month', direction: 'desc' });
    expect(read.range).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
  });
});

describe("a pointer at the question's own one period", () => {
  it('is that period, already said', () => {
    expect(
      rephrase('what share of Q4 2025 revenue came from the top 5 customers of that quarter?', TODAY),
    ).toBe('what share of Q4 2025 revenue came from the top 5 customers?');
    expect(
      plan('what share of Q4 2025 revenue came from the top 5 customers of that quarter?').share?.top?.n,
    ).toBe(5);
  });

  it('stays with two periods or another unit', () => {
    const two = 'how many customers ordered in March 2025 and again in that same month of 2024?';
    expect(rephrase(two, TODAY)).toContain('that same month');
    expect(rephrase('revenue in 2025 from the top customers of that quarter', TODAY)).toContain(
      'of that quarter',
    );
  });
});

describe("periods against a named year's average period", () => {
  it("sets each day of the year asked against the other year's average day", () => {
    const read = plan('how many days in 2025 had more revenue than the 2024 daily average?');
    expect(read.having?.vsPeriod?.of?.label).toBe('2024');
    const sql = queryFor(read).sql;
    expect(sql).toContain("o AS (SELECT date_trunc('day', created_at) AS day, MEASURE(total_amount)");
    expect(sql).toContain("WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01' GROUP BY 1)");
    expect(sql).toMatch(/^WITH e AS \(.*created_at >= '2025-01-01'/);
  });

  it("reads the year before the mean as the question's own when it is", () => {
    const read = plan('list the months of 2025 where orders were below the 2025 monthly average');
    expect(read.having?.vsPeriod).toMatchObject({ stat: 'avg', within: 'year' });
    expect(read.having?.vsPeriod?.of).toBeUndefined();
  });

  it("refuses it with no year of the question's own", () => {
    expect(demoReading(['how many days had more revenue than the 2024 daily average?'], TODAY).kind).toBe(
      'refuse',
    );
  });
});

describe("after held-out-30's one scoring", () => {
  it.each([
    [
      'in each segment, how many customers have placed an order over $950?',
      'how many customers have placed an order over $950, by segment?',
    ],
    [
      'which category lost the most revenue to cancellations in 2025?',
      'which category had the most revenue from cancelled orders in 2025?',
    ],
    [
      'how much did returned orders bring in during 2025?',
      'how much revenue did returned orders earn during 2025?',
    ],
    [
      'by how many dollars did revenue from returned orders change?',
      'by how much did revenue from returned orders change?',
    ],
    [
      'how much more revenue did cancelled orders account for in 2024 than in 2023?',
      'how much more revenue did cancelled orders earn in 2024 than in 2023?',
    ],
    [
      'what percent of customers who joined in April 2022 placed an order in every quarter of 2024?',
      'what percent of customers who joined in April 2022 ordered in every quarter of 2024?',
    ],
  ])('reads "%s" as "%s"', (question, read) => {
    expect(rephrase(question, TODAY)).toBe(read);
  });

  it('counts the people of each group, not each one of them', () => {
    const read = plan('for every segment, how many customers ever had an order above $950?');
    expect(read.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(read.measures.map((m) => m.column)).toEqual(['customer_count']);
  });

  it('keeps a group said first when the people are already grouped', () => {
    const question = 'in each segment, how many customers by region spent over $1,000?';
    expect(rephrase(question, TODAY)).toBe(question);
  });
});
