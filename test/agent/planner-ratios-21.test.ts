import { describe, expect, it } from '@jest/globals';
import type { Plan, RatioTest } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Ratios of customer counts over one or two periods (tuning set 21, customer-ratios.ts): tests on each customer's
 * own rows (at least N rows of a kind in a period, or none), the first (or the one after "out of" / "as a % of") the
 * whole and the others the part; counted, or the part as a share of the whole, per value of a dimension; follow-ups
 * on them; definitions over two periods read as such tests. A negation is a test of its own, never dropped; what is
 * not read whole is left to the other readings. (Answers on the sample: tuning set 21 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-10-14';

/** A test as "kind op value period" ("toys >= 1 December 2025", "= 0 Q4 2025"). */
const testText = (t: RatioTest) =>
  [...t.kind.flatMap((k) => k.values), t.op, String(t.value), t.period?.label ?? ''].join(' ').trim();
const ratioOf = (plan: Plan) => {
  const p = plan.perEntity;
  if (p?.kind !== 'ratio') throw new Error(`not a ratio: ${JSON.stringify(p ?? plan.measures)}`);
  return {
    whole: p.whole.map(testText),
    part: p.part.map(testText),
    output: p.output,
    by: p.by?.column,
    filters: p.filters.flatMap((f) => f.values),
  };
};

describe('a part among a whole: retention, repeat, attach, lapse', () => {
  it.each([
    [
      'what % of customers who bought in November 2025 ordered again in December 2025?',
      ['>= 1 November 2025'],
      ['>= 1 December 2025'],
      'share',
    ],
    [
      'what percentage of the customers who ordered in November 2024 placed 3 or more orders that month?',
      ['>= 1 November 2024'],
      ['>= 3 November 2024'],
      'share',
    ],
    [
      'repeat rate = customers with 2 or more orders in December 2025 as a % of customers who ordered in December 2025. what was it?',
      ['>= 1 December 2025'],
      ['>= 2 December 2025'],
      'share',
    ],
    [
      'attach rate for toys: of customers who bought electronics in December 2025, what % also bought toys in December 2025?',
      ['electronics >= 1 December 2025'],
      ['toys >= 1 December 2025'],
      'share',
    ],
    [
      "what share of customers who bought grocery in May 2025 didn't buy any electronics in May 2025?",
      ['grocery >= 1 May 2025'],
      ['electronics = 0 May 2025'],
      'share',
    ],
    [
      'lapse rate: of Q2 2025 buyers, what percent placed no order in Q3 2025?',
      ['>= 1 Q2 2025'],
      ['= 0 Q3 2025'],
      'share',
    ],
    [
      'number of customers who ordered in October 2025 but not in November or December 2025',
      ['>= 1 October 2025'],
      ['= 0 November 2025 or December 2025'],
      'count',
    ],
    [
      'how many customers who ordered in April 2024 skipped May 2024 entirely and then came back in June 2024?',
      ['>= 1 April 2024'],
      ['= 0 May 2024', '>= 1 June 2024'],
      'count',
    ],
    [
      'how many of the customers who ordered in 2024 had more than 20 orders in 2025',
      ['>= 1 2024'],
      ['>= 21 2025'],
      'count',
    ],
    [
      'what % of customers who ordered in Dec 2025 ordered more than once that month?',
      ['>= 1 December 2025'],
      ['>= 2 December 2025'],
      'share',
    ],
    [
      'Of customers active in Q3 2025, how many were not active in Q4 2025?',
      ['>= 1 Q3 2025'],
      ['= 0 Q4 2025'],
      'count',
    ],
    ['how many customers ordered in 2023 but never in 2024?', ['>= 1 2023'], ['= 0 2024'], 'count'],
    [
      "what's the attach rate of clothing among furniture buyers in Q4 2025?",
      ['furniture >= 1 Q4 2025'],
      ['clothing >= 1 Q4 2025'],
      'share',
    ],
    [
      'how many customers placed orders in Q1 2025 but none in Q2 2025 or Q3 2025',
      ['>= 1 Q1 2025'],
      ['= 0 Q2 2025 or Q3 2025'],
      'count',
    ],
    [
      'month-to-month retention from Oct 2025 to Nov 2025: the share of October buyers who came back in November',
      ['>= 1 October 2025'],
      ['>= 1 November 2025'],
      'share',
    ],
    [
      'cancel rate per customer: share of customers with at least one cancelled order in December 2025, out of everyone who ordered that month',
      ['>= 1 December 2025'],
      ['cancelled >= 1 December 2025'],
      'share',
    ],
  ])('%s', (question, whole, part, output) => {
    // Prepare / Act
    const ratio = ratioOf(demoPlan([question], TODAY));
    // Assess
    expect(ratio.whole).toEqual(whole);
    expect(ratio.part).toEqual(part);
    expect(ratio.output).toBe(output);
  });

  it('reads "of all our customers" as every customer, both months each a test of the part', () => {
    // Prepare / Act
    const ratio = ratioOf(
      demoPlan(['what share of all our customers ordered in both November and December of 2025?'], TODAY),
    );
    // Assess
    expect(ratio.whole).toEqual([]);
    expect(ratio.part).toEqual(['>= 1 November 2025', '>= 1 December 2025']);
  });

  it('breaks down by a dimension and narrows by values of the customer or of the rows said as such', () => {
    // Prepare / Act
    const bySegment = ratioOf(
      demoPlan(['per segment, the share of August 2025 buyers who did not order in September 2025'], TODAY),
    );
    const enterprise = ratioOf(
      demoPlan(['what % of enterprise customers who ordered in June 2025 also ordered in July 2025?'], TODAY),
    );
    const east = ratioOf(
      demoPlan(
        [
          'east region: of the customers with a completed order in Q3 2025, how many had no completed order in Q4 2025?',
        ],
        TODAY,
      ),
    );
    // Assess
    expect(bySegment.by).toBe('customers_segment');
    expect(bySegment.part).toEqual(['= 0 September 2025']);
    expect(enterprise.filters).toEqual(['enterprise']);
    expect(east.filters).toEqual(['east']);
    expect(east.part).toEqual(['completed = 0 Q4 2025']);
  });

  it('counts each test once per customer in one query, the whole kept and the part among it', () => {
    // Prepare
    const plan = demoPlan(
      ['how many customers bought in November 2023 and then nothing in December 2023?'],
      TODAY,
    );
    // Act
    const { sql, title } = queryFor(plan);
    // Assess
    expect(sql).toContain(
      "SUM(CASE WHEN created_at >= '2023-12-01' AND created_at < '2024-01-01' THEN 1 ELSE 0 END) AS t1",
    );
    expect(sql).toContain('WHERE t0 >= 1');
    expect(sql).toContain('SUM(CASE WHEN t1 = 0 THEN 1 ELSE 0 END)');
    expect(title).toBe(
      'Customers who had an order in November 2023, those who had no order in December 2023',
    );
  });
});

describe('definitions over two periods', () => {
  it.each([
    [
      "lapsed = ordered in Q3 2025 but didn't order at all in Q4 2025. how many lapsed customers per region?",
      ['>= 1 Q3 2025'],
      ['= 0 Q4 2025'],
    ],
    [
      'reactivated = no orders in November 2025 but at least one order in December 2025. how many reactivated customers?',
      ['>= 1 December 2025'],
      ['= 0 November 2025'],
    ],
    [
      'churned customers: bought in 2024, nothing in 2025. how many churned customers do we have?',
      ['>= 1 2024'],
      ['= 0 2025'],
    ],
  ])('%s', (question, whole, part) => {
    // Prepare / Act
    const ratio = ratioOf(demoPlan([question], TODAY));
    // Assess
    expect(ratio.whole).toEqual(whole);
    expect(ratio.part).toEqual(part);
    expect(ratio.output).toBe('count');
  });
});

describe('follow-ups on a ratio, and on a count of customers', () => {
  it.each([
    [
      ['how many customers ordered in Q2 2024 but not in Q3 2024?', 'split that by segment'],
      ['>= 1 Q2 2024'],
      ['= 0 Q3 2024'],
      'customers_segment',
    ],
    [
      ['retention from September 2024 to October 2024', 'and from October to November 2024?'],
      ['>= 1 October 2024'],
      ['>= 1 November 2024'],
      undefined,
    ],
    [
      [
        'how many customers ordered in November 2025?',
        'and how many of them did not order in December 2025?',
      ],
      ['>= 1 November 2025'],
      ['= 0 December 2025'],
      undefined,
    ],
    [
      ['customers who bought electronics in July 2025', 'what % of them also bought toys that month?'],
      ['electronics >= 1 July 2025'],
      ['toys >= 1 July 2025'],
      undefined,
    ],
  ])('%j', (thread, whole, part, by) => {
    // Prepare / Act
    const ratio = ratioOf(demoPlan(thread, TODAY));
    // Assess
    expect(ratio.whole).toEqual(whole);
    expect(ratio.part).toEqual(part);
    expect(ratio.by).toBe(by);
  });

  it('refuses a follow-up on a ratio it does not read, rather than answer without the tests', () => {
    // Prepare / Act
    const read = demoReading(
      ['how many customers ordered in Q2 2024 but not in Q3 2024?', 'what was their revenue?'],
      TODAY,
    );
    // Assess
    expect(read.kind).toBe('refuse');
  });
});

describe('not read as a ratio', () => {
  it.each([
    "what's our customer retention rate?",
    // (A share whose whole is not said: of every customer, or of those of Q4?)
    'what share of customers ordered in Q4 2025 but not in Q3 2025?',
    'what % of customers ordered in both November and December 2025?',
    'attach rate of toys in 2025',
    'what % of customers who visited the site in December 2025 went on to place an order?',
    'of the customers who got the loyalty email in November 2025, what % ordered in December 2025?',
  ])('%s', (question) => {
    // Prepare / Act
    const read = demoReading([question], TODAY);
    // Assess
    expect(read.kind === 'plan' && read.plan.perEntity?.kind === 'ratio').toBe(false);
  });
});
