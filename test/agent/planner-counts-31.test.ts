import { describe, expect, it } from '@jest/globals';
import { readAllTime } from '../../functions/agent/planner/all-time';
import { readEachAgainstYearBefore } from '../../functions/agent/planner/each-year-before';
import { looksLikeFollowUp } from '../../functions/agent/planner/follow-up';
import { readPeriodBeats } from '../../functions/agent/planner/period-beats';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Counts per entity with groups and follow-ups, and months or quarters against an earlier one (tuning set 31): every
 * year pooled said "across all three years", a grouped count of people followed by "how many of them ...", "break
 * that down" as a follow-up, a distribution asked as "number of customers by how many orders", periods that moved
 * listed per group or with the size of the change asked beside, and each month of a series against the same month a
 * year before. (Answers on the sample: tuning set 31 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-12-21';

describe('every year pooled', () => {
  it.each([
    [
      'How many customers in each region have spent more than $28,000 across all three years?',
      'How many customers in each region have spent more than $28,000 in total?',
    ],
    ['customers who spent over $26,000 over all the years', 'customers who spent over $26,000 in total'],
  ])('reads %p as every year together', (question, said) => {
    expect(readAllTime(question)).toBe(said);
  });

  it('leaves "in all three years" and a verb of ordering to their own readings', () => {
    expect(readAllTime('How many customers ordered in all three years?')).toBe(
      'How many customers ordered in all three years?',
    );
    expect(readAllTime('customers who ordered across all three years')).toBe(
      'customers who ordered across all three years',
    );
    expect(readAllTime('compare Q1 across the years')).toBe('compare Q1 across the years');
  });

  it('counts the customers per region by their spend over every order', () => {
    const plan = demoPlan(
      ['How many customers in each region have spent more than $28,000 across all three years?'],
      TODAY,
    );
    expect(plan.range).toBeUndefined();
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(plan.having?.clauses?.[0]).toMatchObject({ op: '>', value: 28000 });
  });
});

describe("each one's spend in a period passing an amount", () => {
  it.each([
    'how many customers whose spend in 2025 exceeded $2,750',
    'customers whose spend in Q3 2025 topped $3,000 - how many?',
  ])('reads %p as a bound on each customer, not on an order', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.numberFilters).toEqual([]);
    expect(plan.having).toMatchObject({ op: '>', output: 'count' });
  });
});

describe('a grouped count of people, then how many of them', () => {
  it.each([
    [
      [
        'How many customers are there per region?',
        'In each region, how many of them spent over $27,500 in total?',
      ],
      'region',
      27500,
    ],
    [
      ['how many customers do we have in each segment?', 'and how many of those placed more than 55 orders?'],
      'customers_segment',
      55,
    ],
  ])('reads %p per group with the bound', (thread, group, value) => {
    const plan = demoPlan(thread, TODAY);
    expect(plan.dimensions.map((d) => d.column)).toEqual([group]);
    expect(plan.having?.clauses?.[0]).toMatchObject({ op: '>', value });
  });
});

describe('break that down', () => {
  it('is a follow-up', () => {
    expect(looksLikeFollowUp('break that down by region')).toBe(true);
    expect(looksLikeFollowUp('can you split it by segment?')).toBe(true);
  });

  it('keeps the bound of the count before it', () => {
    const plan = demoPlan(
      ['How many customers spent over $26,000 across all years?', 'break that down by region'],
      TODAY,
    );
    expect(plan.having).toMatchObject({ op: '>', value: 26000, output: 'count' });
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
  });

  it('is refused after a question not answered', () => {
    const read = demoReading(
      ['How many customers visited the website more than 10 times?', 'break that down by region'],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe('a distribution asked as a number of people', () => {
  it.each([
    'number of customers by how many orders they have placed',
    'how many customers have placed each number of orders',
  ])('reads %p as customers per order count', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.distribution?.entity.column).toBe('customers_name');
  });

  it('leaves a plain breakdown alone', () => {
    expect(demoPlan(['number of customers by region'], TODAY).distribution).toBeUndefined();
  });
});

describe('periods that moved, listed', () => {
  it.each([
    [
      'Which months in 2024 came in below the same month of 2023 on revenue? Show the gap in dollars.',
      'down',
    ],
    ['quarters of 2025 where orders went down from the previous quarter, and how much they dropped', 'down'],
    [
      'In which months of 2024 did fewer unique customers order than in the same month of 2023? Give the difference.',
      'down',
    ],
    ['Which quarters beat the quarter before on revenue, and by how much?', 'up'],
  ])('reads %p with the size of each change asked beside', (question, way) => {
    expect(readPeriodBeats(question)).toMatchObject({ way, output: 'list' });
  });

  it('reads the size of each change asked as a question of its own, later minus earlier only', () => {
    const asked =
      'Which months of 2025 brought in less revenue than the same month of 2024, and what was the difference (2025 minus 2024) for each?';
    expect(readPeriodBeats(asked)).toMatchObject({ way: 'down', output: 'list' });
    expect(demoReading([asked.replace('2025 minus 2024', '2024 minus 2025')], TODAY).kind).toBe('refuse');
  });

  it('reads "fewer unique customers order" as the number of customers', () => {
    const plan = demoPlan(
      [
        'In which months of 2024 did fewer unique customers order than in the same month of 2023? Give the difference.',
      ],
      TODAY,
    );
    expect(plan.measures.map((m) => m.column)).toEqual(['customer_count']);
    expect(plan.change).toMatchObject({ only: 'down' });
  });

  it('lists them per value of one breakdown, against the same month a year before', () => {
    const plan = demoPlan(
      [
        'For each region, which months of 2024 had less revenue than the same month in 2023, and by how much?',
      ],
      TODAY,
    );
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
    expect(queryFor(plan).sql).toContain('b < a');
  });

  it('lists them per value of one breakdown, against the quarter before', () => {
    const plan = demoPlan(
      [
        'For each category, which quarters of 2025 had higher revenue than the previous quarter, and by how much?',
      ],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    expect(sql).toContain('PARTITION BY category');
    expect(sql).toContain('v > previous');
  });

  it('does not count them per value of a breakdown (the count would pool the values)', () => {
    const read = demoReading(
      ['For each region, how many months of 2024 had less revenue than the same month in 2023?'],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe('each month of a series against the same month a year before', () => {
  it('reads the follow-up', () => {
    expect(readEachAgainstYearBefore('how does each month compare with the same month last year?')).toBe(
      'month',
    );
    expect(readEachAgainstYearBefore('each month of 2025 vs the same month last year')).toBeUndefined();
    expect(readEachAgainstYearBefore('what about the same month the year before?')).toBeUndefined();
  });

  it('pairs the previous series with the year before it', () => {
    const plan = demoPlan(
      ['revenue per month in 2025', 'how does each month compare with the same month last year?'],
      TODAY,
    );
    expect(plan.range).toBeUndefined();
    expect(plan.compare?.map((p) => p.label)).toEqual(['2024', '2025']);
    expect(plan.grain).toBe('month');
  });

  it('refuses it after anything but such a series', () => {
    const read = demoReading(
      ['revenue by region in 2025', 'how does each month compare with the same month last year?'],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});
