import { describe, expect, it } from '@jest/globals';
import { readFirstStep } from '../../functions/agent/planner/first-step';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoReading } from './support/demo-reading';

/**
 * Period-over-period questions (tuning set 27, "periods"): a follow-up asking the previous change in another unit
 * (change-unit.ts), a span beside "compared with the month before" (periods.ts comparesStep), means per day of two
 * compared periods over their own calendar days (day-means.ts), "how much up or down" as the size of a change, a
 * status's "order value" as its sum, and breakdowns chained with a missing one refused (missing.ts). (Answers on the
 * sample: tuning set 27 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-12-16';

/** The plan of a thread, or how it was read instead. */
function planOf(questions: string[]): Plan {
  const read = demoReading(questions, TODAY);
  if (read.kind !== 'plan') throw new Error(`not answered: ${JSON.stringify(read).slice(0, 200)}`);
  return read.plan;
}

/** A plan in a few words: its measure, periods and change. */
const described = (plan: Plan) => ({
  measure: plan.measures[0]?.column,
  range: plan.range ? `${plan.range.from}/${plan.range.to}` : undefined,
  compare: plan.compare?.map((p) => p.label),
  change: plan.change?.rank,
});

describe('a follow-up asking the previous change in another unit', () => {
  it.each([
    [['revenue per quarter of 2025 vs the same quarter of 2024', 'and as a percentage?'], 'percent'],
    [['2025 orders by region vs 2024', 'and in percent?'], 'percent'],
    [
      ['revenue by category in 2024 and 2023', 'how much is that up or down in dollars for each?'],
      'absolute',
    ],
    [
      ['orders by month for Jul-Dec 2024, each compared with the month before', "what's that as % change?"],
      'percent',
    ],
    [['orders by quarter 2024 vs same quarter 2023', 'in %?'], 'percent'],
    [['revenue by region, 2025 vs 2024', 'what is that in dollars?'], 'absolute'],
  ])('%j keeps the periods and takes the change in %s', (thread, rank) => {
    // Prepare
    const before = planOf(thread.slice(0, 1));
    // Act
    const after = planOf(thread);
    // Assess
    expect(described(after)).toEqual({ ...described(before), change: rank });
  });

  it('a count asked "in dollars" is not read as its change', () => {
    const read = demoReading(['2025 orders by region vs 2024', 'and in dollars?'], TODAY);
    expect(read.kind === 'plan' ? read.plan.change?.rank : read.kind).not.toBe('absolute');
  });

  it('"as a percent?" after a breakdown with no periods compared stays a share', () => {
    expect(planOf(['revenue by region in 2025', 'as a percent?']).change).toBeUndefined();
  });
});

describe('a span beside a comparison with the unit before', () => {
  it.each([
    ['orders by month for Jul-Dec 2024, each compared with the month before', '2024-07-01/2025-01-01'],
    [
      'orders by month for July through December 2024 compared with the month before',
      '2024-07-01/2025-01-01',
    ],
    [
      'for Aug-Nov 2025, orders each month and the change from the prior month in both count and %',
      '2025-08-01/2025-12-01',
    ],
    [
      'MoM growth of average order value, Jan to Jun 2025, january measured against dec 2024',
      '2025-01-01/2025-07-01',
    ],
  ])('%s stays the span, each month against the one before', (question, span) => {
    const plan = planOf([question]);
    expect(plan.grain).toBe('month');
    expect(described(plan)).toMatchObject({ range: span, compare: undefined });
    expect(plan.change).toBeDefined();
  });

  it('"january measured against dec 2024" restates the first step and goes', () => {
    expect(
      readFirstStep('MoM growth of average order value, Jan to Jun 2025, january measured against dec 2024'),
    ).toBe('MoM growth of average order value, Jan to Jun 2025');
  });

  it.each([
    ['Q-by-Q for 2025: revenue in each quarter next to the same quarter of 2024, difference in $ and %'],
    ['compare every quarter of 2024 with its counterpart in 2023 - average order value and % change'],
  ])('%s: each quarter against the same one a year before', (question) => {
    const plan = planOf([question]);
    expect(plan.grain).toBe('quarter');
    expect(plan.compare?.length).toBe(2);
    expect(plan.change).toBeDefined();
  });
});

describe('means per day of two compared periods', () => {
  it.each([
    ['average revenue per day in December 2025 vs November 2025', [30, 31]],
    ['daily average number of orders: Dec 2024 compared to Nov 2024, % change', [30, 31]],
    ['was revenue per day higher in February 2024 or in January 2024? show both', [29, 31]],
  ])('%s divides each period by its own days', (question, divisors) => {
    // Act
    const plan = planOf([question]);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.percentile).toMatchObject({ stat: 'avg', daysEach: true });
    for (const days of divisors) expect(sql).toMatch(new RegExp(`\\b${days}\\.0\\b`));
  });

  it('"daily average revenue" of one month is its total over 31 days', () => {
    expect(planOf(['daily average revenue in December 2025']).percentile).toMatchObject({
      stat: 'avg',
      days: 31,
    });
  });

  it('a bound on the days keeps the days ("days with revenue per day higher than 500k" is no mean)', () => {
    const read = demoReading(['how many days in 2025 had revenue per day higher than 500000?'], TODAY);
    expect(read.kind === 'plan' ? read.plan.percentile : undefined).toBeUndefined();
  });
});

describe('the figure a filtered change is of', () => {
  it('"returns ... how much up or down in %" counts the returns', () => {
    const plan = planOf([
      "my region's returns by category, 2025 compared to 2024 - how much up or down in %",
    ]);
    expect(plan.measures[0]?.column).toBe('count');
  });

  it.each([
    ['cancelled order value per category: 2025 against 2024, change in $', 'total_amount'],
    ['value of returned orders in 2025', 'total_amount'],
    ['average cancelled order value in 2025', 'average_amount'],
  ])('%s is the %s', (question, column) => {
    expect(planOf([question]).measures[0]?.column).toBe(column);
  });
});

describe('a breakdown the model lacks, chained with one it has', () => {
  it.each([
    ['revenue per store per day, December vs November 2025'],
    ['revenue per day per store in December 2025'],
  ])('%s is refused, never answered without the store', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it('"by region and by marketing channel" still answers its own part', () => {
    expect(planOf(['revenue by region and by marketing channel in 2025']).missing).toEqual([
      'marketing channel',
    ]);
  });
});
