import { describe, expect, it } from '@jest/globals';
import { readDefinitions, seasonsDefined } from '../../functions/agent/planner/definitions';
import { readPeriodRelative } from '../../functions/agent/planner/period-relative';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Words the asker defines or means in the usual way (tuning set 30, words): periods against "the average month" of
 * the question's own period, a short follow-up of a question not answered, definitions said as "call X a 'Y'", "a
 * jumbo order is over $950", an order count said alone, no order before a day, a measure's later year minus an earlier
 * one, the share of revenue from rows, the planner's own "weekend" said again, and a share of customers defined per
 * customer. (Answers on the sample: tuning set 30 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-12-02';

const defined = (question: string) => {
  const read = readDefinitions([question], demoCatalog(question));
  return read.kind === 'read' ? read.questions[0] : `refused: ${read.reason}`;
};

describe('"the average month": the mean of the periods the question counts', () => {
  it('reads "below the average month" with no container as the question\'s own', () => {
    // Act
    const read = readPeriodRelative('how many months of 2024 had revenue below the average month?');
    // Assess
    expect(read.text).toBe('how many months of 2024 had revenue under $1?');
    expect(read.mark).toMatchObject({ stat: 'avg', unit: 'month', asked: true });
  });

  it('takes a whole year asked as the container', () => {
    // Act
    const plan = demoPlan(
      ['A weak month is a month with revenue below the average month. How many weak months did 2024 have?'],
      TODAY,
    );
    // Assess
    expect(plan.having?.vsPeriod).toMatchObject({ stat: 'avg', within: 'year' });
    expect(plan.having?.vsPeriod?.whole).toBeUndefined();
  });

  it('takes every period counted when no one unit is asked', () => {
    // Act
    const plan = demoPlan(
      ['over all the data, how many quarters had revenue above the average quarter?'],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.having?.vsPeriod?.whole).toBe(true);
    expect(sql).toContain('SELECT 1 AS within_period, AVG(total_amount)');
  });

  it("keeps a year said after a container as the question's period", () => {
    // Act
    const read = readPeriodRelative("list the months with revenue under their year's median month of 2025");
    // Assess
    expect(read.text).toBe('list the months with revenue under $1 of 2025');
  });

  it('reads no year said of the mean that the question does not name', () => {
    expect(readPeriodRelative('months with revenue below the average month of 2024').mark).toBeUndefined();
  });

  it('refuses the average month per year (whose mean is not said)', () => {
    const read = demoReading(['how many months per year had revenue below the average month?'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

describe('a short follow-up of a question not answered', () => {
  it("is refused, not read alone as the period's order count", () => {
    // Act
    const read = demoReading(['what was the profit margin in 2024?', 'and in 2025?'], TODAY);
    // Assess
    expect(read).toMatchObject({ kind: 'refuse' });
    expect(JSON.stringify(read)).toContain('could not answer the question before this one');
  });

  it('stands when it names a measure of its own', () => {
    expect(
      demoReading(['what was the profit margin in 2024?', 'ok. revenue in 2025 then?'], TODAY).kind,
    ).toBe('plan');
  });

  it('is carried as ever after a question answered', () => {
    const plan = demoPlan(['revenue in 2024?', 'and in 2025?'], TODAY);
    expect(plan.range?.from).toBe('2025-01-01');
  });
});

describe('definitions said in other words', () => {
  it.each([
    [
      "Call an order over $850 a 'premium order'. How many premium orders did we get in 2025?",
      'How many orders over $850 did we get in 2025?',
    ],
    [
      "let's say a jumbo order is over $950. how many jumbo orders in 2023?",
      'how many orders over $950 in 2023?',
    ],
  ])('reads %p', (question, read) => {
    expect(defined(question)).toBe(read);
  });

  it("reads an order count said alone as each customer's", () => {
    expect(defined('loyal = 60+ orders. how many loyal customers per region?')).toBe(
      'how many customers with 60 or more orders per region?',
    );
  });

  it('never reads "more than 30 orders" as an amount of $30', () => {
    expect(defined('a busy day = more than 30 orders. how many busy days in 2024?')).not.toContain('$30');
  });

  it('reads no order before a day as a first order on or after it', () => {
    expect(
      defined(
        "A 'slow starter' is a customer who had not placed any order before March 1, 2023. How many slow starters are there?",
      ),
    ).toBe('How many customers whose first order was on or after march 1 2023 are there?');
  });

  it("reads a measure's later year minus an earlier one as the change between them", () => {
    // Act
    const question =
      "Let's call 'basket drift' a category's 2025 average order value minus its 2023 average order value. What is the basket drift for each category?";
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(defined(question)).toBe(
      'What is the change in average order value from 2023 to 2025 for each category?',
    );
    expect(queryFor(plan).sql).toContain('b - a AS change');
  });

  it('reads no earlier year minus a later one', () => {
    expect(
      defined('revenue swing = revenue in 2023 minus revenue in 2025. revenue swing by region?'),
    ).toMatch(/^refused/);
  });

  it('reads the share of revenue that came from rows', () => {
    expect(
      defined(
        'return drag means the share of revenue that came from returned orders. what was the return drag per category in 2025?',
      ),
    ).toBe('what was the share of revenue from returned orders per category in 2025?');
  });

  it('reads the planner\'s own "weekend" said again as the word itself', () => {
    // Act
    const plan = demoPlan(
      [
        'weekend = Saturday or Sunday. What percentage of orders in each category were placed on the weekend?',
      ],
      TODAY,
    );
    // Assess
    expect(plan.share).toBeDefined();
    expect(queryFor(plan).sql).not.toContain("'Saturday'");
  });

  it('reads a share of customers defined per customer', () => {
    const read = demoReading(
      ['what share of customers are frequent buyers? frequent = more than 55 orders overall'],
      TODAY,
    );
    expect(read.kind).toBe('plan');
  });
});

describe('months of every year, and seasons defined as months', () => {
  it('reads months without a year, either of them, beside a yearly breakdown as those months of every year', () => {
    // Act
    const plan = demoPlan(['orders placed in June, July or August, by year'], TODAY);
    // Assess
    expect(plan.compare).toBeUndefined();
    expect(plan.range).toBeUndefined();
    expect(plan.filters[0]?.values).toEqual(['June', 'July', 'August']);
  });

  it('says a season defined as months as those months where it is used', () => {
    expect(
      seasonsDefined(['Summer means June through August. What was summer revenue in each year?']),
    ).toEqual(['What was revenue in June, July or August in each year?']);
    expect(seasonsDefined(['winter = Dec-Feb. winter orders, all years together?'])).toEqual([
      'orders in December, January or February, all years together?',
    ]);
  });

  it('leaves the season unread with a year named or no yearly word (a refusal)', () => {
    expect(seasonsDefined(['Summer is June to August. Summer revenue in 2024?'])).toEqual([
      'Summer revenue in 2024?',
    ]);
    expect(demoReading(['winter = Dec-Feb. winter revenue per region?'], TODAY).kind).toBe('refuse');
  });

  it('reads no season of more than six months', () => {
    const asked = 'our fiscal year runs from April to March. revenue by year?';
    expect(seasonsDefined([asked])).toEqual([asked]);
  });
});
