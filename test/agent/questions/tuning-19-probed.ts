/**
 * Nineteenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-28 (third session of
 * the day), each answered confidently wrong, partly or refused before the planner change that reads it (written
 * down from the probe's output before the change, scored after). Fresh wordings, none copied from a held-out or
 * earlier tuning set.
 * Before (on 9c55e6a): "customers who had a cancelled order AND a returned order" counted those with either;
 * "top 3 orders in 2025 by amount" grouped the orders by their own amount; "how much did it make" after the top
 * category gave every row's total of all time; "and its AOV?" after the biggest segment ranked the segments by AOV;
 * "what segment is each in" after the top 3 customers gave the top 3 within each segment; "what was its revenue"
 * after the best month re-ranked the months; the spend of customers who bought two categories (or in every month)
 * failed in SQL; "biggest single order ever - who placed it and when?" the amount alone; "which 2 regions together
 * ..." the share without the regions; an analyst's "AOV in my territory vs the company average" their region's
 * figure alone; refused: "zero orders", "2nd half of 2025", "3rd quarter of '24", "FY2025", "ex-cancellations",
 * "the back half of 2024", "was Q4 2025 revenue higher than Q4 2024?", "improved the most", "share of revenue lost to returns", "since mid-2025", "to end of 2025", "which of my customers ... the most", "by first order month"; an analyst's "my region's share of toys revenue" was toys' share of their own revenue. "how many orders did each place" and a bare "how many" after a ranking were every order and every customer. Scored in the eval CLI: 1/35 before (on 9c55e6a: 15 confidently wrong), 35/35 after.
 *
 * Clock: Thursday 2026-04-02, after the data ends (orders 2023-01-01 to 2025-12-31).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_19_PROBED_NOW = '2026-04-02T10:00:00Z';

const bothKinds = (column: string, a: string, b: string, where: string) =>
  `SELECT customer_id FROM orders WHERE ${column} IN ('${a}', '${b}') AND ${where} GROUP BY 1 HAVING count(DISTINCT ${column}) = 2`;

/** A case, asked by an analyst under row-level security where it names one. */
export type Tuning19Case = SecondOrderCase & { user?: QueryUser };

export const tuning19probed: Tuning19Case[] = [
  {
    // Was the customers with either kind (19,186): confidently wrong.
    class: 'counts-per-entity',
    ask: 'how many customers had a cancelled order AND a returned order in 2025?',
    sql: `SELECT count(*) FROM (${bothKinds('status', 'cancelled', 'returned', inYear(2025))})`,
  },
  {
    // Was either category: confidently wrong.
    class: 'counts-per-entity',
    ask: 'how many customers placed a toys order and a furniture order in 2024',
    sql: `SELECT count(*) FROM (${bothKinds('category', 'toys', 'furniture', inYear(2024))})`,
  },
  {
    // Was a failed query.
    class: 'counts-per-entity',
    ask: 'revenue from customers who bought toys and furniture in 2024',
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)} AND customer_id IN (${bothKinds('category', 'toys', 'furniture', inYear(2024))})`,
  },
  {
    // Was a failed query.
    class: 'counts-per-entity',
    ask: 'total 2024 spend of customers who ordered in every month of 2024',
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)} AND customer_id IN (SELECT customer_id FROM orders WHERE ${inYear(2024)} GROUP BY 1 HAVING count(DISTINCT month(created_at)) = 12)`,
  },
  {
    // Was every amount of 2025 as a group of its own: confidently wrong.
    class: 'wording',
    ask: 'top 3 orders in 2025 by amount',
    check: 'answer',
    sql: `SELECT DISTINCT amount FROM orders WHERE ${inYear(2025)} ORDER BY amount DESC LIMIT 2`,
    never: /\b5\.0\d\b/,
  },
  {
    // Was the amount alone.
    class: 'wording',
    ask: 'biggest single order ever - who placed it and when?',
    check: 'answer',
    sql: `SELECT c.name FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.amount = (SELECT max(amount) FROM orders)`,
    says: /placed by:? .*\b20\d\d-\d\d-\d\d\b/,
  },
  {
    // Was refused ("zero").
    class: 'counts-per-entity',
    ask: 'customers with zero orders in 2025',
    check: 'answer',
    sql: `SELECT count(*) FROM customers WHERE id NOT IN (SELECT customer_id FROM orders WHERE ${inYear(2025)})`,
  },
  {
    // Was refused ("no").
    class: 'counts-per-entity',
    ask: 'how many of my customers had no orders in Q4 2025',
    user: WEST,
    check: 'answer',
    sql: `SELECT count(*) FROM customers WHERE region = 'west' AND id NOT IN (SELECT customer_id FROM orders WHERE ${between('2025-10-01', '2026-01-01')})`,
  },
  {
    // Was refused ("2nd half").
    class: 'wording',
    ask: 'rev for the 2nd half of 2025',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-07-01', '2026-01-01')}`,
  },
  {
    // Was refused ("3rd quarter").
    class: 'wording',
    ask: "orders in the 3rd quarter of '24",
    sql: `SELECT count(*) FROM orders WHERE ${between('2024-07-01', '2024-10-01')}`,
  },
  {
    // Was refused ("back half").
    class: 'unknown-words',
    ask: 'how many purchases did consumer accounts make in the back half of 2024',
    sql: `SELECT count(*) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.segment = 'consumer' AND ${between('2024-07-01', '2025-01-01', 'o.created_at')}`,
  },
  {
    // Was refused ("fy2025").
    class: 'unknown-words',
    ask: 'How many orders did the South region book in FY2025?',
    sql: `SELECT count(*) FROM orders WHERE region = 'south' AND ${inYear(2025)}`,
    says: /calendar year/,
  },
  {
    // Was refused ("revenue": "FY24 vs FY25" left nothing of the years).
    class: 'unknown-words',
    ask: 'revenue FY24 vs FY25',
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE ${inYear(2024)}), sum(amount) FILTER (WHERE ${inYear(2025)}) FROM orders`,
  },
  {
    // Was refused ("revenue ex-cancellations").
    class: 'unknown-words',
    ask: 'revenue, ex-cancellations, for 2025',
    sql: `SELECT sum(amount) FROM orders WHERE status <> 'cancelled' AND ${inYear(2025)}`,
  },
  {
    // Was the combined share without the regions named.
    class: 'combined-shares',
    ask: 'which 2 regions together made up the most of 2025 revenue and what % was that',
    check: 'answer',
    sql: `WITH t AS (SELECT region, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1) SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 2)) / (SELECT sum(v) FROM t), 2)`,
    says: /\b(?:north|south|east|west)\b[\s\S]*\b(?:north|south|east|west)\b/,
  },
  {
    // Was this analyst's own region's AOV alone (the company's is beyond their access).
    class: 'out-of-scope',
    ask: "what's the avg order value in my territory vs the company average",
    user: WEST,
    refuse: true,
  },
  {
    // Was every row's revenue of all time ($502,678,401.49): confidently wrong.
    class: 'threads',
    ask: ['top category in 2024', 'how much did it make'],
    check: 'answer',
    sql: `SELECT sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY category ORDER BY v DESC LIMIT 1`,
  },
  {
    // Was the segments ranked by AOV (small business): confidently wrong.
    class: 'threads',
    ask: ['biggest segment last year', 'and its AOV?'],
    check: 'answer',
    sql: `SELECT avg(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE ${inYear(2025, 'o.created_at')} AND c.segment = (SELECT c2.segment FROM orders o2 JOIN customers c2 ON o2.customer_id = c2.id WHERE ${inYear(2025, 'o2.created_at')} GROUP BY 1 ORDER BY sum(o2.amount) DESC LIMIT 1)`,
  },
  {
    // Was the months re-ranked by revenue.
    class: 'threads',
    ask: ['best month of 2025 by orders', 'what was its revenue'],
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE date_trunc('month', created_at) = (SELECT date_trunc('month', created_at) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)`,
  },
  {
    // Was the top 3 within each segment: confidently wrong.
    class: 'threads',
    ask: ['top 3 customers 2025', 'what segment is each in'],
    sql: `SELECT c.name, c.segment FROM orders o JOIN customers c ON o.customer_id = c.id WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2 ORDER BY sum(o.amount) DESC LIMIT 3`,
  },
  {
    // Was "it" dropped: the region ranked by revenue instead.
    class: 'threads',
    ask: ['which region had the most orders in 2025', 'how much revenue did it bring in'],
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)} AND region = (SELECT region FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)`,
  },
  {
    // Was refused ("back half"): a paraphrase.
    class: 'wording',
    ask: 'revenue front half of last year',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-07-01')}`,
  },
  {
    // Was the customers with either status listed: a paraphrase.
    class: 'counts-per-entity',
    ask: 'number of clients with both a returned and a cancelled order in 2024',
    sql: `SELECT count(*) FROM (${bothKinds('status', 'cancelled', 'returned', inYear(2024))})`,
  },
  {
    // Was every amount as a group: a paraphrase.
    class: 'wording',
    ask: 'the 2 smallest orders of Dec 2025 by order amount',
    check: 'answer',
    sql: `SELECT amount FROM orders WHERE ${between('2025-12-01', '2026-01-01')} ORDER BY amount LIMIT 2`,
  },
  {
    // Was refused ("revenue higher").
    class: 'period-over-period',
    ask: 'was Q4 2025 revenue higher than Q4 2024?',
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE ${between('2024-10-01', '2025-01-01')}), sum(amount) FILTER (WHERE ${between('2025-10-01', '2026-01-01')}) FROM orders`,
  },
  {
    // Was refused ("orders lower").
    class: 'period-over-period',
    ask: "were 2025 orders lower than 2024's",
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE ${inYear(2024)}), count(*) FILTER (WHERE ${inYear(2025)}) FROM orders`,
  },
  {
    // Was refused ("region improved").
    class: 'period-over-period',
    ask: 'which region improved the most from H1 to H2 2025',
    check: 'answer',
    sql: `WITH t AS (SELECT region, sum(amount) FILTER (WHERE ${between('2025-01-01', '2025-07-01')}) AS a, sum(amount) FILTER (WHERE ${between('2025-07-01', '2026-01-01')}) AS b FROM orders GROUP BY 1) SELECT round(100.0 * (b - a) / a, 2) FROM t ORDER BY b - a DESC LIMIT 1`,
  },
  {
    // Was refused ("of share": "lost" read as a fall between years).
    class: 'combined-shares',
    ask: 'share of revenue lost to returns in 2025',
    check: 'answer',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE status = 'returned') / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was refused ("since mid-2025").
    class: 'past-data',
    ask: 'revenue since mid-2025',
    check: 'range',
    sql: `SELECT (SELECT CAST(max(created_at) AS DATE) FROM orders), sum(amount) FROM orders WHERE ${between('2025-07-01', '2026-04-03')}`,
  },
  {
    // Was refused ("end").
    class: 'wording',
    ask: 'orders from mid 2024 to end of 2025',
    sql: `SELECT count(*) FROM orders WHERE ${between('2024-07-01', '2026-01-01')}`,
  },
  {
    // Was toys' share of this analyst's revenue (a share within their ground): confidently wrong. The whole
    // (every region's toys revenue) is beyond their access.
    class: 'out-of-scope',
    ask: "my region's share of toys revenue in 2025",
    user: WEST,
    refuse: true,
  },
  {
    // Was every customer of the region ranked by revenue.
    class: 'top-per-group',
    ask: 'which of my customers ordered the most in Q4 2025?',
    user: WEST,
    check: 'answer',
    sql: `SELECT count(*) AS n FROM orders WHERE region = 'west' AND ${between('2025-10-01', '2026-01-01')} GROUP BY customer_id ORDER BY n DESC LIMIT 1`,
  },
  {
    // Was refused ("first order month").
    class: 'cohorts',
    ask: 'how many new accounts did I get in 2023 by first order month',
    user: WEST,
    sql: `WITH f AS (SELECT customer_id, min(created_at) AS first_at FROM orders WHERE region = 'west' GROUP BY 1) SELECT date_trunc('month', first_at) AS m, count(*) FROM f WHERE ${inYear(2023, 'first_at')} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was every order of the data (1,000,000): confidently wrong.
    class: 'threads',
    ask: ['top 5 customers 2024', 'how many orders did each place'],
    check: 'answer',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2024)} AND customer_id IN (SELECT customer_id FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY sum(amount) DESC LIMIT 5) GROUP BY customer_id`,
  },
  {
    // Was every customer (20,000): confidently wrong.
    class: 'threads',
    ask: ['which month had the most cancellations in 2025', 'how many'],
    check: 'answer',
    sql: `SELECT count(*) AS n FROM orders WHERE status = 'cancelled' AND ${inYear(2025)} GROUP BY date_trunc('month', created_at) ORDER BY n DESC LIMIT 1`,
  },
];
