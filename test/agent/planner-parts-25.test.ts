import { describe, expect, it } from '@jest/globals';
import { periodDays, readCompoundParts } from '../../functions/agent/planner/compound-parts';
import { summedValues } from '../../functions/agent/planner/filtered-measures';
import type { FilteredMeasure } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Figures whose part or denominator is compound (tuning set 25, compound-parts.ts, filtered-measures.ts,
 * share-parts.ts): arithmetic in the ask is restated in words the planner reads, or refused when it is not their
 * figure; a condition is never dropped. (Answers on the sample: tuning set 25 (parts) in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-10-13';

const sideOf = (s: FilteredMeasure) =>
  `${s.measure.aggType}: ${s.filters.map((f) => `${f.member.column}${f.negate ? '!=' : '='}${[...f.values].sort().join('|')}`).join(', ')}`;

describe('arithmetic in the ask restated in words read', () => {
  it.each([
    ['orders per day in Q3 2025 (orders / 92 days)', 'average daily orders in Q3 2025'],
    ['orders per day in Q3 2025 (total Q3 orders / 92 days)', 'average daily orders in Q3 2025'],
    [
      'avg number of orders a day in the first half of 2025',
      'average daily orders in the first half of 2025',
    ],
    ['what was our daily order rate across 2024?', 'what was our average daily orders across 2024?'],
    [
      'what share of 2025 revenue came in Nov + Dec?',
      'what share of 2025 revenue came in november and december combined?',
    ],
    [
      'what % of 2024 orders were placed in Q1 plus Q2',
      'what % of 2024 orders were placed in Q1 and Q2 combined',
    ],
    [
      'top tenth of customers by lifetime spend (buyers / 10, rounded down) - their % of all revenue',
      'top tenth of customers by lifetime spend - their % of all revenue',
    ],
    [
      'the top quarter of 2025 buyers (count / 4, rounded down): what share of 2025 revenue did they bring?',
      'what share of 2025 revenue came from the top quarter of customers',
    ],
    [
      'what amount did only 1% of 2025 orders exceed?',
      'the 99th percentile of order amount for 2025 orders?',
    ],
    ['the order value just 5 percent of orders are above, 2024', 'the 95th percentile of order amount, 2024'],
    ['what order size do 90% of orders stay under?', 'the 90th percentile of order amount?'],
  ])('%s', (question, restated) => {
    // Act
    const read = readCompoundParts(question);
    // Assess
    expect(read).toEqual({ text: restated });
  });

  it('counts the days of the one period named', () => {
    expect([
      periodDays('in Q3 2025'),
      periodDays('march 2025'),
      periodDays('2024'),
      periodDays('H1 2025'),
      periodDays('Q1 vs Q2 2025'),
    ]).toEqual([92, 31, 366, 181, undefined]);
  });
});

describe('arithmetic that is not the figure read is refused or left alone', () => {
  it.each([
    ['orders per day in Q3 2025 (orders / 90 days)', /92 days, not 90/],
    ['the top quarter of buyers (count / 5, rounded down): their share of 2025 revenue', /divided by 4/],
    ['top 10% of customers (buyers / 10, rounded up) - their share of revenue', /rounded up/],
  ])('refuses %s', (question, reason) => {
    const read = readCompoundParts(question);
    expect(read && 'refuse' in read ? read.refuse : '').toMatch(reason);
  });

  it.each([
    'revenue per day by region in Q4 2025',
    'how many orders per day on average in 2025',
    'orders per day in Q4 2025 (total Q3 orders / 92 days)',
    'revenue in Nov + Dec 2025',
    'what share of 2025 revenue came in November?',
    'only 90% of orders stay under what amount',
    'the top quarter of 2024 buyers: what share of 2025 revenue did they bring?',
  ])('leaves %s alone', (question) => {
    expect(readCompoundParts(question)).toBeUndefined();
  });
});

describe('a divisor that adds values up', () => {
  it('joins values of one member, never a word the model lacks', () => {
    const cubes = demoCatalog('returned completed cancelled refunded orders status');
    expect(summedValues('returned / (completed + returned) in 2025', cubes)).toBe(
      'returned / completed+returned in 2025',
    );
    expect(summedValues('returned divided by completed plus returned', cubes)).toBe(
      'returned divided by completed+returned',
    );
    expect(summedValues('returned / (completed + refunded)', cubes)).toBe(
      'returned / (completed + refunded)',
    );
  });

  it.each([
    [
      'my returned/(completed+returned) ratio in 2025',
      'count: status=returned / count: status=completed|returned',
    ],
    [
      'cancellation rate as cancelled / (cancelled + completed), by region, 2024',
      'count: status=cancelled % count: status=cancelled|completed',
    ],
    [
      'for furniture in Q2 2025, what is returned ÷ (returned + completed) as a %?',
      'count: status=returned % count: status=completed|returned',
    ],
  ])('%s', (question, expected) => {
    const plan = demoPlan([question], TODAY);
    const pair = plan.twoMeasures;
    expect(pair && `${sideOf(pair.a)} ${pair.percent ? '%' : '/'} ${sideOf(pair.b)}`).toBe(expected);
  });

  it.each([
    [
      'return rate among completed or returned orders in 2025',
      'count: status=completed|returned, status=returned % count: status=completed|returned',
    ],
    [
      'what % of completed or returned orders were returned in 2025',
      'count: status=completed|returned, status=returned % count: status=completed|returned',
    ],
  ])('reads a value among rows of its own member: %s', (question, expected) => {
    const pair = demoPlan([question], TODAY).twoMeasures;
    expect(pair && `${sideOf(pair.a)} % ${sideOf(pair.b)}`).toBe(expected);
    expect(pair?.a.filters.map((f) => f.values.join())).toEqual(['completed,returned', 'returned']);
  });

  it('refuses a rate of a value none of its rows hold ("return rate among completed orders")', () => {
    const read = demoReading(['return rate among completed orders in 2025'], TODAY);
    expect(read.kind === 'refuse' ? read.reason : '').toMatch(
      /no return order is among the completed orders/,
    );
  });

  it('keeps the scope of both sides', () => {
    const plan = demoPlan(
      ['for furniture in Q2 2025, what is returned ÷ (returned + completed) as a %?'],
      TODAY,
    );
    expect(plan.filters.map((f) => f.values.join())).toEqual(['furniture']);
    expect(plan.range?.label).toBe('Q2 2025');
  });

  it('refuses a sum with a status the data does not have', () => {
    const read = demoReading(['returned / (completed + refunded) in 2025'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

describe('periods joined as one share part', () => {
  it('reads Jun, Jul and Aug together as one part of the year', () => {
    const plan = demoPlan(['what fraction of 2025 sales happened in june, july and august together?'], TODAY);
    expect(plan.share?.rows?.period).toMatchObject({ from: '2025-06-01', to: '2025-09-01' });
    expect(plan.range?.label).toBe('2025');
  });

  it('keeps the part in each row of a breakdown when the periods are joined outright', () => {
    const plan = demoPlan(['share of 2023 revenue from january plus february, by region'], TODAY);
    expect(plan.share?.rows?.period).toMatchObject({ from: '2023-01-01', to: '2023-03-01' });
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
  });

  it('scopes the whole with an exclusion, not the part alone', () => {
    const plan = demoPlan(['share of 2025 revenue in Nov + Dec, not counting returned orders'], TODAY);
    expect(plan.share?.part).toBeUndefined();
    expect(plan.filters.map((f) => `${f.negate ? '!' : ''}${f.values.join()}`)).toEqual(['!returned']);
  });

  it('leaves periods listed with a breakdown as periods compared ("share by region, Q3 and Q4")', () => {
    const plan = demoPlan(['share by region of 2025 revenue, Q3 and Q4'], TODAY);
    expect(plan.share?.rows?.period).toBeUndefined();
  });
});

describe('a mean per day over the calendar days of its period', () => {
  it('divides the total by the days of a period that has ended, a quiet day counting as zero', () => {
    // Act
    const plan = demoPlan(['avg revenue per day by region in Q4 2025'], TODAY);
    // Assess
    expect(plan.percentile?.days).toBe(92);
    expect(queryFor(plan).sql).toContain('SUM(v) / 92.0');
  });

  it('counts the days of a period in progress up to today only', () => {
    const plan = demoPlan(['average daily orders this month'], '2025-10-15');
    expect(plan.percentile?.days).toBe(15);
  });

  it('keeps the mean of the days with rows over a period not yet over or an open span', () => {
    expect(demoPlan(['average daily orders in 2025'], '2025-10-15').percentile?.days).toBeUndefined();
    expect(demoPlan(['average daily orders since 2024'], TODAY).percentile?.days).toBeUndefined();
  });
});
