import { describe, expect, it } from '@jest/globals';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Terms the asker defines and then asks about (tuning set 34, defined): a kind of customer by a bound in each of
 * several years or by a percent change between two years, a signed "average minus median", a rate of two counts, the
 * day or month ranked first or last by its orders or revenue, periods said to be the word. A definition not read in
 * full is refused, never dropped. (Answers on the sample: tuning set 34 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-09-22';

const defined = (...questions: string[]) => {
  const read = readDefinitions(questions, demoCatalog(questions.join(' ')));
  return read.kind === 'read' ? read.questions.at(-1) : `refused: ${read.reason}`;
};

describe('a kind of customer by a bound in each of several years', () => {
  it.each([
    [
      "Let's say a heavy spender is a customer who spent at least $10,000 in each of 2024 and 2025. How many heavy spenders are in each segment?",
      'How many customers who spent at least $10000 in each of 2024 and 2025 are in each segment?',
    ],
    [
      "I'd call a customer consistent when they ordered at least 12 times in each of 2023, 2024 and 2025. How many consistent customers do I have?",
      'How many customers who placed at least 12 orders in each of 2023, 2024 and 2025 do I have?',
    ],
    [
      'Call a customer a serial returner if they had at least 3 returned orders in 2025. How many serial returners per segment?',
      'How many customers who placed at least 3 returned orders in 2025 per segment?',
    ],
  ])('reads %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });

  it('counts them per sales region on each region’s own orders', () => {
    // Act
    const plan = demoPlan(
      [
        'VIP = a customer whose spend was $8,000 or more in every year 2023 through 2025. VIP count by region?',
      ],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(sql).toContain(
      'GROUP BY 1, 2) AS s0 ON s0.customers_name = c.customers_name AND s0.region = c.region',
    );
    expect(sql).toContain('t0 >= 8000 AND t1 >= 8000 AND t2 >= 8000');
  });

  it('counts an order count per sales region too', () => {
    const sql = queryFor(
      demoPlan(
        ['By region, how many customers placed at least 15 orders in each of 2023, 2024 and 2025?'],
        TODAY,
      ),
    ).sql;
    expect(sql).toContain('SELECT region, SUM(CASE WHEN t0 >= 15 AND t1 >= 15 AND t2 >= 15');
  });
});

describe('a kind of customer by a percent change between two years', () => {
  it.each([
    [
      'We say an account is slipping when its 2025 revenue is down 25% or more versus its 2023 revenue. How many slipping accounts are there?',
      'How many customers who spent at least 25% less in 2025 than in 2023 are there?',
    ],
    [
      'A customer is cooling if their 2025 spend is at least 20% below their 2023 spend. How many cooling customers are there?',
      'How many customers who spent at least 20% less in 2025 than in 2023 are there?',
    ],
    [
      'A customer is heating up if they spent at least 30% more in 2025 than in 2024. How many customers are heating up?',
      'How many customers who spent at least 30% more in 2025 than in 2024?',
    ],
  ])('reads %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });

  it('refuses a margin not said as a floor', () => {
    expect(
      defined(
        'We say an account is slipping when its 2025 revenue is down 25% versus its 2023 revenue. How many slipping accounts are there?',
      ),
    ).toMatch(/^refused: I could not read your definition of "slipping"/);
  });

  it('keeps the compared periods when a follow-up breaks the count down', () => {
    // Act
    const plan = demoPlan(
      [
        'A customer is cooling if their 2025 spend is at least 20% below their 2023 spend. How many cooling customers are there?',
        'break that down by segment',
      ],
      TODAY,
    );
    // Assess
    expect(queryFor(plan).sql).toContain('later_total_amount <= earlier_total_amount * 0.8');
    expect(queryFor(plan).sql).toContain('SELECT customers_segment, customers_name');
  });
});

describe('average minus median', () => {
  it('is the signed difference, the groups ranked by it', () => {
    // Act
    const plan = demoPlan(
      [
        'The skew gap is the average order value minus the median order value. Which region had the biggest skew gap in 2024?',
      ],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.percentile).toMatchObject({ signed: 'mean', mean: true, gap: true });
    expect(sql).toContain(
      'AVG(amount) - percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) AS average_minus_median_amount',
    );
    expect(sql).toMatch(/ORDER BY 4 DESC LIMIT 1$/);
  });

  it('is the median minus the average when said so', () => {
    const sql = queryFor(
      demoPlan(['What was the median order value minus the average order value by category in 2025?'], TODAY),
    ).sql;
    expect(sql).toContain(
      'percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) - AVG(amount) AS median_amount_minus_average',
    );
  });

  it('reads a defined "median minus average" and keeps it', () => {
    // Act
    const reading = demoReading(
      ['Define drift as median order value minus average order value. What was drift by region in 2024?'],
      TODAY,
    );
    // Assess
    expect(reading.kind).toBe('plan');
    if (reading.kind === 'plan')
      expect(queryFor(reading.plan).sql).toContain('AS median_amount_minus_average');
  });

  it('leaves the size of the gap between them unsigned', () => {
    const sql = queryFor(
      demoPlan(['How far apart are the median and the average order value in 2025?'], TODAY),
    ).sql;
    expect(sql).toContain('ABS(');
  });
});

describe('a rate of two counts', () => {
  it('reads "the number of" on both sides as the orders', () => {
    expect(
      defined(
        'By loss share I mean the number of returned or cancelled orders divided by the number of all orders. What was the loss share in 2023?',
      ),
    ).toBe('What was the share of orders that were returned or cancelled in 2023?');
  });
});

describe('a rate of two counts said with "the number of"', () => {
  it('is a percent of all orders when the asker names a rate', () => {
    // Act
    const plan = demoPlan(
      [
        'By problem rate I mean the number of returned or cancelled orders divided by the number of all orders. What was the problem rate by segment in 2023?',
      ],
      TODAY,
    );
    // Assess
    expect(plan.twoMeasures).toMatchObject({
      op: '/',
      percent: true,
      b: { words: 'all orders', filters: [] },
    });
  });

  it('reads no "number" side that stops short of its orders', () => {
    const reading = demoReading(
      ['What was the number of returned orders divided by the number of completed orders in 2024?'],
      TODAY,
    );
    expect(reading.kind === 'plan' ? reading.plan.twoMeasures : undefined).toBeUndefined();
  });
});

describe('the period ranked first or last by a figure', () => {
  it.each([
    [
      'Our record day is the calendar day with the highest order count. What was the record day in 2025, and how many orders came in that day?',
      'What was the top day by orders in 2025?',
    ],
    [
      'By best revenue day I mean the day with the highest total order value. What was the best revenue day of 2023 and its revenue?',
      'What was the top day by revenue of 2023?',
    ],
    [
      'the slowest day = the day with the lowest revenue. which day of 2025 was the slowest, and what was its revenue?',
      'what was the bottom day by revenue in 2025?',
    ],
    [
      "Peak month means the month with the most revenue. What was each region's peak month in 2024?",
      "What was each region's top month by revenue in 2024?",
    ],
  ])('reads %p', (question, text) => {
    expect(defined(question)).toBe(text);
  });

  it('keeps a clause asking another figure', () => {
    expect(
      defined(
        'Our record day is the calendar day with the highest order count. What was the record day in 2025, and what was its revenue?',
      ),
    ).toBe('What was the top day by orders in 2025, and what was its revenue?');
  });

  it('reads periods said to be the word', () => {
    expect(
      defined(
        "A busy month is one with more orders than that year's monthly average. Which months of 2024 were busy?",
      ),
    ).toBe("what were the months with more orders than their year's average month in 2024?");
  });
});

describe('definitions of data the model has not', () => {
  it.each([
    'Net revenue = revenue minus refunds minus shipping fees. What was net revenue by category in 2025?',
    'Call an order late if it shipped more than two days after it was placed. What share of 2024 orders were late?',
  ])('refuses %p', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });
});
