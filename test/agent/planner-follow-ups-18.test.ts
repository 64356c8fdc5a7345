import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * The planner's readings of tuning set 18 (issue 29, threads and quoted figures): a ranking followed by "per X" /
 * "in each X" ranks within each X (follow-up.ts); "and back in 2023?" swaps the period; "how many of them ordered"
 * after a count of customers counts those customers (counted-people.ts); a quote asked back ("Salesforce is showing
 * 9,800 returns for Q1 2024 - what do we have?") is the quote's question (quoted-figures.ts); "what did the south do
 * in 2025?" states revenue and orders (performance.ts). Answers on the sample are judged by tuning set 18 in
 * planner-tuning-6.test.ts.
 */
const TODAY = '2026-03-10';
const plan = (questions: string[]) => demoPlan(questions, TODAY);
const read = (questions: string[]) => demoReading(questions, TODAY);
const sql = (questions: string[]) => queryFor(plan(questions)).sql;

describe('a ranking, then "per X" / "in each X" / "by X"', () => {
  it('keeps the ranking and ranks within each value of the new breakdown', () => {
    for (const [first, next] of [
      ['top category by revenue in 2025?', 'ok and in each region?'],
      ['which category made the most money in 2025?', 'and per region?'],
      ['best category for revenue in 2025', 'broken out by region?'],
    ] as const) {
      const p = plan([first, next]);
      expect(p.top).toEqual({ n: 1, direction: 'desc' });
      expect(p.perGroup?.item?.column).toBe('category');
      expect(p.dimensions.map((d) => d.column)).toEqual(['region', 'category']);
      expect(p.range?.label).toBe('2025');
    }
    expect(sql(['top category by revenue in 2025?', 'ok and in each region?'])).toEqual(
      sql(['revenue by region in 2025', 'for each of those, which category brought in the most?']),
    );
  });

  it('keeps n and the direction ("top 2", "weakest")', () => {
    expect(plan(['top 2 categories by sales last year', 'now for each region']).top).toEqual({
      n: 2,
      direction: 'desc',
    });
    expect(plan(['our weakest category by revenue in 2025', 'in every region?']).top?.direction).toBe('asc');
  });

  it('is no ranking per group after a plain breakdown (no ranking to keep)', () => {
    const p = plan(['revenue by category in 2025', 'and by region?']);
    expect(p.perGroup).toBeUndefined();
    expect(p.dimensions.map((d) => d.column)).toEqual(['region']);
  });
});

describe('a follow-up that only swaps the period', () => {
  it('reads "and back in 2023?", "how about going back to 2023" as the earlier period', () => {
    expect(sql(['what did grocery bring in during 2025?', 'and back in 2023?'])).toEqual(
      sql(['what did grocery bring in during 2025?', 'and in 2023?']),
    );
    expect(sql(['sales of furniture in 2025', 'how about going back to 2023'])).toEqual(
      sql(['sales of furniture in 2023']),
    );
  });

  it('does not drop "back" before a later period', () => {
    expect(read(['revenue 2023', 'and back in 2024?']).kind).not.toBe('plan');
  });
});

describe('"them" after a count of customers', () => {
  it('counts those customers in the new period', () => {
    expect(sql(['how many enterprise customers do we have?', 'how many of them ordered in 2025?'])).toEqual(
      sql(['how many enterprise customers ordered in 2025?']),
    );
    expect(
      sql(['how many customers are in the south?', 'and how many of those placed an order in 2024?']),
    ).toEqual(sql(['how many south customers placed an order in 2024?']));
  });
});

describe('a figure quoted from elsewhere, asked back', () => {
  it('asks the quote without its figure', () => {
    expect(sql(['Salesforce is showing 9,800 returns for Q1 2024 - what do we have in here?'])).toEqual(
      sql(['returns for Q1 2024']),
    );
    expect(sql(["the board deck had revenue at 40M for 2025. what's the real number?"])).toEqual(
      sql(['revenue for 2025']),
    );
    expect(sql(['someone told me the north did 12k orders in 2024, can you check?'])).toEqual(
      sql(['orders in the north in 2024']),
    );
    expect(plan(['Looker says AOV was $510 in 2024; what do you get?']).quoted).toBe(true);
    expect(
      sql(["my VP saw 'roughly 1.1M orders' on some dashboard - how many orders do we actually have?"]),
    ).toEqual(sql(['how many orders do we have?']));
  });

  it('refuses a quote that names no measure (which figure "did 40M" is would be a guess)', () => {
    expect(read(['someone told me the west did 40M in 2024, can you check?']).kind).toBe('refuse');
  });
});

describe('"what did X do" with no measure and no comparison', () => {
  it('states both its revenue and its orders', () => {
    expect(sql(['what did the south do in 2025?'])).toEqual(
      sql(['revenue and orders for the south in 2025']),
    );
    expect(sql(['how did electronics do last year'])).toEqual(
      sql(['revenue and orders for electronics last year']),
    );
  });

  it('keeps a measure it names', () => {
    expect(plan(['how did revenue do in 2025']).measures).toHaveLength(1);
  });
});

describe('a ranking of one value, then "in each X" of that value\'s breakdown', () => {
  it('ranks within every value, not the one named before', () => {
    const p = plan(['top category by revenue in the west in 2025', 'and in each region?']);
    expect(p.filters).toEqual([]);
    expect(p.perGroup?.item?.column).toBe('category');
  });
});
