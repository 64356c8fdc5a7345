import { describe, expect, it } from '@jest/globals';
import type { Token } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { readRateDirection } from '../../functions/agent/planner/rate-direction';
import type { Reading } from '../../functions/agent/planner/reading';
import { answerFor } from '../../functions/agent/planner/respond';
import { demoReading } from './support/demo-reading';

/**
 * Business words for what the demo model has ("top-line" is revenue; "broken out by" is by), words it lacks
 * refused by name ("our take"), and the best and the worst of a rate read by which end is better (issue 29:
 * "the best return rate" is the lowest, and the answer says so). On the demo model's catalog.
 */
const read = (question: string): Reading => demoReading([question], '2025-09-17');
const plan = (question: string) => {
  const reading = read(question);
  if (reading.kind !== 'plan') throw new Error(`not answered: ${question} (${JSON.stringify(reading)})`);
  return reading.plan;
};
const tokens = (...raws: string[]): Token[] => raws.map((raw) => ({ raw, stem: raw, used: false }));

describe('business words', () => {
  it('reads "top-line" as revenue, and as a word that only describes it before "revenue" or "sales"', () => {
    const byRegion = plan("what's top-line for Q1 2025, broken out by region?");
    expect(byRegion.measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(byRegion.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(byRegion.readAs).toEqual({ 'top-line': 'revenue' });
    expect(plan('top line revenue for the north in Q1 2025').measures.map((m) => m.column)).toEqual([
      'total_amount',
    ]);
    expect(plan('topline in 2024').measures.map((m) => m.column)).toEqual(['total_amount']);
  });

  it('reads "our take" as revenue (tuning-31-left), refuses "take rate", and keeps "take" a verb elsewhere', () => {
    const take = plan('what was our take in Q2 2025?');
    expect(take.measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(take.readAs).toEqual({ take: 'revenue' });
    expect(read('the take rate by category in 2024')).toMatchObject({ kind: 'refuse' });
    expect(plan('take the top 3 categories by revenue in 2024').top).toMatchObject({ n: 3 });
    expect(read('sales volume by region in 2024')).toMatchObject({
      kind: 'refuse',
      missing: '"sales volume"',
    });
    expect(plan('order volume by region in 2024').measures.map((m) => m.column)).toEqual(['count']);
  });
});

describe('a fraction of a ranking', () => {
  it('reads "the bottom half of our customers" as the bottom 50% of them, and says "half"', () => {
    const half = plan('what share of total sales comes from the bottom half of our customers?');
    // (Read by the halves reading of the percentiles batch, which names a 50% "half" in the title: titles.ts.)
    expect(half.share?.top).toMatchObject({ n: 50, direction: 'asc', percent: true });
    expect(plan('share of 2024 revenue from the top quarter of customers').share?.top).toMatchObject({
      n: 25,
      direction: 'desc',
      percent: true,
    });
    expect(plan('share of revenue from the bottom fifth of customers').share?.top).toMatchObject({
      n: 20,
      fraction: 'fifth',
    });
    expect(read('revenue in the top half of the year')).not.toMatchObject({
      kind: 'plan',
      plan: { share: expect.anything() },
    });
  });
});

describe('the best and the worst of a rate', () => {
  it('reads the praise or blame of a rate by whether the outcome it counts is better low or high', () => {
    const best = readRateDirection(tokens('which', 'category', 'had', 'the', 'best', 'return', 'rate'));
    expect(best.tokens[4]).toMatchObject({ raw: 'lowest', asked: 'best' });
    const worst = readRateDirection(tokens('the', 'worst', 'cancellation', 'rate'));
    expect(worst.tokens[1]).toMatchObject({ raw: 'highest', asked: 'worst' });
    const completion = readRateDirection(tokens('the', 'best', 'completion', 'rate'));
    expect(completion.tokens[1]).toMatchObject({ raw: 'highest' });
    const trouble = readRateDirection(
      tokens('most', 'problematic', 'category', 'in', 'terms', 'of', 'return', 'rate'),
    );
    expect(trouble.tokens.map((t) => t.raw)).toEqual(['highest', 'category', 'by', 'return', 'rate']);
    // A rate of no outcome it can place is named, not ranked; a change has its own best.
    expect(readRateDirection(tokens('the', 'best', 'status', 'rate')).unplaced).toBe('status rate');
    expect(readRateDirection(tokens('the', 'best', 'growth', 'rate')).tokens[1]?.raw).toBe('best');
  });

  it('ranks "the best return rate" lowest first and says so; refuses a rate it cannot place', () => {
    const best = plan('which category had the best return rate in 2024?');
    expect(best.top).toMatchObject({ n: 1, direction: 'asc' });
    expect(plan('which region had the worst cancellation rate in 2025?').top).toMatchObject({
      direction: 'desc',
    });
    expect(plan('healthiest customer segment by return rate?').top).toMatchObject({ direction: 'asc' });
    const answer = answerFor(best, queryFor(best), {
      schema: [
        { name: 'category', column_type: 'VARCHAR' },
        ...['part', 'whole', 'share_percent'].map((name) => ({ name, column_type: 'DOUBLE' })),
      ],
      data: [['grocery', 7991, 67384, 11.86]],
      totalRows: 1,
    });
    expect(answer).toMatch(/I read "best" as the lowest return rate, as a lower one is better/);
    expect(answer.match(/I read/g)).toHaveLength(1);
    expect(read('which region has the worst status rate?')).toMatchObject({ kind: 'refuse' });
  });
});
