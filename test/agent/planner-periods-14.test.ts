import { describe, expect, it } from '@jest/globals';
import { readFirstStep } from '../../functions/agent/planner/first-step';
import { pairedPeriods } from '../../functions/agent/planner/paired-periods';
import { rephrase } from '../../functions/agent/planner/phrases';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * The planner's readings of tuning set 14 (issue 29): each quarter or month of a year against the same one of the
 * year before (paired-periods.ts), a year's first step against the period before said aloud (first-step.ts), the
 * groups with more or fewer of something in one year than another (period-comparatives.ts), the most and the
 * fewest asked together, a holiday "last" year, and "how many fewer" as the size of a change. Answers on the sample
 * are judged by tuning set 14 in planner-tuning-6.test.ts; here, how each is read.
 */
const TODAY = '2026-03-10';
const plan = (...questions: string[]): Plan => demoPlan(questions, TODAY);

describe('each quarter or month against the same one of the year before', () => {
  it.each([
    ['2024 orders by quarter, each vs the same qtr in 2023 (% change)', 'quarter', '2023', '2024'],
    [
      'can u show 2025 revenue per quarter + the % change from the same quarter of 2024',
      'quarter',
      '2024',
      '2025',
    ],
    [
      'for every month of 2025 show me revenue and how it compares to the same month of 2024',
      'month',
      '2024',
      '2025',
    ],
    ['order count per quarter in 2024 vs the corresponding quarter of 2023', 'quarter', '2023', '2024'],
    [
      'avg order value each quarter of 2025 compared with the same quarter the year before',
      'quarter',
      '2024',
      '2025',
    ],
  ])('%s', (asked, grain, earlier, later) => {
    const read = plan(asked);
    expect(read.grain).toBe(grain);
    expect(read.change).toBeDefined();
    expect(read.compare?.map((p) => p.label)).toEqual([earlier, later]);
    const { sql } = queryFor(read);
    // Each bucket placed by its months from its own period's start, the two values of a place side by side.
    expect(sql).toContain(`EXTRACT(MONTH FROM ${grain})`);
    expect(sql).toMatch(/GROUP BY place/);
    expect(sql).toMatch(/b - a AS change/);
  });

  it('pairs only periods of one length cut into whole units', () => {
    const year = (y: number) => ({ label: `${y}`, from: `${y}-01-01`, to: `${y + 1}-01-01` });
    expect(pairedPeriods({ grain: 'quarter', compare: [year(2024), year(2025)] })).toBeDefined();
    const h1 = { label: 'H1 2025', from: '2025-01-01', to: '2025-07-01' };
    expect(pairedPeriods({ grain: 'quarter', compare: [year(2024), h1] })).toBeUndefined();
    expect(pairedPeriods({ grain: 'week', compare: [year(2024), year(2025)] })).toBeUndefined();
    const q1 = { label: 'Q1 2025', from: '2025-01-01', to: '2025-04-01' };
    const q1before = { label: 'Q1 2024', from: '2024-01-01', to: '2024-04-01' };
    // (One quarter each: nothing to pair but the wholes.)
    expect(pairedPeriods({ grain: 'quarter', compare: [q1before, q1] })).toBeUndefined();
  });

  it('still refuses each unit against another period it cannot pair', () => {
    const read = demoReading(['revenue per quarter, 2025 vs H1 2024, % change'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

describe("a year's first step against the period before, said aloud", () => {
  it.each([
    [
      'Which month in 2024 had the biggest drop in number of orders compared to the month before it (Jan counts vs Dec 2023)?',
      'Which month in 2024 had the biggest drop in number of orders compared to the month before it?',
    ],
    [
      'QoQ revenue growth for each quarter of 2025 (Q1 vs Q4 of 2024 too)',
      'QoQ revenue growth for each quarter of 2025',
    ],
    [
      'month over month change in order count for jan-apr 2025, counting january against dec 2024',
      'month over month change in order count for jan-apr 2025',
    ],
    [
      "what was 2025's worst month-on-month drop in number of orders, jan vs the prior december included?",
      "what was 2025's worst month-on-month drop in number of orders?",
    ],
  ])('%s', (asked, read) => {
    expect(readFirstStep(asked)).toBe(read);
  });

  it('reads the change over the range, reaching one period before it', () => {
    const read = plan('QoQ revenue growth for each quarter of 2025 (Q1 vs Q4 of 2024 too)');
    expect(read.compare).toBeUndefined();
    expect(read.range).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
    expect(queryFor(read).sql).toContain("created_at >= '2024-10-01'");
  });

  it.each([
    // Not the year before the one asked, no change against the period before, or a month with a quarter.
    'month over month change in 2025 (Jan vs Dec 2023)',
    'revenue in 2025 (Jan vs Dec 2024)',
    'MoM orders in 2025 (Jan vs Q4 2024)',
  ])('leaves other asides: %s', (asked) => {
    expect(readFirstStep(asked)).toBe(asked);
  });
});

describe('the groups with more or fewer in one year than in another', () => {
  it.each([
    ['which categories had more cancelled orders in 2024 than in 2023?', 'up', 'count'],
    ['what regions sold less in 2025 than in 2024?', 'down', 'total_amount'],
    ['did any product categories get fewer returns in 2025 than 2024? which ones', 'down', 'count'],
    // (More in the earlier year: it fell to the later one.)
    ['which regions had more orders in 2023 than in 2025?', 'down', 'count'],
  ])('%s', (asked, only, measure) => {
    const read = plan(asked);
    expect(read.change?.only).toBe(only);
    expect(read.measures[0]?.column).toBe(measure);
    expect(queryFor(read).sql).toMatch(only === 'up' ? /WHERE b > a/ : /WHERE b < a/);
  });

  it('keeps a yes-or-no comparison of two years as the two figures', () => {
    const read = plan('was revenue higher in 2025 than 2024?');
    expect(read.change?.only).toBeUndefined();
    expect(rephrase('was revenue higher in 2025 than 2024?', TODAY)).toContain('2025 vs 2024');
  });

  it('reads "more than 60 orders" as a bound, not a change', () => {
    expect(plan('how many customers had more than 60 orders in 2025').change).toBeUndefined();
  });
});

describe('the size of a change asked as a count, the most and the fewest, a holiday last year', () => {
  it('ranks "how many fewer" by the change in orders', () => {
    const read = plan(
      'biggest decline in order count by status, 2023 vs 2025 - which status and how many fewer orders',
    );
    expect(read.change?.rank).toBe('absolute');
    expect(read.top).toMatchObject({ n: 1, direction: 'asc' });
  });

  it('answers both ends for "the most ... and which the fewest"', () => {
    const read = plan('which region had the most orders in 2025 and which had the fewest?');
    expect(read.top?.span).toBe(true);
  });

  it.each([
    ['revenue since last christmas?', '2025-12-25'],
    ['order count since last thanksgiving', '2025-11-27'],
  ])('%s', (asked, from) => {
    expect(plan(asked).range?.from).toBe(from);
  });

  it('reads "last Thanksgiving" as this year\'s once it has passed', () => {
    expect(demoPlan(['sales since last thanksgiving'], '2026-12-15').range?.from).toBe('2026-11-26');
  });
});

describe('the last periods of the data', () => {
  it.each([
    'revenue for the last 5 quarters in the data, per quarter',
    'monthly order counts for the final 6 months we have data for',
    'show orders by quarter for the most recent 3 quarters of data',
  ])('%s', (asked) => {
    expect(plan(asked).range?.ofData).toBe(true);
  });

  it('keeps "the last 6 months" of no data words against today', () => {
    expect(plan('orders in the last 6 months').range?.ofData).toBeUndefined();
  });
});

describe('"the month after that one" in a thread', () => {
  it('steps to the unit after the previous period, not to the time since it', () => {
    expect(plan('orders in oct 2025?', 'what about the month after that one?').range).toMatchObject({
      from: '2025-11-01',
      to: '2025-12-01',
    });
  });

  it('keeps "and since then?" as the time since the previous period', () => {
    expect(plan('orders in dec 2025', 'and since then?').range?.from).toBe('2026-01-01');
  });
});
