import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from the lead's probes of 2026-11-28 (tuning-21-probed.ts): values compared over a span of
 * years, a time unit ranked "of" its year, and each period's shares of its own whole.
 */
const TODAY = '2027-06-23';
const plan = (question: string) => demoPlan([question], TODAY);
const sql = (question: string) => queryFor(plan(question)).sql;

describe('values compared over a span', () => {
  it.each([
    'compare electronics vs toys revenue 2023 to 2025 by year',
    'electronics vs toys revenue by year 2023-2025',
    'compare north and south orders 2023 through 2025 by year',
  ])('"%s" spans 2023 to 2025, every year', (question) => {
    const p = plan(question);
    expect(p.compare).toBeUndefined();
    expect(p.range).toMatchObject({ from: '2023-01-01', to: '2026-01-01' });
    expect(p.grain).toBe('year');
  });

  it.each([
    'toys revenue 2023 vs 2025',
    'electronics vs toys revenue 2023 vs 2025',
    '2023 vs 2025 revenue by category',
  ])('"%s" still compares the two years', (question) => {
    expect(plan(question).compare?.map((p) => p.label)).toEqual(['2023', '2025']);
  });
});

describe('a time unit ranked "of" its year', () => {
  it('"the month of 2025 with the most orders" is the top month of 2025', () => {
    const p = plan('the month of 2025 with the most orders');
    expect(p.grain).toBe('month');
    expect(p.top).toMatchObject({ n: 1, direction: 'desc' });
    expect(p.range).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
  });

  it.each([
    'for each category, the month of 2025 with the highest revenue',
    'in every region, the quarter of 2024 that had the lowest revenue',
  ])('"%s" is the top unit within each group', (question) => {
    const p = plan(question);
    expect(p.perGroup).toBeDefined();
    expect(p.dimensions).toHaveLength(1);
  });
});

describe("each period's shares are of its own whole", () => {
  it('two periods compared: the whole is partitioned by period', () => {
    expect(sql('share of revenue by category in Q4 2025 vs Q4 2024')).toMatch(
      /m AS part, SUM\(m\) OVER \(PARTITION BY period\) AS whole/,
    );
  });

  it('a breakdown over time: the whole is each unit of time', () => {
    expect(sql("each region's share of orders by year")).toMatch(
      /SUM\(m\) OVER \(PARTITION BY year\) AS whole/,
    );
  });

  it('a share of the periods themselves is of the whole span', () => {
    expect(sql('share of revenue by month in 2025')).toMatch(/\(SELECT SUM\(m\) FROM t\) AS whole/);
  });
});

describe('the change of a share or a rate between two periods', () => {
  it('"how did the return rate change from 2024 to 2025": each year\'s rate of orders and the change in points', () => {
    const p = plan('how did the return rate change from 2024 to 2025');
    expect(p.share?.part?.values).toEqual(['returned']);
    expect(p.measures[0]?.column).toBe('count');
    expect(p.change?.rank).toBe('absolute');
    const q = queryFor(p);
    expect(q.sql).toMatch(/round\(b - a, 2\) AS change_points/);
    expect(q.title).toMatch(/percentage points/);
  });

  it.each([
    'share of revenue by category in Q4 2025 vs Q4 2024 (pp change)',
    "how did each category's share of revenue change from 2024 to 2025, in percentage points",
    'percentage point change in the cancel rate, 2024 to 2025, by segment',
  ])('"%s" is a share change, its points words read', (question) => {
    const p = plan(question);
    expect(p.share).toBeDefined();
    expect(p.compare).toHaveLength(2);
    expect(sql(question)).toMatch(/AS change_points/);
  });

  it('ranks the rows by the change in points ("rose the most")', () => {
    expect(sql("which region's return rate rose the most from 2024 to 2025")).toMatch(
      /ORDER BY b - a DESC LIMIT/,
    );
  });

  it('"% change in revenue" is still the change of the revenue', () => {
    expect(sql('% change in revenue 2024 to 2025')).not.toMatch(/change_points/);
  });

  it('a rate over a breakdown in time is no change of two periods: refused', () => {
    expect(demoReading(['how did the return rate change by month in 2025'], TODAY).kind).toBe('refuse');
  });
});

describe("a share beside a change, and the top rows' share", () => {
  it('"which category\'s share of revenue grew the most" ranks the change in points', () => {
    const p = plan("which category's share of revenue grew the most from 2024 to 2025");
    expect(p.share?.top).toBeUndefined();
    expect(sql("which category's share of revenue grew the most from 2024 to 2025")).toMatch(
      /ORDER BY b - a DESC LIMIT/,
    );
  });

  it.each([
    'what percent of orders were returned in 2024 vs 2025 and how did it change',
    'what % of revenue came from the west in 2024 and 2025, and the change',
  ])('"%s": "% of" is a share, its change in points', (question) => {
    expect(plan(question).share).toBeDefined();
    expect(sql(question)).toMatch(/AS change_points/);
  });

  it('"in percentage terms" (rephrased as "percent of which ...") is still the percent change of the measure', () => {
    expect(
      sql("Which product category's sales shrank the most between 2023 and 2025, in percentage terms?"),
    ).toMatch(/change_percent/);
  });

  it('"percent change of west revenue" is still the percent change of the revenue', () => {
    expect(sql('percent change of west revenue 2024 to 2025')).toMatch(/change_percent/);
  });

  it("the change of the top rows' combined share is refused, not each row's change ranked", () => {
    expect(
      demoReading(["how did the top 10 customers' share of revenue change from 2024 to 2025"], TODAY).kind,
    ).toBe('refuse');
  });
});
