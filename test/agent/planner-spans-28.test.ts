import { describe, expect, it } from '@jest/globals';
import { readDayCounts } from '../../functions/agent/planner/day-counts';
import { readPeriodCount } from '../../functions/agent/planner/period-counts';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Gaps, spans and top-slice shares (tuning set 28): the days between a customer's orders as elapsed time in days
 * (calendar days only when asked), their median or a percentile, for a kind of customer said before "customer's";
 * a span of N days from a day; a percentile of each month's figure across two years joined; the share of a total held
 * by the first N orders. What is not understood stays refused. (Answers on the sample: tuning set 28 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2027-04-28';

describe('days between a customer’s orders, as elapsed time', () => {
  it.each([
    ["on average, how many days go by between one of a customer's orders and their next?", 'avg', undefined],
    ['median gap in days between back-to-back orders from the same customer', 'median', undefined],
    ['90th percentile of the days between a customer’s consecutive orders', 'avg', 0.9],
    ["median days between an order and the same customer's next order", 'median', undefined],
  ])('%s', (question, stat, percentile) => {
    // Act
    const plan = demoPlan([question], TODAY);

    // Assess
    expect(plan.perEntity).toMatchObject({ kind: 'days-between', stat, pair: 'each' });
    const p = plan.perEntity?.kind === 'days-between' ? plan.perEntity : undefined;
    expect(p?.percentile).toBe(percentile);
    expect(p?.calendar).toBeUndefined();
    expect(queryFor(plan).sql).toContain('(point - previous_point) / 86400.0');
  });

  it('counts calendar days only when they are asked', () => {
    // Act
    const plan = demoPlan(
      ['median calendar days between a customer’s consecutive orders (counting order dates, not hours)'],
      TODAY,
    );

    // Assess
    expect(plan.perEntity).toMatchObject({ kind: 'days-between', stat: 'median', calendar: true });
    expect(queryFor(plan).sql).toContain('LAG(CAST(created_at AS DATE))');
  });

  it('keeps the kind of customer said before "customer’s" and a breakdown of the customers', () => {
    // Act
    const kind = demoPlan(
      ['typical (median) time between a small-business customer’s orders, in days'],
      TODAY,
    );
    const bySegment = demoPlan(['median days between consecutive orders, by customer segment'], TODAY);

    // Assess
    expect(kind.filters.map((f) => f.values)).toEqual([['small business']]);
    const p = bySegment.perEntity?.kind === 'days-between' ? bySegment.perEntity : undefined;
    expect(p?.by?.column).toBe('customers_segment');
  });

  it('refuses a gloss of calendar days without them, a list by customer, and a kind it does not read', () => {
    expect(
      demoReading(['median days between a customer’s orders (counting order dates, not hours)'], TODAY).kind,
    ).toBe('refuse');
    expect(demoReading(['median days between orders per customer'], TODAY).kind).toBe('refuse');
    // ("new" before "customer's" is no value the rows are kept to: never read away.)
    expect(demoReading(["median days between a new customer's orders"], TODAY).kind).toBe('refuse');
  });
});

describe('a span of N days from a day', () => {
  it.each([
    ['revenue for the 100 days starting 1 Nov 2025', 'revenue from november 1 2025 to february 8 2026'],
    ['orders in the 90 days beginning December 1, 2025?', 'orders from december 1 2025 to february 28 2026?'],
    ['orders over the 2 weeks from 2025-12-25', 'orders from december 25 2025 to january 7 2026'],
    ['orders in the 60 days starting 2025-10-15', 'orders from october 15 2025 to december 13 2025'],
  ])('%s', (question, said) => {
    expect(readDayCounts(question)).toBe(said);
  });

  it('leaves what is no real day as asked', () => {
    expect(readDayCounts('orders in the 10 days starting 31 Feb 2025')).toBe(
      'orders in the 10 days starting 31 Feb 2025',
    );
    expect(readDayCounts('orders in the 0 days starting 2025-01-01')).toBe(
      'orders in the 0 days starting 2025-01-01',
    );
  });

  it('reads the span as the period of the question', () => {
    // Act
    const plan = demoPlan(['revenue by region for the 30 days from 15 December 2025'], TODAY);

    // Assess
    expect(plan.range).toMatchObject({ from: '2025-12-15', to: '2026-01-14' });
  });
});

describe('a percentile of each period’s figure over two years joined', () => {
  it('reads "across 2023 and 2024" as one span', () => {
    // Act
    const plan = demoPlan(['75th percentile of monthly order counts across 2023 and 2024'], TODAY);

    // Assess
    expect(plan.compare).toBeUndefined();
    expect(plan.range).toMatchObject({ from: '2023-01-01', to: '2025-01-01' });
    expect(plan.percentile).toEqual({ p: 0.75 });
    expect(plan.grain).toBe('month');
  });
});

describe('the share held by the first N orders', () => {
  it.each([
    ['share of revenue from the first 1000 orders ever placed', 1000, undefined],
    ['what fraction of 2024 revenue came from the year’s first 5,000 orders?', 5000, '2024-01-01'],
  ])('%s', (question, n, from) => {
    // Act
    const plan = demoPlan([question], TODAY);

    // Assess
    expect(plan.perEntity).toMatchObject({ kind: 'first-rows-share', n, direction: 'first' });
    expect(plan.range?.from).toBe(from);
    expect(queryFor(plan).sql).toContain(`FILTER (WHERE row_rank <= ${n})`);
  });

  it('refuses a unit that is not the period asked, "ever" beside a period, and a breakdown', () => {
    expect(
      demoReading(['what fraction of 2024 revenue came from the month’s first 100 orders?'], TODAY).kind,
    ).toBe('refuse');
    expect(demoReading(['share of 2024 revenue from the first 100 orders ever placed'], TODAY).kind).toBe(
      'refuse',
    );
    expect(demoReading(['share of revenue from the first 100 orders by region'], TODAY).kind).toBe('refuse');
    expect(demoReading(['what % of revenue came from the first 100 orders in the west'], TODAY).kind).toBe(
      'refuse',
    );
  });
});

describe('a count of the data’s own periods', () => {
  it.each([
    [
      'median monthly revenue over all 36 months of data',
      'median monthly revenue over the last 36 months of data',
    ],
    [
      'what is the median quarterly revenue across the 12 quarters we have?',
      'what is the median quarterly revenue across the last 12 quarters of data?',
    ],
  ])('%s', (question, said) => {
    expect(readPeriodCount(question)).toEqual({ text: said, ofData: true });
  });

  it('reads it as the data’s last periods', () => {
    // Act
    const plan = demoPlan(['median monthly revenue over all 36 months of data'], TODAY);

    // Assess
    expect(plan.range).toMatchObject({ ofData: true });
    expect(plan.grain).toBe('month');
  });
});
