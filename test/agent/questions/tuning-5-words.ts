/**
 * Fifth tuning batch (issue 29), words rather than second-order SQL: fillers and everyday synonyms or
 * abbreviations an asker uses for what the model has ("SMB", "clients", "purchases", "rev", "territory",
 * "lifetime value"), beside words that name something the data lacks (a channel, a payment type, an age:
 * refused, or answered for the part that exists with the missing part named); answers in the asker's words
 * (their term, money to the cent with its currency, zero as 0, no "in all" over a top N, a year the data does
 * not hold answered with the data's own range); and relative periods against a clock past the data's end.
 * Same clock, conventions and scoring as `tuning-2.ts`; `check: 'range'` is the eval's: the answer states the
 * data's last day and the figure of the part the data covers. Written before the planner change it tunes, by
 * the helper making that change (not a held-out set).
 */
import { AFTER_DATA, between, inYear, LAST_DAY, type SecondOrderCase, withCustomers } from './tuning-2';

/** The set's clock (`npm run eval` reads a module's `*_NOW`). */
export { TUNING_2_NOW } from './tuning-2';

/** Money as the model formats it: currency, to the cent. */
const MONEY = /\$\d{1,3}(,\d{3})*\.\d\d\b/;
const NONE = /\(none\)/i;

export const tuning5words: SecondOrderCase[] = [
  // --- fillers, everyday synonyms and abbreviations for what the model has ---
  {
    class: 'unknown-words',
    ask: 'morning! how many clients are based in the north?',
    sql: `SELECT count(*) FROM customers WHERE region = 'north'`,
  },
  {
    class: 'unknown-words',
    ask: 'number of purchases by SMB accounts in 2024',
    sql: `SELECT count(*) FROM ${withCustomers} WHERE c.segment = 'small business' AND ${inYear(2024, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'rev by territory for q3 2025',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${between('2025-07-01', '2025-10-01')} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'avg order value for enterprise accts in 2024',
    sql: `SELECT avg(o.amount) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2024, 'o.created_at')}`,
    tolerance: 0.011,
  },
  {
    class: 'unknown-words',
    ask: 'lifetime value of our top 3 clients',
    ordered: true,
    sql: `SELECT c.name, sum(o.amount) AS v FROM ${withCustomers} GROUP BY 1 ORDER BY v DESC LIMIT 3`,
  },
  {
    class: 'unknown-words',
    ask: 'How many distinct buyers purchased clothing in May 2024?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE category = 'clothing' AND ${between('2024-05-01', '2024-06-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'grocery items revenue in 2024',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'grocery' AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'What did small-business customers spend on furniture in 2023?',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.segment = 'small business' AND o.category = 'furniture' AND ${inYear(2023, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'orders from SMBs by region in 2025',
    sql: `SELECT o.region, count(*) FROM ${withCustomers} WHERE c.segment = 'small business' AND ${inYear(2025, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'sorry to bother you - what was revenue from enterprise clients last year?',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2024, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'Number of cancelled purchases per territory',
    sql: `SELECT region, count(*) FROM orders WHERE status = 'cancelled' GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'How many returns did we have in 2024?',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'gimme the number of orders in the east region for december 2024 pls',
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND ${between('2024-12-01', '2025-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'How many transactions over $900 happened in 2025?',
    sql: `SELECT count(*) FROM orders WHERE amount > 900 AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'whats our AOV by category, thx',
    sql: 'SELECT category, avg(amount) FROM orders GROUP BY 1',
    tolerance: 0.011,
  },
  {
    class: 'unknown-words',
    ask: 'electronics rev in the west, h1 2025',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'electronics' AND region = 'west' AND ${between('2025-01-01', '2025-07-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'total sales to consumer shoppers in Q2 2025',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.segment = 'consumer' AND ${between('2025-04-01', '2025-07-01', 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'Quick sanity check: how many customers do we have in total?',
    sql: 'SELECT count(*) FROM customers',
  },
  {
    class: 'unknown-words',
    ask: 'how much did enterprise customers spend on electornics in 2025',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND o.category = 'electronics' AND ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'number of completed purchses in Q1 2024',
    sql: `SELECT count(*) FROM orders WHERE status = 'completed' AND ${between('2024-01-01', '2024-04-01')}`,
  },
  {
    class: 'unknown-words',
    // Year to date at the set's clock (2025-10-15), inside the data.
    ask: 'YTD revenue?',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-10-16')}`,
  },
  // --- a word that names something the data lacks: the part that exists answered, the rest named ---
  {
    class: 'unknown-words',
    ask: 'revenue by region and by acquisition channel for 2024',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
    says: /channel/i,
  },
  // Added after the first planner change (not written before it): a measure listed beside one the model lacks,
  // and a region's "team".
  {
    class: 'unknown-words',
    ask: 'Revenue and margin by segment in 2025',
    sql: `SELECT c.segment, sum(o.amount) FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1`,
    says: /margin/i,
  },
  {
    class: 'unknown-words',
    ask: 'How many orders did the east team close in Q1 2025?',
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND ${between('2025-01-01', '2025-04-01')}`,
  },
  // --- out of scope: refused, never a figure ---
  { class: 'out-of-scope', ask: 'How many customers do we have by age group?', refuse: true },
  { class: 'out-of-scope', ask: 'average discount per order in 2025', refuse: true },
  { class: 'out-of-scope', ask: 'orders by payment type in Q1 2025', refuse: true },
  { class: 'out-of-scope', ask: 'which sales rep closed the most revenue last quarter?', refuse: true },
  { class: 'out-of-scope', ask: "What's our churn rate among enterprise clients?", refuse: true },
  { class: 'out-of-scope', ask: 'revenue by city', refuse: true, says: /city/ },
  { class: 'out-of-scope', ask: 'total profit in 2024', refuse: true },
  { class: 'out-of-scope', ask: 'How many units of furniture did we ship in 2024?', refuse: true },
  { class: 'out-of-scope', ask: 'hey, what were sales by store in 2025?', refuse: true },
  // --- wording: the asker's term, money to the cent, zero as 0, no total over a top N, the data's range ---
  {
    class: 'wording',
    ask: 'What were our sales in the north in March 2025?',
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${between('2025-03-01', '2025-04-01')}`,
    says: /\bsales\b[\s\S]*\$\d{1,3}(,\d{3})*\.\d\d\b/i,
  },
  {
    class: 'wording',
    ask: 'How many orders over $1,500 did we get?',
    sql: 'SELECT count(*) FROM orders WHERE amount > 1500',
    says: /(?<![\d,.$])0(?![\d,.]*\d)/,
    never: NONE,
  },
  {
    class: 'wording',
    ask: 'top 3 categories by revenue in 2024',
    ordered: true,
    sql: `SELECT category, sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY v DESC LIMIT 3`,
    says: MONEY,
    never: /in all/i,
  },
  {
    class: 'wording',
    // Every customer signed up in 2022: 0, with the signup dates the data holds.
    ask: 'How many customers joined in 2024?',
    sql: `SELECT count(*) FROM customers WHERE ${inYear(2024)}`,
    says: /2022-12-31/,
    never: NONE,
  },
  {
    class: 'wording',
    // The orders start on 2023-01-01: 0 for 2022, with the range.
    ask: 'How many orders did we have in 2022?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2022)}`,
    says: /2023-01-01/,
    never: NONE,
  },
  {
    class: 'wording',
    ask: 'average order value in the south in 2024',
    sql: `SELECT avg(amount) FROM orders WHERE region = 'south' AND ${inYear(2024)}`,
    says: /average order value[\s\S]*\$\d{1,3}(,\d{3})*\.\d\d\b/i,
    tolerance: 0.011,
  },
  // --- relative periods against a clock past the data's end (2025-12-31) ---
  {
    class: 'past-the-data',
    ask: 'revenue this quarter',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    ask: 'orders in the last 90 days',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    ask: 'YTD sales',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    ask: 'revenue since October 1, 2025',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE created_at >= '2025-10-01'`,
  },
  {
    class: 'past-the-data',
    // September 2025 to April 2026; the data covers September to December 2025.
    ask: 'number of orders over the last 8 full months',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE created_at >= '2025-09-01'`,
  },
  {
    class: 'past-the-data',
    ask: 'revenue Q1 2026 vs Q1 2025',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'What were sales in 2026 so far?',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    ask: 'orders by category in April 2026',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    // Inside the data: answered as any other period.
    ask: 'How many orders did we get in the second half of 2025?',
    now: AFTER_DATA,
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-07-01', '2026-01-01')}`,
  },
  {
    class: 'past-the-data',
    // Last year (2025) lies inside the data.
    ask: 'revenue last year by month',
    now: AFTER_DATA,
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
];
