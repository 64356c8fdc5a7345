import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Counts per entity and cohorts read after held-out-13 (tuning-14-entities.ts), on the demo model: a second value
 * of a "never" ("never had a furniture order cancelled" was furniture never, among cancelled orders only:
 * confidently wrong), "customer base", the customer whose first order came last or first, a signup season
 * with "last year", and people words ("folks", "buyers sent back").
 */
const TODAY = '2026-07-14';
const planOf = (question: string) => demoPlan([question], TODAY);

describe('never a kind of order with two values', () => {
  it.each([
    ["number of customers who've not once had a furniture order cancelled", 'furniture', 'cancelled'],
    ['customers that never had a single toys order returned - how many?', 'toys', 'returned'],
    ['how many clients never got an electronics order returned?', 'electronics', 'returned'],
  ])('%s', (question, category, status) => {
    const plan = planOf(question);
    // Both values inside the per-customer count, neither a filter of every row (read by the per-customer
    // conditions of row-conditions.ts since tuning set 20, by a HAVING of its own before).
    expect(plan.filters).toEqual([]);
    const { sql } = queryFor(plan);
    expect(sql).toMatch(
      new RegExp(
        `SUM\\(CASE WHEN (?:category = '${category}' AND status = '${status}'|status = '${status}' AND category = '${category}') THEN 1 ELSE 0 END\\) = 0`,
      ),
    );
    expect(sql).not.toMatch(/WHERE (status|category) =/);
  });

  it('reads "who\'ve" as "who have"', () => {
    const { sql } = queryFor(planOf("Count of customers who've never had a single order cancelled?"));
    expect(sql).toMatch(
      /SELECT COUNT\(\*\) AS customers .*HAVING SUM\(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END\) = 0/,
    );
  });
});

describe('the customer whose first order came last or first', () => {
  it.each([
    ['which customer placed their first order most recently, and when was it?', 'desc'],
    ['who was the very last customer to place their first-ever order with us, and on what date?', 'desc'],
    ['which customer had the earliest first order?', 'asc'],
  ])('%s', (question, direction) => {
    const plan = planOf(question);
    expect(plan.first).toMatchObject({ output: 'list', rank: { n: 1, direction } });
    const { sql } = queryFor(plan);
    expect(sql).toContain(`RANK() OVER (ORDER BY first_date ${direction.toUpperCase()})`);
    expect(sql).toContain('WHERE first_rank <= 1');
  });

  it('leaves "last year" a period beside a first order', () => {
    const plan = planOf('how many customers placed their first order last year?');
    expect(plan.first?.rank).toBeUndefined();
  });
});

describe('people words and the customer base', () => {
  it('reads "customer base" as the customers', () => {
    const plan = planOf('What fraction of our customer base is enterprise or small business? as a percent');
    expect(plan.cube.name).toBe('customers_view');
    expect(plan.share).toBeDefined();
  });

  it('reads "buyers sent back" as customers with returned orders', () => {
    const plan = planOf('how many buyers sent back 3 or more orders last yr?');
    expect(plan.having).toMatchObject({ op: '>=', value: 3, output: 'count' });
    expect(plan.filters.map((f) => f.values)).toEqual([['returned']]);
  });
});

describe('a signup season with a later year said relative to today', () => {
  it.each([
    'of customers who signed up in summer 2022, how many bought electronics last year?',
    'of my customers who joined in summer 2022 (jun-aug), how many bought electronics last year?',
    'folks that joined in summer 2022 (june to august): how many of them ordered electronics in the previous year?',
  ])('%s', (question) => {
    const plan = planOf(question);
    const cohort = plan.perEntity;
    expect(cohort?.kind).toBe('cohort');
    const { sql } = queryFor(plan);
    expect(sql).toContain("start_date >= '2022-06-01' AND start_date < '2022-09-01'");
    expect(sql).toContain(
      "created_at >= '2025-01-01' AND created_at < '2026-01-01' AND category = 'electronics'",
    );
  });

  it('is not read as a span from the season to last year', () => {
    const reading = demoReading(
      ['of customers who signed up in summer 2022, how many bought electronics last year?'],
      TODAY,
    );
    expect(JSON.stringify(reading)).not.toContain('August 2022 to last year');
  });
});

describe('the average of each customer’s own figure over those meeting a condition', () => {
  it.each([
    ['avg number of orders for customers who spent more than $35k in total', 'count', 'total_amount'],
    ['among customers with lifetime spend over 32k, whats the average order count?', 'count', 'total_amount'],
    ['for customers with at least 70 orders, what is their average total spend?', 'total_amount', 'count'],
  ])('%s', (question, figure, condition) => {
    const plan = planOf(question);
    expect(plan.having).toMatchObject({
      output: 'total',
      averaged: true,
      total: { column: figure },
      measure: { column: condition },
    });
    expect(queryFor(plan).sql).toMatch(
      new RegExp(`^SELECT AVG\\(${figure}\\) AS average_${figure}, COUNT\\(\\*\\)`),
    );
  });

  it('reads an average of order values over their rows, and refuses one a kind of order would narrow twice', () => {
    expect(planOf("What's the average order value for customers with over 60 orders?").having).toMatchObject({
      output: 'total',
      overRows: true,
    });
    expect(demoReading(['mean lifetime spend of customers with 5+ returned orders'], TODAY).kind).toBe(
      'refuse',
    );
    expect(
      demoReading(['average order value for customers with over 15 toys orders in 2025'], TODAY).kind,
    ).toBe('refuse');
  });
});

describe('repeat against one-time customers', () => {
  it.each([
    'repeat customers vs one-time customers in Nov 2025 - how many of each?',
    'one-time vs repeat buyers in december 2025?',
  ])('%s', (question) => {
    const plan = planOf(question);
    expect(plan.having).toMatchObject({ op: '>', value: 1, output: 'count', alsoOnce: true });
    const { sql } = queryFor(plan);
    expect(sql).toContain('SUM(CASE WHEN count > 1 THEN 1 ELSE 0 END) AS repeat_customers');
    expect(sql).toContain('SUM(CASE WHEN count = 1 THEN 1 ELSE 0 END) AS one_time_customers');
  });

  it('leaves repeat customers alone a count of those with more than one order', () => {
    expect(planOf('number of repeat buyers in december 2025').having?.alsoOnce).toBeUndefined();
  });
});

describe('two signup cohorts set against each other', () => {
  it.each([
    [
      'did customers who signed up in Q3 2022 spend more per customer in 2025 than the Q1 2022 signups?',
      'Q3 2022',
      'Q1 2022',
    ],
    ['orders per customer in 2024: Jan 2022 signups vs Dec 2022 signups', 'January 2022', 'December 2022'],
  ])('%s', (question, first, second) => {
    const plan = planOf(question);
    const cohort = plan.perEntity?.kind === 'cohort' ? plan.perEntity.cohort : undefined;
    expect([cohort?.period?.label, cohort?.versus?.label]).toEqual([first, second]);
    const { sql } = queryFor(plan);
    expect(sql).toContain(`SELECT '${first}' AS cohort`);
    expect(sql).toContain(`UNION ALL SELECT '${second}' AS cohort`);
  });

  it('still refuses two cohorts of different kinds said together', () => {
    expect(
      demoReading(
        ['customers who signed up in Q1 2022 and first ordered in Feb 2023 vs those in Q2 2022'],
        TODAY,
      ).kind,
    ).toBe('refuse');
  });
});
