import { describe, expect, it } from '@jest/globals';
import { readRestatedGlosses } from '../../functions/agent/planner/restated-glosses';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Glosses that restate the ask (tuning set 19): a note in parentheses or after a dash that says the question again
 * is read away; one that says anything else stays, to be read or refused; a negation is never dropped. A named
 * colleague before the ask is read as the asker's. (Answers on the sample: tuning set 19 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-04-15';

describe('a gloss that restates the ask is read away', () => {
  it.each([
    [
      'how many customers spent over 9k in 2025 (all their orders summed, not per order)?',
      'how many customers spent over 9k in 2025?',
    ],
    [
      'how many customers spent more than 11k in 2024? (their orders added up, not single orders)',
      'how many customers spent more than 11k in 2024?',
    ],
    [
      'how many of my customers spent over 5k in 2024 (summed over their orders)?',
      'how many of my customers spent over 5k in 2024?',
    ],
    [
      'how many clients bought from us every month in 2023 (all twelve)?',
      'how many clients bought from us every month in 2023?',
    ],
    [
      'how many customers ordered in every quarter of 2024 (all 4)?',
      'how many customers ordered in every quarter of 2024?',
    ],
    [
      'customers who ordered in each month of 2025 (every month, no gaps) - how many?',
      'customers who ordered in every month of 2025 - how many?',
    ],
    [
      'active customers in March 2025? (active = ordered at least once that month)',
      'active customers in March 2025?',
    ],
    ['monthly order count for 2024 (not cumulative)', 'monthly order count for 2024'],
    [
      'revenue for each quarter of 2025 - each quarter on its own, not a running total',
      'revenue for each quarter of 2025',
    ],
    ["top 3 regions by 2024 revenue - separately please, don't sum them", 'top 3 regions by 2024 revenue'],
    [
      "top 2 categories by 2023 revenue - just the two please, don't add them up",
      'top 2 categories by 2023 revenue',
    ],
    ['total 2025 revenue (i.e. all regions and all categories together)', 'total 2025 revenue'],
    ['revenue by region for 2025 (gross, incl. returns)', 'revenue by region for 2025'],
    ['orders by region in 2025 (by region, not by category)', 'orders by region in 2025'],
    [
      'the dashboard says returns were up 3% in 2025 vs 2024. is that right? give me both years',
      'the dashboard says returns were up 3% in 2025 vs 2024. is that right?',
    ],
    [
      'my tracker says orders rose ~4% from 2024 to 2025, right? give me the two numbers',
      'my tracker says orders rose ~4% from 2024 to 2025, right?',
    ],
  ])('%s', (question, read) => {
    expect(readRestatedGlosses(question)).toBe(read);
  });

  it('reads a named colleague before the ask as the asker’s', () => {
    expect(readRestatedGlosses("Marta (my boss) needs my region's orders")).toBe(
      "my boss needs my region's orders",
    );
    expect(readRestatedGlosses('Jon in sales ops wants the top 5 customers')).toBe(
      'my colleague wants the top 5 customers',
    );
  });
});

describe('a gloss that says more, or the opposite, stays', () => {
  it.each([
    // (A negation of the ask's own words, not the shape's.)
    'how many customers spent over 5k in 2024 (not summed, per order)?',
    'monthly order count for 2024 (cumulative)',
    'revenue by region for 2025 (net of returns)',
    'orders by region in 2025 (by category, not by region)',
    'how many customers ordered in every month of 2024 (all 4)?',
    'active customers in March 2025? (active = at least 3 orders that month)',
    'revenue by month for 2025 (in euros, not dollars)',
    'total 2025 revenue by region (all regions together)',
    'top 3 regions by revenue in 2024 (and their total)',
  ])('%s', (question) => {
    expect(readRestatedGlosses(question)).toBe(question);
  });

  it('never leaves a negation out as an unread part: "not by category" is refused, not answered by category', () => {
    const reading = demoReading(['orders by region in 2025 not by category'], TODAY);
    if (reading.kind === 'plan') expect(JSON.stringify(reading.plan.dimensions)).not.toMatch(/category/);
    const euros = demoReading(['revenue by month for 2025 (in euros, not dollars)'], TODAY);
    expect(euros.kind).toBe('refuse');
  });
});

describe('the questions read once the gloss is away', () => {
  it('counts customers by their total spend, and every month of the year', () => {
    const spent = demoPlan(
      ['how many customers spent over 9k in total in 2025 (all their orders summed, not per order)?'],
      TODAY,
    );
    expect(spent.range?.from).toBe('2025-01-01');
    const every = demoPlan(
      ['customers who placed an order in each month of 2025 (every month, no gaps) - how many?'],
      TODAY,
    );
    expect(every.dimensions).toEqual([]);
  });
});
