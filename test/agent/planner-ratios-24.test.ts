import { describe, expect, it } from '@jest/globals';
import { sideWords } from '../../functions/agent/planner/filtered-measures';
import type { FilteredMeasure, Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * A measure built from two filtered measures of the orders (tuning set 24, filtered-measures.ts): each side read as
 * one sum or count with its own conditions, the rest of the question as the scope of both; a condition is never
 * dropped, and what does not read so is left to the other readers or refused. (Answers on the sample: tuning set 24
 * (ratios) in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-11-03';

/** A side as "measure: column=value, column>number". */
const sideOf = (s: FilteredMeasure) =>
  `${s.measure.column}: ${[
    ...s.filters.map((f) => `${f.member.column}${f.negate ? '!=' : '='}${f.values.join('|')}`),
    ...s.numbers.map((f) => `${f.member.column}${f.op}${f.value}`),
  ].join(', ')}`;

/** The reading in short: a side, the operator (% for a percent), the other side; the scope after. */
const short = (plan: Plan) => {
  const pair = plan.twoMeasures;
  if (!pair) return 'no pair';
  const op = pair.op === '-' ? '-' : pair.percent ? '%' : '/';
  const scope = [
    ...plan.filters.map((f) => `${f.member.column}=${f.values.join('|')}`),
    ...plan.numberFilters.map((f) => `${f.member.column}${f.op}${f.value}`),
    ...plan.dimensions.map((d) => `by ${d.column}`),
    ...(plan.grain ? [`by ${plan.grain}`] : []),
    ...(plan.range ? [plan.range.label] : []),
  ];
  return `${sideOf(pair.a)} ${op} ${sideOf(pair.b)} | ${scope.join('; ')}`;
};

describe('two filtered measures are read as one figure', () => {
  it.each([
    [
      'return ratio = returned orders / completed orders, per region in 2025',
      'count: status=returned / count: status=completed | by region; 2025',
    ],
    [
      'whats the cancelled to completed ratio in the north in 2024',
      'count: status=cancelled / count: status=completed | region=north; 2024',
    ],
    [
      'how many returned orders were there per cancelled order in 2023?',
      'count: status=returned / count: status=cancelled | 2023',
    ],
    [
      'net revenue defined as completed amounts minus returned amounts - what was it in 2024?',
      'total_amount: status=completed - total_amount: status=returned | 2024',
    ],
    [
      'furniture: cancellations vs completions as a ratio, Q3 2025',
      'count: status=cancelled / count: status=completed | category=furniture; Q3 2025',
    ],
    [
      'what % of small orders (amount under $25) were cancelled in 2025?',
      'count: status=cancelled, amount<25 % count: amount<25 | 2025',
    ],
    [
      'of orders under $20 in Q4 2025, what fraction got returned?',
      'count: status=returned, amount<20 % count: amount<20 | Q4 2025',
    ],
    [
      'ratio of revenue from big orders (over $800) to revenue from small orders (under $50) in 2025',
      'total_amount: amount>800 / total_amount: amount<50 | 2025',
    ],
    [
      'return rate (returned orders / all orders) per category 2024',
      'count: status=returned % count:  | by category; 2024',
    ],
    [
      'returned $ as a percentage of completed $, by region, 2025',
      'total_amount: status=returned % total_amount: status=completed | by region; 2025',
    ],
    [
      'ratio of weekend to weekday orders in 2025',
      'count: weekday_or_weekend=weekend / count: weekday_or_weekend=weekday | 2025',
    ],
    [
      "what's the ratio of completed furniture revenue to completed electronics revenue in 2025",
      'total_amount: category=furniture, status=completed / total_amount: category=electronics, status=completed | 2025',
    ],
  ])('%s', (question, expected) => {
    // Prepare, Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(short(plan)).toBe(expected);
  });

  it('keeps the name the asker gave it, and never a value as part of the name', () => {
    expect(
      demoPlan(['return ratio = returned orders / completed orders in 2025'], TODAY).twoMeasures?.name,
    ).toBe('return ratio');
    const furniture = demoPlan(
      ['furniture return ratio = returned orders / completed orders in 2025'],
      TODAY,
    );
    expect(furniture.twoMeasures?.name).toBe('return ratio');
    expect(furniture.filters.map((f) => f.values.join())).toEqual(['furniture']);
  });
});

describe('what is not two filtered measures stays unread or refused', () => {
  it.each([
    'net revenue = completed minus returned minus cancelled amounts, 2025',
    'average returned order amount divided by average completed order amount in 2024',
    'profit ratio = profit / revenue per region in 2025',
    'ratio of online to in-store orders in 2025',
    'refund rate = refunded orders / paid orders, 2024',
    'ratio of good orders to bad orders last year',
    'what % of small orders were cancelled in 2025?',
    'how many returned/cancelled orders in 2024?',
    'share of orders over $100 that were cancelled or returned in 2025',
    'cancellations per 1000 orders in 2025',
  ])('%s', (question) => {
    // Prepare, Act
    const read = demoReading([question], TODAY);
    // Assess
    expect(read.kind === 'plan' && read.plan.twoMeasures !== undefined).toBe(false);
  });

  it('refuses three terms rather than answer two of them', () => {
    const read = demoReading(['net revenue = completed minus returned minus cancelled amounts, 2025'], TODAY);
    expect(read.kind).toBe('refuse');
    expect(read.kind === 'refuse' ? read.reason : '').toMatch(/three or more/);
  });

  it('leaves a plain measure per row to the other readers ("revenue per order", "orders per weekday")', () => {
    for (const question of ['revenue per order in 2025', 'orders per weekday in 2025']) {
      const read = demoReading([question], TODAY);
      expect(read.kind === 'plan' && read.plan.twoMeasures !== undefined).toBe(false);
    }
  });
});

describe('the words and the query of two filtered measures', () => {
  it('reads a size glossed in place as its condition, and money nouns as revenue', () => {
    expect(sideWords('% of small orders (amount under $25) were cancelled')).toBe(
      '% of orders under $25 were cancelled',
    );
    expect(sideWords('completed $ minus returned amounts')).toBe('completed revenue minus returned revenue');
  });

  it('sums each side over its own rows with a FILTER clause, the scope in WHERE', () => {
    // Prepare
    const plan = demoPlan(['return ratio = returned orders / completed orders, per region in 2025'], TODAY);
    // Act
    const { sql } = queryFor(plan);
    // Assess
    expect(sql).toContain("CASE WHEN status = 'returned' THEN 1 ELSE 0 END AS a_key");
    expect(sql).toContain("CASE WHEN status = 'completed' THEN 1 ELSE 0 END AS b_key");
    expect(sql).toContain('SUM(a_m) FILTER (WHERE a_key = 1) / NULLIF(SUM(b_m) FILTER (WHERE b_key = 1), 0)');
    expect(sql).toMatch(/WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01'/);
  });
});
