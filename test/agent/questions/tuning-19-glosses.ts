/**
 * Nineteenth tuning batch (issue 29): wordings the offline planner refused though the ask is clear. A gloss in
 * parentheses or after a dash that restates or narrows the ask ("(summed over their orders, not per order)",
 * "(all twelve)", "(active = ordered at least once that month)", "(not cumulative)", "- separately please, don't
 * sum them"); a person or a role before the ask ("Marta (my boss) needs ...", "Priya from finance asked: ...",
 * "for the board pack:"); a figure quoted from another tool with "give me both years". A gloss that restates what
 * is read is accepted; one that changes the meaning is read or the question refused; a negation is never dropped.
 * Written on 2026-11-28 before the planner change that reads them; fresh wordings, none copied from a held-out or
 * earlier tuning set.
 * Before (on 9c55e6a): 10 of 33 right (3 confident wrong: a negation or a gloss left out), in the eval CLI. After: 26 of 33, none wrong (still refused: "my active accounts",
 * "were active in 2024 - i.e. ...", "each one listed (no combined figure)", "(revenue divided by number of orders)",
 * "whose 2023 spend was above", two quoted claims with "can you check?" or "someone ... claimed").
 *
 * Clock: 2026-04-15, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { between, inYear, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_19_GLOSSES_NOW = '2026-04-15T09:00:00Z';

const west = (where: string) => `region = 'west' AND ${where}`;
/** Both years' `measure` over `where` and the change in percent, as one row. */
const bothYears = (measure: string, where: string, a: number, b: number) =>
  `SELECT ${measure} FILTER (WHERE year(created_at) = ${a}), ${measure} FILTER (WHERE year(created_at) = ${b}),
   round(100.0 * (${measure} FILTER (WHERE year(created_at) = ${b}) / ${measure} FILTER (WHERE year(created_at) = ${a}) - 1), 2)
   FROM orders WHERE ${where}`;

export const tuning19glosses: (SecondOrderCase & Tuning6Case)[] = [
  // --- a gloss that restates a per-customer total or an "every month" condition ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers spent over 9k in total in 2025 (all their orders summed, not per order)?',
    sql: perCustomer('sum(amount) > 9000', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers whose 2023 spend was above 12000 - total across their orders, not any single order',
    sql: perCustomer('sum(amount) > 12000', `WHERE ${inYear(2023)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers spent more than 5k in 2024 (summed over their orders)?',
    user: WEST,
    sql: perCustomer('sum(amount) > 5000', `WHERE ${west(inYear(2024))}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers who placed an order in each month of 2025 (every month, no gaps) - how many?',
    sql: perCustomer('count(DISTINCT month(created_at)) = 12', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many clients bought from us every month in 2023 (all twelve)?',
    sql: perCustomer('count(DISTINCT month(created_at)) = 12', `WHERE ${inYear(2023)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered in every quarter of 2024 (all 4)?',
    sql: perCustomer('count(DISTINCT quarter(created_at)) = 4', `WHERE ${inYear(2024)}`),
  },
  // --- "active" glossed as ordering in the period ---
  {
    class: 'unknown-words',
    ask: 'active customers in March 2025? (active = ordered at least once that month)',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many active buyers did we have in Q2 2024 (active meaning at least one order in the quarter)',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${between('2024-04-01', '2024-07-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'my active accounts for Nov 2025 (active = at least 1 order in the month)',
    user: WEST,
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${west(between('2025-11-01', '2025-12-01'))}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many customers were active in 2024 - i.e. placed at least one order that year',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${inYear(2024)}`,
  },
  // --- a gloss that restates the shape: not cumulative, each on its own, what a measure means ---
  {
    class: 'wording',
    ask: 'revenue by region for 2025 (gross, incl. returns)',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'monthly order count for 2024 (not cumulative)',
    sql: `SELECT date_trunc('month', created_at), count(*) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
    never: /running|cumulative total/i,
  },
  {
    class: 'wording',
    ask: 'revenue for each quarter of 2025 - each quarter on its own, not a running total',
    sql: `SELECT date_trunc('quarter', created_at), sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: "top 3 regions by 2024 revenue - separately please, don't sum them",
    ordered: true,
    never: /\bin all\b|altogether|combined/i,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
  },
  {
    class: 'wording',
    ask: 'best 2 categories for orders in 2025, each one listed (no combined figure)',
    ordered: true,
    never: /\bin all\b|altogether|combined:/i,
    sql: `SELECT category, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 2`,
  },
  {
    class: 'wording',
    ask: 'total 2025 revenue (i.e. all regions and all categories together)',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'avg order value in Q4 2025 (revenue divided by number of orders)',
    sql: `SELECT avg(amount) FROM orders WHERE ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'wording',
    ask: 'orders by region in 2025 (by region, not by category)',
    sql: `SELECT region, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  // --- negations in a gloss: read, never dropped ---
  {
    class: 'wording',
    ask: 'how many orders did we get in 2024 (excluding cancelled ones)?',
    sql: `SELECT count(*) FROM orders WHERE status <> 'cancelled' AND ${inYear(2024)}`,
  },
  {
    class: 'wording',
    ask: 'revenue in 2025 - not counting returned orders',
    sql: `SELECT sum(amount) FROM orders WHERE status <> 'returned' AND ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'revenue by month for 2025 (in euros, not dollars)',
    refuse: true,
  },
  {
    class: 'wording',
    ask: 'how many orders in 2024 (only the ones shipped by courier)?',
    refuse: true,
  },
  // --- a person or a role before the ask ---
  {
    class: 'unknown-words',
    ask: "Marta (my boss) needs my region's order count for Q3 2025 for her QBR slides",
    user: WEST,
    sql: `SELECT count(*) FROM orders WHERE ${west(between('2025-07-01', '2025-10-01'))}`,
  },
  {
    class: 'unknown-words',
    ask: 'Priya from finance asked: what was total revenue in 2024?',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'for the board pack: revenue by category in 2025',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'quick one for ops - how many orders got cancelled in Dec 2025?',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${between('2025-12-01', '2026-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'Jon in sales ops wants the top 5 customers by 2025 revenue',
    ordered: true,
    sql: `SELECT c.name, sum(o.amount) FROM ${withCustomers} WHERE year(o.created_at) = 2025 GROUP BY c.name ORDER BY 2 DESC LIMIT 5`,
  },
  {
    class: 'unknown-words',
    ask: 'our head of CS is asking how many orders were returned in 2023',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${inYear(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: "my director wants to see my region's revenue for H2 2024",
    user: WEST,
    sql: `SELECT sum(amount) FROM orders WHERE ${west(between('2024-07-01', '2025-01-01'))}`,
  },
  // --- a quoted figure to check, with both years asked for ---
  {
    class: 'period-over-period',
    ask: "finance's report says 2025 revenue grew around 5% over 2024 - true? show me both years",
    check: 'answer',
    tolerance: 0.006,
    sql: bothYears('sum(amount)', 'true', 2024, 2025),
  },
  {
    class: 'period-over-period',
    ask: 'the ops dashboard shows cancellations down roughly 2% in 2024 vs 2023. can you check? both years pls',
    check: 'answer',
    tolerance: 0.006,
    sql: bothYears('count(*)', "status = 'cancelled'", 2023, 2024),
  },
  {
    class: 'period-over-period',
    ask: "my tracker says my region's orders rose ~4% from 2024 to 2025, right? give me the two numbers",
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: bothYears('count(*)', "region = 'west'", 2024, 2025),
  },
  {
    class: 'period-over-period',
    ask: 'someone in the exec meeting claimed electronics orders fell in 2025 vs 2024 - is that so? both years please',
    check: 'answer',
    tolerance: 0.006,
    sql: bothYears('count(*)', "category = 'electronics'", 2024, 2025),
  },
];
