/**
 * The lead's second batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written after that batch's fixes and before the changes these tune: the
 * customers "of" a period asked whether they ordered again ("what % of 2024 customers also ordered in 2025": was
 * the change in the number of customers, confidently wrong), a churn or retention rate whose people are defined
 * by two periods ("churned = ordered in 2024 but not in 2025": refused), a word defined with "they" ("VIP means
 * they spent more than $20k lifetime": refused) and a quoted word with its meaning in brackets ("'small tickets'
 * (under $100)": refused).
 * Scored in the eval CLI (1,000,000-order sample): 2 of 9 right before, on 2777ec4 (1 confidently wrong); 9 of 9
 * after.
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_SECOND_NOW = '2026-08-27T10:00:00Z';

/** Customers with an order in [from, to). */
const orderedIn = (from: string, to: string) =>
  `SELECT DISTINCT customer_id FROM orders WHERE created_at >= '${from}' AND created_at < '${to}'`;

/** Of the customers who ordered in the first span, the percent who did (or, with `not`, did not) in the second. */
const again = (a: [string, string], b: [string, string], not = false) =>
  `SELECT round(100.0 * count(*) FILTER (WHERE customer_id ${not ? 'NOT ' : ''}IN (${orderedIn(...b)})) / count(*), 2)
   FROM (${orderedIn(...a)})`;

const Y2024: [string, string] = ['2024-01-01', '2025-01-01'];
const Y2025: [string, string] = ['2025-01-01', '2026-01-01'];

export const tuning26second: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'cohorts',
    ask: 'what % of 2024 customers also ordered in 2025?',
    sql: again(Y2024, Y2025),
  },
  {
    class: 'cohorts',
    ask: 'how many of our Q1 2025 buyers came back in Q2 2025?',
    sql: `SELECT count(*) FROM (${orderedIn('2025-01-01', '2025-04-01')}) WHERE customer_id IN (${orderedIn('2025-04-01', '2025-07-01')})`,
  },
  {
    class: 'unknown-words',
    ask: "what's our churn rate for 2025? churned = ordered in 2024 but not in 2025",
    sql: again(Y2024, Y2025, true),
  },
  {
    class: 'unknown-words',
    ask: 'what was the retention rate from 2024 to 2025? retained = ordered in 2024 and in 2025',
    sql: again(Y2024, Y2025),
  },
  {
    class: 'unknown-words',
    ask: 'churn rate, where churned = ordered in 2024 but not in 2025, by region',
    sql: `SELECT region, round(100.0 * count(*) FILTER (WHERE id NOT IN (${orderedIn(...Y2025)})) / count(*), 2)
      FROM customers WHERE id IN (${orderedIn(...Y2024)}) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "how many 'VIP' customers do we have? VIP means they spent more than $20k lifetime",
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING sum(amount) > 20000)',
  },
  {
    class: 'unknown-words',
    ask: 'VIP = they placed 50 or more orders. how many VIPs in the east?',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.region = 'east' GROUP BY 1 HAVING count(*) >= 50)`,
  },
  {
    class: 'unknown-words',
    ask: "share of orders that were 'small tickets' (under $100) by region in 2024",
    sql: `SELECT c.region, round(100.0 * count(*) FILTER (WHERE o.amount < 100) / count(*), 2) FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Already right.
    class: 'unknown-words',
    ask: "how many 'whales' (customers who spent over $30k) are in the west?",
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.region = 'west' GROUP BY 1 HAVING sum(o.amount) > 30000)`,
  },
];
