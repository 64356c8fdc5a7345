/**
 * Eighteenth tuning batch (issue 29): follow-up turns in threads and figures quoted from another tool. Written on
 * 2026-11-28 before the planner change that reads them; fresh wordings, none copied from a held-out or earlier
 * tuning set. A follow-up that adds "per X" / "in each X" / "by X" to a ranking keeps the ranking and ranks within
 * each X; one that adds it to a share, a median or a change keeps that shape per X; one that names only another
 * period, value or status swaps it and keeps everything else; "them" / "those" after a customer count are those
 * customers; a figure quoted from a dashboard, a CRM or a deck is the asker's source's, never ours: the answer gives
 * ours. "What did X do in P" is read as revenue (the README's "do" for money); an answer giving both revenue and the
 * order count is accepted (the check reads the stated numbers).
 * Before (on 5297d9e): 17 of 36 right (7 confident wrong, 12 wrong refusals), in the eval CLI. After: 35 of 36, none wrong
 * ("how much of that came in Q3 and Q4 together, in %?" is still refused).
 *
 * Clock: 2026-03-10, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { between, inYear, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_18_FOLLOWUPS_NOW = '2026-03-10T10:00:00Z';

/** The top `n` values of `item` by `measure` within each `group` (every tied one kept). */
const topWithin = (group: string, item: string, measure: string, where: string, n = 1, dir = 'DESC') =>
  `SELECT g, i, m FROM (SELECT ${group} AS g, ${item} AS i, ${measure} AS m FROM orders WHERE ${where}
   GROUP BY 1, 2) QUALIFY rank() OVER (PARTITION BY g ORDER BY m ${dir}) <= ${n}`;
/** Each `group`'s share of the whole `measure` over `where`, in percent. */
const shareEach = (group: string, measure: string, where: string) =>
  `SELECT ${group}, 100.0 * ${measure} / sum(${measure}) OVER () FROM orders WHERE ${where} GROUP BY 1`;

export const tuning18followups: (SecondOrderCase & Tuning6Case)[] = [
  // --- a ranking, then "per X" / "in each X" / "by X": the ranking within each X ---
  {
    class: 'threads',
    ask: ['which category made the most money in 2024?', 'and per region?'],
    sql: topWithin('region', 'category', 'sum(amount)', inYear(2024)),
  },
  {
    class: 'threads',
    ask: ['top 2 categories by sales last year', 'now for each region'],
    sql: topWithin('region', 'category', 'sum(amount)', inYear(2025), 2),
  },
  {
    class: 'threads',
    ask: ['which status had the most orders in 2023?', 'broken out by region?'],
    sql: topWithin('region', 'status', 'count(*)', inYear(2023)),
  },
  {
    class: 'threads',
    ask: ['what was our weakest category by revenue in 2025', 'in every region?'],
    sql: topWithin('region', 'category', 'sum(amount)', inYear(2025), 1, 'ASC'),
  },
  {
    class: 'threads',
    ask: ['best region for orders in Q3 2025?', 'ok what about in each category'],
    sql: topWithin('category', 'region', 'count(*)', between('2025-07-01', '2025-10-01')),
  },
  // --- a share, a median, a change, then "by X": the same figure per X (or a refusal) ---
  {
    class: 'threads',
    ask: ['what share of 2025 revenue came from electronics?', 'and by region?'],
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT region, round(100.0 * sum(amount) FILTER (WHERE category = 'electronics') / sum(amount), 2)
          FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['median order value in 2024', 'and by region?'],
    tolerance: 0.01,
    sql: `SELECT region, quantile_cont(amount, 0.5) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['how much did revenue change from 2024 to 2025 in %?', 'and for each region?'],
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT region, round(100.0 * (sum(amount) FILTER (WHERE year(created_at) = 2025)
          / sum(amount) FILTER (WHERE year(created_at) = 2024) - 1), 2) FROM orders GROUP BY 1`,
  },
  // --- a follow-up that swaps one thing: the period, a value, a status ---
  {
    class: 'threads',
    ask: ['how much did toys make in 2024?', 'what about 2023?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'toys' AND ${inYear(2023)}`,
  },
  {
    class: 'threads',
    ask: ['sales of furniture in 2025', 'how about going back to 2023'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'furniture' AND ${inYear(2023)}`,
  },
  {
    class: 'threads',
    ask: ['revenue for the west in 2025', 'and the east?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'east' AND ${inYear(2025)}`,
  },
  {
    class: 'threads',
    ask: ['orders in Q2 2025', 'and for Q4?'],
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'threads',
    ask: ['how many returned orders in 2024?', 'same for cancelled?'],
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${inYear(2024)}`,
  },
  {
    class: 'threads',
    ask: ['revenue by category in Q1 2025', 'same thing for Q3'],
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${between('2025-07-01', '2025-10-01')} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['avg order value in the north for 2024', 'what about the south?'],
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE region = 'south' AND ${inYear(2024)}`,
  },
  {
    class: 'threads',
    ask: ['how many orders did electronics get in march 2025', 'and in april?'],
    sql: `SELECT count(*) FROM orders WHERE category = 'electronics' AND ${between('2025-04-01', '2025-05-01')}`,
  },
  {
    class: 'threads',
    ask: ['completed orders in 2025', 'same for returns?'],
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${inYear(2025)}`,
  },
  {
    class: 'threads',
    ask: ['revenue by region for 2025', 'and what did 2024 look like for the same?'],
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'threads',
    user: WEST,
    ask: ['what was my revenue in 2025', 'and 2024?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${inYear(2024)}`,
  },
  {
    class: 'threads',
    ask: ['orders per segment in 2024', 'same but only the returned ones'],
    sql: `SELECT c.segment, count(*) FROM ${withCustomers} WHERE o.status = 'returned'
          AND ${inYear(2024, 'o.created_at')} GROUP BY 1`,
  },
  // --- "them" / "those" after a customer count: those customers ---
  {
    class: 'threads',
    ask: ['how many enterprise customers do we have?', 'how many of them ordered in 2025?'],
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE c.segment = 'enterprise'
          AND ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'threads',
    ask: ['how many customers are in the south?', 'and how many of those placed an order in 2024?'],
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE c.region = 'south'
          AND ${inYear(2024, 'o.created_at')}`,
  },
  {
    class: 'threads',
    ask: ['number of small business customers', 'how many of them bought anything in Q4 2025?'],
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE c.segment = 'small business'
          AND ${between('2025-10-01', '2026-01-01', 'o.created_at')}`,
  },
  // --- parts of a previous total, shares of a previous breakdown ---
  {
    class: 'threads',
    ask: ['sales for 2023', 'how much of that came in Q3 and Q4 together, in %?'],
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE month(created_at) >= 7) / sum(amount), 2) FROM orders
          WHERE ${inYear(2023)}`,
  },
  {
    class: 'threads',
    ask: ['monthly order counts for 2024', 'what % of the year was each month?'],
    check: 'answer',
    tolerance: 0.006,
    sql: shareEach("date_trunc('month', created_at)", 'count(*)', inYear(2024)),
  },
  {
    class: 'threads',
    ask: ['revenue by quarter 2025', 'what fraction of the total is each one?'],
    check: 'answer',
    tolerance: 0.006,
    sql: shareEach("date_trunc('quarter', created_at)", 'sum(amount)', inYear(2025)),
  },
  // --- a figure quoted from another tool: ours is answered, the quoted one is theirs ---
  {
    class: 'unknown-words',
    ask: "my manager saw 'about 2M orders' in some report - how many orders do we really have overall?",
    sql: 'SELECT count(*) FROM orders',
  },
  {
    class: 'unknown-words',
    ask: 'HubSpot is showing 5,000 cancelled orders for Q3 2024 - what do we have?',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${between('2024-07-01', '2024-10-01')}`,
  },
  {
    class: 'unknown-words',
    ask: "the board deck had revenue at 40M for 2025. what's the real number?",
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'someone told me the north did 12k orders in 2024, can you check?',
    sql: `SELECT count(*) FROM orders WHERE region = 'north' AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'finance reckons there were about 3,000 returns in 2025 — what does the data say?',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'Looker says AOV was $510 in 2024; what do you get?',
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  // --- "what did X do": revenue ---
  {
    class: 'wording',
    ask: 'what did the south do in 2025?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'south' AND ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'how did electronics do last year',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'electronics' AND ${inYear(2025)}`,
  },
  // --- refusals: a follow-up naming what the data does not hold ---
  {
    class: 'out-of-scope',
    ask: ['revenue in 2025', 'and for the APAC team?'],
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: ['top category by orders in 2024', 'and per sales rep?'],
    refuse: true,
  },
];
