import { describe, expect, it } from '@jest/globals';
import { secondOrderAnswer } from '../../functions/agent/planner/answer-second';
import { readPercentileGloss } from '../../functions/agent/planner/percentile-glosses';
import { queryFor } from '../../functions/agent/planner/query';
import { readSeriesWindow } from '../../functions/agent/planner/series-windows';
import { readShareCount } from '../../functions/agent/planner/share-counts';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Percentiles and top or bottom shares glossed in the asker's words, and rolling totals (tuning set 22): a gloss
 * that restates its percentile or its share is read away (counts kept as a check for the answer), one that says
 * another percentile or another share refuses the question; a rolling N-period total beside a breakdown by its unit
 * is a window over the series, never a period. (Answers on the sample: tuning set 22 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-08-26';

describe('a percentile glossed as the line to cross', () => {
  it.each([
    [
      '80th percentile of customer spend in 2025, i.e. what you would have to spend to make the top 20%',
      '80th percentile of customer spend in 2025',
    ],
    [
      'p95 order amount in 2024 - the size an order has to beat to land in the top 5%',
      'p95 order amount in 2024',
    ],
    [
      '25th percentile of lifetime spend per customer (the line the bottom quarter of customers sits under)',
      '25th percentile of lifetime spend per customer',
    ],
    [
      'median spend per customer in 2023 (half of them spent more, half less)',
      'median spend per customer in 2023',
    ],
    [
      '75th percentile order value for 2025 (three in four orders are smaller than it)',
      '75th percentile order value for 2025',
    ],
  ])('%s is read as %s', (question, text) => {
    // Act
    const read = readPercentileGloss(question);
    // Assess
    expect(read).toEqual({ text });
  });

  it.each([
    '90th percentile of customer spend in 2025, i.e. the amount that gets someone into the top 20%',
    'p90 order amount in 2024 (the amount only 10% of orders fall below)',
    'median order amount (three in four orders are smaller)',
  ])('%s, another percentile, is refused', (question) => {
    // Act
    const reading = demoReading([question], TODAY);
    // Assess
    expect(reading.kind).toBe('refuse');
  });

  it.each([
    '90th percentile of order amount (the line for the top 10% of enterprise customers)',
    'median order amount (per customer)',
  ])('%s, a gloss with words of its own, is left alone', (question) => {
    // Act
    const read = readPercentileGloss(question);
    // Assess
    expect(read).toBeUndefined();
  });

  it('reads the percentile the gloss restates', () => {
    // Act
    const plan = demoPlan(
      ['10th percentile of what each customer spent in 2025, meaning the amount the bottom 10% stay below'],
      TODAY,
    );
    // Assess
    expect(plan.percentile?.p).toBe(0.1);
    expect(plan.range?.from).toBe('2025-01-01');
  });
});

describe('a top or bottom share glossed with its counts', () => {
  it.each([
    [
      'what share of 2025 revenue did the bottom 10% of customers bring in (the 2,000 smallest spenders out of 20,000)?',
      { part: 2000, whole: 20000, direction: 'asc' },
    ],
    ['percent of all-time sales from our top 1% of clients (200 of 20k)', { part: 200, whole: 20000 }],
    [
      'share of 2023 order revenue held by the top 10 percent of customers, i.e. the biggest 2000 spenders',
      { part: 2000, direction: 'desc' },
    ],
  ])('%s carries its counts', (question, count) => {
    // Act
    const read = readShareCount(question);
    // Assess
    expect(read?.count).toEqual(count);
  });

  it('keeps the counts beside the share as a check, never as the share', () => {
    // Act
    const plan = demoPlan(
      [
        'what fraction of revenue last year came from the bottom half of customers (the 10,000 who spent least)?',
      ],
      TODAY,
    );
    // Assess
    expect(plan.share?.top).toMatchObject({ n: 50, direction: 'asc', percent: true });
    expect(plan.share?.counted).toEqual({ part: 10000 });
  });

  it.each([
    'what % of 2024 revenue came from the bottom 10% of customers (the 1,000 lowest spenders of 20,000)?',
    'what % of 2024 revenue came from the bottom 10% of customers (the 2,000 biggest spenders)?',
    'what share of revenue do the top 10% of customers (2,000 of 40,000) bring in?',
  ])('%s, counts of another share or the other end, is refused', (question) => {
    // Act
    const reading = demoReading([question], TODAY);
    // Assess
    expect(reading.kind).toBe('refuse');
  });

  it('counts the share and its whole in the query, and says so when the data differs from the note', () => {
    // Prepare
    const plan = demoPlan(
      ['what % of 2024 revenue came from the bottom 10% of customers (the 3,000 lowest spenders of 30,000)?'],
      TODAY,
    );
    const query = queryFor(plan);
    const result = {
      schema: ['part', 'whole', 'share_percent', 'kept', 'entities'].map((name) => ({
        name,
        column_type: 'DOUBLE',
      })),
      data: [[1000, 20000, 5, 2000, 20000]],
      totalRows: 1,
    };
    // Act
    const answer = secondOrderAnswer(plan, query, result, '');
    // Assess
    expect(query.sql).toMatch(/COUNT\(\*\) AS kept/);
    expect(answer).toMatch(/^Your note counts 3,000 of 30,000, but the data has 2,000 of the 20,000/);
  });

  it.each([
    'share of revenue from the top 10% of customers (2,000 enterprise accounts)',
    'share of revenue from the top 10% of customers (2024)',
  ])('leaves %s, a gloss with words of its own or no count', (question) => {
    // Act
    const read = readShareCount(question);
    // Assess
    expect(read).toBeUndefined();
  });
});

describe('a rolling total beside a breakdown by its unit', () => {
  it.each([
    ['rolling 12 months revenue at each month of 2025', 12, 'revenue each month of 2025'],
    [
      'trailing twelve month order count, month by month, for 2024',
      12,
      'order count, month by month, for 2024',
    ],
    ['TTM sales by month in 2025 for the north', 12, 'sales by month in 2025 for the north'],
  ])('%s is a %i-month rolling total', (question, n, text) => {
    // Act
    const read = readSeriesWindow(question);
    // Assess
    expect(read?.window).toEqual({ kind: 'moving', n, unit: 'month', total: true });
    expect(read?.text).toBe(text);
  });

  it('is a window over the monthly series, never the last 12 months', () => {
    // Act
    const plan = demoPlan(['trailing twelve month order count, month by month, for 2024'], TODAY);
    // Assess
    expect(plan.window).toEqual({ kind: 'moving', n: 12, unit: 'month', total: true });
    expect(plan.grain).toBe('month');
    expect(plan.range?.from).toBe('2024-01-01');
    expect(plan.compare).toBeUndefined();
  });

  it('wraps the previous series when it is all a follow-up says', () => {
    // Act
    const plan = demoPlan(
      ['monthly revenue in 2024', 'now as a rolling 12-month total at each month'],
      TODAY,
    );
    // Assess
    expect(plan.window).toEqual({ kind: 'moving', n: 12, unit: 'month', total: true });
  });

  it('is refused beside a breakdown by another unit', () => {
    // Act
    const reading = demoReading(['rolling 12 months revenue by quarter in 2025'], TODAY);
    // Assess
    expect(reading.kind).toBe('refuse');
  });

  it('is a period without a breakdown, as before', () => {
    // Act
    const read = readSeriesWindow('orders, rolling 12 months to end of Sept 2025');
    // Assess
    expect(read).toBeUndefined();
  });
});

describe('a running average', () => {
  it.each(['cumulative average order value by month in 2025', 'running AOV per quarter for 2024'])(
    '%s is every order to date over their count, from the sum of the same number',
    (question) => {
      // Act
      const plan = demoPlan([question], TODAY);
      const query = queryFor(plan);
      // Assess
      expect(plan.window).toEqual({ kind: 'running', sumOf: 'total_amount' });
      expect(query.sql).toMatch(/SUM\(s\) OVER .* \/ NULLIF\(SUM\(s \/ NULLIF\(v, 0\)\) OVER/);
    },
  );

  it('is no moving average when a length is said', () => {
    // Act
    const read = readSeriesWindow('3-month running average of revenue by month');
    // Assess
    expect(read?.window).toEqual({ kind: 'moving', n: 3, unit: 'month' });
  });
});
