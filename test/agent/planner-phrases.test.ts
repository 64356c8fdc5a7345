import { describe, expect, it } from '@jest/globals';
import { rephrase, valueBesideMeasure } from '../../functions/agent/planner/phrases';

/** Phrases read before the words are matched (functions/agent/planner/phrases.ts; README, "What the analyst understands"). */
describe('planner phrases', () => {
  it.each([
    ['revenue per product category, 2023 next to 2024', 'revenue per product category, 2023 vs 2024'],
    [
      "What's our revenue for toys in March 2025? to the cent please",
      "What's our revenue for toys in March 2025?   please",
    ],
    ['orders in Q1 2024 for the spreadsheet Dana asked for', 'orders in Q1 2024  '],
    ['revenue from orders under $20 on 2024-11-29', 'revenue from orders under $20 on november 29 2024'],
    [
      'per quarter of 2025, which region led in revenue?',
      'per quarter of 2025, which region had the most revenue?',
    ],
    ['cheapest order per region', 'smallest order per region'],
  ])('%s', (question, read) => {
    expect(rephrase(question)).toBe(read);
  });

  it('leaves words that may name data as asked', () => {
    // "next to" between no periods, an invalid ISO day, a person's name outside an audience clause.
    for (const q of ['stores next to the warehouse', 'orders on 2024-13-45', 'orders Dana placed'])
      expect(rephrase(q)).toBe(q);
  });

  it('reads a value noun after "and" beside a measure as a second figure, not as a filter', () => {
    const measures = new Set(['revenue', 'total', 'amount']);
    expect(valueBesideMeasure('revenue and returns by region', { returned: 'returned' }, measures)).toMatch(
      /"returns" \(read as returned\)/,
    );
    expect(valueBesideMeasure('revenue from returns', { returned: 'returned' }, measures)).toBeUndefined();
    expect(valueBesideMeasure('revenue with returns', { returned: 'returned' }, measures)).toBeUndefined();
  });
});
