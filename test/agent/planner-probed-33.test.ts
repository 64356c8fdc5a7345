import { describe, expect, it } from '@jest/globals';
import { readAllTime } from '../../functions/agent/planner/all-time';
import { misreading } from '../../functions/agent/planner/misreadings';
import { restateAgainstAverage } from '../../functions/agent/planner/period-relative';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { answerFor } from '../../functions/agent/planner/respond';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-01-28, tuning-33-probed.ts): "the highest
 * (lowest) number of" a noun ranked by (read as the largest or smallest single amount), the customers whose largest
 * order fell in a period (read as every customer with an order in it), "customers ordering" and "..., and which month
 * was it" after a monthly figure (refused).
 */
const TODAY = '2027-01-28';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);

describe('"the highest (lowest) number of" after a verb that ranks', () => {
  it.each([
    [
      'which quarter of 2024 had the lowest number of returned orders',
      'which quarter of 2024 had the fewest returned orders',
    ],
    ['which segment had the largest number of orders in 2025', 'which segment had the most orders in 2025'],
    [
      'which month in 2025 saw the smallest number of completed orders',
      'which month in 2025 saw the fewest completed orders',
    ],
    ['the region with the highest number of cancelled orders', 'the region with the most cancelled orders'],
    ['top 3 months by highest number of orders', 'top 3 months by number of orders'],
  ])('%s: a count ranked', (asked, meant) => {
    expect(rephrase(asked, TODAY)).toBe(rephrase(meant, TODAY));
  });

  it('ranks the count, not the smallest amount', () => {
    const p = plan('Which quarter of 2024 had the lowest number of returned orders?');
    expect(p.measures.map((m) => m.aggType)).toEqual(['count']);
    expect(p.top?.n).toBe(1);
    expect(queryFor(p).title).toContain('number of orders');
  });

  it('reads "the highest number of orders a customer placed" as the customer with the most', () => {
    expect(rephrase('what was the highest number of orders a customer placed in 2025', TODAY)).toBe(
      rephrase('which customer placed the most orders in 2025', TODAY),
    );
    expect(rephrase("what's the fewest orders any customer placed in 2024", TODAY)).toBe(
      rephrase('which customer placed the fewest orders in 2024', TODAY),
    );
  });
});

describe('the most (least) a customer spent', () => {
  it('is the customer who spent the most, and on one order the largest order', () => {
    expect(rephrase('what was the most a customer spent in 2025', TODAY)).toBe(
      rephrase('which customer spent the most in 2025', TODAY),
    );
    expect(rephrase('what was the least any client spent in 2023', TODAY)).toBe(
      rephrase('which client spent the least in 2023', TODAY),
    );
    expect(rephrase("what's the most any single customer spent in one order in 2024", TODAY)).toBe(
      rephrase('what was the biggest single order in 2024', TODAY),
    );
  });

  it('answers with one customer, and one order amount', () => {
    const p = plan('What was the most a customer spent in 2025?');
    expect(p.top?.n).toBe(1);
    expect(queryFor(p).title).toContain('spend');
    const one = plan("What's the most any single customer spent in one order in 2024?");
    expect(one.measures.map((m) => m.aggType)).toEqual(['max']);
  });
});

describe('the customers whose largest (smallest) order fell in a period', () => {
  it('counts the customers whose largest order is in the period, over all their orders', () => {
    const p = plan('How many customers had their largest ever order in 2025?');
    expect(p.perEntity?.kind === 'best-period' && p.perEntity.single).toBe('max');
    const sql = queryFor(p).sql;
    expect(sql).toContain('MAX(v) AS best');
    expect(sql).toContain("period >= '2025-01-01' AND period < '2026-01-01'");
    // Every order is looked at: the period only says where the largest one fell.
    expect(sql).not.toMatch(/FROM orders_view WHERE created_at/);
  });

  it('reads the smallest one, and a filter of the customer', () => {
    const p = plan('How many west customers had their smallest order in 2024?');
    expect(p.perEntity?.kind === 'best-period' && p.perEntity.single).toBe('min');
    expect(queryFor(p).sql).toContain("region = 'west'");
  });

  it('leaves "each customer\'s largest order" (a figure per customer) to the per-customer reading', () => {
    const p = plan("What was each customer's largest order in 2025?");
    expect(p.perEntity?.kind).not.toBe('best-period');
  });

  it('refuses a count with no period', () => {
    expect(demoReading(['How many customers had their largest order by region?'], TODAY).kind).not.toBe(
      'plan',
    );
  });
});

describe('customers ordering, and "which month was it"', () => {
  it('reads "customers ordering" as the customers who ordered', () => {
    expect(rephrase('the month with the most customers ordering', TODAY)).toBe(
      rephrase('the month with the most customers who ordered', TODAY),
    );
    expect(rephrase('customers placing orders over $500', TODAY)).toBe('customers placing orders over $500');
  });

  it('drops "and which month was it" after a monthly figure, and only there', () => {
    expect(rephrase('what was the lowest monthly revenue in 2024 and which month was it', TODAY)).toBe(
      rephrase('what was the lowest monthly revenue in 2024', TODAY),
    );
    expect(rephrase('what was the lowest revenue in 2024 and which month was it', TODAY)).toContain(
      'which month was it',
    );
  });
});

describe('an average per period of a cadence, "per" a group', () => {
  it.each([
    ['average monthly revenue per region in 2025', 'average monthly revenue by region in 2025'],
    ['average weekly orders per product category', 'average weekly orders by product category'],
    ['avg daily sales per segment', 'avg daily sales by segment'],
  ])("%s: each group's average period", (asked, meant) => {
    expect(rephrase(asked, TODAY)).toBe(rephrase(meant, TODAY));
  });

  it('is one row per group', () => {
    const p = plan('Average monthly revenue per region in 2025');
    expect(p.dimensions.map((d) => d.column)).toEqual(['region']);
  });

  it('leaves "per customer" and an average with no cadence as they were', () => {
    expect(rephrase('average monthly revenue per customer', TODAY)).toBe(
      'average monthly revenue per customer',
    );
    expect(rephrase('average revenue per region in 2025', TODAY)).toBe('average revenue per region in 2025');
  });
});

describe('periods against their average period, said otherwise', () => {
  it.each([
    [
      'Which months of 2025 were above average for revenue?',
      'Which months of 2025 had revenue above the average month?',
    ],
    [
      'Which quarters of 2024 had above-average order counts?',
      'Which quarters of 2024 had orders above the average quarter?',
    ],
    [
      'Which months in 2025 beat the monthly average for orders?',
      'Which months in 2025 had orders above the average month?',
    ],
    [
      'Which months of 2025 were below the 2024 monthly average revenue?',
      'Which months of 2025 had revenue below the average month of 2024?',
    ],
    [
      'Which days of December 2025 missed the average for sales?',
      'Which days of December 2025 had sales below the average day?',
    ],
  ])('%s', (asked, meant) => {
    expect(restateAgainstAverage(asked)).toBe(meant);
  });

  it('needs the periods said, and a cadence that is theirs', () => {
    expect(restateAgainstAverage('Which regions were above average for revenue in 2025?')).toBeUndefined();
    expect(restateAgainstAverage('Which months of 2025 beat the daily average for orders?')).toBeUndefined();
  });

  it('lists the months against the average month of the year asked', () => {
    const p = plan('Which months of 2025 were above average for revenue?');
    expect(p.having?.grain).toBe('month');
    expect(p.having?.vsPeriod).toEqual({ stat: 'avg', within: 'year' });
  });
});

describe('a figure of the customers just counted, asked in the next turn', () => {
  it('is their total in the same period', () => {
    const p = plan('How many customers ordered every month in 2025?', 'How much did they spend in 2025?');
    expect(p.having?.output).toBe('total');
    expect(p.having?.total?.column).toBe('total_amount');
    expect(p.having?.spread?.grain).toBe('month');
  });

  it('is the average over their rows for an average, also after their total', () => {
    const p = plan(
      'How many customers placed more than 25 orders in 2025?',
      'What was their total revenue that year?',
      'And their average order value?',
    );
    expect(p.having?.output).toBe('total');
    expect(p.having?.total?.aggType).toBe('avg');
    expect(p.having?.overRows).toBe(true);
  });

  it('is refused in another period (the condition was of the first one)', () => {
    const read = demoReading(
      ['How many customers placed more than 25 orders in 2025?', 'What did they spend in 2024?'],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe('"how much (many) more ... did A ... than B"', () => {
  it.each([
    [
      'How much more revenue did north make than west in 2025?',
      "what's the difference in revenue between north and west in 2025?",
    ],
    [
      'How many more orders did we get on weekdays than weekends in 2025?',
      "what's the difference in orders between weekdays and weekends in 2025?",
    ],
    [
      'How much more did enterprise customers spend than consumer customers?',
      "what's the difference in revenue between enterprise customers and consumer customers?",
    ],
    [
      'How many more orders did customers place in 2025 than in 2024?',
      'how many more orders were placed in 2025 than in 2024?',
    ],
  ])('%s', (asked, meant) => {
    expect(rephrase(asked, TODAY)).toBe(rephrase(meant, TODAY));
  });

  it('is answered where two values of one dimension were refused as named in different parts', () => {
    // (planner-refusals.test.ts refused it until tuning set 33.)
    const p = plan('How many more orders did the west have than the east in 2025?');
    expect(p.top?.span).toBe(true);
    expect(p.top?.first).toBe('west');
    expect(p.filters.find((f) => f.member.column === 'region')?.values).toEqual(['east', 'west']);
  });

  it('leaves a period after "than" as it was', () => {
    expect(rephrase('how much more did we make in 2025 than 2024?', TODAY)).toBe(
      'how much more did we make in 2025 than 2024?',
    );
    expect(rephrase('how many more orders did we do last year than the year before?', TODAY)).toBe(
      'how many more orders did we do last year than the year before?',
    );
    expect(rephrase('how much more did toys sell in 2025 than the year before', TODAY)).toBe(
      'how much more did toys sell in 2025 than the year before',
    );
  });

  it('states the first named minus the second, signed, in the order asked', () => {
    const p = plan("What's the difference in orders between toys and electronics in 2024?");
    expect(p.top?.span).toBe(true);
    expect(p.top?.first).toBe('toys');
    const q = queryFor(p);
    const answer = answerFor(p, q, {
      schema: q.columns.map((_, k) => ({ name: `c${k}`, column_type: k === 0 ? 'VARCHAR' : 'BIGINT' })),
      data: [
        ['toys', 1347],
        ['electronics', 1336],
      ],
      totalRows: 2,
    });
    expect(answer).toContain('Toys minus electronics: 11 (toys is 11 more than electronics)');
  });
});

describe('a group\'s figure "per person"', () => {
  it('is per customer, as "per customer" is', () => {
    expect(rephrase('which region had the highest revenue per person in 2024', TODAY)).toBe(
      rephrase('which region had the highest revenue per customer in 2024', TODAY),
    );
    expect(rephrase('which segment placed the most orders per user', TODAY)).toBe(
      rephrase('which segment placed the most orders per customer', TODAY),
    );
  });
});

describe('after held-out-33 (tuning-33-after)', () => {
  it("takes the day of the week of the rows, not of the customer's signup date", () => {
    const p = plan('For each customer segment, which day of the week brought in the most revenue in 2025?');
    const sql = queryFor(p).sql;
    expect(sql).toContain('EXTRACT(ISODOW FROM created_at)');
    expect(sql).not.toContain('ISODOW FROM customers_created_at');
  });

  it('reads "for each customer segment" as the segment beside a figure per customer', () => {
    expect(
      rephrase('for each customer segment, what is the median lifetime revenue per customer', TODAY),
    ).toBe(rephrase('for each segment, what is the median lifetime revenue per customer', TODAY));
    expect(rephrase('which customer segment spent the most in 2023', TODAY)).toBe(
      'which customer segment spent the most in 2023',
    );
  });

  it("keeps the period of a series for the top periods' combined share asked next", () => {
    const p = plan(
      'Show me revenue by month for 2025',
      "What share of the year's revenue did the three best months make up together?",
    );
    expect(p.range?.label).toBe('2025');
    expect(p.share?.top).toBeDefined();
  });

  it('refuses a share of an all-time figure that came in one period', () => {
    const q = 'What share of the lifetime revenue from enterprise customers came in 2025?';
    const read = demoReading([q], TODAY);
    expect(read.kind).toBe('refuse');
    expect(
      misreading(
        plan('What share of 2025 revenue came from enterprise customers?'),
        'What share of 2025 revenue came from enterprise customers?',
      ),
    ).toBeUndefined();
  });
});

describe('after held-out-33, second batch', () => {
  it('drops "biggest increase first" after a ranking of changes, and only there', () => {
    expect(
      rephrase(
        'rank the regions by their percent change in orders from 2023 to 2025, biggest increase first',
        TODAY,
      ),
    ).toBe(rephrase('rank the regions by their percent change in orders from 2023 to 2025', TODAY));
    expect(rephrase('revenue by region, biggest increase first', TODAY)).toContain('biggest increase first');
  });

  it('pools every year for a figure per customer "over all three years"', () => {
    expect(readAllTime('What is the median number of orders per customer over all three years?')).toBe(
      'What is the median number of orders per customer in total?',
    );
  });
});
