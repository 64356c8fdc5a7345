/**
 * Thirteenth tuning batch (issue 29), the words helper's classes: answers in the asker's words (a plural term said
 * back with its own verb, "mean" said back as "mean", a zero stated as a zero, a format asked for), an answerable
 * ask wrapped in words the model lacks (a purpose, "trying to see where cancellations cluster"; a document that
 * "needs" the figure; a model or spreadsheet being checked, which is no forecast asked for; slang, "bucks", "a
 * grand"; "anybody", "such orders", "like that"; typos; run-ons; polite framings), and out-of-scope asks whose
 * refusal names the asker's own words, never words the planner rewrote. Written BEFORE the planner change it tunes,
 * in wordings a sales or operations asker would use; no question copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2026-07-08 09:30 UTC, after the data (orders 2023-01-01 to 2025-12-31): "last year" is 2025;
 * the questions name their periods.
 *
 * Scored on the unchanged planner (wt/words13 at cc85253): 15 of 37 right or honest, 2 confident wrong ("avg
 * ticket ... as a whole number" answered as the number of orders, "..., and the total across regions" as the
 * total amount), 16 wrong refusals (purposes, documents being checked, needs said with no break, "FYI", "when you
 * get a chance", "ballpark", "1:1", "anybody"/"such", "ordres", "a grand"), 4 answers not in the asker's words
 * ("the sales is", "mean" said as "average"). After the change (names.ts, answer.ts, asides.ts, slang.ts,
 * grand-total.ts, missing.ts, rounding.ts): 37 of 37, none wrong. ("total earnings" was first written as revenue
 * and is refused instead: earnings are profit, which the data lacks.)
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_13_WORDS_NOW = '2026-07-08T09:30:00Z';

export type Tuning13Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const year = (y: number, column = 'created_at') => inYear(y, column);

export const tuning13words: Tuning13Case[] = [
  // --- answers in the asker's words ---
  {
    class: 'wording',
    ask: "what's the mean spend per order for grocery in 2023?",
    tolerance: 0.01,
    says: /\bmean\b/i,
    sql: `SELECT avg(amount) FROM orders WHERE category = 'grocery' AND ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'mean order amount in the south for H1 2024, to the cent please',
    tolerance: 0.01,
    says: /\bmean\b[\s\S]*\$\d[\d,]*\.\d{2}\b/i,
    sql: `SELECT avg(amount) FROM orders WHERE region = 'south' AND ${between('2024-01-01', '2024-07-01')}`,
  },
  {
    class: 'wording',
    ask: 'what were the sales for toys in Q3 2024?',
    tolerance: 0.01,
    never: /\bsales is\b/i,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'toys' AND ${between('2024-07-01', '2024-10-01')}`,
  },
  {
    class: 'wording',
    ask: 'how much were revenues in the north in 2023',
    tolerance: 0.01,
    never: /\brevenues is\b/i,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'any orders above a grand in 2024? how many?',
    says: /\b(?:0|no|none|zero)\b/i,
    sql: `SELECT count(*) FROM orders WHERE amount > 1000 AND ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'number of orders below $5 in my region during 2025',
    user: WEST,
    says: /\b(?:0|no|none|zero)\b/i,
    sql: `SELECT count(*) FROM orders WHERE region = 'west' AND amount < 5 AND ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'what % of 2024 orders were returned? one decimal place is fine',
    check: 'answer',
    tolerance: 0.06,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE status = 'returned') / count(*) FROM orders WHERE ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'revenue in 2023, rounded to the nearest dollar',
    tolerance: 0.5,
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'avg ticket for clothing in 2025 as a whole number',
    tolerance: 0.5,
    sql: `SELECT avg(amount) FROM orders WHERE category = 'clothing' AND ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'cancelled order count by region for 2024, and the total across regions',
    check: 'answer',
    sql: `SELECT region, count(*) FROM orders WHERE status = 'cancelled' AND ${year(2024)} GROUP BY 1`,
  },
  // --- an answerable ask wrapped in words the model lacks ---
  {
    class: 'unknown-words',
    ask: 'trying to figure out where cancellations cluster - cancelled orders by region in 2024',
    sql: `SELECT region, count(*) FROM orders WHERE status = 'cancelled' AND ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'number of returned orders per category for 2025, want to see where the returns are piling up',
    sql: `SELECT category, count(*) FROM orders WHERE status = 'returned' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'double-checking our forecast spreadsheet: electronics revenue in 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'electronics' AND ${year(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'validating the budget model - how many orders did the east get in 2024?',
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'Board pack needs order count by category for 2024',
    sql: `SELECT category, count(*) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'the CFO wants total revenue for 2023 by quarter',
    tolerance: 0.01,
    sql: `SELECT date_trunc('quarter', created_at), sum(amount) FROM orders WHERE ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'did anyone buy furniture for under ten bucks in 2025? how many orders like that?',
    sql: `SELECT count(*) FROM orders WHERE category = 'furniture' AND amount < 10 AND ${year(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'did anybody in the west order toys over $990 in 2024? how many such orders?',
    sql: `SELECT count(*) FROM orders WHERE region = 'west' AND category = 'toys' AND amount > 990 AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many ordres were retruned in 2024',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'revnue by catgory for 2023',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "hey hope you're well! when you get a chance could you pull cancelled orders by quarter for 2025? no rush",
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM orders WHERE status = 'cancelled' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'ok so my boss keeps asking about this and I need the west revenue for 2024 can you get it',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'FYI this is for the weekly standup - avg order value by region, 2025',
    tolerance: 0.01,
    sql: `SELECT region, avg(amount) FROM orders WHERE ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'circling back on this one — enterprise revenue in Q4 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE c.segment = 'enterprise' AND ${between('2025-10-01', '2026-01-01', 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'ballpark is fine: how much did consumer customers spend in 2024?',
    tolerance: 0.01,
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE c.segment = 'consumer' AND ${year(2024, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'for my territory deck: returned orders by category in 2025',
    user: WEST,
    sql: `SELECT category, count(*) FROM orders WHERE region = 'west' AND status = 'returned' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'just need one number for my 1:1 - how many customers ordered from me in 2024?',
    user: WEST,
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE region = 'west' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'the quarterly business review deck needs revenue by segment for last year',
    tolerance: 0.01,
    sql: `SELECT c.segment, sum(o.amount) FROM ${JOINED} WHERE ${year(2025, 'o.created_at')} GROUP BY 1`,
  },
  // --- out of scope: the refusal names what is missing in the asker's words ---
  {
    class: 'out-of-scope',
    ask: 'how much did marketing earn us in 2024?',
    refuse: true,
    says: /marketing/i,
    never: /marketing earn\b/i,
  },
  {
    class: 'out-of-scope',
    ask: 'revenue from June through August 2024 by warehouse',
    refuse: true,
    says: /warehouse/i,
    never: /june through/i,
  },
  {
    // Earnings are what is left after costs (profit): the data has sales, not costs.
    class: 'out-of-scope',
    ask: 'total earnings from furniture in 2025?',
    refuse: true,
    says: /earnings/i,
  },
  {
    class: 'out-of-scope',
    ask: "what's our CAC by segment?",
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many orders did each account manager handle in 2024?',
    refuse: true,
    says: /account manager/i,
  },
  {
    class: 'out-of-scope',
    ask: 'return rate for orders shipped with FedEx in 2024',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'average customer age by region',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'EBITDA for 2025 pls',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many website visits turned into orders in 2025?',
    refuse: true,
  },
];
