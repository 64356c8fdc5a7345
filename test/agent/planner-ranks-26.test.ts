import { describe, expect, it } from '@jest/globals';
import { readEndGap } from '../../functions/agent/planner/end-gap';
import { perCustomerRank } from '../../functions/agent/planner/per-customer-rank';
import { queryFor } from '../../functions/agent/planner/query';
import { perGroupWho } from '../../functions/agent/planner/tops';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Rankings within groups (tuning set 26): a rate ranked within each group (rates-within.ts), every row of each group
 * ranked, a place said where a row finished ("came second", "runner-up": nth.ts), the leading group of a per-customer
 * figure, both ends of a period ranking with the gap between them (end-gap.ts), and what stays refused. (Answers on
 * the sample: tuning set 26 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-02-09';
const plan = (q: string) => demoPlan([q], TODAY);
const sql = (q: string) => queryFor(plan(q)).sql;

describe('a rate ranked within each group', () => {
  it('ranks the rate of each pair within its group, the leader kept', () => {
    const p = plan('within each segment, which region has the highest return rate?');
    expect(p.perGroup?.item?.column).toBe('region');
    expect(p.share?.part?.values).toEqual(['returned']);
    expect(p.top).toEqual(expect.objectContaining({ n: 1, direction: 'desc' }));
    const q = sql('within each segment, which region has the highest return rate?');
    expect(q).toContain('RANK() OVER (PARTITION BY customers_segment ORDER BY share_percent DESC)');
    expect(q).toContain('WHERE rank_in_group <= 1');
  });

  it('takes a time unit as the group ("in each year")', () => {
    const p = plan('which category had the highest return rate in each year?');
    expect(p.grain).toBe('year');
    expect(p.perGroup?.item?.column).toBe('category');
    expect(sql('which category had the highest return rate in each year?')).toContain(
      'PARTITION BY year ORDER BY',
    );
  });

  it('keeps the lowest, a place, or the whole ranking as asked', () => {
    expect(sql('in every category, which region had the lowest cancel rate in 2024?')).toContain(
      'ORDER BY share_percent ASC',
    );
    expect(sql('the region with the 2nd highest return rate in each segment')).toContain(
      'WHERE rank_in_group = 2',
    );
    expect(sql('for each region, rank the segments by cancellation rate in 2025')).toContain('WHERE TRUE');
  });

  it('refuses a rate within groups whose roles are not both clear, or a figure the model lacks', () => {
    expect(
      demoReading(['within each segment, which region has the highest profit margin?'], TODAY).kind,
    ).toBe('refuse');
    expect(demoReading(['return rate, highest, each region and segment'], TODAY).kind).not.toBe('plan');
  });
});

describe('every row of each group ranked', () => {
  it.each([
    ['for each year, rank the regions by revenue', 'region'],
    ['rank the categories by order count for each year', 'category'],
    ['for each quarter of 2024, rank the segments by average order value', 'customers_segment'],
  ])('%s', (q, item) => {
    const p = plan(q);
    expect(p.perGroup?.item?.column).toBe(item);
    expect(p.top?.n).toBe(0);
    expect(sql(q)).toContain('WHERE TRUE');
  });

  it('reads "rank the regions" after a lead period as the breakdown', () => {
    expect(plan('in 2024, rank the regions by revenue').dimensions.map((d) => d.column)).toEqual(['region']);
  });
});

describe('a place said where a row finished', () => {
  it.each([
    ['which region came second in each quarter of 2025 by revenue?', 2],
    ['runner-up category per region by number of orders, 2024', 2],
    ['in each region, which category was third by revenue in 2025?', 3],
  ])('%s', (q, nth) => {
    const p = plan(q);
    expect(p.top?.nth).toBe(nth);
    expect(p.perGroup).toBeDefined();
    expect(sql(q)).toContain(`rank_in_group = ${nth}`);
  });

  it('reads a gloss that says the second place again away', () => {
    const p = plan("each segment's second-best quarter of 2024 by revenue (the runner-up, not the top one)");
    expect(p.top?.nth).toBe(2);
    expect(p.perGroup).toBeDefined();
  });

  it('keeps "the runner-up category" a breakdown, and a second quarter no place', () => {
    expect(plan('runner-up category per region by number of orders, 2024').dimensions).toHaveLength(2);
    const read = demoReading(['what was second quarter revenue in 2025'], TODAY);
    expect(read.kind === 'plan' ? read.plan.top?.nth : undefined).toBeUndefined();
  });
});

describe('the leader of each group', () => {
  it('ranks "who was the top customer" by the figure named after it', () => {
    expect(perGroupWho('for each segment, who was the top customer by order count in 2025?')).toBe(
      'top customer in each segment by order count in 2025?',
    );
    expect(perGroupWho('for each segment, who was the top customer in 2025?')).toBe(
      'top customer by spend in each segment in 2025?',
    );
  });

  it('reads "who is the customer with the highest ..." as the one ranked by that clause, "and how much" its figure', () => {
    expect(
      perGroupWho('in each segment, who is the customer with the highest spend on toys, and how much?'),
    ).toBe('the customer with the highest spend on toys in each segment?');
    // (Anything else said after the clause is not read here.)
    expect(
      perGroupWho('in each segment, who is the customer with the highest spend on toys and electronics?'),
    ).toBe(undefined);
  });

  it("names the one leading group of a per-customer figure ('which region's customers spent the most')", () => {
    expect(perCustomerRank("which region's customers spent the most in 2025?")).toBe(
      'which region has the highest average revenue per customer in 2025?',
    );
    const p = plan('which region has the highest average revenue per customer in 2025?');
    expect(p.top).toEqual(expect.objectContaining({ n: 1, direction: 'desc' }));
  });
});

describe('both ends of a period ranking with the gap between them', () => {
  it.each([
    [
      'best and worst month of 2024 by revenue, and how far apart were they?',
      'best and worst month of 2024 by revenue?',
    ],
    [
      'what were our highest and lowest revenue quarters in 2025, and the difference between them?',
      'what were our highest and lowest revenue quarters in 2025?',
    ],
    [
      'my best & worst month of 2025 for revenue and the gap between them',
      'my best & worst month of 2025 for revenue',
    ],
    [
      "which were 2024's best and worst months by order count, and how big was the gap between them?",
      "which were 2024's best and worst months by order count?",
    ],
  ])('%s', (q, read) => {
    expect(readEndGap(q)).toBe(read);
  });

  it('leaves a gap of one end alone, or of no ends, as asked', () => {
    expect(readEndGap('revenue in 2024 by region and the gap between them')).toBe(
      'revenue in 2024 by region and the gap between them',
    );
    expect(readEndGap('best month of 2024 and the difference between them')).toBe(
      'best month of 2024 and the difference between them',
    );
  });

  it('reads "strongest vs weakest month" as both ends', () => {
    expect(plan('strongest vs weakest month of 2023 for order count').top).toEqual(
      expect.objectContaining({ n: 0, span: true }),
    );
  });
});

describe('a ranked thing the model lacks', () => {
  it('is refused, never left out as a breakdown', () => {
    expect(demoReading(['per region, the second-best store by revenue'], TODAY).kind).toBe('refuse');
  });
});
