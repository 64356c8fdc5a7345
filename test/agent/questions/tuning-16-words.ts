/**
 * Sixteenth tuning batch (issue 29), the words helper's classes: typos a fast typist makes in the words of an
 * answerable ask ("wht", "totl", "revnue", "ordrs"), abbreviations ("avg order val", "small biz", "custs") and a
 * precision asked beside the ask ("to the cent", "to 2 decimals"), long rambling requests with fillers ("like",
 * "thx", "and also can u break that down by ..."), polite frames around the ask ("is it possible to get ...?
 * Thank you!", "I was wondering if you could ..."), a meeting or deadline named with a day that is not the
 * question's period ("board meeting friday, need ..."), a percent change asked signed ("negative if it fell",
 * "with a minus sign if it dropped"), the asker's title naming a word of the model ("the VP of sales wants ..."),
 * "net new logos we signed", two measures joined by "with / plus / & / along with", and negations inside an
 * aside-shaped ask that must never be dropped. Written BEFORE the planner change it tunes, in wordings a sales or
 * operations asker would use; no question copies a held-out or earlier tuning question.
 *
 * Clock: Tuesday 2026-06-16 15:00 UTC, after the data (orders 2023-01-01 to 2025-12-31): "tomorrow", "friday"
 * and "next week" lie past the data, and name only the meeting's day.
 *
 * Scored on the unchanged planner (wt/words16 at bcdb0d3), in the eval CLI: 13 of 39 right or honest, 1 confident
 * wrong (small-business customers who placed an order counted as orders), 25 wrong refusals. After the change
 * (typos.ts, asides.ts, phrases.ts, asker.ts, cohorts.ts, readings.ts): 39 of 39, none wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import { analyst, between, growth, inYear, type SecondOrderCase, withCustomers } from './tuning-2';

export const TUNING_16_WORDS_NOW = '2026-06-16T15:00:00Z';

export type Tuning16Case = SecondOrderCase & { user?: QueryUser };

const EAST = analyst('east');
const NORTH = analyst('north');

const year = (y: number, column = 'created_at') => inYear(y, column);
/** Customers whose first order falls in [from, to). */
const firstOrders = (from: string, to: string) =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '${from}' AND min(created_at) < '${to}')`;
/** The percent change of `measure` from year `a` to year `b`, signed. */
const yearChange = (measure: string, a: number, b: number, where = '') =>
  `SELECT ${growth(`${measure} FILTER (WHERE ${year(b)})`, `${measure} FILTER (WHERE ${year(a)})`)} FROM orders ${where}`;

export const tuning16words: Tuning16Case[] = [
  // --- typos in the words of the ask ---
  {
    class: 'wording',
    ask: 'wht was the totl revnue for 2023 in millions',
    check: 'answer',
    tolerance: 50000,
    says: /million|\bM\b/,
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'how mnay orders did we get in Q1 2025',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'whats the avrage order value for enterprise in 2024',
    tolerance: 0.01,
    sql: `SELECT avg(o.amount) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${year(2024, 'o.created_at')}`,
  },
  {
    class: 'wording',
    ask: 'wat r the ordrs by regoin for 2023',
    sql: `SELECT region, count(*) FROM orders WHERE ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'total reveune 2025 in thousands pls',
    check: 'answer',
    tolerance: 500,
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'how many cancelld orders in 2024?',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${year(2024)}`,
  },
  // --- abbreviations and a precision asked beside the ask ---
  {
    class: 'wording',
    ask: 'avg order amt for small biz custs in 2024, to the penny',
    tolerance: 0.01,
    sql: `SELECT avg(o.amount) FROM ${withCustomers} WHERE c.segment = 'small business' AND ${year(2024, 'o.created_at')}`,
  },
  {
    class: 'wording',
    ask: 'avg order val for consumer customers in 2023 - 2 decimal places please',
    tolerance: 0.01,
    sql: `SELECT avg(o.amount) FROM ${withCustomers} WHERE c.segment = 'consumer' AND ${year(2023, 'o.created_at')}`,
  },
  {
    class: 'wording',
    ask: 'AOV for small biz in Q3 2025, exact to the cent',
    tolerance: 0.01,
    sql: `SELECT avg(o.amount) FROM ${withCustomers} WHERE c.segment = 'small business' AND ${between('2025-07-01', '2025-10-01', 'o.created_at')}`,
  },
  {
    class: 'wording',
    ask: 'how many small biz custs in my region placed an order in 2025?',
    user: NORTH,
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE c.segment = 'small business' AND o.region = 'north' AND ${year(2025, 'o.created_at')}`,
  },
  // --- long rambling requests ---
  {
    class: 'wording',
    ask: "ok so i'm putting together the monthly update and my manager wants to know like total revenue in 2024 and also can u split that by region thx",
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'so basically leadership is asking how many orders we got in H2 2025, and could you break it down by category please',
    sql: `SELECT category, count(*) FROM orders WHERE ${between('2025-07-01', '2026-01-01')} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'hey so my director wants like the number of unique customers who ordered in 2024 and also can you split it by segment ty',
    sql: `SELECT c.segment, count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE ${year(2024, 'o.created_at')} GROUP BY 1`,
  },
  // --- polite frames ---
  {
    class: 'wording',
    ask: 'Would it be possible to see revenue by category for 2023? Many thanks!',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'Is it possible to get the average order value in the west for Q1 2024? Thank you!',
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE region = 'west' AND ${between('2024-01-01', '2024-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'Could I possibly get the count of returned orders in 2025, please? Cheers',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'I was wondering if you could pull orders by segment for March 2025. Thanks a ton!',
    sql: `SELECT c.segment, count(*) FROM ${withCustomers} WHERE ${between('2025-03-01', '2025-04-01', 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'would it be at all possible to get total revenue for Q4 2023? thanks in advance',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2023-10-01', '2024-01-01')}`,
  },
  // --- a meeting or deadline with a day that is not the question's period ---
  {
    class: 'unknown-words',
    ask: 'board meeting friday, need revenue by region for 2025',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'ops sync next week - need the number of orders per category for H1 2024',
    sql: `SELECT category, count(*) FROM orders WHERE ${between('2024-01-01', '2024-07-01')} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'QBR on monday, can you get me avg order value by segment for Q3 2025',
    tolerance: 0.01,
    sql: `SELECT c.segment, avg(o.amount) FROM ${withCustomers} WHERE ${between('2025-07-01', '2025-10-01', 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'exec sync tmrw, need # of cancelled orders by category in 2024',
    sql: `SELECT category, count(*) FROM orders WHERE status = 'cancelled' AND ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: '1:1 with my manager later today, need my region revenue for Q2 2025',
    user: EAST,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'east' AND ${between('2025-04-01', '2025-07-01')}`,
  },
  // --- a percent change asked signed ---
  {
    class: 'period-over-period',
    ask: '% change in orders 2024 vs 2023, with a minus sign if it went down',
    check: 'answer',
    tolerance: 0.006,
    says: /%|percent/,
    sql: yearChange('count(*)', 2023, 2024),
  },
  {
    class: 'period-over-period',
    ask: 'revenue growth 2023 to 2024 in percent (negative = decline)',
    check: 'answer',
    tolerance: 0.006,
    says: /%|percent/,
    sql: yearChange('sum(amount)', 2023, 2024),
  },
  {
    class: 'period-over-period',
    ask: 'YoY change in furniture revenue 2025 vs 2024 as a percentage, negative if it dropped',
    check: 'answer',
    tolerance: 0.006,
    says: /%|percent/,
    sql: yearChange('sum(amount)', 2024, 2025, "WHERE category = 'furniture'"),
  },
  {
    class: 'period-over-period',
    ask: 'order count 2025 vs 2024 as a signed %',
    check: 'answer',
    tolerance: 0.006,
    says: /%|percent/,
    sql: yearChange('count(*)', 2024, 2025),
  },
  // --- the asker's title, and logos ---
  {
    class: 'unknown-words',
    ask: 'VP of sales wants total revenue by region for 2024',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'our head of sales is asking for the number of orders in Q4 2025',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many net new logos did we sign in Q3 2023?',
    sql: firstOrders('2023-07-01', '2023-10-01'),
  },
  // --- two measures joined ---
  {
    class: 'wording',
    ask: 'orders by region for 2024 with avg order value',
    tolerance: 0.01,
    sql: `SELECT region, count(*), avg(amount) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'revenue plus number of orders by category in 2025',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount), count(*) FROM orders WHERE ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'total revenue & order count for 2023',
    tolerance: 0.01,
    sql: `SELECT sum(amount), count(*) FROM orders WHERE ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'avg order value along with the number of orders by segment for 2024',
    tolerance: 0.01,
    sql: `SELECT c.segment, avg(o.amount), count(*) FROM ${withCustomers} WHERE ${year(2024, 'o.created_at')} GROUP BY 1`,
  },
  // --- negations beside asides: never dropped ---
  {
    class: 'wording',
    ask: 'for my weekly sync: revenue in 2024 not including cancelled orders',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE status <> 'cancelled' AND ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'ops review tomorrow - orders in 2025 except returned ones, by region',
    sql: `SELECT region, count(*) FROM orders WHERE status <> 'returned' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'would it be possible to get the number of 2023 orders that were not from the north? thanks!',
    sql: `SELECT count(*) FROM orders WHERE region <> 'north' AND ${year(2023)}`,
  },
  // --- out of scope, with the asker's framing around it ---
  {
    class: 'out-of-scope',
    ask: 'Would it be possible to get churn by segment for 2025? Thanks so much!',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'pipeline review tomorrow, need the win rate per rep for Q4 2024',
    refuse: true,
  },
];
