import { describe, expect, it } from '@jest/globals';
import { readAboveAverage } from '../../functions/agent/planner/above-average';
import { readAsides } from '../../functions/agent/planner/asides';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Rows held against a level of the same rows, customers with no orders at all, the top N% of customers against the
 * rest, periods defined by a bound on their own figure, and a label before a colon (tuning set 32). Readings not made
 * in full are refused or left to the other readers, never answered for other rows. (Answers on the sample: tuning set
 * 32 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-12-10';

describe('rows against a median or a percentile of the same rows', () => {
  it.each([
    ['How many orders were above the median order amount?', 'How many orders were over $1?', 0.5],
    [
      'what share of 2025 orders were bigger than the median 2025 order?',
      'what share of 2025 orders were over $1?',
      0.5,
    ],
    [
      'What percent of revenue came from orders above the 90th percentile of order amount?',
      'What percent of revenue came from orders over $1?',
      0.9,
    ],
    [
      'how many 2025 orders came in under the 25th percentile of 2025 order amounts?',
      'how many 2025 orders came in under $1?',
      0.25,
    ],
  ])('reads %p as %p against quantile %p', (question, text, quantile) => {
    // Act
    const read = readAboveAverage(question);
    // Assess
    expect(read).toMatchObject({ text, average: 'rows', quantile });
  });

  it.each([
    ['orders in the top 10% by amount: how much revenue?', 'orders over $1: how much revenue?', 0.1],
    ['how many orders were in the bottom 20% by amount?', 'how many orders were under $1?', 0.2],
  ])('reads %p as %p, the first %p of the rows ranked', (question, text, rowShare) => {
    expect(readAboveAverage(question)).toEqual({ text, average: 'rows', rowShare });
  });

  it('keeps the average reading without a quantile', () => {
    expect(readAboveAverage('how many orders were above the average order value?')).toEqual({
      text: 'how many orders were over $1?',
      average: 'rows',
    });
  });

  it('holds each order against the percentile of the same period in the query', () => {
    // Act
    const plan = demoPlan(
      ['how many 2025 orders came in under the 25th percentile of 2025 order amounts?'],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.numberFilters).toMatchObject([{ op: '<', vsAverage: true, quantile: 0.25 }]);
    expect(sql).toContain(
      'amount < (SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY amount) FROM orders_view',
    );
    expect(sql).toContain("created_at >= '2025-01-01'");
  });

  it('sets the part of a share against the median of the whole', () => {
    const plan = demoPlan(['what share of 2025 orders were bigger than the median 2025 order?'], TODAY);
    expect(plan.share?.rows?.numbers).toMatchObject([{ op: '>', vsAverage: true, quantile: 0.5 }]);
    expect(queryFor(plan).sql).toContain(
      'CASE WHEN amount > (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) FROM orders_view WHERE',
    );
  });

  it('keeps the first 10% of the orders ranked by amount, a tie at the cut broken by the id', () => {
    const plan = demoPlan(['orders in the top 10% by amount: how much revenue did they bring in?'], TODAY);
    expect(plan.measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(plan.numberFilters).toMatchObject([{ op: '>', vsAverage: true, rowShare: 0.1 }]);
    expect(queryFor(plan).sql).toContain(
      'id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY amount DESC, id) AS rn, COUNT(*) OVER () AS n FROM orders_view) AS ranked_rows WHERE rn <= n * 0.1)',
    );
  });
});

describe('customers with no orders at all', () => {
  it('counts all customers less those with orders', () => {
    // Act
    const plan = demoPlan(['How many customers have never placed an order?'], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.perEntity).toMatchObject({ kind: 'never-rows', share: false });
    expect(sql).toContain('MEASURE(count) AS n FROM customers_view');
    expect(sql).toContain('MEASURE(customer_count) AS n FROM orders_view');
    expect(sql).toContain('c.n - COALESCE(o.n, 0)');
  });

  it('gives their share, and counts per segment of their own', () => {
    expect(demoPlan(['what share of our customers have no orders at all?'], TODAY).perEntity).toMatchObject({
      kind: 'never-rows',
      share: true,
    });
    const bySegment = demoPlan(['Customers with zero orders, broken down by segment'], TODAY);
    expect(bySegment.perEntity).toMatchObject({ kind: 'never-rows', group: { column: 'segment' } });
    expect(queryFor(bySegment).sql).toContain('customers_segment AS g');
  });

  it("refuses a group the orders hold only of each order (an order's region)", () => {
    expect(demoReading(['customers with no orders at all, by region'], TODAY)).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('no orders at all'),
    });
  });

  it('leaves a period, or words it does not read, to the other readers', () => {
    expect(demoReading(['how many customers did not order anything in 2025?'], TODAY)).not.toMatchObject({
      plan: { perEntity: { kind: 'never-rows' } },
    });
    expect(
      demoReading(['how many customers have never placed a single order above $900?'], TODAY),
    ).not.toMatchObject({ plan: { perEntity: { kind: 'never-rows' } } });
  });
});

describe('the top N% of customers against the rest', () => {
  it.each([
    ['top 20% of customers vs the rest: average lifetime spend per customer in each group', 20, 'avg'],
    [
      'How much revenue came from our top 20% of customers by spend, and how much from everyone else?',
      20,
      'sum',
    ],
    [
      'Top 10% of customers by 2025 spend versus the rest: how many orders did each group place in 2025?',
      10,
      'orders',
    ],
  ])('reads %p as both groups', (question, percent, ask) => {
    // Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(plan.perEntity).toMatchObject({ kind: 'top-percent', percent, ask, rest: {} });
    expect(queryFor(plan).sql).toContain("ELSE 'the rest' END");
  });

  it('refuses a breakdown of the two groups', () => {
    expect(
      demoReading(['top 20% of customers by spend vs the rest: revenue by region'], TODAY),
    ).toMatchObject({ kind: 'refuse' });
  });
});

describe('periods defined by a bound on their own figure', () => {
  const defined = (question: string) => {
    const read = readDefinitions([question], demoCatalog(question));
    return read.kind === 'read' ? read.questions[0] : `refused: ${read.reason}`;
  };

  it.each([
    [
      'A hot month is one where revenue topped $13.7M. How many hot months were there in 2025?',
      'How many months with revenue over $13700000 were there in 2025?',
    ],
    [
      "let's say a busy day is one with more than 955 orders. how many busy days did we have in 2025?",
      'how many days with more than 955 orders did we have in 2025?',
    ],
    [
      'we call a month strong when its average order is above $503. which months of 2025 were strong?',
      'which months of 2025 were months with average order value over $503?',
    ],
  ])('reads %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });

  it('reads "they" as the rows defined in the same turn', () => {
    expect(
      defined('define high-value orders as anything over $500. what percent of revenue did they make up?'),
    ).toMatch(/what percent of revenue did orders (?:of )?over \$500 make up\?/);
  });
});

describe('a label before a colon', () => {
  it.each([
    [
      "what's our revenue concentration: share of revenue from the top 10 customers",
      'share of revenue from the top 10 customers',
    ],
    [
      'Returns check: how many orders were returned in each region in 2025?',
      'how many orders were returned in each region in 2025?',
    ],
  ])('drops %p', (question, text) => {
    expect(readAsides(question, demoCatalog(question))).toBe(text);
  });

  it.each([
    'Orders: top 5 categories in 2025',
    'enterprise: revenue by region in 2025',
    'average: revenue by region',
    'churned customers: bought in 2024, nothing in 2025. how many churned customers are there?',
    "my returns: how many in H2 2025 vs H2 2024 (orders with status returned), and what's the difference?",
  ])('keeps %p, whose label dates, filters, shapes or defines', (question) => {
    expect(readAsides(question, demoCatalog(question))).toBe(question);
  });
});

describe('a share of a sum from customers past a bound on the same sum', () => {
  it('is the share of the sum, not of the customers', () => {
    // Act
    const plan = demoPlan(
      ['what share of revenue comes from customers with lifetime spend over $32,000?'],
      TODAY,
    );
    // Assess
    expect(plan.having).toMatchObject({ output: 'share', total: { column: 'total_amount' } });
    expect(queryFor(plan).sql).toContain(
      'SUM(CASE WHEN total_amount > 32000 THEN total_amount ELSE 0 END) AS part',
    );
  });

  it('keeps the share of customers when customers are the whole', () => {
    const plan = demoPlan(['what share of customers spent over $32,000?'], TODAY);
    expect(plan.having?.total).toBeUndefined();
  });

  it('reads a people definition used as the part of a share of revenue', () => {
    const plan = demoPlan(
      ['VIPs are customers with lifetime spend over $32,000. What share of revenue comes from VIPs?'],
      TODAY,
    );
    expect(plan.having).toMatchObject({ output: 'share', value: 32000, total: { column: 'total_amount' } });
  });
});
