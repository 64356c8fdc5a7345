import { describe, expect, it } from '@jest/globals';
import { dropFirstChangeAside } from '../../functions/agent/planner/first-change';
import { readQuotedChange } from '../../functions/agent/planner/quoted-figures';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Period over period and the period words around it (tuning-18-periods.ts), on the demo model: a quarter said once
 * beside two years was the latest quarter set against the whole years, "how many times bigger" was a plain change
 * (or refused), "yoy ... by quarter" dropped the quarters, and a change quoted from elsewhere beside "is that right?"
 * was refused.
 */
const AFTER = '2026-03-09';
const MID_2026 = '2026-06-30';

const labels = (question: string, today = AFTER) => demoPlan([question], today).compare?.map((p) => p.label);

describe('one part of a year beside two years', () => {
  it.each([
    ['Q1 revenue in 2024 vs 2025', ['Q1 2024', 'Q1 2025']],
    ['Q3 orders, 2023 vs 2024 - % change?', ['Q3 2023', 'Q3 2024']],
    ['first half revenue in 2023 compared with 2025', ['H1 2023', 'H1 2025']],
    ['march sales 2024 and 2025', ['March 2024', 'March 2025']],
    ['Q1 2024 vs 2025 orders', ['Q1 2024', 'Q1 2025']],
    ['h2 aov, 2023 vs 2024 vs 2025', ['H2 2023', 'H2 2024', 'H2 2025']],
  ])('%s: that part of each year', (question, expected) => {
    expect(labels(question)).toEqual(expected);
  });

  it.each([
    // A span between the years, a second part: not this reading.
    'Q1 revenue from 2023 to 2025',
    'Q4 vs Q1 orders, 2024 and 2025',
  ])('%s: left to the other readings', (question) => {
    const read = demoReading([question], AFTER);
    const compare = read.kind === 'plan' ? read.plan.compare : undefined;
    expect(compare?.every((p) => /^Q1 \d{4}$/.test(p.label)) ?? false).toBe(false);
  });
});

describe('growth as a ratio', () => {
  it.each([
    'how many times larger was 2024 order volume than 2023?',
    'revenue 2025 vs 2023 as a growth multiple (e.g. 1.05x)',
    'how many times bigger was 2025 revenue than 2023? (like 1.2x)',
    'orders in 2024 as a multiple of 2023',
  ])('%s: the change with its ratio', (question) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.change?.times).toBe(true);
    expect(plan.compare).toHaveLength(2);
  });

  it('leaves "how many" a count without "times"', () => {
    expect(demoPlan(['how many orders in 2024 vs 2023'], AFTER).change?.times).toBeUndefined();
  });
});

describe('year over year by quarter or month', () => {
  it.each([
    ['yoy revenue 2024-2025 by quarter', 'quarter', ['2024', '2025']],
    ['year over year growth in orders by quarter, 2023 to 2024?', 'quarter', ['2023', '2024']],
    ['yoy orders by month 2024 vs 2025', 'month', ['2024', '2025']],
    ['yoy revenue growth by month for 2025', 'month', ['2024', '2025']],
  ])('%s: each unit against the same one a year back', (question, grain, years) => {
    const plan = demoPlan([question], AFTER);
    expect(plan.grain).toBe(grain);
    expect(plan.compare?.map((p) => p.label)).toEqual(years);
  });

  it.each(['yoy orders by quarter', 'yoy revenue 2023-2025 by quarter'])(
    '%s: refused, not each year with the quarters dropped',
    (question) => {
      const read = demoReading([question], AFTER);
      expect(read.kind).toBe('refuse');
    },
  );
});

describe('a change quoted from elsewhere', () => {
  it.each([
    [
      'finance says Q4 2025 revenue was down ~5% on Q3 - is that right? whats the actual % change',
      '% change in Q4 2025 revenue vs Q3 2025',
      -5,
    ],
    [
      'the board deck says orders fell 10% from 2024 to 2025 - is that accurate? actual % pls',
      '% change in orders from 2024 to 2025',
      -10,
    ],
    [
      'my manager thinks AOV rose about 2% in 2025 vs 2024. can you check the actual change?',
      '% change in AOV in 2025 vs 2024',
      2,
    ],
    [
      "I heard H2 2024 revenue was roughly 4% above H1 2024, correct? what's the true growth",
      '% change in H2 2024 revenue vs H1 2024',
      4,
    ],
    [
      'sales ops claims Q1 2025 orders were down 4% on Q4 — accurate?',
      '% change in Q1 2025 orders vs Q4 2024',
      -4,
    ],
  ])('%s: the change asked, the quote signed', (question, text, told) => {
    expect(readQuotedChange(question)).toEqual({ text, quotedChange: told });
  });

  it.each([
    // The rest asks more than whether the quote holds.
    'finance says Q4 2025 revenue was down ~5% on Q3 - what was it by region?',
    // No check asked.
    'finance says Q4 2025 revenue was down ~5% on Q3',
  ])('%s: not a quoted change', (question) => {
    expect(readQuotedChange(question)).toBeUndefined();
  });

  it('plans the quoted change with the quote kept for the answer', () => {
    const plan = demoPlan(
      ['finance says Q4 2025 revenue was down ~5% on Q3 - is that right? whats the actual % change'],
      MID_2026,
    );
    expect(plan.compare?.map((p) => p.label)).toEqual(['Q3 2025', 'Q4 2025']);
    expect(plan.quotedChange).toBe(-5);
  });

  it('refuses a quoted change naming what the model lacks', () => {
    const read = demoReading(
      ['finance says Q4 2025 revenue for the wholesale channel was down 5% on Q3 - right?'],
      AFTER,
    );
    expect(read.kind).toBe('refuse');
  });
});

describe("an aside restating the first period's change", () => {
  it.each([
    [
      'month over month revenue change for Oct, Nov and Dec 2025 pls (Oct vs Sept included)',
      'month over month revenue change for Oct, Nov and Dec 2025 pls',
    ],
    [
      'month over month % change in revenue for jul, aug and sep 2024, incl. july vs june',
      'month over month % change in revenue for jul, aug and sep 2024',
    ],
    [
      'revenue change month on month for april, may, june 2025 - april compared with march too',
      'revenue change month on month for april, may, june 2025',
    ],
  ])('%s: goes', (question, rest) => {
    expect(dropFirstChangeAside(question)).toBe(rest);
  });

  it.each([
    // Not the month before the first, not the first named, no change over the grain, not marked as an aside.
    'month over month revenue for Oct, Nov and Dec 2025 (Oct vs Aug included)',
    'month over month revenue for Oct, Nov and Dec 2025 (Nov vs Oct included)',
    'revenue for Oct, Nov and Dec 2025 (Oct vs Sept included)',
    'mom revenue for oct and nov 2025 oct vs sept',
  ])('%s: stays', (question) => {
    expect(dropFirstChangeAside(question)).toBe(question);
  });

  it('plans the named months, each against the one before', () => {
    const plan = demoPlan(
      ['month over month revenue change for Oct, Nov and Dec 2025 pls (Oct vs Sept included)'],
      MID_2026,
    );
    expect(plan.grain).toBe('month');
    expect(plan.range).toMatchObject({ from: '2025-10-01', to: '2026-01-01' });
  });
});
