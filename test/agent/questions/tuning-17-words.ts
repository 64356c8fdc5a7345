/**
 * Seventeenth tuning batch (issue 29), the words helper's classes: a period given as an instruction after the ask
 * ("... ? use 2024", "go with last year", "stick to Q3 2025"), a colloquial verb for a measure ("which category
 * pulled in the most", "racked up", "chalked up", "brought in", "what did the east do in revenue"), a size word
 * defined in place ("big-ticket orders (over $1k)", "tiny orders below 20 bucks", "large ones, i.e. $500 and up"),
 * a figure quoted from elsewhere beside the ask ("my dashboard shows about 12k orders ... how many do you see?": the
 * quoted figure is context, never an input), self-corrections ("for 2023 - I mean 2024", "no wait, by segment"),
 * emoji and ALL CAPS around the ask, and negations written as "excluding / except / w/o" that must never be
 * dropped. Written BEFORE the planner change it tunes, in wordings a sales, operations or finance asker would use;
 * no question copies a held-out or earlier tuning question.
 *
 * Clock: Tuesday 2026-03-10 15:00 UTC, after the data (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 *
 * Scored on the unchanged planner (wt/words17 at 09df383), in the eval CLI: 11 of 36 right or honest, 7 confident
 * wrong (five negations written "excluding orders from", "except the ones that were", "w/o", "except for anything
 * in", "excluding anything that got" read as the value itself; two self-corrections read with both words), 18
 * wrong refusals.
 */
import type { QueryUser } from '../../../functions/semantic';
import { analyst, bestPerGroup, between, inYear, type SecondOrderCase } from './tuning-2';

export const TUNING_17_WORDS_NOW = '2026-03-10T15:00:00Z';

export type Tuning17Case = SecondOrderCase & { user?: QueryUser };

const SOUTH = analyst('south');
const EAST = analyst('east');

const year = (y: number, column = 'created_at') => inYear(y, column);

export const tuning17words: Tuning17Case[] = [
  // --- a period given as an instruction after the ask ---
  {
    class: 'wording',
    ask: 'whats the avg order value in the east? go with 2024',
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE region = 'east' AND ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'revenue by category - stick to last year',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'number of cancelled orders per region. use 2023 please',
    sql: `SELECT region, count(*) FROM orders WHERE status = 'cancelled' AND ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'how many unique customers bought something? let’s say Q3 2025',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${between('2025-07-01', '2025-10-01')}`,
  },
  {
    class: 'wording',
    ask: 'on average how many orders does a customer of mine place in a year? take 2024',
    user: SOUTH,
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT count(*) * 1.0 / count(DISTINCT customer_id) FROM orders WHERE region = 'south' AND ${year(2024)}`,
  },
  // --- a colloquial verb for a measure ---
  {
    class: 'unknown-words',
    ask: 'which category pulled in the most revenue in 2024?',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: 'which region brought in the least money in Q2 2025',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-07-01')} GROUP BY 1 ORDER BY 2 LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'for every region, which category chalked up the most orders in 2023?',
    sql: bestPerGroup('region', 'category', 'count(*)', 'DESC', `WHERE ${year(2023)}`),
  },
  {
    class: 'unknown-words',
    ask: 'which month of 2025 racked up the most cancelled orders',
    sql: `SELECT date_trunc('month', created_at), count(*) FROM orders WHERE status = 'cancelled' AND ${year(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders did furniture clock in Q4 2024?',
    sql: `SELECT count(*) FROM orders WHERE category = 'furniture' AND ${between('2024-10-01', '2025-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'what did the north do in revenue in 2023?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${year(2023)}`,
  },
  // --- a size word defined in place ---
  {
    class: 'combined-shares',
    ask: 'what % of 2024 orders were big-ticket ones (over $1k)?',
    check: 'answer',
    tolerance: 0.006,
    says: /%|percent/,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE amount > 1000) / count(*) FROM orders WHERE ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many tiny orders below 20 bucks came in during 2025?',
    sql: `SELECT count(*) FROM orders WHERE amount < 20 AND ${year(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'revenue from large orders, i.e. $500 and up, in 2023',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE amount >= 500 AND ${year(2023)}`,
  },
  {
    class: 'combined-shares',
    ask: 'share of 2023 revenue from small orders - under $50',
    check: 'answer',
    tolerance: 0.006,
    says: /%|percent/,
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE amount < 50) / sum(amount) FROM orders WHERE ${year(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many small orders did we have in 2025?',
    refuse: true,
  },
  // --- a figure quoted from elsewhere ---
  {
    class: 'unknown-words',
    ask: "finance's spreadsheet has toys at 3.1M for 2024, what does the data say for toys revenue in 2024?",
    says: /you quoted is your source's/,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE category = 'toys' AND ${year(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'my dashboard shows about 12k orders in Q1 2025 — how many orders do you see for Q1 2025?',
    says: /you quoted is your source's/,
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'sales ops claims the east brought in 9M last year; what do you show for east revenue in 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'east' AND ${year(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'the board deck said we had 50k orders in 2023. whats your number for 2023 orders?',
    sql: `SELECT count(*) FROM orders WHERE ${year(2023)}`,
  },
  // --- self-corrections ---
  {
    class: 'wording',
    ask: 'revenue by region for 2023 - I mean 2024',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'how many cancelled orders in 2025 — sorry, I meant returned',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'avg order value by category for 2025, no wait, by region',
    tolerance: 0.01,
    sql: `SELECT region, avg(amount) FROM orders WHERE ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'orders by region for 2024 - sorry, I meant by channel',
    refuse: true,
  },
  // --- emoji, caps, polite wrappers ---
  {
    class: 'wording',
    ask: 'REVENUE BY CATEGORY FOR 2024 PLEASE',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'how many orders did we get in march 2025? 🙏',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    class: 'wording',
    ask: '🚀 total revenue for H1 2025?? 📈',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-07-01')}`,
  },
  {
    class: 'wording',
    ask: 'Hi! Hope you are well :) could you tell me my region’s order count for 2024?',
    user: EAST,
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND ${year(2024)}`,
  },
  // --- negations that must never be dropped ---
  {
    class: 'wording',
    ask: 'total revenue 2024 excluding orders from the west',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region <> 'west' AND ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'orders in 2025 except the ones that were returned',
    sql: `SELECT count(*) FROM orders WHERE status <> 'returned' AND ${year(2025)}`,
  },
  {
    class: 'wording',
    ask: 'revenue in 2023 w/o cancelled orders',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE status <> 'cancelled' AND ${year(2023)}`,
  },
  {
    class: 'wording',
    ask: 'avg order value in 2024, except for anything in toys',
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE category <> 'toys' AND ${year(2024)}`,
  },
  {
    class: 'wording',
    ask: 'how many orders in Q1 2025 excluding anything that got cancelled?',
    sql: `SELECT count(*) FROM orders WHERE status <> 'cancelled' AND ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'revenue by region for 2025 - everything but grocery',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE category <> 'grocery' AND ${year(2025)} GROUP BY 1`,
  },
  // --- out of scope, with the same wrappers ---
  {
    class: 'out-of-scope',
    ask: 'our CRM says churn was 5% in 2024 - what do you have for churn in 2024?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'which rep racked up the most deals in 2025? use the west',
    refuse: true,
  },
];
