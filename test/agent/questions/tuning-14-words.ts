/**
 * Fourteenth tuning batch (issue 29), the words helper's classes: the asker's own ground under row-level security
 * in slang ("my patch", "my turf", "my book", "my neck of the woods"), people and groups in other words
 * ("headcount", "clients", "accounts", "market segment"), a count of orders whose verb is a customer's ("how many
 * orders did enterprise customers buy furniture"), a total asked beside an average breakdown, scales and decimals
 * asked for ("in millions? one decimal is plenty", "in $M"), a share of the whole company asked by someone who sees
 * only their region (refused: the answer says they see only their own region's rows), typos and asides around an
 * answerable ask, and out-of-scope asks refused in the asker's own words. Written BEFORE the planner change it
 * tunes, in wordings a sales or operations asker would use; no question copies a held-out or earlier tuning
 * question.
 *
 * Clock: Wednesday 2026-02-11 15:00 UTC, after the data (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 *
 * Scored on the unchanged planner (wt/words14 at aad8f86): 18 of 35 right or honest, 4 confident wrong (two counts
 * of orders whose verb is a customer's answered as numbers of customers, two average breakdowns with the total or
 * overall asked beside them answered without it), 10 wrong refusals (turf, rack up, neck of the woods, territory
 * plan, headcount, market segment, nroth, "sorry if this is a dumb question"), 3 answers with the scale's figure
 * (first scored against references in the unit, which an answer stating "$32.4" would meet and a reference of the
 * exact figure calls wrong: the references are the exact figures now, as held-out-13's, and "in thousands is fine"
 * left "fine" out). The three shares of the company's whole asked under row-level security were refused as
 * "nothing for share" (the eval does not read a refusal's words: planner-words-14.test.ts does). After the change
 * (own-ground.ts, business-words.ts, words.ts, grand-total.ts, sql.ts, answer.ts, asides.ts, readings.ts,
 * rounding.ts, missing.ts): 35 of 35, none wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import { analyst, between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_14_WORDS_NOW = '2026-02-11T15:00:00Z';

export type Tuning14Case = SecondOrderCase & { user?: QueryUser };

const EAST = analyst('east');
const NORTH = analyst('north');
const SOUTH = analyst('south');

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const year = (y: number, column = 'created_at') => inYear(y, column);
/** The refusal of a whole the asker cannot see: it says their rows are their region's only. */
const OWN_ROWS = /\b(?:only|just)\b[\s\S]*\b(?:your|own)\b[\s\S]*\bregion|\bregion\b[\s\S]*\bonly\b/i;

export const tuning14words: Tuning14Case[] = [
  // --- the asker's own ground in slang, under row-level security ---
  {
    class: 'unknown-words',
    ask: 'how many returned orders did my patch have in Q2 2025?',
    user: EAST,
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND status = 'returned' AND ${between('2025-04-01', '2025-07-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'revenue on my turf for 2024',
    user: NORTH,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'cancelled orders in my book last year, by quarter',
    user: WEST,
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM orders WHERE region = 'west' AND status = 'cancelled' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'how many completed orders did my territory rack up in Oct 2025?',
    user: SOUTH,
    sql: `SELECT count(*) FROM orders WHERE region = 'south' AND status = 'completed' AND ${between('2025-10-01', '2025-11-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'avg order value in my neck of the woods for 2023',
    user: EAST,
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE region = 'east' AND ${year(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: 'for my territory plan — toys revenue my patch booked in H2 2025',
    user: WEST,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND category = 'toys' AND ${between('2025-07-01', '2026-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many clients are in my book?',
    user: NORTH,
    sql: `SELECT count(*) FROM customers WHERE region = 'north'`,
  },
  // --- people and groups in other words ---
  {
    class: 'unknown-words',
    ask: 'client headcount per segment pls',
    sql: 'SELECT segment, count(*) FROM customers GROUP BY 1',
  },
  {
    class: 'unknown-words',
    ask: 'how many accounts do we have in each market segment?',
    sql: 'SELECT segment, count(*) FROM customers GROUP BY 1',
  },
  {
    class: 'unknown-words',
    ask: "what's the headcount of customers by region?",
    sql: 'SELECT region, count(*) FROM customers GROUP BY 1',
  },
  {
    class: 'unknown-words',
    ask: 'revenue by market segment for 2025',
    tolerance: 0.01,
    sql: `SELECT c.segment, sum(o.amount) FROM ${JOINED} WHERE ${year(2025, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'number of clients in the small business segment',
    sql: `SELECT count(*) FROM customers WHERE segment = 'small business'`,
  },
  // --- a count of orders whose verb is a customer's ---
  {
    class: 'wording',
    ask: 'how many orders did enterprise customers buy furniture in 2024?',
    sql: `SELECT count(*) FROM ${JOINED} WHERE c.segment = 'enterprise' AND o.category = 'furniture' AND ${year(2024, 'o.created_at')}`,
  },
  {
    class: 'wording',
    ask: 'how many orders did people in the south buy toys in Q1 2025',
    sql: `SELECT count(*) FROM orders WHERE region = 'south' AND category = 'toys' AND ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'how many orders did consumers place for electronics in 2023?',
    sql: `SELECT count(*) FROM ${JOINED} WHERE c.segment = 'consumer' AND o.category = 'electronics' AND ${year(2023, 'o.created_at')}`,
  },
  // --- a total beside an average breakdown; scales and decimals asked for ---
  {
    class: 'wording',
    ask: 'avg order value by category for 2024, and the total',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT category, avg(amount) FROM orders WHERE ${year(2024)} GROUP BY 1
          UNION ALL SELECT 'all', avg(amount) FROM orders WHERE ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'AOV per region in 2025 plus the overall',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT region, avg(amount) FROM orders WHERE ${year(2025)} GROUP BY 1
          UNION ALL SELECT 'all', avg(amount) FROM orders WHERE ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'electronics sales in 2025 — in millions? one decimal is plenty',
    check: 'answer',
    // (The exact figure, as the answer states it beside "about $32.4 million", which the scorer reads as 32,400,000.)
    tolerance: 50_000,
    says: /\$\d+\.\d million/,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'electronics' AND ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'total revenue for 2023 in $M, 1 decimal',
    check: 'answer',
    tolerance: 50_000,
    says: /\$\d+\.\d million/,
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'how much did the west sell in 2024? in thousands is fine',
    check: 'answer',
    tolerance: 5,
    never: /left out/i,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${year(2024)}`,
  },
  // --- a share of the whole company, asked by someone who sees only their region ---
  {
    class: 'out-of-scope',
    ask: 'what share of total company revenue did my region bring in last year?',
    user: WEST,
    refuse: true,
    says: OWN_ROWS,
  },
  {
    class: 'out-of-scope',
    ask: 'my patch as a % of overall sales in 2025',
    user: SOUTH,
    refuse: true,
    says: OWN_ROWS,
  },
  {
    class: 'out-of-scope',
    ask: "what percent of the company's orders in 2024 came from my territory?",
    user: EAST,
    refuse: true,
    says: OWN_ROWS,
  },
  // --- typos and asides around an answerable ask ---
  {
    class: 'unknown-words',
    ask: 'quick q before my flight: cancelld orders in the nroth for 2024?',
    sql: `SELECT count(*) FROM orders WHERE region = 'north' AND status = 'cancelled' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'sorry if this is a dumb question but what was grocery revenue in March 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'grocery' AND ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'no rush — # of orders by status for 2023',
    sql: `SELECT status, count(*) FROM orders WHERE ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'mean ticket size for clothing in the east, 2024?',
    tolerance: 0.01,
    says: /\bmean\b/i,
    sql: `SELECT avg(amount) FROM orders WHERE category = 'clothing' AND region = 'east' AND ${year(2024)}`,
  },
  // --- out of scope: refused in the asker's own words ---
  {
    class: 'out-of-scope',
    ask: 'how many units of furniture did we ship in 2024?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'revenue by sales channel for 2025',
    refuse: true,
    says: /channel/i,
  },
  {
    class: 'out-of-scope',
    ask: 'NPS by market segment?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'what was the average discount on toys orders last year?',
    refuse: true,
    says: /discount/i,
  },
  {
    class: 'out-of-scope',
    ask: 'how many orders did my patch deliver late in 2025?',
    user: NORTH,
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'revenue by country for 2024',
    refuse: true,
    says: /country/i,
  },
  {
    class: 'out-of-scope',
    ask: 'what will our revenue be in 2027?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'gross profit margin by product line in 2025',
    refuse: true,
    never: /"gross profit"[\s\S]*"profit margin"|"profit margin"[\s\S]*"gross profit"/i,
  },
];
