import { describe, expect, it } from '@jest/globals';
import { readEndGap } from '../../functions/agent/planner/end-gap';
import { readUnitSoFar } from '../../functions/agent/planner/unit-so-far';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Period over period and the scope words around it (tuning-17-periods.ts), on the demo model: a scope aside beside
 * a change ("..., 2025? all regions") was read as a breakdown by region, "for each year" beside a change between
 * two years gave the two ends only, "yoy A -> B" gave each year against the one before, yearless halves beside a
 * year standing apart took another year, a named month "so far" was the whole month, and the lowest period "and how
 * far below the busiest" was refused.
 */
const AFTER = '2026-04-15';
const INSIDE = '2025-08-20';

const columns = (question: string, today = AFTER) =>
  demoPlan([question], today).dimensions.map((d) => d.column);
const labels = (question: string, today = AFTER) => demoPlan([question], today).compare?.map((p) => p.label);

describe('a scope aside beside a change', () => {
  it.each([
    'whats the yoy % change in average order value, 2024 -> 2025? all regions',
    'percent change in revenue, 2024 vs 2025, across every region',
    'Average order value 2023 vs 2025, % change? all categories',
    'what was the y/y growth in revenue for 2024 (over 2023)? whole company, every region together',
    'revenue in 2025 across all regions',
    'All regions: orders by month in 2025',
  ])('%s: the whole, no breakdown', (question) => {
    expect(columns(question)).toEqual([]);
  });

  it.each([
    ['yoy % change in avg order value 2024 -> 2025 for each region', ['region']],
    ['revenue 2025 for all regions', ['region']],
    ['revenue growth 2023 to 2024 by category, as a percentage', ['category']],
  ])('%s: a breakdown', (question, expected) => {
    expect(columns(question)).toEqual(expected);
  });

  it.each([
    'yoy % change in revenue 2024 -> 2025 with all regions',
    'which category grew the most from 2024 to 2025 in all regions?',
  ])('%s: refused, saying both readings', (question) => {
    const read = demoReading([question], AFTER);
    expect(read.kind).toBe('refuse');
    expect(JSON.stringify(read)).toMatch(/together or each one separately/);
  });

  it('reads "yoy A -> B" as the one change from A to B', () => {
    expect(labels('whats the yoy % change in average order value, 2024 -> 2025? all regions')).toEqual([
      '2024',
      '2025',
    ]);
    expect(labels('order count yoy from 2024 to 2025 in %')).toEqual(['2024', '2025']);
  });
});

describe('each unit between two compared periods', () => {
  it.each([
    [
      'Did returns go up or down between 2023 and 2025? show me the count for each year',
      '2023-01-01',
      '2026-01-01',
    ],
    ['how did revenue move between 2023 and 2025 - year by year please', '2023-01-01', '2026-01-01'],
    ['avg order value 2023 vs 2025: did it rise or fall? show every year', '2023-01-01', '2026-01-01'],
    ['from Q1 to Q4 of 2024 did revenue go up or down? list every quarter', '2024-01-01', '2025-01-01'],
  ])('%s: every unit of the span with its change', (question, from, to) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.compare).toBeUndefined();
    expect(plan.range && { from: plan.range.from, to: plan.range.to }).toEqual({ from, to });
    expect(plan.grain).toBeDefined();
    expect(plan.change).toBeDefined();
  });

  it('keeps two neighbours compared', () => {
    expect(labels('returns 2024 vs 2025, up or down? count for each year')).toEqual(['2024', '2025']);
  });
});

describe('halves and quarters with a year standing apart', () => {
  it.each([
    ['how did H2 compare to H1 in orders, 2024?', ['H1 2024', 'H2 2024']],
    ['Q4 over Q3 growth in orders, last year', ['Q3 2025', 'Q4 2025']],
    ['second half vs first half of 2023, revenue - up or down?', ['H1 2023', 'H2 2023']],
  ])('%s', (question, expected) => {
    expect(labels(question)).toEqual(expected);
  });
});

describe('a period so far', () => {
  it('reads today’s month or quarter named and so far as the period to date', () => {
    expect(readUnitSoFar('orders in August so far, vs a year ago', INSIDE)).toBe(
      'orders in this month so far, vs a year ago',
    );
    expect(readUnitSoFar('Q3 to date revenue', INSIDE)).toBe('this quarter so far revenue');
    expect(readUnitSoFar('orders in July so far', INSIDE)).toBe('orders in July so far');
  });

  it.each([
    ['orders in August so far, compared to the same stretch a year ago', '2024-08-01'],
    ['how is revenue tracking this month vs the same point last month?', '2025-07-01'],
    ['orders month-to-date compared with the same days of last month', '2025-07-01'],
  ])('%s: the same days before', (question, from) => {
    const compare = demoPlan([question], INSIDE).compare;
    expect(compare?.map((p) => [p.from, p.to])).toEqual([
      [from, from.replace(/-01$/, '-21')],
      ['2025-08-01', '2025-08-21'],
    ]);
  });
});

describe('the lowest period and how far below the busiest', () => {
  it('is said as both ends and their gap', () => {
    expect(
      readEndGap('which month of 2025 had the fewest orders, and how far below the busiest was it?'),
    ).toBe('which month of 2025 had the fewest orders, and by how much over the highest?');
    expect(readEndGap('worst month for revenue in 2023 and the gap to the top month')).toBe(
      'worst month for revenue in 2023, and by how much over the highest',
    );
    // A gap asked as a percent stays as asked.
    const percent = 'lowest revenue quarter of 2025 - what % below the top quarter was it?';
    expect(readEndGap(percent)).toBe(percent);
  });

  it.each([
    'what was our quietest month of 2024 for orders, and how many fewer than the peak month?',
    'slowest quarter of 2024 by revenue and how far behind the best quarter',
  ])('%s: every period ranked, both ends', (question) => {
    expect(demoPlan([question], AFTER).top).toEqual(expect.objectContaining({ n: 0, span: true }));
  });
});
