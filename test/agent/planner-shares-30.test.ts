import { describe, expect, it } from '@jest/globals';
import { changeAfterFirst } from '../../functions/agent/planner/after-first';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan } from './support/demo-reading';

/**
 * Each period's change asked against the one before it (tuning set 30): "each year's growth over the year before"
 * lists only the periods that have one before them (the data's first has none, and the answer says it is left
 * out); "year over year growth" alone keeps every period, the first with its figure only, as earlier sets read it.
 * (Answers on the sample: tuning set 30 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-05-11';

describe('each period against the one before it', () => {
  it.each([
    ["What was each year's revenue growth over the year before, in %?", 'year'],
    ['How much did the number of orders grow each year compared to the previous year, in percent?', 'year'],
    ['returned orders: the growth rate for each year against the year before', 'year'],
    ['quarterly revenue change vs the prior quarter', 'quarter'],
    ['every month, how did orders move relative to the preceding month?', 'month'],
  ] as const)('reads %p as only the periods with one before them', (question, grain) => {
    expect(changeAfterFirst(question, grain)).toBe(true);
  });

  it.each([
    ['year over year revenue growth', 'year'],
    ['yoy revenue growth % for each year we have', 'year'],
    ['annual revenue growth in my region, year over year', 'year'],
    // (another unit than the series': not this reading)
    ["each year's revenue growth over the quarter before", 'year'],
    // (a year named after "the year before" is a period, not the one before each)
    ['revenue growth each year over the year before 2025', 'year'],
    // (one change, not each period's)
    ['revenue growth over the year before', 'year'],
  ] as const)('keeps every period for %p', (question, grain) => {
    expect(changeAfterFirst(question, grain)).toBe(false);
  });

  it('leaves the first period out of the query, and only when asked so', () => {
    // Act
    const after = demoPlan(["What was each year's revenue growth over the year before, in %?"], TODAY);
    const every = demoPlan(['year over year revenue growth'], TODAY);
    // Assess
    expect(after.change).toMatchObject({ afterFirst: true });
    expect(queryFor(after).sql).toContain('WHERE previous IS NOT NULL');
    expect(every.change?.afterFirst).toBeUndefined();
    expect(queryFor(every).sql).not.toContain('previous IS NOT NULL');
  });

  it('does not touch a change between two named periods', () => {
    const plan = demoPlan(['revenue in 2025 compared to the previous year, by region'], TODAY);
    expect(plan.change?.afterFirst).toBeUndefined();
  });
});
