import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings the lead's probes of 2026-11-28 (tuning-17-probed.ts) found confidently wrong or refused: "for each
 * region, average orders per month" averaged each month's regions, and "so far this half" was refused.
 */
const TODAY = '2026-06-30';
const plan = (question: string, today = TODAY) => demoPlan([question], today);

describe('"per month" names the unit averaged over; "each" of a listed dimension the breakdown', () => {
  it.each([
    'on avg how many orders does each region get per month in 2025',
    'for each region, average orders per month in 2025',
    'average monthly revenue for each category in 2025',
    'how many orders per month does each segment average, 2024',
  ])('"%s": one average per value, over its months', (question) => {
    const sql = queryFor(plan(question)).sql;
    expect(sql).toMatch(/date_trunc\('month', created_at\) AS per\b/);
    expect(sql).toMatch(/SELECT (region|category|customers_segment), AVG\(v\)/);
  });

  it('"per customer per month" still lists each month of the per-customer average (a customer has no listed values)', () => {
    const sql = queryFor(plan('avg orders per customer per month in 2025')).sql;
    expect(sql).toMatch(/customers_name AS per\b/);
    expect(sql).toMatch(/SELECT month, AVG\(v\)/);
  });

  it('"average number of orders per region each month": "per" names the region averaged, the months listed', () => {
    const sql = queryFor(plan('average number of orders per region each month in 2025')).sql;
    expect(sql).toMatch(/region AS per\b/);
  });
});

describe('"this half" and "the previous half" are half-years read against today', () => {
  it.each([
    ['how many orders so far this half', '2025-09-10', ['2025-07-01', '2025-09-11']],
    ['orders in the current half-year by region', '2025-09-10', ['2025-07-01', '2025-09-11']],
    ['revenue in the prior half', '2025-09-10', ['2025-01-01', '2025-07-01']],
    ['total revenue for the previous half', '2026-06-30', ['2025-07-01', '2026-01-01']],
    ['how many orders this half', '2026-03-02', ['2026-01-01', '2026-03-03']],
  ])('"%s" on %s', (question, today, [from, to]) => {
    const range = plan(question, today).range;
    expect([range?.from, range?.to]).toEqual([from, to]);
  });

  it('"the last half of 2024" is still the second half of that year', () => {
    const range = plan('revenue in the last half of 2024').range;
    expect([range?.from, range?.to]).toEqual(['2024-07-01', '2025-01-01']);
  });
});

describe('"this year vs last": the unit left unsaid after "vs" is the one before', () => {
  it.each([
    [
      "what's the AOV for furniture this year vs last",
      ['2025-01-01', '2026-01-01'],
      ['2026-01-01', '2026-07-01'],
    ],
    [
      'orders this quarter versus the previous one',
      ['2026-01-01', '2026-04-01'],
      ['2026-04-01', '2026-07-01'],
    ],
    [
      'revenue this month compared to the prior one',
      ['2026-05-01', '2026-06-01'],
      ['2026-06-01', '2026-07-01'],
    ],
  ])('"%s"', (question, before, after) => {
    const compare = plan(question).compare ?? [];
    expect(compare.map((p) => [p.from, p.to])).toEqual([before, after]);
  });

  it('"vs last year" keeps its own unit', () => {
    const compare = plan('revenue this quarter vs last year').compare ?? [];
    expect(compare.map((p) => p.label)).toEqual([
      expect.stringMatching(/^last year/),
      expect.stringMatching(/^this quarter/),
    ]);
  });
});

describe("a count of a dimension's values is not read as a count of rows", () => {
  it.each([
    'how many categories are there',
    'how many regions do we have',
    'number of distinct categories per customer in 2025',
    'how many categories does a typical customer buy in',
  ])('"%s" is refused', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it.each([
    'How many regions had more than 5,000 orders in 2025?',
    'avg number of categories per customer in 2025',
  ])('"%s" still reads', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('plan');
  });
});

describe('a figure asked in dollars is an amount of money', () => {
  it.each([
    'what did clothing do in 2025 in $M',
    'how many orders for toys in 2024, in $k',
    'orders for toys in 2024 in dollars',
  ])('"%s": a count is refused, not stated as dollars', (question) => {
    const read = demoReading([question], TODAY);
    expect(read.kind).toBe('refuse');
    expect(JSON.stringify(read)).toMatch(/not an amount in dollars/);
  });

  it('"toys revenue in 2024 in dollars" is the revenue, unrounded', () => {
    const read = demoPlan(['toys revenue in 2024 in dollars'], TODAY);
    expect(read.measures.map((m) => m.format)).toEqual(['currency']);
    expect(read.rounding).toEqual({ money: true });
  });

  it('"how many orders over $100" is still a count', () => {
    expect(demoPlan(['how many orders over $100 in 2024'], TODAY).measures.map((m) => m.aggType)).toEqual([
      'count',
    ]);
  });
});
