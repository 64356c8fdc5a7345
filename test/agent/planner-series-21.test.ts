import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { readSeriesWindow } from '../../functions/agent/planner/series-windows';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Series-shaped second-order questions (tuning set 21): a window over a breakdown by period (a running or
 * year-to-date total, an N-period moving average), a period two years back, the days between a customer's
 * consecutive orders. The window's words are read away and the rest read as ever; what is not a plain series keeps
 * its ordinary reading. (Answers on the sample: tuning set 21 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-12-16';

describe('the window words of a question', () => {
  it.each([
    ['cumulative revenue by month in 2025', { kind: 'running' }, 'revenue by month in 2025'],
    ['running total of orders by quarter for 2024', { kind: 'running' }, 'orders by quarter for 2024'],
    ['revenue by month in 2025 as a running total', { kind: 'running' }, 'revenue by month in 2025'],
    [
      'YTD revenue at the end of each month of 2024',
      { kind: 'running', reset: 'year' },
      'revenue each month of 2024',
    ],
    ['3-month moving average of revenue in 2025', { kind: 'moving', n: 3, unit: 'month' }, 'revenue in 2025'],
    [
      'rolling 3 month avg of order count, by month, for 2024',
      { kind: 'moving', n: 3, unit: 'month' },
      'order count, by month, for 2024',
    ],
    [
      'quarterly revenue in 2025 with a 4-quarter moving average',
      { kind: 'moving', n: 4, unit: 'quarter' },
      'quarterly revenue in 2025',
    ],
    [
      'running total of revenue by month in 2024, separately for each region',
      { kind: 'running' },
      'revenue by month in 2024, for each region',
    ],
  ])('%s', (question, window, text) => {
    // Act
    const read = readSeriesWindow(question);

    // Assess
    expect(read).toEqual({ window, text, bare: false });
  });

  it('reads a follow-up that is only the window as bare', () => {
    expect(readSeriesWindow('cumulative please')?.bare).toBe(true);
    expect(readSeriesWindow('now show that as a running total')?.bare).toBe(true);
    expect(readSeriesWindow('add a 3-month rolling average')?.bare).toBe(true);
  });

  it.each([
    'monthly order count for 2024 (not cumulative)',
    'exponentially weighted moving average of weekly revenue in 2025',
    'a moving average of revenue by month',
    'YTD orders vs the same period last year',
    'YTD revenue by month',
    'revenue for the rolling 12 months to end of Sept 2025',
  ])('reads no window in %s', (question) => {
    expect(readSeriesWindow(question)).toBeUndefined();
  });
});

describe('a window over a plain series', () => {
  it('wraps the series in a running total from the range start', () => {
    // Act
    const plan = demoPlan(['cumulative revenue by month in 2025'], TODAY);

    // Assess
    expect(plan).toMatchObject({ grain: 'month', window: { kind: 'running' } });
    expect(plan.range?.from).toBe('2025-01-01');
    const { sql, title } = queryFor(plan);
    expect(sql).toContain('SUM(v) OVER (ORDER BY month ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)');
    expect(title).toContain('with the running total from 2025-01');
  });

  it('restarts a year to date at each year and keeps the breakdown apart', () => {
    const ytd = queryFor(demoPlan(['year-to-date order count by month for 2023, toys only'], TODAY));
    expect(ytd.sql).toContain("PARTITION BY date_trunc('year', month)");
    const regions = queryFor(demoPlan(['running total of revenue by month in 2024, per region'], TODAY));
    expect(regions.sql).toMatch(/PARTITION BY \w+ ORDER BY month/);
  });

  it('reads a moving average back before the range, with how many periods each is over', () => {
    // Act
    const plan = demoPlan(['3-month moving average of revenue in 2025'], TODAY);
    const { sql, title } = queryFor(plan);

    // Assess
    expect(plan).toMatchObject({ grain: 'month', window: { kind: 'moving', n: 3, unit: 'month' } });
    expect(sql).toContain("created_at >= '2024-11-01'");
    expect(sql).toContain("WHERE month >= '2025-01-01'");
    expect(sql).toContain('ROWS BETWEEN 2 PRECEDING AND CURRENT ROW');
    expect(sql).toContain('COUNT(*) OVER');
    expect(title).toContain('3-month moving average');
  });

  it('wraps the previous series when the follow-up is only the window', () => {
    const plan = demoPlan(['orders per quarter in 2024 for furniture', 'cumulative please'], TODAY);
    expect(plan).toMatchObject({ grain: 'quarter', window: { kind: 'running' } });
    expect(plan.filters.map((f) => f.values)).toEqual([['furniture']]);
  });

  it('keeps the window over a follow-up series, and reads the earlier question without it', () => {
    // ("and for the east?" read against a refused first question was the number of orders in the east.)
    const east = demoPlan(['cumulative revenue by month in 2025', 'and for the east?'], TODAY);
    expect(east).toMatchObject({ grain: 'month', window: { kind: 'running' } });
    expect(east.filters.map((f) => f.values)).toEqual([['east']]);
    expect(east.range?.label).toBe('2025');
    const top = demoPlan(['3-month moving average of revenue in 2025', 'which month was highest?'], TODAY);
    expect(top.window).toBeUndefined();
    expect(top).toMatchObject({ grain: 'month', top: { n: 1, direction: 'desc' } });
  });

  it('leaves what is no plain series to the ordinary reading', () => {
    // (A largest order does not add up (an average does, from its sum: planner-glosses-22.test.ts); a per-customer
    // total is no series; a moving window of another unit.)
    expect(demoReading(['cumulative largest order amount by month in 2025'], TODAY)).not.toMatchObject({
      kind: 'plan',
      plan: { window: expect.anything() },
    });
    expect(demoReading(['customers whose cumulative spend is above 30000'], TODAY)).not.toMatchObject({
      kind: 'plan',
      plan: { window: expect.anything() },
    });
    expect(demoReading(['3-month moving average of revenue by quarter in 2025'], TODAY)).not.toMatchObject({
      kind: 'plan',
      plan: { window: expect.anything() },
    });
  });
});

describe('a period two years back and the change from the period before', () => {
  it.each([
    ['Q3 2025 revenue vs the same quarter two years earlier', ['Q3 2023', 'Q3 2025']],
    // ("2 years earlier" after a named year counts back from it, never from today: was Q3 2024.)
    ['Q3 2025 revenue vs Q3 2 years earlier', ['Q3 2023', 'Q3 2025']],
    ['orders in March 2025 compared with March two years before', ['March 2023', 'March 2025']],
  ])('reads %s two years back', (question, labels) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.compare?.map((p) => p.label)).toEqual(labels);
  });

  it('refuses "2 years earlier" with no unit to pair', () => {
    expect(demoReading(['revenue in 2025 vs 2 years earlier'], TODAY).kind).toBe('refuse');
  });

  it('reads "the change from the month before" after a series as each month against its previous', () => {
    const plan = demoPlan(
      ['revenue by month for Q3 2024', 'and the change from the month before, in $ and %'],
      TODAY,
    );
    expect(plan).toMatchObject({ grain: 'month', change: { rank: 'percent' } });
    expect(plan.range?.label).toBe('Q3 2024');
  });
});

describe('days between a customer’s orders', () => {
  it.each([
    ["average number of days between a customer's orders", 'each', undefined],
    ['avg days between orders per region', 'each', 'region'],
    ['avg days from first to second order', 'first-second', undefined],
  ])('%s', (question, pair, by) => {
    // Act
    const plan = demoPlan([question], TODAY);

    // Assess
    expect(plan.perEntity).toMatchObject({ kind: 'days-between', stat: 'avg', pair });
    const p = plan.perEntity?.kind === 'days-between' ? plan.perEntity : undefined;
    expect(p?.by?.column).toBe(by);
    expect(queryFor(plan).sql).toContain('LAG(EXTRACT(EPOCH FROM created_at)) OVER (PARTITION BY');
  });

  it('keeps a filter of the customer and refuses a list by customer', () => {
    const plan = demoPlan(
      ['on average how many days pass between consecutive orders of enterprise customers?'],
      TODAY,
    );
    expect(plan.filters.map((f) => f.values)).toEqual([['enterprise']]);
    expect(demoReading(['avg days between orders by customer'], TODAY).kind).toBe('refuse');
  });
});
