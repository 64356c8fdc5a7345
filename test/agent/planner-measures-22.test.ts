import { describe, expect, it } from '@jest/globals';
import type { Plan } from '../../functions/agent/planner/plan';
import { readRestatedGlosses } from '../../functions/agent/planner/restated-glosses';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Measures defined or glossed in place, and rates of one value (tuning set 22): a definition behind a lead-in or of
 * a sum is read and kept, a rate's part is the value before "rate", a gloss restating a rate's parts is read away,
 * a change "between those two years" points at the years named before, and basket breadth is the distinct values
 * per customer. A definition or a word not read is refused, never dropped. (Answers on the sample: tuning set 22 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2027-07-07';

const filtered = (plan: Plan) =>
  plan.filters.map((f) => `${f.member.column}${f.negate ? ' not' : ''} ${f.values.join('|')}`).sort();

describe('a definition behind a lead-in or of a sum', () => {
  it.each([
    "for the board pack: 'net sales' here means completed orders only. what were net sales in 2024 by region?",
    'heads up, on our team "booked revenue" means revenue from completed orders only. booked revenue in 2024?',
    "for the investor memo, by 'kept sales' I mean sales from completed orders. kept sales in 2024?",
  ])('is the sum of the rows it names: %s', (question) => {
    // Act
    const plan = demoPlan([question], TODAY);

    // Assess
    expect(plan.measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(filtered(plan)).toEqual(['status completed']);
    expect(plan.range?.label).toBe('2024');
  });

  it('is read in a turn of its own and used in the next', () => {
    // Act
    const plan = demoPlan(
      [
        "for my quarterly deck: 'solid' revenue = revenue from completed orders only",
        'what was solid revenue in Q4 2025?',
      ],
      TODAY,
    );

    // Assess
    expect(plan.measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(filtered(plan)).toEqual(['status completed']);
  });

  it('is still refused when never used', () => {
    // Act
    const read = demoReading(['big-ticket = $750 and up', 'how many orders in 2025?'], TODAY);

    // Assess
    expect(read.kind).toBe('refuse');
  });

  it('reads "neither X nor Y" as none of the values', () => {
    // Act
    const plan = demoPlan(
      ['"clean" orders = orders that were neither returned nor cancelled. how many clean orders in Q2 2025?'],
      TODAY,
    );

    // Assess
    expect(filtered(plan)).toEqual(['status not returned|cancelled']);
  });

  it('refuses a meaning the data does not hold', () => {
    // Act
    const read = demoReading(
      ["for my QBR: 'core' sales meaning sales from our flagship stores only. core sales in 2025?"],
      TODAY,
    );

    // Assess
    expect(read.kind).toBe('refuse');
  });
});

describe("a value's rate", () => {
  it.each([
    ['clothing return rate in 2025 by region', 'category clothing', 'returned'],
    ['toys return rate 2024 vs 2025', 'category toys', 'returned'],
    ['grocery completion rate 2023 vs 2025', 'category grocery', 'completed'],
  ])('has the value before "rate" as its part: %s', (question, scope, part) => {
    // Act
    const plan = demoPlan([question], TODAY);

    // Assess
    expect(filtered(plan)).toEqual([scope]);
    expect(plan.share?.part?.values).toEqual([part]);
  });

  it.each([
    [
      'furniture cancel rate (cancelled furniture orders / all furniture orders): 2023 vs 2024',
      'furniture cancel rate: 2023 vs 2024',
    ],
    [
      'electronics cancel rate (cancelled ÷ all electronics orders) by region in 2025',
      'electronics cancel rate by region in 2025',
    ],
    [
      'toys return rate, i.e. returned toys orders over all toys orders: 2024 vs 2025',
      'toys return rate: 2024 vs 2025',
    ],
  ])('reads away a gloss that states its parts: %s', (question, read) => {
    // Act, Assess
    expect(readRestatedGlosses(question)).toBe(read);
  });

  it('keeps a gloss of other parts', () => {
    // Act
    const read = readRestatedGlosses(
      'clothing return rate (returned toys orders as a share of all toys orders) in 2025',
    );

    // Assess
    expect(read).toContain('toys');
  });

  it('states both rates beside the change in points', () => {
    // Act
    const plan = demoPlan(
      ['furniture cancel rate from 2023 to 2024: show both rates and the change in points'],
      TODAY,
    );

    // Assess
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
    expect(plan.share?.part?.values).toEqual(['cancelled']);
    expect(plan.change?.rank).toBe('absolute');
  });
  it('reads "difference in percentage points" as the change of the rate, no percent change', () => {
    // Act
    const plan = demoPlan(['toys return rate 2024 vs 2025 and the difference in percentage points'], TODAY);

    // Assess
    expect(plan.share?.part?.values).toEqual(['returned']);
    expect(plan.change?.rank).toBe('absolute');
  });
});

describe('a change between the periods named before', () => {
  it.each([
    [
      [
        'what was revenue in 2023 and in 2025?',
        'by what % did average order value change between those two years?',
      ],
      ['2023', '2025'],
    ],
    [
      ['orders in 2024 vs 2025', 'and how much did AOV change between those years, in percent?'],
      ['2024', '2025'],
    ],
  ])('is between them: %j', (questions, labels) => {
    // Act
    const plan = demoPlan(questions, TODAY);

    // Assess
    expect(plan.measures.map((m) => m.column)).toEqual(['average_amount']);
    expect(plan.compare?.map((p) => p.label)).toEqual(labels);
    expect(plan.change?.rank).toBe('percent');
  });
});

describe('basket breadth', () => {
  it.each([
    'on average, how many different categories has a customer bought from?',
    'how many distinct categories does the typical client order from in 2025?',
  ])('is the distinct categories per customer, averaged: %s', (question) => {
    // Act
    const plan = demoPlan([question], TODAY);

    // Assess
    expect(plan.percentile?.stat).toBe('avg');
    expect(plan.percentile?.distinct?.column).toBe('category');
  });

  it('refuses distinct products, which no dimension counts', () => {
    // Act
    const read = demoReading(['average number of distinct products per customer in 2025'], TODAY);

    // Assess
    expect(read.kind).toBe('refuse');
  });
});
