import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohorts, percentiles and counts per entity (tuning set 30, cohorts): a signup cohort set against another said
 * with "those who signed up in" or after an opening "compare", each quarter's new customers with their spend, a
 * percentile's change between two periods, two values of one member set against each other on the same noun, and
 * "without a single cancellation" as a customer with none. (Answers on the sample: tuning set 30 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2026-12-02';

describe('two signup cohorts set against each other', () => {
  it.each([
    'average lifetime spend per customer for people who signed up in Q1 2022 against those who signed up in Q4 2022',
    'Compare average lifetime spend per customer for people who signed up in Q1 2022 against those who signed up in Q4 2022.',
    'compare the lifetime spend per customer of Q1 2022 signups and Q4 2022 signups',
  ])('%s: each cohort by its signup date, never the orders of Q4 2022', (question) => {
    // Prepare / Act
    const sql = queryFor(demoPlan([question], TODAY)).sql;
    // Assess
    expect(sql).toMatch(/(?:customers_created_at|start_date) >= '2022-10-01'/);
    expect(sql).not.toMatch(/(?<!customers_)created_at >= '2022-10-01'/);
  });

  it('keeps one cohort with its later period when nothing is set against it', () => {
    const sql = queryFor(
      demoPlan(['how much did the customers who signed up in Q1 2022 spend in 2025?'], TODAY),
    ).sql;
    expect(sql).toContain("'2025-01-01'");
  });
});

describe("each period's new customers with their spend", () => {
  it('reads "how much each quarter\'s new customers have spent" as their total spend', () => {
    // Act
    const plan = demoPlan(
      ['new customers per quarter in 2022, and how much each quarter’s new customers have spent in total'],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(sql).toContain("customers_created_at >= '2022-01-01'");
    expect(sql).not.toMatch(/WHERE created_at >= '2022/);
    expect(plan.measures.map((m) => m.column)).toEqual(['customer_count', 'total_amount']);
  });

  it('leaves it alone when the new customers are not broken down by that unit', () => {
    const asked = 'new customers in 2022, and how much each month’s new customers have spent';
    expect(rephrase(asked)).toBe(asked);
  });
});

describe("a percentile's change between two periods", () => {
  it.each([
    ['the median order in Q4 2025 compared with Q4 2024 - up or down, and by what percent?', 'median_amount'],
    ['how did the 90th percentile order amount change between 2023 and 2025?', 'p90_amount'],
    ['median spend per customer in 2024 vs 2025, and the percent change', 'median_total_amount'],
  ])('%s: both figures, the change and its percent', (question, name) => {
    // Act
    const query = queryFor(demoPlan([question], TODAY));
    // Assess
    expect(query.sql).toContain(`MAX(CASE WHEN period =`);
    expect(query.sql).toContain(`THEN ${name} END)`);
    expect(query.columns.map((c) => c.role)).toEqual(['previous', 'measure', 'change', 'change_percent']);
  });

  it('gives the two figures alone when no change is asked', () => {
    const query = queryFor(demoPlan(['median order amount in 2024 vs 2025'], TODAY));
    expect(query.sql).not.toContain('change_percent');
  });
});

describe('two values of one member set against each other', () => {
  it('reads "enterprise customers versus consumer customers" as the two segments', () => {
    // Act
    const plan = demoPlan(
      ["What's the 90th percentile order amount for enterprise customers versus consumer customers?"],
      TODAY,
    );
    // Assess
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(plan.filters[0]?.values.sort()).toEqual(['consumer', 'enterprise']);
  });

  it('stays refused for values of two members', () => {
    expect(demoReading(['median order amount for enterprise customers vs west customers'], TODAY).kind).toBe(
      'refuse',
    );
  });
});

describe('"without a single cancellation"', () => {
  it.each([
    [
      'How many customers placed more than 15 orders in 2025 without a single cancellation that year?',
      "SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) = 0",
    ],
    [
      'customers with at least 40 orders overall without any returned orders - how many?',
      "SUM(CASE WHEN status = 'returned' THEN 1 ELSE 0 END) = 0",
    ],
  ])('%s: customers with none of those orders', (question, having) => {
    expect(queryFor(demoPlan([question], TODAY)).sql).toContain(having);
  });

  it('leaves a bare "without" alone', () => {
    expect(rephrase('revenue without returns in 2025')).not.toContain('with no');
  });
});

describe('a count of the rows of a kind between two bounds', () => {
  it('reads "between 2 and 4 cancelled orders": the lower bound leaves out those with none as asked', () => {
    // Act
    const sql = queryFor(
      demoPlan(['how many customers had between 2 and 4 cancelled orders in 2025?'], TODAY),
    ).sql;
    // Assess
    expect(sql).toContain("status = 'cancelled'");
    expect(sql).toContain('HAVING MEASURE(count) <= 4 AND MEASURE(count) >= 2');
  });

  it('still counts "fewer than 3 returned orders" with those who have none', () => {
    const sql = queryFor(demoPlan(['how many customers had fewer than 3 returned orders?'], TODAY)).sql;
    expect(sql).toContain("SUM(CASE WHEN status = 'returned' THEN 1 ELSE 0 END) < 3");
  });
});
