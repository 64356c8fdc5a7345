import { describe, expect, it } from '@jest/globals';
import { readCalendarParts } from '../../functions/agent/planner/calendar-parts';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Comparisons side by side (tuning set 28): each named value's own change, one value against everything else (and
 * the follow-up "and from everyone else?"), every year's quarter or month pooled, a follow-up's "previous week"
 * after a week, "the week starting" a day. What is not fully read is refused, never answered without its condition.
 * (Answers on the sample: tuning set 28 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-07-21';

describe('each value named beside a change is its own row', () => {
  it.each([
    'how did north and south revenue change from 2024 to 2025?',
    'put electronics and furniture side by side: % change in revenue 2023 to 2024',
  ])('%s', (question) => {
    // Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(plan.dimensions).toHaveLength(1);
    expect(plan.filters[0]?.values).toHaveLength(2);
    expect(plan.compare).toHaveLength(2);
  });

  it('keeps the values summed when a word joins them', () => {
    // Act
    const plan = demoPlan(['north and south combined: revenue change from 2024 to 2025'], TODAY);
    // Assess
    expect(plan.dimensions).toHaveLength(0);
    expect(plan.filters[0]?.values).toEqual(['north', 'south']);
  });
});

describe('one value against everything else', () => {
  it.each([
    ['enterprise customers vs everyone else: total 2025 revenue', "= 'enterprise'", 'everyone else'],
    [
      'electronics vs all other categories: number of orders in 2024',
      "= 'electronics'",
      'all other categories',
    ],
    ['returned orders: north region vs the other regions combined, 2025', "= 'north'", 'all other regions'],
  ])('%s', (question, value, rest) => {
    // Act
    const plan = demoPlan([question], TODAY);
    // Assess
    const [split] = plan.dimensions;
    expect(split?.derived?.sql).toContain(value);
    expect(split?.values).toEqual([expect.any(String), rest]);
    expect(plan.filters.map((f) => f.values.join())).not.toContain(value.slice(3, -1));
  });

  it('keeps the other filters of the question', () => {
    // Act
    const plan = demoPlan(['returned orders: north region vs the other regions combined, 2025'], TODAY);
    // Assess
    expect(plan.filters.map((f) => f.values)).toEqual([['returned']]);
    expect(plan.range?.from).toBe('2025-01-01');
  });

  it('reads "and from everyone else?" as the previous figure without its value', () => {
    // Act
    const plan = demoPlan(
      ['revenue from small business customers in 2024', 'and from everyone else?'],
      TODAY,
    );
    // Assess
    expect(plan.filters).toEqual([expect.objectContaining({ values: ['small business'], negate: true })]);
    expect(plan.dimensions).toHaveLength(0);
  });

  it.each([
    // Two filters and people as the rest: which one the rest is of is not said.
    'enterprise customers in the west vs everyone else: revenue',
    // "the rest of the year" is a span, not everything but the value.
    'electronics revenue in December 2025 vs the rest of the year',
    // A cohort by an order count is no value of a dimension.
    'customers with more than 60 orders against all the other customers: average order amount',
  ])('does not split %s', (question) => {
    // Act
    const read = demoReading([question], TODAY);
    // Assess
    expect(read.kind === 'plan' && read.plan.dimensions.some((d) => d.column.endsWith('_or_rest'))).toBe(
      false,
    );
  });
});

describe("every year's quarter or month said as a set", () => {
  it.each([
    ['total revenue in Q4 of any year', 'total revenue in every Q4'],
    ['average order value in fourth quarters', 'average order value in every Q4'],
    ['number of returned orders across all Q4s', 'number of returned orders across every Q4'],
    ['orders in Decembers', 'orders in every december'],
    ['revenue in any March', 'revenue in every march'],
  ])('%s', (question, said) => {
    // Act / Assess
    expect(readCalendarParts(question)).toBe(said);
  });

  it.each([
    'revenue in fourth quarters of 2024',
    'orders in Q4 2025',
    'revenue for each Q4',
    'orders in May',
  ])('leaves %s as asked', (question) => {
    // Act / Assess
    expect(readCalendarParts(question)).toBe(question);
  });

  it('pools every Q4 into one figure', () => {
    // Act
    const plan = demoPlan(['average order value in fourth quarters'], TODAY);
    // Assess
    expect(plan.range).toBeUndefined();
    expect(plan.filters).toEqual([expect.objectContaining({ values: ['Q4'] })]);
  });
});

describe('a week and the week before', () => {
  it('reads "the week starting June 2, 2025" as seven days from that day', () => {
    // Act
    const plan = demoPlan(['how many orders in the week starting June 2, 2025?'], TODAY);
    // Assess
    expect(plan.range).toMatchObject({ from: '2025-06-02', to: '2025-06-09' });
  });

  it.each(['compare that with the previous week', 'compare that with the week before'])(
    'sets the week before beside the previous week: %s',
    (followUp) => {
      // Act
      const plan = demoPlan(['how many orders in the week of June 2, 2025?', followUp], TODAY);
      // Assess
      expect(plan.range).toBeUndefined();
      expect(plan.compare?.map((p) => p.from)).toEqual(['2025-05-26', '2025-06-02']);
    },
  );

  it('keeps "last week" the clock\'s', () => {
    // Act
    const plan = demoPlan(['how many orders in May 2025?', 'and last week?'], TODAY);
    // Assess
    expect(plan.range?.from).toBe('2027-07-12');
  });
});

describe('a cohort of what the first order was, against everyone else', () => {
  it.each([
    ['customers whose first order was over $900 vs the rest: average number of orders in 2025 each', 900],
    [
      'compare customers with a first order above $800 and all other customers on average 2025 spend per customer',
      800,
    ],
  ])('%s', (question, value) => {
    // Act
    const plan = demoPlan([question], TODAY);
    // Assess
    const reading = plan.perEntity?.kind === 'cohort' ? plan.perEntity : undefined;
    expect(reading?.cohort).toMatchObject({ rest: true, firstAmount: { op: '>', value } });
    expect(reading?.window.period?.from).toBe('2025-01-01');
  });

  it('is refused when its figure is not read ("average lifetime orders")', () => {
    // Act
    const read = demoReading(
      ['people whose first purchase was under $50 versus everybody else - average lifetime orders'],
      TODAY,
    );
    // Assess
    expect(read.kind).toBe('refuse');
  });
});

describe('two signup cohorts next to each other', () => {
  it('reads "next to" as setting them side by side', () => {
    // Act
    const plan = demoPlan(
      [
        'lifetime revenue per customer: customers who signed up in H1 2022 next to those who signed up in H2 2022',
      ],
      TODAY,
    );
    // Assess
    const reading = plan.perEntity?.kind === 'cohort' ? plan.perEntity : undefined;
    expect(reading?.cohort.period?.from).toBe('2022-01-01');
    expect(reading?.cohort.versus?.from).toBe('2022-07-01');
  });
});
