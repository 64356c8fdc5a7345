import { describe, expect, it } from '@jest/globals';
import type { Plan, RowAggregate } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Per-customer conditions the planner used to refuse (tuning set 22, row-conditions.ts): a threshold said after the
 * count and "lifetime"/"overall" as all time, two conditions in one period with a negation said loosely, every one of
 * a customer's orders in a quarter of one status, a list "with their counts", the count per region or segment, and a
 * share of the customers with rows in the period. What is not read whole is refused: an "every"/"all" of each one's
 * own rows is never dropped. (Answers on the sample: tuning set 22 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-05-06';

const aggregateText = (a: RowAggregate) =>
  [
    ...(a.kind ?? []).map((f) => `${f.negate ? 'not ' : ''}${f.values.join('|')}`),
    ...(a.period ? [a.period.label] : []),
  ].join(' ') || a.measure.column;
/** Each clause as "kind op value" ("returned >= 12", "not completed = 0"); a plain condition as "count >= 60". */
const clausesOf = (plan: Plan) =>
  plan.having?.clauses
    ? plan.having.clauses.map((c) => `${aggregateText(c)} ${c.op} ${c.value}`)
    : plan.having
      ? [`${plan.having.measure.column} ${plan.having.op} ${plan.having.value}`]
      : [];

describe('a threshold said after the count, and "lifetime" as all time', () => {
  it.each([
    ['how many customers are sitting at 55 orders or more, all-time?', ['count >= 55']],
    ['customers on 80 or more orders ever - how many?', ['count >= 80']],
    ['number of customers at 11 cancellations or more, lifetime', ['cancelled >= 11']],
    ['how many customers have 30 orders or fewer over their entire lifetime?', ['count <= 30']],
  ])('%s', (question, clauses) => {
    // Prepare / Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(clausesOf(plan)).toEqual(clauses);
    expect(plan.range).toBeUndefined();
  });

  it('refuses "lifetime" beside a year: two periods for one condition', () => {
    const read = demoReading(['how many customers have 20 orders or more lifetime in 2024?'], TODAY);
    expect(read.kind).not.toBe('plan');
  });
});

describe('two conditions in one period, one a negation said loosely', () => {
  it.each([
    [
      'how many customers had 6 or more returns and not even one cancellation in 2024?',
      ['returned >= 6', 'cancelled = 0'],
    ],
    [
      "count the customers with 15+ orders in 2025 who didn't have a single return that year",
      ['count >= 15', 'returned = 0'],
    ],
    [
      'customers with 3 or more cancellations but no returns at all in 2023: how many?',
      ['cancelled >= 3', 'returned = 0'],
    ],
  ])('%s', (question, clauses) => {
    const plan = demoPlan([question], TODAY);
    expect(clausesOf(plan)).toEqual(clauses);
    expect(plan.range?.label).toMatch(/^20\d\d$/);
  });
});

describe("every one of a customer's orders of one status", () => {
  it.each([
    ['how many customers whose 2024 orders were all returned?', 'returned', '2024'],
    ['number of customers for whom each and every order in 2025 was completed', 'completed', '2025'],
    ['how many customers saw all of their Q3 2025 orders cancelled?', 'cancelled', 'Q3 2025'],
  ])('%s', (question, status, period) => {
    // Prepare / Act
    const plan = demoPlan([question], TODAY);
    // Assess: none of their rows of another status, in the period.
    expect(clausesOf(plan)).toEqual([`not ${status} = 0`]);
    expect(plan.range?.label).toBe(period);
  });

  it('refuses a share of them with "every one of their" left unread rather than drop it', () => {
    const read = demoReading(
      ['what share of customers had every one of their orders shipped on time?'],
      TODAY,
    );
    expect(read.kind).not.toBe('plan');
  });
});

describe('a list with their figures, a count per value, a share', () => {
  it('lists "names and their counts" with the figure the condition is on', () => {
    // Prepare / Act
    const plan = demoPlan(['customers with over 12 returns overall - names and their return counts'], TODAY);
    // Assess
    expect(plan.having?.output).toBe('list');
    expect(clausesOf(plan)).toEqual(['returned > 12']);
    expect(queryFor(plan).sql).toMatch(/^SELECT customers_name, SUM\(CASE WHEN status = 'returned'/);
  });

  it("counts per segment, the customer's own attribute", () => {
    const plan = demoPlan(
      ['how many customers had 4+ returns and no cancellations in 2025, by segment?'],
      TODAY,
    );
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(queryFor(plan).sql).toContain('ELSE 0 END AS ok FROM orders_view WHERE');
    expect(queryFor(plan).sql).toMatch(/GROUP BY 1 ORDER BY 1$/);
  });

  it('takes a share of the customers with rows in the period when the whole says so', () => {
    // Prepare / Act
    const plan = demoPlan(
      ['what % of the customers who ordered in 2024 had every one of their 2024 orders completed?'],
      TODAY,
    );
    // Assess
    expect(plan.having?.output).toBe('share');
    expect(clausesOf(plan)).toEqual(['not completed = 0']);
    expect(queryFor(plan).sql).toContain('CASE WHEN SUM(CASE WHEN status <> ');
  });

  it('does not read a period\'s share when the whole is every customer ("what share of customers ... 2024 orders")', () => {
    const read = demoReading(['what share of customers had all of their 2024 orders completed?'], TODAY);
    expect(read.kind === 'plan' && read.plan.having?.output === 'share').toBe(false);
  });
});

describe('a follow-up that narrows the customers counted', () => {
  it('adds "of those never had a cancellation" to a lifetime count', () => {
    // Prepare / Act
    const plan = demoPlan(
      [
        'how many customers have 8 or more returns lifetime?',
        'and how many of those never had a cancellation?',
      ],
      TODAY,
    );
    // Assess
    expect(clausesOf(plan)).toEqual(['returned >= 8', 'cancelled = 0']);
    expect(plan.range).toBeUndefined();
  });

  it('keeps the period of the count narrowed', () => {
    const plan = demoPlan(
      ['how many customers had 3+ returns in 2025?', 'how many of them had no cancellations in 2025?'],
      TODAY,
    );
    expect(clausesOf(plan)).toEqual(['returned >= 3', 'cancelled = 0']);
    expect(plan.range?.label).toBe('2025');
  });

  it('does not guess whether "never" after a period\'s count is all time or that period', () => {
    const read = demoReading(
      ['how many customers had 3+ returns in 2025?', 'how many of them never had a cancellation?'],
      TODAY,
    );
    expect(read.kind === 'plan' && read.plan.having?.clauses?.length === 2).toBe(false);
  });
});

describe('bought in one span, nothing in a later one (customer-ratios.ts)', () => {
  it.each([
    'how many customers bought from February to August 2025 and then placed no orders in Q4 2025?',
    "'faded' = ordered in the first half of 2024 but nothing at all in H2 2024. how many faded customers?",
  ])('%s', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.perEntity?.kind).toBe('ratio');
  });

  it('reads the span after the verb as one period, its months through the last', () => {
    const plan = demoPlan(
      ['how many customers bought from February to August 2025 and then placed no orders in Q4 2025?'],
      TODAY,
    );
    const ratio = plan.perEntity?.kind === 'ratio' ? plan.perEntity : undefined;
    const periods = [...(ratio?.whole ?? []), ...(ratio?.part ?? [])].map((t) => t.period?.label);
    expect(periods).toEqual(['February 2025 to August 2025', 'Q4 2025']);
  });

  it('keeps "retention from Oct 2025 to Nov 2025" two periods', () => {
    const plan = demoPlan(
      ['retention from Oct 2025 to Nov 2025: the share of October buyers who came back in November'],
      TODAY,
    );
    const ratio = plan.perEntity?.kind === 'ratio' ? plan.perEntity : undefined;
    const periods = [...(ratio?.whole ?? []), ...(ratio?.part ?? [])].map((t) => t.period?.label);
    expect(periods).toEqual(['October 2025', 'November 2025']);
  });
});
