import { describe, expect, it } from '@jest/globals';
import { readCohortEach } from '../../functions/agent/planner/cohort-each';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { answerFor } from '../../functions/agent/planner/respond';
import { readSpelledAmounts } from '../../functions/agent/planner/spelled-amounts';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-08-20, tuning-28-probed.ts): "at least" and
 * "at most" beside a ranking word (were read as a second ranking and refused), definitions said as "call a whale
 * any customer who ..." and "a loyal customer has ...", amounts in digits with "dollars" after them, spend "in their
 * lifetime", a share of all customers asked after a count of those with one kind of order, and a breakdown that
 * shows one of the model's values (a user whose access shows one region asking across all of them).
 */
const TODAY = '2027-08-20';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);

describe('bounds beside a ranking word', () => {
  it('reads "the most customers with at least 10 returned orders" as one ranking of a count with a bound', () => {
    const p = plan('which segment has the most customers with at least 10 returned orders?');
    expect(p.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    const { sql } = queryFor(p);
    expect(sql).toMatch(/>= 10/);
    expect(sql).toMatch(/ORDER BY 2 DESC LIMIT 1/);
  });

  it('still refuses two rankings of two figures', () => {
    const read = demoReading(['which category has the highest revenue and the lowest order count?'], TODAY);
    expect(read.kind).not.toBe('plan');
  });
});

describe('definitions said another way', () => {
  it('reads "call a whale any customer who spent over 40k in their lifetime"', () => {
    const p = plan(
      'call a whale any customer who spent over 40k in their lifetime. how many whales are there per segment?',
    );
    expect(queryFor(p).sql).toMatch(/HAVING MEASURE\(total_amount\) > 40000/);
    expect(p.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
  });

  it('reads "a loyal customer has ordered in every quarter of 2024"', () => {
    const { sql } = queryFor(
      plan('a loyal customer has ordered in every quarter of 2024. how many loyal customers do we have?'),
    );
    expect(sql).toMatch(/COUNT\(DISTINCT date_trunc\('quarter', created_at\)\)/);
    expect(sql).toMatch(/2024-01-01/);
  });

  it('refuses a definition of that shape whose meaning is not read', () => {
    const read = demoReading(
      ['a loyal customer has a warm relationship with their account manager. how many loyal customers?'],
      TODAY,
    );
    expect(read.kind).not.toBe('plan');
  });
});

describe('amounts in digits with their unit after them', () => {
  it.each([
    ['an order above 800 dollars', 'an order above $800'],
    ['orders under 1,200 bucks', 'orders under $1,200'],
    ['customers who spent over 5k USD', 'customers who spent over $5k'],
    ['revenue in 2024 dollars', 'revenue in 2024 dollars'],
    ['sales in the south in Q4 2025, dollars and cents', 'sales in the south in Q4 2025, dollars and cents'],
    ['2025 dollars of revenue', '2025 dollars of revenue'],
  ])('%s', (said, read) => {
    expect(readSpelledAmounts(said)).toBe(read);
  });

  it('answers a definition with the amount so said', () => {
    const { sql } = queryFor(
      plan(
        'define big ticket as an order above 800 dollars. what fraction of 2025 revenue came from big ticket orders?',
      ),
    );
    expect(sql).toMatch(/amount > 800/);
  });
});

describe('a share of all customers after a count of those with one kind of order', () => {
  it.each([
    [
      'how many customers ordered toys in 2024',
      'and what share of all customers is that?',
      /category = 'toys'/,
    ],
    [
      'how many customers had a cancelled order in March 2025',
      'what fraction of our customers is that?',
      /status = 'cancelled'/,
    ],
  ])('%s, then %s', (first, then, kind) => {
    const p = plan(first, then);
    const { sql } = queryFor(p);
    expect(sql).toMatch(kind);
    expect(sql).toMatch(/share_percent/);
  });

  it('is not read after a count of people of one segment (the whole would be that segment)', () => {
    const read = demoReading(
      ['how many enterprise customers ordered in Q2 2025', 'what percent of all customers is that?'],
      TODAY,
    );
    expect(read.kind).not.toBe('plan');
  });
});

describe('a breakdown that shows one of the values the model lists', () => {
  const result = (rows: unknown[][]) => ({
    schema: [
      { name: 'region', column_type: 'VARCHAR' },
      { name: 'total_amount', column_type: 'DOUBLE' },
    ],
    data: rows,
    totalRows: rows.length,
  });

  it('says that only that value appears', () => {
    const p = plan('compare revenue across all regions in 2025');
    expect(answerFor(p, queryFor(p), result([['west', 769266.47]]))).toMatch(
      /Only west appears: every row you can see has sales region west/,
    );
    expect(
      answerFor(
        p,
        queryFor(p),
        result([
          ['west', 1],
          ['east', 2],
        ]),
      ),
    ).not.toMatch(/Only/);
  });

  it('says nothing of a change that keeps the rows that grew', () => {
    const p = plan('which categories grew from 2024 to 2025 in revenue?');
    const rows = {
      schema: ['category', 'a', 'b', 'change', 'change_percent'].map((name) => ({
        name,
        column_type: 'DOUBLE',
      })),
      data: [['toys', 647181.3, 652740.25, 5558.95, 0.86]],
      totalRows: 1,
    };
    expect(answerFor(p, queryFor(p), rows)).toMatch(/toys/);
    expect(answerFor(p, queryFor(p), rows)).not.toMatch(/Only/);
  });

  it('says nothing of a ranking cut to one row', () => {
    const p = plan('which region had the highest revenue in 2024?');
    expect(answerFor(p, queryFor(p), result([['north', 911045.72]]))).not.toMatch(/Only/);
  });
});

describe("a cohort's average order value", () => {
  it.each([
    'average order value by first-order month',
    'aov by first purchase quarter',
    'avg basket size by month of first order',
  ])("%s is each group's spend over its orders", (question) => {
    const { sql } = queryFor(plan(question));
    expect(sql).toMatch(/first_date/);
    expect(sql).toMatch(/window_amount ELSE 0 END\) \* 1\.0 \/ NULLIF\(SUM\(CASE WHEN TRUE THEN window_rows/);
  });

  it('keeps "average orders per customer" a count per member', () => {
    const p = plan('orders per customer in 2024: Jan 2022 signups vs Dec 2022 signups');
    expect(p.perEntity?.kind === 'cohort' ? p.perEntity.measures : []).toEqual(['orders-avg']);
  });

  it("refuses a figure it cannot read beside a first order's period rather than drop the first order", () => {
    for (const question of [
      'median order value by first-order month',
      'revenue by region by first-order quarter',
    ]) {
      const read = readCohortEach(question, demoCatalog(question), TODAY);
      expect(read?.kind).toBe('refuse');
    }
    // (A count of new customers is left to the other readings.)
    const question = 'how many new accounts did I get in 2023 by first order month';
    expect(readCohortEach(question, demoCatalog(question), TODAY)).toBeUndefined();
  });
});

describe('values listed after a word of exclusion', () => {
  const where = (question: string) =>
    plan(question)
      .filters.map((f) => `${f.member.column}${f.negate ? ' not' : ''} ${f.values.join('|')}`)
      .sort();

  it.each([
    'revenue in 2025 excluding toys and cancelled orders',
    'revenue in 2025 excluding cancelled orders and toys',
    'revenue in 2025 except toys or cancelled ones',
  ])('%s excludes both', (question) => {
    expect(where(question)).toEqual(['category not toys', 'status not cancelled']);
  });

  it('keeps "not ... and" as said: the second value kept', () => {
    expect(where('orders not from the west and completed')).toEqual(['region not west', 'status completed']);
  });
});

describe('an upper bound on a count of rows of a kind', () => {
  it.each([
    'how many customers in the west had fewer than 3 returned orders?',
    'which region has the fewest customers with fewer than 3 returns?',
  ])('%s is not answered over the rows of that kind alone (those with none would drop out)', (question) => {
    expect(demoReading([question], TODAY).kind).not.toBe('plan');
  });

  it("still counts those with none where each one's rows are read whole", () => {
    const { sql } = queryFor(plan('how many customers have fewer than 3 cancelled orders?'));
    expect(sql).toMatch(/SUM\(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END\) < 3/);
  });
});

describe('a lower bound met in one month, said with "have" and "my"', () => {
  it.each([
    'how many customers have placed 3 or more orders in one month?',
    'how many of my customers have placed 3 or more orders in a single month?',
  ])('%s', (question) => {
    const p = plan(question);
    expect(queryFor(p).sql).toMatch(/t0 >= 3/);
  });
});

describe('two percentiles said after the figure', () => {
  it.each([
    ['revenue per customer: 10th vs 90th percentile', /percentile_cont\(0\.1\).*percentile_cont\(0\.9\)/],
    ['order amount in 2025 - p25 vs p75', /percentile_cont\(0\.25\).*percentile_cont\(0\.75\)/],
  ])('%s', (question, sql) => {
    const p = plan(question);
    expect(queryFor(p).sql).toMatch(sql);
    expect(p.measures[0]?.aggType).not.toBe('avg');
  });
});

describe('two figures per customer asked at once', () => {
  it('is refused rather than answered with the first alone', () => {
    for (const question of [
      'revenue per customer vs order count per customer by segment',
      'average revenue per customer and average orders per customer by segment',
    ])
      expect(demoReading([question], TODAY).kind).not.toBe('plan');
    expect(plan('median revenue per customer by region').percentile?.per?.column).toBe('customers_name');
  });
});

describe('customers counted in a period', () => {
  it.each([
    'how many customers did we have in 2024?',
    'how many customers in 2024?',
    'number of customers in H1 2025',
  ])('%s are those with rows in it, not those who signed up in it', (question) => {
    const p = plan(question);
    expect(p.cube.name).toBe('orders_view');
    expect(p.measures.map((m) => m.aggType)).toEqual(['count_distinct']);
  });

  it.each([
    'how many customers signed up in 2022?',
    'how many customers joined in Q3 2022?',
    'new customers in 2022',
  ])('%s still counts signups', (question) => {
    expect(plan(question).cube.name).toBe('customers_view');
  });
});

describe("held-out-28's confident wrong shapes, in other words (tuning-28-after.ts)", () => {
  it('reads "at least one order returned" as a returned order, "largest ever order" as the largest order', () => {
    expect(rephrase('customers with at least one order returned in 2024', TODAY)).toMatch(
      /at least one returned order/,
    );
    expect(rephrase("each customer's largest ever order", TODAY)).toMatch(/largest order/);
    expect(rephrase('for each customer, take their biggest single order', TODAY)).toMatch(
      /take each customer's/,
    );
  });

  it('keeps every year of "in every year from 2023 to 2025" as a condition on each customer', () => {
    const { sql } = queryFor(
      plan('how many customers had at least one order cancelled in every year from 2023 to 2025?'),
    );
    expect(sql).toMatch(/HAVING COUNT\(DISTINCT date_trunc\('year', created_at\)\) =/);
  });

  it("takes the top rows' share in the period of the breakdown just asked", () => {
    const p = plan(
      'revenue by category in Q4 2024',
      "what % of that quarter's revenue did the top two categories make together?",
    );
    expect(p.range?.label).toBe('Q4 2024');
    expect(p.share?.top?.n).toBe(2);
    expect(
      plan('revenue by category in 2024', 'what share did the top 2 categories make together?').range?.label,
    ).toBe('2024');
  });

  it('reads "this month" after a breakdown as a question of its own', () => {
    const p = plan('revenue by region in 2024', 'how many orders did we get this month?');
    expect(p.dimensions).toEqual([]);
  });

  it('counts the customers whose own count just given passes a bound', () => {
    const { sql } = queryFor(
      plan('how many orders did each customer place in 2024?', 'and how many customers had more than 25?'),
    );
    expect(sql).toMatch(/HAVING MEASURE\(count\) > 25/);
    expect(sql).not.toMatch(/amount > 25/);
  });
});
