import { describe, expect, it } from '@jest/globals';
import { readRest } from '../../functions/agent/planner/top-rest';
import { demoPlan, demoReading } from './support/demo-reading';
import { converse } from './support/question-set';
import { MANAGER, rawDatabaseForFile } from './support/sample';

/**
 * The rows past a top N as one more row (top-rest.ts): "top 3 categories by 2025 revenue and everything else
 * combined", "revenue from our top 10 customers vs all the rest" (both were refused for "everything else" and
 * "rest"). The query is run on the test sample: the ranked rows and the rest add up to the whole.
 */
const TODAY = '2026-06-10';
const plan = (question: string) => demoPlan([question], TODAY);

describe('the words', () => {
  it.each([
    ['top 3 categories by 2025 revenue and everything else combined', 'top 3 categories by 2025 revenue'],
    [
      'revenue from our top 10 customers vs all the rest in 2025',
      'revenue from our top 10 customers in 2025',
    ],
    ['top 2 regions by orders in 2025, plus all other regions together', 'top 2 regions by orders in 2025'],
    ['top 5 customers & the others as one row', 'top 5 customers'],
  ])('"%s"', (question, text) => {
    expect(readRest(question)).toEqual({ text, rest: true });
  });

  it.each([
    'top 3 categories for the rest of 2025',
    "'whales' (lifetime spend over $30k) vs everyone else: average order value",
  ])('leaves "%s" alone: no top N set against the rest', (question) => {
    expect(readRest(question).rest).toBeUndefined();
  });
});

describe('the plan', () => {
  it.each([
    ['top 3 categories by 2025 revenue and everything else combined', 3, 'category', 'total_amount'],
    ['revenue from our top 10 customers vs all the rest in 2025', 10, 'customers_name', 'total_amount'],
    ['top 2 regions by orders in 2025, plus all other regions together', 2, 'region', 'count'],
  ])('"%s": the top %i and the rest', (question, n, column, measure) => {
    const p = plan(question);
    expect([
      p.top?.n,
      p.top?.rest,
      p.dimensions.map((d) => d.column),
      p.measures.map((m) => m.column),
    ]).toEqual([n, true, [column], [measure]]);
  });

  it('refuses the rest of an average', () => {
    const read = demoReading(['top 3 categories by average order value and everything else'], TODAY);
    expect(read.kind).toBe('refuse');
  });
});

const raw = rawDatabaseForFile();

describe('the answer on the sample', () => {
  it('lists the top rows, then everything else, and both together add up to the whole', async () => {
    const { answer } = await converse(
      ['top 3 categories by 2025 revenue and everything else combined'],
      MANAGER,
      {
        now: Date.parse(`${TODAY}T10:00:00Z`),
      },
    );
    const [[whole]] = (await raw.query(
      "SELECT round(SUM(amount), 2) FROM orders WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01'",
    )) as [[number]];
    const money = (v: number) =>
      `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(answer).toMatch(
      /\n1\. [a-z]+: \$[\d,.]+\n2\. [a-z]+: \$[\d,.]+\n3\. [a-z]+: \$[\d,.]+\n- everything else: \$/,
    );
    expect(answer).toContain(`in all: ${money(whole)}`);
    const figures = [...answer.matchAll(/: \$([\d,.]+)\n?/g)]
      .slice(0, 4)
      .map((m) => Number(m[1]?.replace(/,/g, '')));
    expect(figures.reduce((a, b) => a + b, 0)).toBeCloseTo(whole, 1);
    expect(answer).toMatch(
      /Together, the top 3: \$[\d,.]+ \([\d.]+%\); everything else: \$[\d,.]+ \([\d.]+%\)/,
    );
  });
});
