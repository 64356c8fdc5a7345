import { describe, expect, it } from '@jest/globals';
import { rephrase, valueBesideMeasure } from '../../functions/agent/planner/phrases';

/** Phrases read before the words are matched (functions/agent/planner/phrases.ts; README, "What the analyst understands"). */
describe('planner phrases', () => {
  it.each([
    ['revenue per product category, 2023 next to 2024', 'revenue per product category, 2023 vs 2024'],
    [
      "What's our revenue for toys in March 2025? to the cent please",
      "What's our revenue for toys in March 2025?   please",
    ],
    ['orders in Q1 2024 for the spreadsheet Dana asked for', 'orders in Q1 2024  '],
    ['revenue from orders under $20 on 2024-11-29', 'revenue from orders under $20 on november 29 2024'],
    [
      'per quarter of 2025, which region led in revenue?',
      'which region had the most revenue in each quarter of 2025?',
    ],
    ['cheapest order per region', 'smallest order per region'],
    ["Q3 '24 orders vs Q3 ’23", 'Q3  2024 orders vs Q3  2023'],
    ["H1'25 revenue, pct diff from H1'24", 'H1 2025 revenue, % change from H1 2024'],
    ['revenue 2024 vs 2025, difference in percent', 'revenue 2024 vs 2025, % change'],
    ['the diff between 2024 and 2025', 'the difference between 2024 and 2025'],
    ['revenue in the week of 2025-11-26', 'revenue from november 24 2025 to november 30 2025'],
    [
      'orders for the week of Dec. 1st, 2025 by region',
      'orders from december 1 2025 to december 7 2025 by region',
    ],
    ['revenue on Black Friday 2024', 'revenue on november 29 2024'],
    ['cyber monday of 2023 orders', 'november 27 2023 orders'],
    ['orders since Christmas 2025', 'orders since december 25 2025'],
    ['p75 of customer lifetime spend', 'p75 of lifetime spend per customer'],
    ['who returned the most money worth of orders', 'who returned the most money'],
    ['customers with 2+ returns', 'customers with 2 or more returns'],
    ['bought toys 12 times or more', 'bought toys at least 12 times'],
    ['orders that got sent back', 'orders that returned'],
    [
      'revenue of customers who joined in May vs the ones who joined in June',
      'revenue of customers who joined in May vs June',
    ],
    ["orders on New Year's Eve 2024", 'orders on december 31 2024'],
    // A part of a named period: its own days (a week is 7 days; a part that does not fit stays as asked).
    ['orders per day in the last week of 2025', 'orders per day from december 25 2025 to december 31 2025'],
    ['revenue in the first 10 days of Q3 2024', 'revenue from july 1 2024 to july 10 2024'],
    ['orders in the final 2 months of H1 2025', 'orders from may 1 2025 to june 30 2025'],
    ['sales for the last 2 quarters of 2024', 'sales from july 1 2024 to december 31 2024'],
    ['customers who joined in the first quarter of 2022', 'customers who joined in q1 2022'],
    [
      'which region grew the most between H1 and H2 2025',
      'which region grew the most between H1 2025 and H2 2025',
    ],
    ['revenue Q1 vs Q2 2024', 'revenue Q1 2024 vs Q2 2024'],
    ['how wide is the spread between p95 and p5', 'what is the spread between p95 and p5'],
    ['which segment held up best on revenue', 'which segment grew the most on revenue'],
    ['sales in the last month of H1 2025', 'sales in june 2025'],
    // (December and Q4 end a year: named as one too.)
    ['customers who joined in the last quarter of 2022', 'customers who joined in q4 2022'],
    ['sales in the last month of 2024', 'sales in december 2024'],
    ['orders in the last 3 days of February 2024', 'orders from february 27 2024 to february 29 2024'],
    ['orders in the last 40 days of March 2025', 'orders in the last 40 days of March 2025'],
    ['sales on christmas eve', 'sales on december 24'],
    // Words of the shapes batch (tuning-10-shapes.ts): a comparison, an exclusion, a ranking, money made.
    ['orders in 2025 relative to 2023', 'orders in 2025 vs 2023'],
    ['Not counting cancelled orders, revenue in 2025', 'excluding cancelled orders, revenue in 2025'],
    ['least busy region in Q1 2025', 'fewest region in Q1 2025'],
    ['returned orders quarter over quarter through 2025', 'returned orders quarter over quarter in 2025'],
    ['orders from 2023 through 2025', 'orders from 2023 through 2025'],
    ['was revenue higher in 2025 than 2024?', 'was revenue in 2025 vs 2024?'],
    ['was AOV higher or lower in 2025 than 2023?', 'was AOV higher or lower in 2025 than 2023?'],
    ['customers who signed up in May 2022 vs June 2022', 'customers who signed up in May 2022 vs June 2022'],
    ['revenue per order in 2025', 'average order value in 2025'],
    ['orders per customer by segment', 'average orders per customer by segment'],
    ['avg revenue per customer by region', 'avg revenue per customer by region'],
    [
      'average lifetime spend per customer by signup quarter',
      'average lifetime spend per customer by signup quarter',
    ],
    ['what did toys bring in during Q2 2024?', 'what did toys earn during Q2 2024?'],
    ['what % of customers bring in half my revenue', 'what % of customers bring in half my revenue'],
    ['customer lifetime value by segment', 'average lifetime value per customer by segment'],
    ['one-time shoppers in 2024', 'shoppers who bought exactly 1 time in 2024'],
    ['clients who ordered more than once', 'clients who ordered more than 1 time'],
    ['customers who bought twice', 'customers who bought exactly 2 times'],
    ['customers with just a single order', 'customers with exactly 1 order'],
    ['the median customer spend in 2025', 'the median spend per customer in 2025'],
    ['95th percentile of customer revenue', '95th percentile of revenue per customer'],
    ['CLV in the west', 'average lifetime value per customer in the west'],
    // (Ranked or listed customers: each one's own lifetime value, read elsewhere; an aggregate named is of
    // each customer's.)
    ['top 10 customers by ltv', 'top 10 customers by ltv'],
    ['median customer lifetime value', 'median lifetime value per customer'],
    // Words of 2026-11-27: a word for the customers, an abbreviation, a month broken out.
    ['what share of our clientele is enterprise?', 'what share of our customers is enterprise?'],
    [
      'customers w/ 60+ orders, incl. number of orders',
      'customers with 60 or more orders, including number of orders',
    ],
    // Each row's share asked at the end (was the revenue's share, "total" read as the total amount: wrong).
    ['orders by status in 2025 as a % of total', 'percent of orders by status in 2025'],
    ['revenue by region, as percentages?', 'percent of revenue by region?'],
    ['customers by segment (as a share of all)', 'percent of customers by segment'],
    ['revenue in 2025 as a % of 2024 revenue', 'revenue in 2025 as a % of 2024 revenue'],
    ['return rate by region in percent', 'return rate by region in percent'],
    ['my revenue in Q3 2025 versus Q3 2024 as a %', 'my revenue in Q3 2025 versus Q3 2024 as a %'],
    [
      'which category grew sales fastest from 2024 to 2025, in %?',
      'which category grew sales fastest from 2024 to 2025, in %?',
    ],
    ['top 5 customers by revenue, as a % of total', 'top 5 customers by revenue, as a % of total'],
    // Two years in a row, both (entities.ts reads every period of a span).
    ['customers who ordered in both 2024 and 2025', 'customers who ordered in every year from 2024 to 2025'],
    ['bought in each of 2025 and 2024?', 'bought in every year from 2024 to 2025?'],
    ['ordered in both 2023 and 2025', 'ordered in both 2023 and 2025'],
    // Both ends of a ranking and their gap (members.ts).
    ["What's the gap between our best and worst region in 2025?", "What's best and worst region in 2025?"],
    ['difference between the top and bottom category by orders', 'highest and lowest category by orders'],
    ['how big is the spread between the highest and lowest segment', 'highest and lowest segment'],
    ['the gap between the top and the best segment', 'the gap between the top and the best segment'],
    // A sort order (members.ts reads "ranked" and "ranked ascending").
    ['revenue by category, sorted descending', 'revenue by category ranked'],
    ['orders by region in ascending order?', 'orders by region ranked ascending?'],
    ['number of orders by status (smallest first)', 'number of orders by status ranked ascending'],
  ])('%s', (question, read) => {
    expect(rephrase(question)).toBe(read);
  });

  it('leaves words that may name data as asked', () => {
    // "next to" between no periods, an invalid ISO day, a person's name outside an audience clause.
    // (Nor a quote, an apostrophe before a longer number or a percent: "'2024'", "'25%".)
    for (const q of [
      'stores next to the warehouse',
      'orders on 2024-13-45',
      'orders Dana placed',
      "region 'north'",
      "'2024' orders",
      "'25% off' orders",
    ])
      expect(rephrase(q)).toBe(q);
  });

  it('reads a value noun after "and" beside a measure as a second figure, not as a filter', () => {
    const measures = new Set(['revenue', 'total', 'amount']);
    expect(valueBesideMeasure('revenue and returns by region', { returned: 'returned' }, measures)).toMatch(
      /"returns" \(read as returned\)/,
    );
    expect(valueBesideMeasure('revenue from returns', { returned: 'returned' }, measures)).toBeUndefined();
    expect(valueBesideMeasure('revenue with returns', { returned: 'returned' }, measures)).toBeUndefined();
  });
});
