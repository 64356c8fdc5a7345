import { describe, expect, it } from '@jest/globals';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { readHours } from '../../functions/agent/planner/hours';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Words the asker defines as a figure (tuning set 33), before or after the question: the revenue (count, average) of
 * a set of statuses, a rate of one revenue in another, orders in a span of hours ending on a last minute ("00:00 to
 * 03:59"), a figure per calendar day said as a division by the days, a figure asked by its scope alone, the share
 * of the top N customers by lifetime spend (any other figure of theirs refused), the largest order amount minus the
 * smallest. Values of one
 * member joined by "or" are one part even with "each" of another breakdown. A definition whose data the model has
 * not is refused, never dropped. (Answers on the sample: tuning set 33 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-12-08';

const defined = (question: string) => {
  const read = readDefinitions([question], demoCatalog(question));
  return read.kind === 'read' ? read.questions[0] : `refused: ${read.reason}`;
};
const filtered = (plan: Plan) =>
  plan.filters.map((f) => `${f.member.column}${f.negate ? ' not' : ''} ${f.values.join('|')}`).sort();

describe('a figure of a set of statuses', () => {
  it.each([
    [
      'What was my leakage in 2024? Leakage means the revenue of returned plus cancelled orders.',
      'What was my revenue of returned and cancelled orders in 2024?',
    ],
    [
      'What was our bleed in 2025? Bleed is the total amount of cancelled orders.',
      'What was our revenue of cancelled orders in 2025?',
    ],
    [
      'lost revenue = returned + cancelled order amounts. what was lost revenue per category in 2023?',
      'what was revenue of returned and cancelled orders per category in 2023?',
    ],
    [
      'How much did we lose to write-offs in 2025 by region? Write-offs = the value of cancelled and returned orders.',
      'what was the revenue of cancelled and returned orders in 2025 by region?',
    ],
    [
      'Give me the shrinkage for each quarter of 2025, where shrinkage is the number of returned orders.',
      'Give me the number of returned orders for each quarter of 2025',
    ],
    [
      'How many problem orders did each region have in 2025? Problem orders are the returned and cancelled ones.',
      'How many returned or cancelled orders did each region have in 2025?',
    ],
  ])('reads %p as %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });

  it('plans the leakage as the sum of both statuses, not a count of customers', () => {
    // Act
    const plan = demoPlan(
      ['What was my leakage in 2024? By leakage I mean the revenue of cancelled plus returned orders.'],
      TODAY,
    );
    // Assess
    expect(plan.measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(filtered(plan)).toEqual(['status returned|cancelled']);
  });

  it('keeps values joined by "or" one part when "each" names another breakdown', () => {
    // Act
    const plan = demoPlan(['How many returned or cancelled orders did each region have in 2025?'], TODAY);
    // Assess
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(filtered(plan)).toEqual(['status returned|cancelled']);
  });

  it('refuses a figure of a kind of order the data has not', () => {
    const read = demoReading(['What was our churn in 2025? Churn is the revenue of refunded orders.'], TODAY);
    expect(read.kind).not.toBe('plan');
  });
});

describe('a rate of one revenue in another', () => {
  it('reads a rate of two statuses in all revenue', () => {
    const plan = demoPlan(
      [
        'Loss rate means the revenue of returned and cancelled orders as a percentage of all revenue. What was the loss rate by region in 2025?',
      ],
      TODAY,
    );
    expect(queryFor(plan).sql).toMatch(/'returned'/);
    expect(queryFor(plan).sql).toMatch(/'cancelled'/);
    expect(plan.dimensions.map((d) => d.column)).toEqual(['region']);
  });

  it('asks a rate defined and then named by its scope alone', () => {
    expect(defined('cancel leakage = cancelled revenue / all revenue, in %. by category for 2025?')).toMatch(
      /^what was the share of .*cancelled.* by category for 2025\?$/,
    );
  });
});

describe('hours of the day ending on a last minute', () => {
  it.each([
    ['orders between 05:00 and 08:59', 5, 9],
    ['orders from 00:00 to 03:59 UTC', 0, 4],
    ['orders from 22:00 to 23:59', 22, 24],
    ['orders placed 12:00-13:59', 12, 14],
    ['orders between 9:00am and 4:59pm', 9, 17],
  ])('reads %p as hours %p to %p', (text, from, to) => {
    expect(readHours(text)).toMatchObject({ from, to });
  });

  it('still refuses minutes that are not a last minute', () => {
    expect(readHours('orders between 05:30 and 08:59')).toHaveProperty('refuse');
  });

  it.each([
    'How many early-bird orders did each region get in 2024? Early-bird orders are ones placed between 05:00 and 08:59 UTC.',
    'Where graveyard orders are those created from 00:00 to 03:59 UTC, how many graveyard orders were there in 2023?',
    'Count the lunch-rush orders per category for Q1 2025. By lunch rush I mean orders placed 12:00-13:59 UTC.',
  ])('reads the hours defined in %p', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(queryFor(plan).sql).toContain('EXTRACT(HOUR FROM');
  });
});

describe('a figure per calendar day', () => {
  it.each([
    [
      'What was the daily run rate in Q3 2025 by region? Daily run rate means revenue divided by the number of calendar days in the period.',
      'What was the average revenue per day in Q3 2025 by region?',
    ],
    [
      'What was my order density in 2024, with order density meaning the average number of orders per calendar day?',
      'What was my average number of orders per day in 2024?',
    ],
    [
      'What was our order density in 2024 by region? Order density is the average number of orders per calendar day (2024 had 366 days).',
      'What was our average number of orders per day in 2024 by region?',
    ],
  ])('reads %p as %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });
});

describe('customers with no order placed on or after a day', () => {
  it('reads "no order placed on or after" as no order on or after it', () => {
    expect(
      defined(
        'How many dormant customers do we have? Dormant means no order placed on or after October 1, 2025.',
      ),
    ).toBe('How many customers who placed no orders on or after october 1, 2025 do we have?');
  });
});

describe('the top N customers by lifetime spend', () => {
  it('reads their share of all revenue as the cut of the ranked customers', () => {
    const plan = demoPlan(
      [
        'By big fish I mean the 30 customers who spent the most over their lifetime. What share of all revenue came from the big fish?',
      ],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain('LIMIT 30)');
  });

  it.each([
    'whales = the top 50 customers by lifetime spend. What is the whales’ share of 2025 revenue?',
    'Whales are the 100 customers with the highest lifetime spend. How much did the whales spend in 2025 combined?',
    'How many orders did our whales place in 2024? whales = the top 50 customers by lifetime spend.',
    'What is the average order value of our whales? Whales are the 50 customers with the highest lifetime spend.',
  ])('refuses %p (a figure of theirs in one period, or not their share)', (question) => {
    expect(demoReading([question], TODAY).kind).not.toBe('plan');
  });
});

describe('the largest order amount minus the smallest', () => {
  it.each([
    'largest order amount minus smallest order amount by category in 2024',
    "What was the price band of each region's 2025 orders? By price band I mean the largest order amount minus the smallest.",
  ])('reads %p as one extreme minus the other per group', (question) => {
    const plan = demoPlan([question], TODAY);
    const sql = queryFor(plan).sql;
    expect(plan.twoMeasures?.op).toBe('-');
    expect(sql).toContain('MAX(a_m)');
    expect(sql).toContain('MIN(b_m)');
  });

  it('reads no ratio of two extremes', () => {
    expect(demoReading(['largest order amount / smallest order amount by category'], TODAY).kind).not.toBe(
      'plan',
    );
  });
});

describe('a figure defined in a turn of its own', () => {
  it.each([
    [
      ['Leakage = the revenue of returned plus cancelled orders.', 'what was it in 2024 by region?'],
      'region',
    ],
    [['cancel rate = cancelled revenue / all revenue, in %.', 'and by category for 2025?'], 'category'],
  ])('asks %p by "it" or its scope in the next turn', (questions, by) => {
    const plan = demoPlan(questions, TODAY);
    expect(plan.dimensions.map((d) => d.column)).toEqual([by]);
    expect(queryFor(plan).sql).toContain("'cancelled'");
  });

  it('still refuses a short follow-up of a question not answered', () => {
    expect(demoReading(['Summer revenue in 2024?', 'and in 2025?'], TODAY).kind).not.toBe('plan');
  });
});

describe('definitions naming data the model has not', () => {
  it.each([
    'What was our margin by category in 2025? Margin means revenue minus cost of goods sold.',
    'Shipping leakage = the shipping fees we paid on returned orders. What was it in 2024?',
    'How many express orders did each region have in 2025? Express orders are those delivered within one day.',
    'Whales are the 50 customers with the highest lifetime profit. How much did the whales spend in 2025?',
  ])('refuses %p', (question) => {
    expect(demoReading([question], TODAY).kind).not.toBe('plan');
  });
});
