import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Follow-ups that point at one thing of the previous answer by "that" (previous-pointers.ts, follow-up.ts): the
 * winner of a previous ranking ("within that region") is refused in one sentence, never ranked over every region;
 * "from 2023 to that" sets the named year against the previous period; a percent asked beside another year after
 * one figure ("and vs 2023? as a percent", "percentage-wise") is that figure's percent change. On the demo model.
 */
const TODAY = '2026-04-22';
const labels = (questions: string[]) => demoPlan(questions, TODAY).compare?.map((p) => p.label);

describe('a pointer at the winner of a previous ranking', () => {
  it.each([
    [
      'which region brought in the most money in 2025?',
      'within that region, which category was on top?',
      'region',
    ],
    [
      'what region had the highest order count in 2023',
      'and in that region, which segment ordered most?',
      'region',
    ],
    ['top region by revenue last year', 'and within that, the top 3 customers?', 'region'],
    ['best category for sales in 2024', 'inside that category which region led', 'category'],
    ['top category by orders in 2025', 'and in that one, which segment?', 'category'],
  ])('%s → %s: kept to the value ranked first, that ranking run again', (first, next, ranked) => {
    const plan = demoPlan([first, next], TODAY);
    expect(plan.withinWinner?.dimensions.map((d) => d.column)).toEqual([ranked]);
    expect(plan.dimensions.map((d) => d.column)).not.toContain(ranked);
    expect(plan.range).toEqual(demoPlan([first], TODAY).range);
    const { sql } = queryFor(plan);
    expect(sql).toContain(`${ranked} IN (SELECT ${ranked} FROM orders_view WHERE`);
    expect(sql).toMatch(/ORDER BY MEASURE\([a-z_]+\) DESC, 1 LIMIT 1\)/);
  });

  it('still refuses a pointer at one of several rows ranked, saying to name the value', () => {
    const reading = demoReading(
      ['top 3 regions by revenue in 2024', 'within that one, which category led?'],
      TODAY,
    );
    expect(reading.kind).toBe('refuse');
    expect(JSON.stringify(reading)).toMatch(/ranked first/);
  });

  it('keeps "for that year" after a ranking a period, not a pointer at the winner', () => {
    const reading = demoReading(
      ['top category by revenue in 2025', 'and within that year, per region?'],
      TODAY,
    );
    expect(JSON.stringify(reading)).not.toMatch(/ranked first/);
  });

  it('reads "within that region" after a plain figure as no pointer at a winner', () => {
    const reading = demoReading(
      ['revenue in the west in 2025', 'within that region, which category led?'],
      TODAY,
    );
    expect(JSON.stringify(reading)).not.toMatch(/ranked first/);
  });
});

describe('"from YEAR to that": the named year against the previous period', () => {
  it.each([
    [
      ['revenue from the north in 2025?', "what's the % change from 2023 to that?"],
      ['2023', '2025'],
      'north',
    ],
    [['toys orders in 2024', 'what was the change from 2023 to that in %'], ['2023', '2024'], 'toys'],
  ])('%j: %j, the filter kept', (questions, periods, value) => {
    const plan = demoPlan(questions, TODAY);
    expect(plan.compare?.map((p) => p.label)).toEqual(periods);
    expect(plan.change).toBeDefined();
    expect(plan.filters.flatMap((f) => f.values)).toEqual([value]);
  });
});

describe('a percent beside another year after one figure', () => {
  it.each([
    [
      ['how much did electronics bring in during 2025?', 'and compared to 2024, percentage-wise?'],
      ['2024', '2025'],
    ],
    [
      ['what did the east sell in 2024', 'and vs 2023? as a percent pls'],
      ['2023', '2024'],
    ],
    [
      ['furniture orders in 2025', 'vs 2023 in percent?'],
      ['2023', '2025'],
    ],
  ])('%j: the percent change of %j', (questions, periods) => {
    expect(labels(questions)).toEqual(periods);
    expect(demoPlan(questions, TODAY).change).toEqual({ rank: 'percent' });
  });
});
