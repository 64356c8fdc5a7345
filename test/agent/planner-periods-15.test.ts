import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { readRelativeSpans } from '../../functions/agent/planner/relative-spans';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Relative spans in shorthand (relative-spans.ts), halves without a year (dates.ts) and the biggest swing of a
 * change either way (readings.ts, sql-second.ts), on the demo model. "from August to now" was August alone (a
 * period silently shortened), "TTM" and "rolling 90 days" were refused, "H1 vs H1 last year" too, and "the biggest
 * swing" was refused.
 */
const AFTER = '2026-02-18';
const INSIDE = '2025-08-20';
const rangeOf = (question: string, today = AFTER) => {
  const plan = demoPlan([question], today);
  return plan.range && { from: plan.range.from, to: plan.range.to };
};

describe('relative spans in shorthand', () => {
  it.each([
    ['TTM revenue?', { from: '2025-02-01', to: '2026-02-01' }],
    ['ltm orders in the east', { from: '2025-02-01', to: '2026-02-01' }],
    ['trailing twelve months revenue', { from: '2025-02-01', to: '2026-02-01' }],
    ['how many orders over a rolling 90 days', { from: '2025-11-20', to: '2026-02-18' }],
    ['revenue on a rolling 60-day basis', { from: '2025-12-20', to: '2026-02-18' }],
    ['sales for the past couple of months', { from: '2025-12-01', to: '2026-02-01' }],
    ['orders over the last couple quarters', { from: '2025-07-01', to: '2026-01-01' }],
  ])('%s: the trailing span before today', (question, range) => {
    expect(rangeOf(question)).toEqual(range);
  });

  it('reads a rolling window inside the data as the days before today', () => {
    expect(rangeOf('rolling 30 day revenue', INSIDE)).toEqual({ from: '2025-07-21', to: '2025-08-20' });
  });

  it.each([
    ['how many orders from august to now', '2025-08-01'],
    ['total sales between september and now', '2025-09-01'],
    ['orders between oct and today', '2025-10-01'],
    ['revenue from november through today', '2025-11-01'],
    ['furniture revenue june till date', '2025-06-01'],
  ])('%s: since that month, through today (never the month alone)', (question, from) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.range?.from).toBe(from);
    expect(plan.range?.to).toBe('2026-02-19');
  });

  it('leaves a rolling series or a moving average alone (refused, not one span)', () => {
    expect(readRelativeSpans('rolling 30 day revenue by week')).toBe('rolling 30 day revenue by week');
    expect(readRelativeSpans('rolling 7 day average of orders')).toBe('rolling 7 day average of orders');
    expect(demoReading(['rolling 30 day revenue by week'], AFTER).kind).toBe('refuse');
    // ("month to date" is a unit's own span, not a month named.)
    expect(readRelativeSpans('month to date revenue')).toBe('month to date revenue');
  });
});

describe('a half without a year', () => {
  it('is the latest one that has started, and a listed one takes the year after the list', () => {
    const plan = demoPlan(['H1 revenue vs H1 last year'], AFTER);
    expect(plan.compare?.map((p) => p.label).sort()).toEqual(['H1 2025', 'H1 2026']);
    expect(demoPlan(['orders in h1'], INSIDE).range?.label).toBe('H1 2025');
    expect(demoPlan(['H1 vs H2 2024 revenue'], AFTER).compare?.map((p) => p.label)).toEqual([
      'H1 2024',
      'H2 2024',
    ]);
  });
});

describe('the biggest swing', () => {
  it.each([
    ['which region had the largest swing in revenue from 2024 to 2025?', 'DESC'],
    ['biggest mover by category in order count 2024 vs 2025', 'DESC'],
    ['which status swung the most in order count 2024 vs 2025', 'DESC'],
    ['which category had the smallest swing in revenue 2024 vs 2025?', 'ASC'],
  ])('%s: ranked by the size of the change either way', (question, direction) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.change).toMatchObject({ rank: 'absolute', magnitude: true });
    expect(plan.change?.only).toBeUndefined();
    expect(queryFor(plan).sql).toContain(`ORDER BY abs(b - a) ${direction} LIMIT 1`);
  });

  it('ranks the change over the period before by its size too', () => {
    const plan = demoPlan(['biggest month-over-month swing in revenue during 2024'], AFTER);
    expect(queryFor(plan).sql).toContain('ORDER BY abs(v - previous) DESC LIMIT 1');
  });
});

describe('a share of two back-to-back periods together', () => {
  it.each([
    ['what % of 2025 revenue came from Q3 and Q4 together?', '2025-07-01', '2026-01-01'],
    ['what % of 2025 orders came from november and december combined?', '2025-11-01', '2026-01-01'],
  ])('%s: one part, their span, of the year', (question, from, to) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.share?.rows?.period).toMatchObject({ from, to });
    expect(plan.range).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
  });

  it('refuses periods with a gap between them or set side by side', () => {
    expect(demoReading(['what % of 2025 revenue came from Q1 and Q3?'], AFTER).kind).toBe('refuse');
    expect(demoReading(['share of 2024 orders in q1 vs q2'], AFTER).kind).toBe('refuse');
  });
});

describe('a slice, a chunk or a portion of a figure', () => {
  it('is a share of it', () => {
    const plan = demoPlan(['what slice of last years revenue did our top 3 customers account for'], AFTER);
    expect(plan.share?.top).toMatchObject({ n: 3, direction: 'desc' });
    expect(demoPlan(['how big a chunk of 2024 orders were electronics?'], AFTER).share?.part).toMatchObject({
      values: ['electronics'],
    });
  });
});

describe('a share of the previous year in a follow-up', () => {
  it('reads two back-to-back periods of a breakdown by period as one part of the year, the breakdown dropped', () => {
    const thread = ['revenue by quarter for 2025', 'what share of the year did Q3 and Q4 make up together?'];
    const plan = demoPlan(thread, AFTER);
    expect(plan.share?.rows?.period).toMatchObject({ from: '2025-07-01', to: '2026-01-01' });
    expect(plan.grain).toBeUndefined();
    expect(
      demoReading(['revenue by quarter for 2025', 'what share of the year were Q1 and Q3?'], AFTER).kind,
    ).toBe('refuse');
  });
});
