import { describe, expect, it } from '@jest/globals';
import { readAllTime } from '../../functions/agent/planner/all-time';
import { readFirstOfPeriod } from '../../functions/agent/planner/first-of-period';
import { perCustomerRank } from '../../functions/agent/planner/per-customer-rank';
import type { CohortReading } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohort and per-customer readings of tuning set 34: two signup cohorts side by side in more words, a cohort's
 * window moved by a follow-up, the share of a cohort's lifetime spend that came in one year, signup halves, spend on
 * one category against another, a first order of a year in its first month, counts "across all three years", a
 * group's orders per person. (Answers on the sample: tuning set 34 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-02-23';

const cohortOf = (questions: string[]) => {
  const plan = demoPlan(questions, TODAY);
  expect(plan.perEntity?.kind).toBe('cohort');
  return plan.perEntity as CohortReading;
};

describe('two signup cohorts side by side', () => {
  it.each([
    'How did 2025 average order value compare between customers who signed up in the first half of 2022 and those who signed up in the second half?',
    'What was the average order value in 2025 for customers who joined in the first half of 2022, and for those who joined in the second half?',
  ])('reads %p as H1 2022 against H2 2022, AOV in 2025', (question) => {
    // Act
    const c = cohortOf([question]);
    // Assess
    expect(c.cohort).toMatchObject({
      by: 'start',
      period: { label: 'H1 2022' },
      versus: { label: 'H2 2022' },
    });
    expect(c.window.period?.label).toBe('2025');
    expect(c.measures).toEqual(['aov']);
  });

  it('sets two cohorts asked the same figure in two clauses side by side', () => {
    // Act
    const c = cohortOf([
      'What did customers who joined in Q1 2022 spend in 2024, and what did the Q3 2022 joiners spend that year?',
    ]);
    // Assess
    expect(c.cohort).toMatchObject({ period: { label: 'Q1 2022' }, versus: { label: 'Q3 2022' } });
    expect(c.window.period?.label).toBe('2024');
    expect(c.measures).toEqual(['sum']);
  });

  it('moves the window of the previous cohorts to the period a follow-up names', () => {
    // Act
    const c = cohortOf([
      'Average order value in 2023 for customers who joined in H1 2022 compared with those who joined in H2 2022',
      'And the same for 2025?',
    ]);
    // Assess
    expect(c.cohort.versus?.label).toBe('H2 2022');
    expect(c.window.period).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
  });

  it('never reads a follow-up period shaped like the cohort as the window of its orders', () => {
    // Act
    const read = demoReading(
      ['customers who signed up in Q1 2022: revenue in 2024', 'what about Q2 2022?'],
      TODAY,
    );
    // Assess
    expect(read.kind).toBe('refuse');
  });

  it('sets the halves of a count of signups side by side, and follows them with each half’s revenue', () => {
    // Act
    const first = demoPlan(
      ['how many people signed up in the first half of 2022 and how many in the second half?'],
      TODAY,
    );
    const c = cohortOf([
      'how many people signed up in the first half of 2022 and how many in the second half?',
      "and what was each half's revenue in 2024?",
    ]);
    // Assess
    expect(first.compare?.map((p) => p.label)).toEqual(['H1 2022', 'H2 2022']);
    expect(c.cohort).toMatchObject({ period: { label: 'H1 2022' }, versus: { label: 'H2 2022' } });
    expect(c.measures).toEqual(['sum']);
    expect(c.window.period?.label).toBe('2024');
  });

  it('reads the signup halves of a year as groups, with their sizes alone too', () => {
    // Act
    const sized = cohortOf(['How many customers joined in each half of 2022?']);
    const figures = cohortOf(['by signup half of 2022, how many orders per customer in 2025?']);
    // Assess
    expect(sized).toMatchObject({ each: 'half', measures: [] });
    expect(figures).toMatchObject({ each: 'half', measures: ['orders-avg'] });
  });

  it('reads "for my customers who joined in each quarter of 2022" as by signup quarter of 2022', () => {
    // Act
    const plan = demoPlan(
      [
        'for my customers who joined in each quarter of 2022, what was the average spend per customer in 2023?',
      ],
      TODAY,
    );
    // Assess
    expect(plan.grain).toBe('quarter');
    expect(queryFor(plan).sql).toContain("date_trunc('quarter', customers_created_at)");
  });
});

describe("the share of a cohort's lifetime spend that came in one period", () => {
  it.each([
    [
      'What percentage of the lifetime revenue from customers who signed up in March 2022 came in 2024?',
      'March 2022',
      '2024',
    ],
    ['Of everything the Q4 2022 signups have ever spent, what share was spent in 2023?', 'Q4 2022', '2023'],
  ])('reads %p as the window’s spend over all their spend', (question, cohort, window) => {
    // Act
    const c = cohortOf([question]);
    const sql = queryFor(demoPlan([question], TODAY)).sql;
    // Assess
    expect(c.cohort.period?.label).toBe(cohort);
    expect(c.window.period?.label).toBe(window);
    expect(c.measures).toEqual(['share-life']);
    expect(sql).toContain('SUM(amount) AS all_amount');
  });

  it('still refuses a share of an all-time figure in one period that no cohort defines', () => {
    expect(demoReading(['what share of lifetime revenue came in 2024 for the west?'], TODAY).kind).not.toBe(
      'plan',
    );
  });
});

describe('conditions on each customer’s rows', () => {
  it('sets the spend on one category against the spend on another', () => {
    // Act
    const plan = demoPlan(
      ['In 2024, how many customers spent more on grocery than on electronics, per segment?'],
      TODAY,
    );
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(sql).toContain(
      "SUM(CASE WHEN category = 'grocery' THEN amount ELSE 0 END) > SUM(CASE WHEN category = 'electronics' THEN amount ELSE 0 END)",
    );
    expect(sql).toContain("created_at >= '2024-01-01'");
  });

  it.each([
    'How many customers have returned more orders than they cancelled?',
    'For each customer segment, how many customers have had more of their orders returned than cancelled?',
  ])('reads %p as more returned orders than cancelled ones', (question) => {
    // Act
    const sql = queryFor(demoPlan([question], TODAY)).sql;
    // Assess
    expect(sql).toContain(
      "SUM(CASE WHEN status = 'returned' THEN 1 ELSE 0 END) > SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END)",
    );
  });

  it('pools every year for "across all three years"', () => {
    // Act
    const plan = demoPlan(
      ['how many customers spent more on furniture than on toys across all three years?'],
      TODAY,
    );
    // Assess
    expect(plan.range).toBeUndefined();
    expect(queryFor(plan).sql).not.toContain('created_at >=');
  });

  it('splits the conditions by a follow-up’s breakdown', () => {
    // Act
    const plan = demoPlan(
      ['number of customers with more cancelled than returned orders', 'split that by segment'],
      TODAY,
    );
    // Assess
    expect(queryFor(plan).sql).toContain('customers_segment, SUM(ok)');
  });
});

describe('a first order of a year in one of its months', () => {
  it.each([
    [
      'How many customers placed their first order of 2024 in January 2024?',
      'How many customers who ordered in January 2024?',
    ],
    [
      "by segment, how many customers' first 2025 order came in January?",
      'how many customers who ordered in January 2025 by segment?',
    ],
    [
      'How many customers made their first purchase of 2023 in February?',
      'How many customers who ordered in February 2023 but not in January 2023?',
    ],
  ])('says %p as %p', (question, said) => {
    expect(readFirstOfPeriod(question)).toBe(said);
  });

  it.each([
    // (The first order ever, the cohort reader's.)
    'How many customers placed their first order in January 2023?',
    // (A later month would need every month before it.)
    'How many customers had their first order of 2023 in March?',
  ])('leaves %p as asked', (question) => {
    expect(readFirstOfPeriod(question)).toBe(question);
  });
});

describe('rankings pooled over every year, and per person', () => {
  it.each([
    [
      'In each region, which customer segment returned the most orders across all three years?',
      'In each region, which customer segment returned the most orders?',
    ],
    [
      'Across all three years, which region had the most cancelled orders within each customer segment?',
      'which region had the most cancelled orders within each customer segment?',
    ],
    ['Which customers spent the most across all three years?', 'Which customers spent the most in total?'],
  ])('reads %p as %p', (question, said) => {
    expect(readAllTime(question)).toBe(said);
  });

  it('leaves a leading "across all three years" before a change alone', () => {
    const question = 'Across all three years, how did revenue change each year?';
    expect(readAllTime(question)).toBe(question);
  });

  it('ranks the count of each group’s orders over its customers', () => {
    // Act
    const plan = demoPlan(["Which segment's customers placed the most orders per person?"], TODAY);
    // Assess
    expect(queryFor(plan).sql).toContain('AVG(v)');
    expect(plan.measures.map((m) => m.aggType)).toEqual(['count']);
  });

  it('reads "placed the most orders" per customer only with the "per" or "each" said', () => {
    expect(perCustomerRank("which segment's customers placed the most orders?")).toBeUndefined();
    expect(perCustomerRank("which region's customers made the fewest orders each in 2024?")).toBe(
      'which region has the lowest average number of orders per customer in 2024?',
    );
  });
});
