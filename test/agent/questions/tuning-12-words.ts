/**
 * Twelfth tuning batch (issue 29), the words helper's classes: an answerable ask wrapped in words the model lacks
 * (a purpose, "for the QBR slide:"; a source, "per the finance email", "according to Dana's dashboard"; a person,
 * "my manager Priya wants to know:"; a politeness, "sorry to bug you again"; a deadline, "need this by EOD:"; a
 * meeting, "as discussed on Monday's call"; business slang, "top-line", "GMV", "deal size", "order volume"), where
 * an aside that names a filter value or a forecast may not be dropped; the best or worst of a rate whose good
 * direction is down ("the best return rate" is the lowest); combined shares; and out-of-scope business words
 * (run-rate, net revenue after refunds, ASP, take, quota, MRR). Written BEFORE the planner change it tunes, in
 * wordings a sales or operations asker would use; no question copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2025-09-17 14:00 UTC, inside the data (orders 2023-01-01 to 2025-12-31): "last quarter" is Q2
 * 2025, "last month" August 2025, "next quarter" Q4 2025 (which the sample already holds: a forecast of it must
 * still be refused, never answered with the sample's rows).
 *
 * Scored on the unchanged planner (wt/words at acb6fa5): 23 of 40 right or honest, 3 confident wrong (the highest
 * return rate for "the best", the lowest cancellation rate for "the worst", and "our take" answered as the number of
 * orders), 14 wrong refusals (asides with a source, a person or a meeting; "top-line"; "EOD"). After the change
 * (asides.ts, business-words.ts, rate-direction.ts): 40 of 40, none wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_12_WORDS_NOW = '2025-09-17T14:00:00Z';

export type Tuning12Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const year = (y: number, column = 'created_at') => inYear(y, column);
const Q2_2025 = between('2025-04-01', '2025-07-01');
const AUG_2025 = between('2025-08-01', '2025-09-01');
/** Percent of `measure` over the rows of `where` that rows matching `part` hold (orders joined to customers). */
const share = (measure: string, part: string, where: string) =>
  `SELECT 100.0 * ${measure} FILTER (WHERE ${part}) / ${measure} FROM ${JOINED} WHERE ${where}`;
/** The one group with the highest (DESC) or lowest (ASC) share of orders of `status`, and that share. */
const rateLeader = (group: string, status: string, direction: 'ASC' | 'DESC', where = 'TRUE') =>
  `SELECT ${group}, round(100.0 * count(*) FILTER (WHERE o.status = '${status}') / count(*), 2) AS r FROM ${JOINED}
   WHERE ${where} GROUP BY 1 ORDER BY 2 ${direction} LIMIT 1`;

export const tuning12words: Tuning12Case[] = [
  // --- an answerable ask wrapped in words the model lacks ---
  {
    class: 'unknown-words',
    ask: 'For the QBR slide: how many orders did we get in 2024?',
    sql: `SELECT count(*) FROM orders WHERE ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'per the finance email, what was grocery revenue in March 2025?',
    user: WEST,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND category = 'grocery' AND ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    class: 'unknown-words',
    ask: "according to Dana's dashboard, what were sales in the south last quarter?",
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'south' AND ${Q2_2025}`,
  },
  {
    class: 'unknown-words',
    ask: "as discussed on Monday's call, number of cancelled orders in the east for 2024",
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND status = 'cancelled' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'quick one - avg order value for enterprise customers in 2024?',
    tolerance: 0.01,
    sql: `SELECT avg(o.amount) FROM ${JOINED} WHERE c.segment = 'enterprise' AND ${year(2024, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: '(for my boss) how many returned toy orders were there in 2023?',
    sql: `SELECT count(*) FROM orders WHERE category = 'toys' AND status = 'returned' AND ${year(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: 'need this by EOD: top 3 categories by revenue in 2024',
    ordered: true,
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
  },
  {
    class: 'unknown-words',
    ask: 'sorry to bug you again - how many distinct customers bought furniture in 2023?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE category = 'furniture' AND ${year(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: 'Could you kindly pull total sales for the west region in 2024? thanks so much!',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'my manager Priya wants to know: how many orders were cancelled in 2024?',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: "ahead of Thursday's board meeting, what was revenue by segment for 2024?",
    tolerance: 0.01,
    sql: `SELECT c.segment, sum(o.amount) FROM ${JOINED} WHERE ${year(2024, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'for the all hands deck — total revenue in 2023?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: "per Jordan's Slack message, how many orders did clothing get last month?",
    user: WEST,
    sql: `SELECT count(*) FROM orders WHERE region = 'west' AND category = 'clothing' AND ${AUG_2025}`,
  },
  {
    class: 'unknown-words',
    ask: 'as per the ops sync, how many orders in the north were cancelled in Q2 2025?',
    sql: `SELECT count(*) FROM orders WHERE region = 'north' AND status = 'cancelled' AND ${Q2_2025}`,
  },
  {
    // The aside names a segment: it filters, it is no aside.
    class: 'unknown-words',
    ask: 'For the enterprise review: revenue in 2024?',
    tolerance: 0.01,
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE c.segment = 'enterprise' AND ${year(2024, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'excluding cancelled ones, per the ops sync - how many toy orders in 2024?',
    sql: `SELECT count(*) FROM orders WHERE category = 'toys' AND status <> 'cancelled' AND ${year(2024)}`,
  },
  // --- business words for what the model has ---
  {
    class: 'wording',
    ask: 'what was the top-line in 2024 by category?',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'top line revenue for the north in Q1 2025',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'GMV by region for Q2 2025',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${Q2_2025} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'average deal size for small business customers in 2025?',
    tolerance: 0.01,
    sql: `SELECT avg(o.amount) FROM ${JOINED} WHERE c.segment = 'small business' AND ${year(2025, 'o.created_at')}`,
  },
  {
    class: 'wording',
    ask: 'order volume by category last month',
    user: WEST,
    sql: `SELECT category, count(*) FROM orders WHERE region = 'west' AND ${AUG_2025} GROUP BY 1`,
  },
  // --- the best and the worst of a rate whose good direction is down ---
  {
    class: 'wording',
    ask: 'which category had the best return rate in 2024?',
    check: 'answer',
    says: /lowest/i,
    sql: rateLeader('o.category', 'returned', 'ASC', year(2024, 'o.created_at')),
  },
  {
    class: 'wording',
    ask: 'which region had the worst cancellation rate in 2025?',
    check: 'answer',
    says: /highest/i,
    sql: rateLeader('o.region', 'cancelled', 'DESC', year(2025, 'o.created_at')),
  },
  {
    class: 'wording',
    ask: 'healthiest customer segment by return rate?',
    check: 'answer',
    says: /lowest/i,
    sql: rateLeader('c.segment', 'returned', 'ASC'),
  },
  {
    class: 'wording',
    ask: 'most problematic category in terms of return rate, 2025',
    check: 'answer',
    says: /highest/i,
    sql: rateLeader('o.category', 'returned', 'DESC', year(2025, 'o.created_at')),
  },
  {
    class: 'wording',
    ask: 'which category had the best AOV in 2023?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT category, avg(amount) FROM orders WHERE ${year(2023)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  // --- combined shares ---
  {
    class: 'combined-shares',
    ask: 'what share of 2024 revenue did toys and grocery make up together?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.category IN ('toys', 'grocery')", year(2024, 'o.created_at')),
  },
  {
    class: 'combined-shares',
    ask: 'my top 5 customers by 2025 spend - what % of my 2025 revenue is that combined?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders WHERE region = 'west' AND ${year(2025)} GROUP BY 1)
      SELECT 100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 5)) / (SELECT sum(v) FROM t)`,
  },
  {
    class: 'combined-shares',
    ask: 'for the board memo: combined share of 2023 orders from the north plus the west?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.region IN ('north', 'west')", year(2023, 'o.created_at')),
  },
  {
    class: 'combined-shares',
    ask: 'what percentage of Q2 2025 orders were cancelled or returned, combined?',
    check: 'answer',
    tolerance: 0.006,
    sql: share(
      'count(*)',
      "o.status IN ('cancelled', 'returned')",
      Q2_2025.replaceAll('created_at', 'o.created_at'),
    ),
  },
  {
    class: 'combined-shares',
    ask: "per Sam's note, what % of enterprise sales in 2024 came from electronics and furniture together?",
    check: 'answer',
    tolerance: 0.006,
    sql: share(
      'sum(o.amount)',
      "o.category IN ('electronics', 'furniture')",
      `c.segment = 'enterprise' AND ${year(2024, 'o.created_at')}`,
    ),
  },
  // --- threads ---
  {
    class: 'unknown-words',
    ask: ['for the ops review: orders by region in 2024', 'and just the cancelled ones?'],
    sql: `SELECT region, count(*) FROM orders WHERE status = 'cancelled' AND ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: ['quick one - revenue for toys in 2023?', 'same for grocery pls, its for the exec summary'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'grocery' AND ${year(2023)}`,
  },
  // --- out of scope: words the model has no measure for ---
  {
    // The source is a forecast, not the orders: the sample's rows for next quarter are no answer.
    class: 'out-of-scope',
    ask: 'according to the forecast, how much revenue will we make next quarter?',
    refuse: true,
  },
  { class: 'out-of-scope', ask: "what's our run-rate based on last month?", refuse: true },
  { class: 'out-of-scope', ask: 'net revenue for 2024 after refunds?', refuse: true },
  { class: 'out-of-scope', ask: 'ASP for electronics in 2024', refuse: true },
  // ("our take" was refused here; tuning set 31 (left), on the lead's list of shapes misread, reads it as revenue,
  // the money taken in, and says so in the answer. Aligned on 2026-11-29.)
  {
    class: 'business-words',
    ask: 'what was our take in Q2 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-07-01')}`,
  },
  { class: 'out-of-scope', ask: 'how are we pacing vs quota this quarter?', refuse: true },
  { class: 'out-of-scope', ask: 'MRR for enterprise in 2025', refuse: true },
];
