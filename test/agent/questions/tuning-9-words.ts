/**
 * Ninth tuning batch (issue 29), the words helper's classes: unknown words around an answerable ask (a "group",
 * "line" or "type" noun naming a model dimension by a near word, verbs of arrival such as "came through" and
 * "landed", a parenthetical that names the model's term, asides that say who the answer is for), the asker's own
 * term in the answer, short windows ("the past 2 weeks", "last 10 days", "the past fortnight": the 7N or N days
 * before today, today excluded), day-of-week breakdowns, and values an analyst cannot see under row-level
 * security (one region, or two categories). Written BEFORE the planner change it tunes, in new wordings; no
 * question copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2025-11-19 10:00 UTC (inside the data: orders 2023-01-01 to 2025-12-31), so "the past 2 weeks"
 * is November 5-18, 2025; cases past the data set their own clock. Scored on the unchanged planner (main at
 * 6e23c4e): 17 of 34 right or honest, 3 confident wrong (calendar weeks for "the past 2 weeks" and "the last 3
 * weeks", $0.00 for a category the two-category analyst cannot see).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, LAST_DAY, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_9_WORDS_NOW = '2025-11-19T10:00:00Z';

/** A south analyst who may see two categories only (toys and grocery). */
const TWO: QueryUser = {
  groups: ['analysts'],
  userAttributes: { region: 'south', allowed_categories: ['toys', 'grocery'] },
  securityContext: {},
};

export type Tuning9Case = SecondOrderCase & { user?: QueryUser };

const oIn = (year: number) => inYear(year).replaceAll('created_at', 'o.created_at');
/** The weekday's name as the answer writes it, in DuckDB. */
const weekday = 'dayname(created_at)';

export const tuning9words: Tuning9Case[] = [
  // --- unknown words around an answerable ask ---
  {
    class: 'unknown-words',
    ask: 'which product group had the highest sales in 2023?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2023)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: 'cash by customer type for 2024',
    tolerance: 0.01,
    sql: `SELECT c.segment, sum(o.amount) FROM ${withCustomers} WHERE ${oIn(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'which product line sold the least in 2025?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders were placed by enterprise folks in March 2024?',
    sql: `SELECT count(*) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${between('2024-03-01', '2024-04-01', 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders landed in the north during Sept 2025?',
    sql: `SELECT count(*) FROM orders WHERE region = 'north' AND ${between('2025-09-01', '2025-10-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'orders that came in from small business accounts in Q3 2024 - how many?',
    sql: `SELECT count(*) FROM ${withCustomers} WHERE c.segment = 'small business' AND ${between('2024-07-01', '2024-10-01', 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'for the board pack, total revenue by region in 2024',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'quick one for finance - avg order value in grocery for 2023?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE category = 'grocery' AND ${inYear(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders got scrapped (cancelled) in Q1 2025?',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'number of orders that bounced back (returned) in 2024, by category',
    sql: `SELECT category, count(*) FROM orders WHERE status = 'returned' AND ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'for my monday standup: how many west orders came through in October 2025?',
    sql: `SELECT count(*) FROM orders WHERE region = 'west' AND ${between('2025-10-01', '2025-11-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'which merch group had the best margin in 2024?',
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders came through the mobile app in 2025?',
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'for the board pack: revenue by sales channel in 2025',
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders got refunded (partial refunds) in 2025?',
    refuse: true,
  },
  // --- the asker's term in the answer ---
  {
    class: 'wording',
    ask: 'whats the AOV in electronics for 2024',
    check: 'answer',
    tolerance: 0.01,
    says: /AOV|average order value/,
    never: /average amount/,
    sql: `SELECT avg(amount) FROM orders WHERE category = 'electronics' AND ${inYear(2024)}`,
  },
  {
    class: 'wording',
    ask: 'turnover per region in Q2 2025',
    tolerance: 0.01,
    says: /turnover/,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-07-01')} GROUP BY 1`,
  },
  // --- short windows: the N (or 7N) days before today ---
  {
    class: 'short-windows',
    ask: 'revenue over the past 2 weeks',
    tolerance: 0.01,
    says: /November 5|2025-11-05|Nov 5/,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-11-05', '2025-11-19')}`,
  },
  {
    class: 'short-windows',
    ask: 'orders in the last 10 days by region',
    sql: `SELECT region, count(*) FROM orders WHERE ${between('2025-11-09', '2025-11-19')} GROUP BY 1`,
  },
  {
    class: 'short-windows',
    ask: 'how many orders did we get in the past fortnight?',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-11-05', '2025-11-19')}`,
  },
  {
    class: 'short-windows',
    ask: 'my sales over the last 3 weeks',
    user: WEST,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${between('2025-10-29', '2025-11-19')}`,
  },
  {
    class: 'short-windows',
    ask: 'avg order value in the last 7 days',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE ${between('2025-11-12', '2025-11-19')}`,
  },
  {
    class: 'short-windows',
    ask: 'toys revenue in the past 2 weeks',
    now: '2026-01-07T09:00:00Z',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE category = 'toys' AND created_at >= '2025-12-24'`,
  },
  // --- day of the week ---
  {
    class: 'weekdays',
    ask: 'which day of the week has the most orders?',
    check: 'answer',
    sql: `SELECT ${weekday}, count(*) FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'weekdays',
    ask: 'revenue by weekday in 2024',
    tolerance: 0.01,
    sql: `SELECT ${weekday}, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'weekdays',
    ask: 'weekend vs weekday sales in 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FILTER (WHERE dayofweek(created_at) IN (0, 6)), sum(amount) FILTER (WHERE dayofweek(created_at) NOT IN (0, 6))
      FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'weekdays',
    ask: 'number of orders per day of week in the west, Q4 2024',
    sql: `SELECT ${weekday}, count(*) FROM orders WHERE region = 'west' AND ${between('2024-10-01', '2025-01-01')} GROUP BY 1`,
  },
  {
    class: 'weekdays',
    ask: 'which weekday had the lowest AOV in 2023?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT ${weekday}, avg(amount) FROM orders WHERE ${inYear(2023)} GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  // --- values hidden by row-level security ---
  {
    class: 'hidden-values',
    ask: 'furniture revenue in 2025?',
    user: TWO,
    refuse: true,
  },
  {
    class: 'hidden-values',
    ask: 'how many electronics orders in Q3 2025?',
    user: TWO,
    refuse: true,
  },
  {
    class: 'hidden-values',
    ask: 'toys revenue in 2025?',
    user: TWO,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'south' AND category = 'toys' AND ${inYear(2025)}`,
  },
  {
    class: 'hidden-values',
    ask: 'how many grocery orders did we get in Oct 2025?',
    user: TWO,
    sql: `SELECT count(*) FROM orders WHERE region = 'south' AND category = 'grocery' AND ${between('2025-10-01', '2025-11-01')}`,
  },
  {
    class: 'hidden-values',
    ask: 'east sales in 2024',
    user: WEST,
    refuse: true,
  },
  {
    class: 'hidden-values',
    ask: 'how many toys orders were returned in 2024?',
    user: TWO,
    sql: `SELECT count(*) FROM orders WHERE region = 'south' AND category = 'toys' AND status = 'returned' AND ${inYear(2024)}`,
  },
];
