/**
 * Eighteenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-28 (second session of
 * the day), each answered confidently wrong or refused before the planner change that reads it (written down from
 * the probe's output before the change, scored after). Fresh wordings, none copied from a held-out or earlier
 * tuning set.
 * Before (on 5297d9e): "since the start of the year" read as all time (1,000,000 orders); "which customers ordered
 * the most times? top 5" ranked by revenue; "vs last year YTD" set all of last year against today; "orders each
 * year 2023-2025" one total; "orders by year 2023 to 2025" 2023 against 2025; "share of customers with at least one
 * cancelled order" 100% (over those with one); "AOV ... ? need it for a slide" a change 2024 to 2025; "total
 * returned orders" their amount; "revenue per head by region" revenue by region ("head" left out); refused: "1dp",
 * "w/o the cents", "the last full quarter", "the 4th quarter last year", "last weekend", "the same point in 2025",
 * "excl", "(abs number, not %)", "in absolute terms". Scored in the eval CLI: 3/31 before (on 5297d9e: 11 confidently wrong, 12 wrong refusals, 5 partly), 31/31 after.
 *
 * Clock: Wednesday 2026-08-05, after the data ends (orders 2023-01-01 to 2025-12-31).
 */
import { between, inYear, LAST_DAY, type SecondOrderCase, withCustomers } from './tuning-2';

export const TUNING_18_PROBED_NOW = '2026-08-05T11:15:00Z';

const orders = (where: string) => `SELECT count(*) FROM orders WHERE ${where}`;
const revenue = (where: string) => `SELECT sum(amount) FROM orders WHERE ${where}`;

export const tuning18probed: SecondOrderCase[] = [
  {
    // Was all time (1,000,000 orders): confidently wrong. The year to date lies past the data.
    class: 'past-data',
    ask: 'how many orders since the start of the year',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    // Was refused ("year").
    class: 'past-data',
    ask: 'revenue since beginning of this month?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    // Was all of 2025 against this year to date: confidently wrong.
    class: 'past-data',
    ask: 'how are we tracking vs last year YTD',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-01-01', '2025-08-06')}`,
  },
  {
    // Was refused ("same point").
    class: 'past-data',
    ask: 'orders this year so far compared with the same point in 2025',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-01-01', '2025-08-06')}`,
  },
  {
    // Was refused ("last full quarter").
    class: 'past-data',
    ask: 'what was revenue in the last full quarter',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    // Was refused ("orders last").
    class: 'past-data',
    ask: 'orders last weekend?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    // Was refused ("4th quarter").
    class: 'wording',
    ask: 'how many orders did we get in the 4th quarter last year',
    sql: orders(between('2025-10-01', '2026-01-01')),
  },
  {
    // Was refused ("2025 1dp").
    class: 'wording',
    ask: 'total rev 2025 in millions, 1dp',
    says: /\$\d+\.\d million/,
    sql: revenue(inYear(2025)),
  },
  {
    // Was the exact figure with "round" and "nearest" left out.
    class: 'wording',
    ask: 'revenue 2025 - round to nearest $100k',
    check: 'answer',
    sql: `SELECT round(sum(amount), -5) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was refused ("cents"). (Since 2026-11-29 the figure is stated without its cents alone, as held-out-25's asker
    // wanted, no longer the exact figure with "(about $N)" beside it.)
    class: 'wording',
    ask: 'pls give avg order value in 2024 w/o the cents',
    check: 'answer',
    says: /\$\d{1,3}(?:,\d{3})*(?!\.\d|\d)/,
    never: /\d\.\d\d\b/,
    tolerance: 0.5,
    sql: `SELECT avg(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    // Was ranked by revenue: confidently wrong.
    class: 'top-per-group',
    ask: 'which customers ordered the most times in 2025? top 5',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1
      QUALIFY rank() OVER (ORDER BY count(*) DESC) <= 5`,
  },
  {
    // Was one total over the three years: confidently wrong.
    class: 'counts-per-entity',
    ask: 'orders each year 2023-2025',
    sql: `SELECT year(created_at), count(*) FROM orders GROUP BY 1`,
  },
  {
    // Was one total (19,999): confidently wrong.
    class: 'counts-per-entity',
    ask: 'how many customers ordered toys each year 2023-2025',
    sql: `SELECT year(created_at), count(DISTINCT customer_id) FROM orders WHERE category = 'toys' GROUP BY 1`,
  },
  {
    // Was 2023 against 2025, 2024 left out: confidently wrong.
    class: 'period-over-period',
    ask: 'orders by year 2023 to 2025',
    sql: `SELECT year(created_at), count(*) FROM orders GROUP BY 1`,
  },
  {
    // Was 100% (over the customers with a cancelled order): confidently wrong.
    class: 'combined-shares',
    ask: 'share of customers with at least one cancelled order',
    check: 'answer',
    sql: `SELECT round(100.0 * count(DISTINCT customer_id) FILTER (WHERE status = 'cancelled') / (SELECT count(DISTINCT customer_id) FROM orders), 2) FROM orders`,
  },
  {
    // Was 100% (over the enterprise customers with a returned order): confidently wrong.
    class: 'combined-shares',
    ask: 'what % of enterprise customers have at least 1 returned order',
    check: 'answer',
    sql: `SELECT round(100.0 * count(DISTINCT o.customer_id) FILTER (WHERE o.status = 'returned') / count(DISTINCT o.customer_id), 2) FROM ${withCustomers} WHERE c.segment = 'enterprise'`,
  },
  {
    // Was a change from 2024 to 2025 ("slide" read as a fall): confidently wrong.
    class: 'wording',
    ask: 'whats AOV for the south in 2025? need it for a slide',
    sql: `SELECT avg(amount) FROM orders WHERE region = 'south' AND ${inYear(2025)}`,
  },
  {
    // Was the amount of the returned orders: confidently wrong.
    class: 'wording',
    ask: 'total returned orders 2024',
    sql: orders(`status = 'returned' AND ${inYear(2024)}`),
  },
  {
    // Was the amount of the cancelled orders: confidently wrong.
    class: 'wording',
    ask: 'quick one: total cancellations ever?',
    sql: orders(`status = 'cancelled'`),
  },
  {
    // Was revenue by region ("head" left out): confidently wrong.
    class: 'unknown-words',
    ask: 'revenue per head by region 2025',
    sql: `SELECT region, sum(amount) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
    tolerance: 0.01,
  },
  {
    // Was revenue by customer ("per capita" read as per customer name): confidently wrong.
    class: 'unknown-words',
    ask: 'orders per capita in 2024',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT count(*) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    // Was refused ("excl").
    class: 'wording',
    ask: 'orders in q2 2025 - excl cancelled ones',
    sql: orders(`status <> 'cancelled' AND ${between('2025-04-01', '2025-07-01')}`),
  },
  {
    // Was refused ("abs number not").
    class: 'period-over-period',
    ask: 'which region grew the most in orders from 2024 to 2025 (abs number, not %)',
    check: 'answer',
    sql: `WITH t AS (SELECT region, count(*) FILTER (WHERE year(created_at) = 2025) - count(*) FILTER (WHERE year(created_at) = 2024) AS d FROM orders GROUP BY 1)
      SELECT region, d FROM t ORDER BY d DESC LIMIT 1`,
  },
  {
    // Was refused ("absolute terms").
    class: 'period-over-period',
    ask: 'biggest drop in revenue by category 2024 vs 2025 in raw numbers',
    check: 'answer',
    tolerance: 0.01,
    sql: `WITH t AS (SELECT category, sum(amount) FILTER (WHERE year(created_at) = 2025) - sum(amount) FILTER (WHERE year(created_at) = 2024) AS d FROM orders GROUP BY 1)
      SELECT category, d FROM t ORDER BY d LIMIT 1`,
  },
  {
    // Was refused ("top seller").
    class: 'top-per-group',
    ask: 'top seller category per quarter in 2025',
    sql: `WITH t AS (SELECT date_trunc('quarter', created_at) AS q, category, sum(amount) AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1, 2) SELECT q, category, v FROM t QUALIFY rank() OVER (PARTITION BY q ORDER BY v DESC) = 1`,
  },
  {
    // Was refused ("came last").
    class: 'top-per-group',
    ask: 'which region came last in toys revenue 2024',
    sql: `SELECT region, sum(amount) FROM orders WHERE category = 'toys' AND ${inYear(2024)} GROUP BY 1 ORDER BY 2 LIMIT 1`,
  },
  {
    // Was refused ("most recent").
    class: 'top-per-group',
    ask: 'which customer placed the most recent order',
    sql: `SELECT c.name, o.created_at FROM ${withCustomers} WHERE o.created_at = (SELECT max(created_at) FROM orders)`,
  },
  {
    // Was refused ("last").
    class: 'wording',
    ask: 'when was the last order placed?',
    check: 'answer',
    sql: `SELECT CAST(max(created_at) AS DATE) FROM orders`,
  },
  {
    // Was refused ("last").
    class: 'top-per-group',
    ask: 'who placed our last order of 2024',
    sql: `SELECT c.name, o.created_at FROM ${withCustomers} WHERE o.created_at = (SELECT max(created_at) FROM orders WHERE ${inYear(2024)})`,
  },
  {
    // Was the change 2024 to 2025 stated as if it explained the drop.
    class: 'out-of-scope',
    ask: 'why did revenue drop in 2025',
    refuse: true,
  },
  {
    // Was refused ("category drove").
    class: 'top-per-group',
    ask: 'which category drove the most revenue 2025',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
];
