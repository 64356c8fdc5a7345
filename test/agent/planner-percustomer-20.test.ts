import { describe, expect, it } from '@jest/globals';
import type { Plan, RowAggregate } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Conditions on each customer's own rows, read as one algebra (tuning set 20, row-conditions.ts): a count of the
 * customer's rows of a kind, the largest, smallest, average or total of their amounts, every or none of their rows,
 * two kinds against each other, rows in each of two years; joined; counted, listed or ranked among those that
 * qualify. What is not read whole is left to the other readings, which answer or refuse it; a negation, "exactly",
 * "both" or "ever" is never dropped. (Answers on the sample: tuning set 20 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-07-22';

/** Each clause as "kind op value" ("returned = 1", "max_amount < 900", "cancelled > returned"). */
const aggregateText = (a: RowAggregate) =>
  [
    ...(a.kind ?? []).map((f) => `${f.negate ? 'not ' : ''}${f.values.join('|')}`),
    ...(a.bound ? [`amount ${a.bound.op} ${a.bound.value}`] : []),
    ...(a.period ? [a.period.label] : []),
  ].join(' ') || a.measure.column;
const clausesOf = (plan: Plan) =>
  plan.having?.clauses
    ? plan.having.clauses.map(
        (c) => `${aggregateText(c)} ${c.op} ${c.against ? aggregateText(c.against) : c.value}`,
      )
    : plan.having
      ? [`${plan.having.measure.column} ${plan.having.op} ${plan.having.value}`]
      : [];

describe("a count of the customer's rows of a kind, compared to a number", () => {
  it.each([
    ['how many customers had exactly one return in 2024 (not zero, not two)?', ['returned = 1'], '2024'],
    ['how many customers had 2 or more returns in 2025?', ['returned >= 2'], '2025'],
    ['number of customers with exactly 5 cancelled orders, all time', ['cancelled = 5'], undefined],
    ['how many customers have at most one cancellation ever?', ['cancelled <= 1'], undefined],
    ['customers who never had a single order cancelled. ever. how many?', ['cancelled = 0'], undefined],
    [
      'customers with 10+ orders and not a single cancellation in 2024: how many?',
      ['count >= 10', 'cancelled = 0'],
      '2024',
    ],
  ])('%s', (question, clauses, year) => {
    // Prepare / Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(clausesOf(plan)).toEqual(clauses);
    expect(plan.having?.output).toBe('count');
    expect(plan.range?.label).toBe(year);
  });
});

describe('the largest, smallest, average or total of their amounts; every or none of their rows', () => {
  it.each([
    ['no. of customers whose largest single order in 2025 was below $900?', ['max_amount < 900']],
    ['customers whose smallest order ever was over $50 - how many?', ['min_amount > 50']],
    [
      'how many customers had a smallest 2025 order above $150 and a biggest one below $950?',
      ['min_amount > 150', 'max_amount < 950'],
    ],
    ['how many customers had every single order over $100 in 2025?', ['min_amount > 100']],
    ['how many customers never placed an order under $20?', ['amount < 20 = 0']],
    ['customers all of whose 2025 orders were completed - how many?', ['not completed = 0']],
    [
      'how many customers spent over 10k in 2025 but had no returns that year?',
      ['total_amount > 10000', 'returned = 0'],
    ],
  ])('%s', (question, clauses) => {
    expect(clausesOf(demoPlan([question], TODAY))).toEqual(clauses);
  });
});

describe('two kinds, or two years, joined', () => {
  it('reads "more cancellations than returns" as one count against the other', () => {
    // Prepare / Act
    const plan = demoPlan(['how many customers had more cancellations than returns in 2025?'], TODAY);
    // Assess
    expect(clausesOf(plan)).toEqual(['cancelled > returned']);
    expect(queryFor(plan).sql).toContain(
      "HAVING SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) > SUM(CASE WHEN status = 'returned' THEN 1 ELSE 0 END)",
    );
  });

  it('reads "toys but never electronics" as rows of one and none of the other', () => {
    const plan = demoPlan(['how many bought toys but never electronics in 2025?'], TODAY);
    expect(clausesOf(plan)).toEqual(['toys >= 1', 'electronics = 0']);
  });

  it('reads "a return in both 2023 and 2025" as a return in each year, over all the rows', () => {
    const plan = demoPlan(['customers who had a return in both 2023 and 2025 - how many?'], TODAY);
    expect(clausesOf(plan)).toEqual(['returned 2023 >= 1', 'returned 2025 >= 1']);
    expect(plan.range).toBeUndefined();
  });
});

describe('the customers counted, listed, or ranked among those that qualify', () => {
  it('ranks by AOV among those with at least 10 orders, the first 5', () => {
    // Prepare / Act
    const plan = demoPlan(['which customers have the highest AOV in 2025 (min 10 orders)? top 5'], TODAY);
    const sql = queryFor(plan).sql;
    // Assess
    expect(plan.having?.rankBy).toMatchObject({ n: 5, direction: 'desc' });
    expect(plan.having?.rankBy?.measure.column).toBe('average_amount');
    expect(sql).toContain('HAVING MEASURE(count) >= 10 ORDER BY 2 DESC, 1 LIMIT 5');
  });

  it('ranks from the lowest when asked ("counting only customers with 10+ orders")', () => {
    const plan = demoPlan(
      [
        'which 5 customers had the lowest average order value in 2024, counting only customers with 10+ orders?',
      ],
      TODAY,
    );
    expect(plan.having?.rankBy?.direction).toBe('asc');
    expect(clausesOf(plan)).toEqual(['count >= 10']);
  });

  it('lists each customer with the figure its condition is on', () => {
    const plan = demoPlan(['list the customers with more than 7 returns in 2025'], TODAY);
    expect(plan.having?.output).toBe('list');
    expect(queryFor(plan).sql).toMatch(/^SELECT customers_name, SUM\(CASE WHEN status = 'returned'/);
  });

  it('follows a count with the same conditions in another year', () => {
    const plan = demoPlan(['how many customers had no cancellations in 2025?', 'and in 2024?'], TODAY);
    expect(clausesOf(plan)).toEqual(['cancelled = 0']);
    expect(plan.range?.label).toBe('2024');
  });
});

describe('a value said of the customers narrows every row', () => {
  it('reads "enterprise customers" as a filter beside the condition', () => {
    // Prepare / Act
    const plan = demoPlan(['how many enterprise customers had exactly 2 returns in 2025?'], TODAY);
    // Assess
    expect(plan.filters.map((f) => f.values)).toEqual([['enterprise']]);
    expect(clausesOf(plan)).toEqual(['returned = 2']);
  });

  it('never reads a second value of a condition\'s own dimension as a filter ("toys and electronics")', () => {
    const plan = demoPlan(['how many customers bought toys and electronics in 2025?'], TODAY);
    expect(plan.having?.clauses).toBeUndefined();
  });
});

describe('what is not read whole is not read here', () => {
  it.each([
    // A count with no comparison word ("had 3 returns": exactly, or at least?).
    'how many customers had 3 returns in 2025?',
    // "or" between two kinds is no "and".
    'how many customers bought toys or electronics in 2025?',
    // A gloss that contradicts "exactly".
    'how many customers had exactly one return in 2024 (not one)?',
    // Two periods for every condition.
    'how many customers had no returns in 2024 and 2025?',
  ])('%s', (question) => {
    // Prepare / Act
    const read = demoReading([question], TODAY);
    // Assess
    expect(read.kind === 'plan' ? read.plan.having?.clauses : undefined).toBeUndefined();
  });

  it.each([
    'how many customers never left a bad review?',
    'how many customers had more support tickets than orders in 2025?',
  ])('refuses what the data does not hold: %s', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it.each([
    'how many customers had exactly one return each year',
    'how many customers had one return in 2024',
  ])('refuses a count of a kind it cannot read whole, never reading it as any: %s', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it('refuses a breakdown by period added to conditions on rows', () => {
    const read = demoReading(['how many customers had more returns than cancellations?', 'by month?'], TODAY);
    expect(read.kind).toBe('refuse');
  });

  it("counts per value of the customer's own attribute added to conditions on rows (tuning set 22)", () => {
    const plan = demoPlan(['how many customers had more returns than cancellations?', 'by segment?'], TODAY);
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(clausesOf(plan)).toEqual(['returned > cancelled']);
  });
});
