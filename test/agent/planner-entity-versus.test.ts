import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Entities against themselves across two periods (entity-versus.ts): "how many customers spent more in 2025 than
 * in 2024" was the number of customers in each year (20,000 -> 20,000): confidently wrong. On the demo model.
 */
const planOf = async (question: string) => demoPlan([question], '2026-05-20');

describe('entities against themselves across two periods', () => {
  it.each([
    ['how many customers spent more in 2025 than in 2024', 'total_amount', '>', 'count'],
    ['what share of customers ordered less in 2025 than 2024?', 'count', '<', 'share'],
    ['how many customers grew their spending from 2024 to 2025', 'total_amount', '>', 'count'],
    ['how many west customers cut their orders between 2023 and 2024?', 'count', '<', 'count'],
    ['which customers placed fewer orders in 2025 than in 2024', 'count', '<', 'list'],
  ])('%s', async (question, measure, op, output) => {
    const plan = await planOf(question);
    expect(plan.having).toMatchObject({ op, output, measure: { column: measure } });
    const versus = plan.having?.versus;
    expect(versus && versus.later.from > versus.earlier.from).toBe(true);
    const { sql } = queryFor(plan);
    // Each customer's figure in both periods, 0 where none, then those that moved the way asked.
    expect(sql).toMatch(/COALESCE\(MAX\(CASE WHEN period = 'earlier' THEN v END\), 0\)/);
    expect(sql).toMatch(new RegExp(`later_${measure} ${op} earlier_${measure}`));
  });

  it('keeps a comparison of two totals as it was ("was revenue higher in 2025 than 2024")', async () => {
    expect(rephrase('was revenue higher in 2025 than 2024')).toBe('was revenue in 2025 vs 2024');
    expect(rephrase('how many customers spent more in 2025 than in 2024')).toBe(
      'how many customers spent more in 2025 than in 2024',
    );
    const plan = await planOf('was revenue higher in 2025 than 2024');
    expect(plan.having).toBeUndefined();
    expect(plan.compare?.map((p) => p.label)).toEqual(['2024', '2025']);
  });
});

describe('an average over the rows of entities meeting a condition', () => {
  it('is one average over their rows, never the list of those entities (the average was dropped: confidently wrong)', async () => {
    const plan = await planOf("What's the average order value for customers with over 60 orders?");
    expect(plan.having).toMatchObject({ op: '>', value: 60, output: 'total', overRows: true });
    const { sql } = queryFor(plan);
    expect(sql).toMatch(
      /^SELECT MEASURE\(average_amount\) AS average_amount, COUNT\(DISTINCT customers_name\)/,
    );
    expect(sql).toContain(
      'customers_name IN (SELECT customers_name FROM (SELECT customers_name, MEASURE(count)',
    );
    // (A breakdown could narrow the rows or who counts: still refused, with the planner's reason.)
    expect(
      demoReading(
        ['average order value of customers with more than 20 orders in 2025, by segment'],
        '2026-05-20',
      ),
    ).toMatchObject({ kind: 'refuse', missing: expect.stringContaining('an average over the rows') });
    // ("show the amount for each" beside a condition is each one's own figure, still listed.)
    expect(
      (await planOf('which clients spent more than $12k in 2024? show the amount for each')).having,
    ).toMatchObject({
      output: 'list',
    });
    // (A total beside the condition is still read: "revenue from customers with over 60 orders".)
    expect((await planOf('revenue from customers with over 60 orders')).having).toMatchObject({
      output: 'total',
    });
  });
});
