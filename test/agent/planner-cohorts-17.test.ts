import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Cohorts, percentiles and combined shares (tuning set 17): a percentile asked as the cut-off of a share of the
 * rows in words ("the bar for a top-10% order", "where the bottom quarter tops out"), a size word glossed by the
 * amount that defines it ("small ones, under $100"), a signup cohort named by a span of months, and the top N's
 * shares each rather than together. (Answers on the sample are judged by tuning set 17 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-01-19';

describe('a percentile asked as a cut-off in words', () => {
  it.each([
    ["what's the bar for a top-10% order in 2025?", 0.9],
    ['where do the cheapest 25% of furniture orders top out?', 0.25],
    ['where does the bottom quarter of grocery orders top out?', 0.25],
    ['whats the line the top fifth of electronics orders clears?', 0.8],
    ['what order amount do the top 5% of 2024 orders start at?', 0.95],
    ['below what amount do the smallest 10 percent of orders fall?', 0.1],
    ["what's the threshold to count as a top 1% sale in 2023?", 0.99],
    ['median-ish toy order in 2024, roughly?', 0.5],
  ])('%s', (question, p) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.percentile?.p).toBe(p);
    expect(plan.dimensions).toEqual([]);
  });

  it('leaves a low share that "begins" or a high one that "tops out" as asked (no cut-off)', () => {
    expect(rephrase('where does the top quarter of orders top out?')).toMatch(/top quarter/);
    expect(rephrase('where does the bottom quarter of orders begin?')).toMatch(/bottom quarter/);
  });

  it('reads a trailing "across all years" as all the data, not a breakdown by year', () => {
    const plan = demoPlan(['the 25th percentile grocery order amount, across all years'], TODAY);
    expect(plan.grain).toBeUndefined();
    expect(plan.range).toBeUndefined();
  });
});

describe('a size word glossed by its amount', () => {
  it.each([
    ['what share of 2025 orders were small ones, under $100?', 'under $100?'],
    ['what fraction of 2024 orders were cheap ones, below $50?', 'below $50?'],
    ['what % of 2025 grocery orders were big-ticket, i.e. $800+?', 'at least $800?'],
    ['share of 2025 orders that were small, $50 or less', 'at most $50'],
  ])('%s', (question, condition) => {
    expect(rephrase(question).endsWith(`were ${condition}`)).toBe(true);
  });

  it('keeps a size word the amount contradicts, and refuses it', () => {
    expect(rephrase('what share of 2025 orders were small ones, over $500?')).toMatch(/small ones/);
    expect(demoReading(['what share of 2025 orders were small ones, over $500?'], TODAY).kind).toBe('refuse');
  });
});

describe('a signup cohort named by a span of months', () => {
  it.each([
    ['how many 2025 orders came from the Apr-Jun 2022 signups?', 'signed up in Q2 2022'],
    ['Jan–Jun 2022 sign-ups: revenue in 2024', 'signed up in H1 2022'],
    ['customers who joined Sep through Dec 2022', 'joined from Sep 2022 through Dec 2022'],
  ])('%s', (question, said) => {
    expect(rephrase(question)).toContain(said);
  });

  it('reads a span that is no quarter on the signup date, not as a span of the orders', () => {
    const plan = demoPlan(['Sep–Dec 2022 sign-ups: total spend in 2024?'], TODAY);
    expect(JSON.stringify(plan)).toContain('2022-09-01');
    expect(JSON.stringify(plan)).toContain('2024-01-01');
  });
});

describe("the top N's shares, each or together", () => {
  it.each([
    "top 3 categories by 2025 revenue, and each one's share of the total",
    'what share of 2025 revenue did each of the top 3 categories have?',
  ])('%s: one share per row', (question) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.share?.top).toBeUndefined();
    expect(plan.top?.n).toBe(3);
  });

  it('keeps one combined share when no row is asked for alone', () => {
    expect(demoPlan(['share of 2024 revenue from the top 5 customers'], TODAY).share?.top?.n).toBe(5);
  });

  it('refuses each share and the combined one asked together', () => {
    const read = demoReading(
      ["top 2 regions by 2024 revenue - each one's share and the two together?"],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe('a signup-period breakdown, then what each group did later', () => {
  it.each([
    [
      'for every 2022 signup month, how many customers came on board and how many orders did those customers place in 2024?',
      'month',
      '2024',
      'orders',
    ],
    ['by signup quarter: # of new customers, and what that cohort spent in 2025', 'quarter', '2025', 'sum'],
    [
      "each quarter's 2022 signups - how many were there and how much revenue did each batch bring in during H1 2024?",
      'quarter',
      'H1 2024',
      'sum',
    ],
    [
      'per signup half of 2022, how many customers joined and how many orders did they go on to place in 2025?',
      'half',
      '2025',
      'orders',
    ],
    [
      'for each quarter of 2022: signups, plus the 2023 order count of those customers',
      'quarter',
      '2023',
      'orders',
    ],
  ])('%s', (question, each, later, figure) => {
    const c = demoPlan([question], TODAY).perEntity;
    expect(c?.kind).toBe('cohort');
    if (c?.kind !== 'cohort') return;
    expect(c.each).toBe(each);
    expect(c.cohort.by).toBe('start');
    expect(c.window.period?.label).toBe(later);
    expect(c.measures).toEqual([figure]);
  });

  it('refuses when the later part is not read, rather than read it as a second signup period', () => {
    const read = demoReading(
      [
        'for each quarter of 2022, how many customers joined, and how many of them have cancelled orders in 2023?',
      ],
      TODAY,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe('a bound on a figure in each of two periods', () => {
  it.each([
    ['how many customers spent more than 10k in 2024 and less than 8k in 2025?', /t0 > 10000 AND t1 < 8000/],
    ['count of customers with over 20 orders in 2023 but under 15 in 2025', /t0 > 20 AND t1 < 15/],
  ])(
    '%s: each bound in its own period (each-period-bounds.ts), never one period read as a row filter',
    (question, bounds) => {
      expect(queryFor(demoPlan([question], TODAY)).sql).toMatch(bounds);
    },
  );

  it('leaves a bound in one period to the other readings', () => {
    expect(demoReading(['how many customers spent over $9,000 in 2025?'], TODAY).kind).toBe('plan');
  });
});
