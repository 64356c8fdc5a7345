import { describe, expect, it } from '@jest/globals';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import {
  againstPeriod,
  periodsDefined,
  readPeriodRelative,
} from '../../functions/agent/planner/period-relative';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan } from './support/demo-reading';

/**
 * Definitions of rates, ratios, differences and period-relative conditions (tuning set 28): periods against their own
 * container's mean or median, a customer against themselves in two periods, a ratio of two filtered figures, and a
 * share within each value of a member. A definition not read in full is refused, never dropped. (Answers on the
 * sample: tuning set 28 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-10-06';

const defined = (question: string) => {
  const read = readDefinitions([question], demoCatalog(question));
  return read.kind === 'read' ? read.questions[0] : `refused: ${read.reason}`;
};

describe('periods against their own container', () => {
  it.each([
    [
      "how many days in 2024 had more orders than their month's daily average?",
      'how many days in 2024 had more than 1 orders?',
      { stat: 'avg', within: 'month', unit: 'day' },
    ],
    [
      "list the months of 2025 with revenue below that year's median month",
      'list the months of 2025 with revenue under $1',
      { stat: 'median', within: 'year', unit: 'month' },
    ],
    [
      "days whose revenue tops the month's mean",
      'days whose revenue over $1',
      { stat: 'avg', within: 'month' },
    ],
  ])('reads %p as a stand-in bound and its mark', (question, text, mark) => {
    // Act
    const read = readPeriodRelative(question);
    // Assess
    expect(read).toEqual({ text, mark });
  });

  it('leaves a question with no container alone', () => {
    expect(readPeriodRelative('how many days in 2024 had more than 900 orders?')).toEqual({
      text: 'how many days in 2024 had more than 900 orders?',
    });
  });

  it('compares each day with the mean of its own month in the query', () => {
    // Act
    const plan = demoPlan(["how many days in 2024 had more orders than their month's daily average?"], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.having).toMatchObject({ grain: 'day', op: '>', vsPeriod: { stat: 'avg', within: 'month' } });
    expect(sql).toContain("date_trunc('month', day) AS within_period, AVG(count)");
    expect(sql).toContain('WHERE e.count > s.');
  });

  it('takes the median of the year for months, with percentile_cont', () => {
    const plan = demoPlan(["list the months of 2025 with revenue below that year's median month"], TODAY);
    const sql = queryFor(plan).sql;
    expect(plan.having).toMatchObject({ grain: 'month', op: '<', output: 'list' });
    expect(sql).toContain('percentile_cont(0.5) WITHIN GROUP (ORDER BY total_amount)');
  });

  it('counts the periods per a coarser period asked', () => {
    const plan = demoPlan(["days with revenue over their month's daily mean per month for 2025"], TODAY);
    expect(plan.having).toMatchObject({ grain: 'day', output: 'count' });
    expect(queryFor(plan).sql).toContain("date_trunc('month', day) AS month, COUNT(*)");
  });

  it('refuses a container no finer than the periods, or a unit that is not theirs', () => {
    // Prepare
    const plan = demoPlan(['how many days in 2024 had more than 1 orders?'], TODAY);
    // Act / Assess
    expect(typeof againstPeriod(plan, { stat: 'avg', within: 'day' })).toBe('string');
    expect(typeof againstPeriod(plan, { stat: 'avg', within: 'month', unit: 'month' })).toBe('string');
    expect(typeof againstPeriod(plan, { stat: 'avg', within: 'month', unit: 'day' })).not.toBe('string');
  });

  it.each([
    [
      "a day whose orders beat that month's daily average",
      "days with more orders than their month's average day",
    ],
    [
      "a month whose revenue is below that year's median month",
      "months with revenue under their year's median month",
    ],
    ["revenue above the year's average month", "months with revenue over their year's average month"],
  ])('reads the definition %p', (said, noun) => {
    expect(periodsDefined(said)?.noun).toBe(noun);
  });

  it.each([
    "a day whose site visits were below that month's daily average",
    "one where its revenue beats that category's monthly average for the year",
    "a day whose orders beat that year's monthly average",
    "a month whose revenue beat that month's daily average",
  ])('reads no definition from %p (something else, or periods not finer than the container)', (said) => {
    expect(periodsDefined(said)).toBeUndefined();
  });
});

describe('definitions of rates, differences and conditions per group or entity', () => {
  it.each([
    [
      'a peak day is a day whose orders beat that month’s daily average. how many peak days were there in 2024?',
      "how many days with more orders than their month's average day were there in 2024?",
    ],
    [
      'which months of 2023 were standout months? standout = revenue above the year’s average month',
      "which months of 2023 were months with revenue over their year's average month?",
    ],
    [
      'an at-risk customer is one whose 2025 revenue is below their 2024 revenue. how many at-risk customers per region?',
      'how many customers who spent less in 2025 than in 2024 per region?',
    ],
    [
      'how many of my customers are decliners? a decliner spent less in 2024 than in 2023',
      'how many of my customers who spent less in 2024 than in 2023?',
    ],
    [
      'Return drag = returned dollars over completed dollars, in percent. Show return drag for each category in 2024.',
      'Show returned revenue as a % of completed revenue for each category in 2024.',
    ],
    [
      'premium mix per category for 2025, premium mix being the share of a category’s orders that are over $500',
      'share of orders that were over $500 per category for 2025',
    ],
    [
      'big-order weight is revenue from orders of $800 or more as a percentage of total revenue. big-order weight by month in 2023?',
      'share of revenue from orders of $800 or more by month in 2023?',
    ],
    [
      'soft months of 2024 for the south: months where revenue came in under the median month of that year',
      "months with revenue under their year's median month of 2024 for the south",
    ],
    [
      'net sales per region for 2025, where net sales = completed-order revenue minus the value of returned orders',
      'net sales (completed revenue minus returned revenue) per region for 2025',
    ],
  ])('reads %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });

  it.each([
    // (A margin on the comparison is not read: never the plain comparison.)
    'at-risk means a customer whose 2025 revenue fell more than 20% short of their 2024 revenue. how many at-risk customers are there?',
    // (A share within each category asked of no category.)
    'premium mix = the share of a category’s orders that are over $500. what was the premium mix in 2025?',
    // (Data the model lacks.)
    'a quiet day is a day whose site visits were below that month’s daily average. how many quiet days in 2024?',
  ])('refuses %p', (question) => {
    expect(defined(question)).toMatch(/^refused: /);
  });

  it('leaves a named rate with a scope of people to its own readers', () => {
    const question =
      'cancel rate per customer: share of customers with at least one cancelled order in December 2025, out of everyone who ordered that month';
    expect(defined(question)).toBe(question);
  });

  it('counts customers against themselves in two periods, in the direction defined', () => {
    const plan = demoPlan(
      ['A grower is a customer who spent more in 2025 than in 2024. How many growers do we have?'],
      TODAY,
    );
    expect(queryFor(plan).sql).toContain('later_total_amount > earlier_total_amount');
  });

  it('counts a defined customer asked as "count the ..." per segment, in the direction defined', () => {
    const plan = demoPlan(
      [
        'fading accounts = customers with fewer orders in 2025 than in 2024. count the fading accounts by segment',
      ],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    expect(sql).toContain('later_count < earlier_count');
    expect(sql).toContain('SELECT customers_segment, SUM(');
  });
});
