import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { readTrailingMonths } from '../../functions/agent/planner/trailing-months';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Period shapes (tuning-19-periods.ts), on the demo model: "the 12 months ending March 31 2026", "TTM as of end of
 * June 2025", "rolling 12 months to end of Sept 2025" were refused or read from today; "1 March 2025" was refused;
 * "what did our 4 weakest months add up to" listed the months without their sum.
 */
const TODAY = '2026-04-14';

const range = (question: string, today = TODAY) => {
  const r = demoPlan([question], today).range;
  return r && [r.from, r.to];
};

describe('a span of months ending on a date', () => {
  it.each([
    ['Sales for the 12 months ending Feb 28 2026?', ['2025-03-01', '2026-03-01']],
    ['trailing twelve months order count ending 31 January 2026', ['2025-02-01', '2026-02-01']],
    ["my region's revenue for the 12 months ending 2026-03-31", ['2025-04-01', '2026-04-01']],
    ['TTM revenue as of end of June 2025', ['2024-07-01', '2025-07-01']],
    ['LTM orders through Sept 2025', ['2024-10-01', '2025-10-01']],
    ['orders, rolling 12 months to end of Sept 2025', ['2024-10-01', '2025-10-01']],
    ['how much revenue in the twelve months through 30 November 2025?', ['2024-12-01', '2025-12-01']],
    ['revenue for the year ending March 15 2025', ['2024-03-16', '2025-03-16']],
    ['orders in the 6 months ended june 2025', ['2025-01-01', '2025-07-01']],
    ['aov over the last 3 months to the end of december 2024', ['2024-10-01', '2025-01-01']],
  ])('%s', (question, expected) => {
    expect(range(question)).toEqual(expected);
  });

  it('leaves a bare TTM to the reading from today', () => {
    expect(readTrailingMonths('TTM revenue')).toBe('TTM revenue');
  });

  it('keeps a date that is no real day as asked', () => {
    expect(readTrailingMonths('revenue for the 12 months ending Feb 30 2026')).toBe(
      'revenue for the 12 months ending Feb 30 2026',
    );
    expect(readTrailingMonths('orders on 31 April 2025')).toBe('orders on 31 April 2025');
  });
});

describe('a date written day first', () => {
  it.each([
    ['orders since 1 March 2025?', ['2025-03-01', '2026-04-15']],
    ['revenue from 3 February 2024 to 10 March 2024 inclusive', ['2024-02-03', '2024-03-11']],
    ['how many orders were placed on 14 July 2025', ['2025-07-14', '2025-07-15']],
    ['orders on the 2nd of january, 2024', ['2024-01-02', '2024-01-03']],
  ])('%s', (question, expected) => {
    expect(range(question)).toEqual(expected);
  });

  it('still refuses an unknown word beside such a date', () => {
    expect(demoReading(['gross margin since 1 March 2025'], TODAY).kind).not.toBe('plan');
  });
});

describe('the best or worst months added up', () => {
  it.each([
    'what did our 4 weakest months of 2023 add up to in sales?',
    'what do the 3 best months of 2024 add up to?',
    'our 3 strongest months of 2025 put together - combined revenue?',
  ])('%s: one sum of the ranked months', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.share?.total).toBe(true);
    expect(plan.share?.top?.n).toBeGreaterThan(1);
  });
});

describe('several periods joined into one figure', () => {
  it.each([
    ['how many orders did we get in june or july 2025, combined?', ['2025-06-01', '2025-08-01']],
    ['number of cancelled orders in Feb, Mar or Apr 2025 (one number)', ['2025-02-01', '2025-05-01']],
    ['orders in Oct, Nov or Dec 2025', ['2025-10-01', '2026-01-01']],
    ['q1 and q2 2024 revenue together', ['2024-01-01', '2024-07-01']],
  ])('%s: the periods next to each other as one span', (question, expected) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.compare).toBeUndefined();
    expect(range(question)).toEqual(expected);
  });

  it.each([
    ['total revenue across Jan, Mar and May 2024', ['January 2024', 'March 2024', 'May 2024']],
    ['orders in march or september 2025, in total', ['March 2025', 'September 2025']],
  ])('%s: a set of periods apart, one figure over them', (question, expected) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.compare).toBeUndefined();
    expect(plan.anyOf?.map((p) => p.label)).toEqual(expected);
  });

  it.each([
    'which had more orders, june or july 2025',
    'orders in jan and mar 2025',
    'revenue june vs july 2025, combined with the change',
    'orders in each of june or july 2025',
  ])('%s: the periods stay apart', (question) => {
    const read = demoReading([question], TODAY);
    if (read.kind === 'plan') expect(read.plan.anyOf).toBeUndefined();
  });
});

describe('a running total over a series', () => {
  it.each([
    'cumulative order count month by month in 2023',
    'running total of sales by month for 2025',
    'revenue by quarter in 2024, cumulatively',
  ])('%s: a running total beside each period (series-windows.ts), not each period on its own', (question) => {
    const reading = demoReading([question], TODAY);
    expect(reading.kind).toBe('plan');
    if (reading.kind === 'plan') expect(queryFor(reading.plan).sql).toMatch(/SUM\(v\) OVER \(.*ORDER BY/);
  });

  it('keeps "cumulative" over one span one figure', () => {
    expect(range('total cumulative revenue 2023 to 2025')).toEqual(['2023-01-01', '2026-01-01']);
  });
});

describe('a share of parts of the year asked as "how much of that, as a percent"', () => {
  it.each([
    ['2023 revenue', 'how much of that was Q3 + Q4 combined, as a percentage', ['2023-07-01', '2024-01-01']],
    ['2023 revenue', 'how much of that was Q4, as a percent', ['2023-10-01', '2024-01-01']],
    ['total orders 2024', 'how much of it came in H2, in %?', ['2024-07-01', '2025-01-01']],
    ['2023 revenue', 'what % of that was Q3 + Q4 combined', ['2023-07-01', '2024-01-01']],
  ])('%s → %s: the share of that part', (first, second, part) => {
    const plan = demoPlan([first, second], TODAY);
    const period = plan.share?.rows?.period;
    expect(period && [period.from, period.to]).toEqual(part);
  });

  it('leaves "how much of that was Q4" without a percent word to the other readings', () => {
    const read = demoReading(['2023 revenue', 'how much of that was Q4'], TODAY);
    if (read.kind === 'plan') expect(read.plan.share).toBeUndefined();
  });
});
