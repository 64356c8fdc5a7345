import { describe, expect, it } from '@jest/globals';
import { cohortPeriod } from '../../functions/agent/planner/cohort-periods';
import { readCohort } from '../../functions/agent/planner/cohort-reader';
import type { CohortReading } from '../../functions/agent/planner/plan';
import { demoCatalog, demoReading } from './support/demo-reading';

/**
 * The compositional cohort reader (cohort-reader.ts): a cohort x an outcome x measures, each read by its role, every
 * word accounted for; what it cannot compile is refused or left to the other readings, never read as another
 * question. (Answers on the sample are judged by tuning set 11 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-03-02';

/** The cohort reading of a question, without its members (rows, amount) to compare. */
function reading(question: string) {
  const read = readCohort(question, demoCatalog(question), TODAY);
  if (read?.kind !== 'plan') return read;
  const p = read.plan.perEntity as CohortReading;
  return {
    cohort: { ...p.cohort, attr: p.cohort.attr?.values },
    window: { ...p.window, filter: p.window.filter?.values },
    test: p.test,
    measures: p.measures,
    entityFilters: p.entityFilters?.map((f) => f.values),
  };
}
const span = (from: string, to: string) => expect.objectContaining({ from, to });

describe('cohort periods', () => {
  it.each([
    ['in march 2023', '2023-03-01', '2023-04-01'],
    ['before apr 2022', '0001-01-01', '2022-04-01'],
    ['after sept 2022', '2022-10-01', '9999-12-31'],
    ['march 2023 or later', '2023-03-01', '9999-12-31'],
    ['until april 2023 or later', '2023-04-01', '9999-12-31'],
    ['by the end of january 2023', '0001-01-01', '2023-02-01'],
    ['between feb and apr 2023', '2023-02-01', '2023-05-01'],
    ['in summer 2022 june through august', '2022-06-01', '2022-09-01'],
    ['in spring 2022', '2022-03-01', '2022-06-01'],
    ['in the first quarter of 2023', '2023-01-01', '2023-04-01'],
    ['in h2 2022', '2022-07-01', '2023-01-01'],
  ])('"%s" is [%s, %s)', (text, from, to) => {
    expect(cohortPeriod(text)?.period).toEqual(span(from, to));
  });

  it('leaves winter (two years) and "until X" alone unread', () => {
    expect(cohortPeriod('in winter 2022')).toBeUndefined();
    expect(cohortPeriod('until april 2023')).toBeUndefined();
  });
});

describe('cohort x outcome x measure', () => {
  it('reads a signup cohort said as a season with its months, and its spend in a year', () => {
    expect(
      reading(
        'How much did the customers who joined in summer 2022 (June through August) spend with us in 2025?',
      ),
    ).toEqual({
      cohort: { by: 'start', period: span('2022-06-01', '2022-09-01'), attr: undefined },
      window: { period: span('2025-01-01', '2026-01-01'), filter: undefined },
      test: undefined,
      measures: ['sum'],
      entityFilters: undefined,
    });
  });

  it("reads a first order's value as the cohort, and two measures (how many, share of all customers)", () => {
    expect(
      reading(
        'How many customers had their very first order returned, and what share of all customers is that?',
      ),
    ).toEqual(
      expect.objectContaining({
        cohort: { by: 'first', attr: ['returned'] },
        measures: ['count', 'share-all'],
      }),
    );
  });

  it('reads "came back" as a row after the first, and "within 30 days of their first order" as its span', () => {
    expect(reading('how many customers ordered again within 30 days of their first order?')).toEqual(
      expect.objectContaining({
        window: { afterFirst: true, within: { n: 30, unit: 'day' }, filter: undefined },
        test: { min: 1 },
        measures: ['count'],
      }),
    );
  });

  it('reads "didn\'t order at all in" as no row in the period, and "at least N times" as a minimum', () => {
    expect(reading("how many of the H2 2022 signups didn't order at all in December 2025?")).toEqual(
      expect.objectContaining({
        test: { none: true },
        window: { period: span('2025-12-01', '2026-01-01'), filter: undefined },
      }),
    );
    expect(
      reading(
        'how many of the customers who placed their first order in Q1 2023 ordered at least 20 times in 2025?',
      ),
    ).toEqual(expect.objectContaining({ test: { min: 20 } }));
  });

  it('reads an average per member with its window said before the figure ("avg 2025 spend per customer")', () => {
    expect(reading('avg 2025 spend per customer for the Q1 2022 signups')).toEqual(
      expect.objectContaining({
        window: { period: span('2025-01-01', '2026-01-01'), filter: undefined },
        measures: ['avg'],
      }),
    );
  });

  it("reads a first order's period after a signup cohort as what its members did", () => {
    expect(
      reading('of the people who registered in Q2 2022, how many placed their first order before Feb 2023?'),
    ).toEqual(
      expect.objectContaining({ test: { firstIn: span('0001-01-01', '2023-02-01') }, measures: ['count'] }),
    );
  });

  it('refuses two cohort definitions at once, and reads a cohort broken down by another field (cohort-by.ts)', () => {
    expect(
      readCohort(
        'customers whose first order was in the east and who signed up in Q1 2022 - how many?',
        demoCatalog('customers first order east signed up'),
        TODAY,
      ),
    ).toEqual(expect.objectContaining({ kind: 'refuse' }));
    expect(
      readCohort(
        'revenue by region from customers whose first order was in January 2023',
        demoCatalog('revenue region customers first order'),
        TODAY,
      ),
    ).toEqual(
      expect.objectContaining({
        kind: 'plan',
        plan: expect.objectContaining({
          perEntity: expect.objectContaining({
            by: expect.objectContaining({ column: 'region' }),
            measures: ['sum'],
          }),
        }),
      }),
    );
  });

  it('leaves alone what it does not fully read: a word of no role, a future period, a plain signup count', () => {
    expect(
      reading('how many customers whose first order was in March 2023 live near a store?'),
    ).toBeUndefined();
    expect(
      reading('of the customers whose first order was in Jan 2023, how many will order in 2027?'),
    ).toBeUndefined();
    expect(reading('How many customers joined in 2024?')).toBeUndefined();
  });
});

describe('follow-ups on a cohort', () => {
  const thread = (questions: string[]) => demoReading(questions, TODAY);

  it("reads a follow-up on an ordinary signup count as that cohort's outcome", () => {
    const read = thread([
      'customers who signed up in Q3 2022 - how many?',
      'what share of them ordered in November 2025?',
    ]);
    expect(read.kind === 'plan' && read.plan.perEntity).toEqual(
      expect.objectContaining({ kind: 'cohort', measures: ['share'], test: { min: 1 } }),
    );
  });

  it("refuses a follow-up it does not read on a cohort only it holds (a first order's value)", () => {
    const read = thread([
      'how many clients had their very first order in the west region?',
      'and which of them are happiest?',
    ]);
    expect(read.kind).toBe('refuse');
  });
});
