import { describe, expect, it } from '@jest/globals';
import { firstAndLast, toDataEnd } from '../../functions/agent/planner/data-span-growth';
import { readNotOrderedBy } from '../../functions/agent/planner/not-ordered-by';
import type { PerEntity } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Per-customer timing (tuning set 25): recency to the data's last day, each customer's best month, customers of a
 * group with no orders in a period, the month by which a share had a first order, days from signup to first order
 * by the signups' own period, and "had not ordered by <day>"; what they do not read whole is refused or left to the
 * other readings, never answered for something else. (Answers on the sample: tuning set 25 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2027-12-06';

const perEntity = (question: string): PerEntity => {
  const p = demoPlan([question], TODAY).perEntity;
  if (!p) throw new Error(`not a per-entity reading: ${question}`);
  return p;
};
const sqlOf = (question: string) => queryFor(demoPlan([question], TODAY)).sql;
const refused = (question: string) => demoReading([question], TODAY).kind === 'refuse';

describe('recency: days from the last order to the data’s last day', () => {
  it.each([
    ["average number of days since each customer's last order, counted to the last day in the data", 'avg'],
    ['median recency in days across customers, as of the final date in the dataset', 'median'],
    [
      'as of the last date in the data, the longest any customer has gone since their latest order, in days?',
      'max',
    ],
  ])('%s', (question, stat) => {
    expect(perEntity(question)).toMatchObject({ kind: 'recency', stat });
    expect(sqlOf(question)).toMatch(/CAST\(MAX\(created_at\) AS DATE\) AS data_last_day FROM orders_view\)/);
  });

  it.each([
    ['how many customers placed their most recent order more than 45 days before the data ends?', '>', 45],
    [
      "customers with a recency of 60+ days (days from their last order to the data's last day) - count them",
      '>=',
      60,
    ],
  ])('%s', (question, op, days) => {
    expect(perEntity(question)).toMatchObject({ kind: 'recency', stat: 'count', threshold: { op, days } });
  });

  it('keeps a region the customer holds as a group or a filter', () => {
    expect(
      sqlOf('avg days since last purchase per customer, by region (measured to the end of the data)'),
    ).toMatch(/SELECT region, AVG\(days\)/);
    expect(
      sqlOf('north customers whose last order was over 30 days before the end of the data: how many?'),
    ).toMatch(/WHERE region = 'north' GROUP BY 1\).*days > 30/);
  });

  it('is not read without the data’s end, nor for logins or a category’s orders', () => {
    expect(refused("average days since each customer's last order")).toBe(true);
    expect(refused("average days since each customer's last login, as of the data's end")).toBe(true);
    expect(
      refused(
        'average days since the last order for customers who bought furniture, as of the last day in the data',
      ),
    ).toBe(true);
  });
});

describe("each customer's best month", () => {
  it.each([
    ["average of each customer's best-month revenue", 'avg', 'amount'],
    ["median of customers' peak monthly spend, per region", 'median', 'amount'],
    [
      'on average, how many orders did customers place in their busiest month (their own top month by order count)?',
      'avg',
      'rows',
    ],
  ])('%s', (question, output, of) => {
    expect(perEntity(question)).toMatchObject({ kind: 'best-period', unit: 'month', output, figure: { of } });
  });

  it('keeps the rows of a year for an average, and the best month’s period for a count', () => {
    expect(
      sqlOf('average best month spend per customer in 2024 (their highest-spending month that year)'),
    ).toMatch(/WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01' GROUP BY 1, 2\), b AS/);
    const counted = sqlOf(
      'take every customer\'s "power month" (the calendar month they spent the most): how many had it in Q4 2025?',
    );
    expect(counted).toMatch(/FROM orders_view GROUP BY 1, 2\)/);
    expect(counted).toMatch(/period >= '2025-10-01' AND period < '2026-01-01'/);
  });

  it("leaves the business's own best month alone, and refuses a channel", () => {
    const read = demoReading(['average revenue per customer in our best month'], TODAY);
    expect(read.kind === 'plan' && read.plan.perEntity?.kind === 'best-period').toBe(false);
    expect(refused("average of each customer's best-week revenue from the mobile app")).toBe(true);
    // (A worst month could be one with no order at all: not said, refused; it was read as the business's month.)
    expect(refused("average of each customer's worst month revenue")).toBe(true);
  });
});

describe('customers of a group with no orders in a period', () => {
  it.each([
    ['sleepers in the west - customers with no orders in H2 2025. how many?', 'west', '2025-07-01'],
    ["how many south customers didn't order at all in Q4 2025?", 'south', '2025-10-01'],
    [
      'customers in the north who went without a single order during March 2024 - number?',
      'north',
      '2024-03-01',
    ],
  ])('%s', (question, region, from) => {
    expect(perEntity(question)).toMatchObject({ kind: 'no-rows-in', period: { from } });
    expect(sqlOf(question)).toContain(`WHERE region = '${region}' GROUP BY 1`);
  });

  it('refuses a group said as a negation, and two periods joined', () => {
    expect(refused('how many customers outside the south had no orders in Q4 2025?')).toBe(true);
    expect(refused('how many west customers had no orders in 2025 or 2024?')).toBe(true);
  });
});

describe('the month by which a share had placed a first order', () => {
  it.each([
    ['by the end of which month had 90% of customers placed their first order?', 90],
    ['in what month did the running total of first-time buyers pass half of all customers?', 50],
  ])('%s', (question, percent) => {
    expect(perEntity(question)).toMatchObject({
      kind: 'first-share-period',
      unit: 'month',
      reach: { percent },
    });
  });

  it('reads the running count per month, kept to a year', () => {
    expect(
      perEntity('cumulative number of customers who had placed a first order, by month, for 2023'),
    ).toEqual(expect.objectContaining({ kind: 'first-share-period', unit: 'month' }));
    expect(sqlOf('cumulative number of customers who had placed a first order, by month, for 2023')).toMatch(
      /FROM c WHERE month >= '2023-01-01' AND month < '2024-01-01' ORDER BY 1$/,
    );
  });

  it('is not read with a group it does not compute', () => {
    const read = demoReading(
      ['by the end of which month had 90% of enterprise customers placed their first order?'],
      TODAY,
    );
    expect(read.kind === 'plan' && read.plan.perEntity?.kind === 'first-share-period').toBe(false);
  });
});

describe('days from signup to first order by the signups’ own period', () => {
  it('groups by the signup quarter', () => {
    expect(perEntity('avg days from signup to first order, by signup quarter')).toMatchObject({
      kind: 'days-to-first',
      startGrain: 'quarter',
    });
    expect(sqlOf('avg days from signup to first order, by signup quarter')).toContain(
      "date_trunc('quarter', customers_created_at) AS signup_quarter",
    );
  });

  it('keeps the signups of a period', () => {
    expect(
      sqlOf(
        'for customers who signed up in Q3 2022, how many days on average passed before their first order?',
      ),
    ).toContain("WHERE customers_created_at >= '2022-07-01' AND customers_created_at < '2022-10-01'");
  });
});

describe('no order yet by a date', () => {
  it.each([
    [
      'of the customers who signed up in 2022, how many had not ordered anything by 2023-03-31?',
      'of the customers who signed up in 2022, how many placed their first order after 2023-03-31?',
    ],
    [
      "how many H2 2022 signups still hadn't placed an order by the end of January 2023?",
      'how many H2 2022 signups placed their first order after January 2023?',
    ],
    [
      'what % of customers who joined in Q1 2022 had no order by Feb 28, 2023?',
      'what % of customers who joined in Q1 2022 placed their first order after Feb 28, 2023?',
    ],
  ])('%s', (question, said) => {
    expect(readNotOrderedBy(question)).toBe(said);
  });

  it.each([
    [
      'how many customers had ordered by 2023-03-31?',
      'how many customers placed their first order before 2023-04-01?',
    ],
    [
      'how many customers had placed an order by the end of March 2023?',
      'how many customers placed their first order before 2023-04-01?',
    ],
    [
      'of the 2022 signups, how many had already bought anything by 15 Feb 2023?',
      'of the 2022 signups, how many placed their first order before 2023-02-16?',
    ],
    [
      'how many customers had ordered by Dec 31st, 2023?',
      'how many customers placed their first order before 2024-01-01?',
    ],
  ])('%s (the day itself counted, never the day alone)', (question, said) => {
    expect(readNotOrderedBy(question)).toBe(said);
  });

  it('leaves a bare year, and an object it does not read, as asked', () => {
    const year = "how many customers who joined in 2022 hadn't ordered by 2023?";
    expect(readNotOrderedBy(year)).toBe(year);
    const furniture = 'how many customers who joined in 2022 had not ordered furniture by 2023-03-31?';
    expect(readNotOrderedBy(furniture)).toBe(furniture);
  });
});

describe('growth over the last years of the data', () => {
  it('compares the first of the years with the last, never the span with the one before', () => {
    const plan = demoPlan(['which region grew fastest over the last 3 years of data?'], TODAY);
    expect(plan.compare?.map((p) => [p.label, p.ofData])).toEqual([
      ['2024', true],
      ['2026', true],
    ]);
  });

  it('moves both back together to the data’s last whole year', () => {
    const [a, b] =
      firstAndLast({ label: 'the last 3 years', from: '2024-01-01', to: '2027-01-01', ofData: true }) ?? [];
    expect(a && b && toDataEnd([a, b], '2025-12-31')?.map((p) => [p.label, p.from, p.to])).toEqual([
      ['2023', '2023-01-01', '2024-01-01'],
      ['2025', '2025-01-01', '2026-01-01'],
    ]);
    // (A data ending mid-year: its last whole year is the one before.)
    expect(a && b && toDataEnd([a, b], '2025-06-30')?.map((p) => p.label)).toEqual(['2022', '2024']);
  });

  it('leaves a span not said of the data as it was read', () => {
    expect(firstAndLast({ label: 'the last 3 years', from: '2024-01-01', to: '2027-01-01' })).toBeUndefined();
    const plan = demoPlan(['which region grew fastest over the last 3 years?'], TODAY);
    expect(plan.compare?.some((p) => p.ofData)).toBe(false);
  });
});
