import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { nextStep } from '../../functions/agent/planner/steps';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Words the asker defines per customer or per period (tuning set 31): customers with no orders in a period counted
 * per group, the data's own last months as that period, distinct months or weeks per customer, the top N% of
 * customers by spend as a group, a figure per calendar day, months in which one customer ordered at least K times,
 * and each customer's own share of spend on one value. A definition not read in full is refused, never dropped.
 * (Answers on the sample: tuning set 31 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-11-24';

const sqlOf = (questions: string[]) => queryFor(demoPlan(questions, TODAY)).sql;
const refused = (questions: string[]) => demoReading(questions, TODAY).kind !== 'plan';

describe('customers with no orders in a period, per group', () => {
  it('counts every customer with none in the window per segment', () => {
    const sql = sqlOf([
      'Treat anyone with zero orders in Q4 2025 as lapsed. Give me the number of lapsed customers in each segment.',
    ]);
    expect(sql).toContain('customers_segment AS breakdown');
    expect(sql).toContain("created_at >= '2025-10-01' AND created_at < '2026-01-01'");
    expect(sql).toContain('window_rows = 0');
  });

  it('tests no orders over all of a customer’s orders when the group is the orders’ region', () => {
    const sql = sqlOf(['How many customers in each region had no orders in Q4 2025?']);
    expect(sql).toContain('region AS breakdown');
    expect(sql).toContain('OVER (PARTITION BY customers_name) AS window_rows');
  });

  it('keeps the window and the test when a follow-up asks for a breakdown', () => {
    const sql = sqlOf(['How many customers placed no orders in Q4 2025?', 'broken down by segment?']);
    expect(sql).toContain('window_rows = 0');
    expect(sql).toContain("'2025-10-01'");
  });

  it('moves the data’s last months to where the data ends once its range is read', () => {
    const plan = demoPlan(
      [
        "A customer counts as lapsed if they haven't ordered in the last 3 months of the data. How many lapsed customers are there per region?",
      ],
      TODAY,
    );
    const probe = nextStep(plan, [], TODAY);
    expect(probe.kind).toBe('query');
    const range = { data: [['2023-01-01', '2025-12-31']], schema: [], totalRows: 1 };
    const main = nextStep(plan, [range as never], TODAY);
    expect(main.kind === 'query' ? main.query.sql : '').toContain(
      "created_at >= '2025-10-01' AND created_at < '2026-01-01'",
    );
  });

  it('refuses no order since a whole month (its start or its end is not said)', () => {
    expect(
      refused([
        'we call a customer lapsed when they have not ordered since March 2025. how many lapsed customers?',
      ]),
    ).toBe(true);
  });
});

describe('distinct months or weeks per customer', () => {
  it.each([
    [
      'call a customer consistent if they bought something in 11 or more of the 12 months of 2025. how many consistent customers per region?',
      '>= 11',
    ],
    [
      'Steady means placing orders in at least 30 of the 36 months of data. How many steady customers are in each segment?',
      '>= 30',
    ],
  ])('reads %p as distinct months per customer', (question, bound) => {
    const sql = sqlOf([question]);
    expect(sql).toContain(`COUNT(DISTINCT date_trunc('month', created_at)) ${bound}`);
  });

  it('counts distinct weeks, never the day of the week', () => {
    const sql = sqlOf([
      'An engaged customer placed orders in at least 15 different weeks of 2025. How many engaged customers are there?',
    ]);
    expect(sql).toContain("COUNT(DISTINCT date_trunc('week', created_at)) >= 15");
    expect(sql).not.toContain('day_of_week');
  });
});

describe('the top N% of customers by spend', () => {
  it('counts the group per region', () => {
    const sql = sqlOf([
      'Our whales are the 5% of customers who have spent the most overall. Break the whale count down by region.',
    ]);
    expect(sql).toContain('rn <= entities * 0.05');
    expect(sql).toContain('COUNT(DISTINCT w.k)');
    expect(sql).toContain('region AS v');
  });

  it('ranks and sums over the year the group is said of', () => {
    const sql = sqlOf([
      'the top 2% of customers by 2024 spend count as whales. how much did the whales spend in 2024, all together?',
    ]);
    expect(sql).toContain("WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01'");
    expect(sql).toContain('SUM(m) AS total_amount');
  });

  it('gives the share of them in a segment', () => {
    const sql = sqlOf([
      'Define whales as the top 5% of customers by spend across all three years. What percentage of whales are enterprise customers?',
    ]);
    expect(sql).toContain("a.v = 'enterprise'");
  });

  it('splits the group by a field asked in the next turn', () => {
    const sql = sqlOf([
      'whales are the top 5% of customers by lifetime spend. how many whales are there?',
      'and how many in each segment?',
    ]);
    expect(sql).toContain('customers_segment AS v');
    expect(sql).toContain('rn <= entities * 0.05');
  });

  it('refuses any other follow-up on the group', () => {
    expect(
      refused([
        'whales are the top 5% of customers by lifetime spend. how many whales are there?',
        'and their orders by month?',
      ]),
    ).toBe(true);
  });
});

describe('a figure per calendar day', () => {
  it('reads a defined velocity as the mean per calendar day', () => {
    const sql = sqlOf(['Order velocity = orders per day. What was our order velocity in 2025?']);
    expect(sql).toContain('SUM(v) / 365.0');
  });

  it('reads a velocity glossed in brackets, per category', () => {
    const sql = sqlOf(['order velocity (the number of orders per day) for each category in Q1 2024?']);
    expect(sql).toContain('SUM(v) / 91.0');
    expect(sql).toContain('category');
  });
});

describe('months in which one customer ordered at least K times', () => {
  it('counts them in a year', () => {
    const sql = sqlOf([
      'A repeat month is a month in which a customer ordered more than once. How many repeat months were there in 2025 across all customers?',
    ]);
    expect(sql).toContain("date_trunc('month', created_at) AS mo");
    expect(sql).toContain('n >= 2');
  });

  it('counts the customers with at least N of them', () => {
    const sql = sqlOf([
      'How many customers had at least 6 repeat months in 2024? A repeat month is a calendar month with 2+ orders from the same customer.',
    ]);
    expect(sql).toContain('HAVING SUM(CASE WHEN n >= 2 THEN 1 ELSE 0 END) >= 6');
  });

  it('reads 3 or more orders in a month as K = 3', () => {
    const sql = sqlOf([
      'repeat month = a month with 3 or more orders by one customer. how many repeat months did customers rack up over all three years?',
    ]);
    expect(sql).toContain('n >= 3');
  });
});

describe("each customer's share of their own spend on one value", () => {
  it('counts the customers past a bound, per segment, over a year', () => {
    const sql = sqlOf([
      'Call a customer electronics-heavy if over 35% of their 2024 spend went to electronics. How many electronics-heavy customers per segment?',
    ]);
    expect(sql).toContain("c = 'electronics'");
    expect(sql).toContain('share_percent > 35');
    expect(sql).toContain("created_at >= '2024-01-01'");
  });

  it('averages the shares over customers', () => {
    const sql = sqlOf([
      "On average, what share of a customer's total spend goes to clothing? Work it out per customer, then average.",
    ]);
    expect(sql).toContain('AVG(share_percent)');
  });

  it('reads a defined share bounded where used', () => {
    const sql = sqlOf([
      "A customer's furniture share is the part of their lifetime revenue that came from furniture. How many customers have a furniture share above 30%?",
    ]);
    expect(sql).toContain('share_percent > 30');
  });
});
