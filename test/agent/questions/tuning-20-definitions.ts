/**
 * Twentieth tuning batch (issue 29): a word defined in the question and then used ("big-ticket = $750 and up: how
 * many big-ticket orders in 2024?", "by 'lapsed' we mean no order in 2025", "let's call orders under $50 'small'",
 * "define a power user as someone with 20+ orders", "keeper rate = completed orders / all orders"). A definition read
 * is a row filter (an amount bound, a status), a per-customer threshold (lifetime spend, an order count, no order in
 * a period) or the share of one count in another; one the data cannot answer (a cost, a subscription, a rating) or
 * that is not read in full is refused, never dropped. Threads define the word in the first turn and use it in the
 * next. Written on 2026-11-28 before the planner change that reads them; fresh wordings, none copied from a held-out
 * or earlier tuning set.
 * Before (on 7b40834): 7 of 37 right (1 confident wrong: the follow-up "and in 2025?" after a refused definition
 * counted every order), in the eval CLI; the six refusals were right, every definition was refused. After: 37 of 37,
 * none wrong (definitions.ts, definition-meanings.ts).
 *
 * Clock: 2026-02-03, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { between, inYear, perCustomer, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_20_DEFINITIONS_NOW = '2026-02-03T10:00:00Z';

const west = (where: string) => `region = 'west' AND ${where}`;
/** The share in percent of the rows of `where` that also meet `part`, as one figure (or one per `by`). */
const shareOf = (part: string, where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}round(100.0 * count(*) FILTER (WHERE ${part}) / count(*), 2) FROM orders WHERE ${where}${by ? ' GROUP BY 1' : ''}`;
/** Customers (of `region`, when given) with no order in [from, to). */
const without = (from: string, to: string, region = '') =>
  `SELECT count(*) FROM customers c WHERE ${region ? `c.region = '${region}' AND ` : ''}NOT EXISTS
   (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${between(from, to, 'o.created_at')})`;

export const tuning20definitions: (SecondOrderCase & Tuning6Case)[] = [
  // --- a row filter on the order amount ---
  {
    class: 'unknown-words',
    ask: 'big-ticket = $750 and up: how many big-ticket orders in 2024?',
    sql: `SELECT count(*) FROM orders WHERE amount >= 750 AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: "let's call orders under $50 'small'. share of small orders in 2023?",
    sql: shareOf('amount < 50', inYear(2023)),
  },
  {
    class: 'unknown-words',
    ask: 'define a premium order as one over $900. revenue from premium orders in 2025 by category?',
    sql: `SELECT category, sum(amount) FROM orders WHERE amount > 900 AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'by "mini" we mean orders below $25 - how many mini orders did the east get in 2024?',
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND amount < 25 AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many jumbo orders (i.e. $950 or more) did we take in Q4 2025?',
    sql: `SELECT count(*) FROM orders WHERE amount >= 950 AND ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'number of tiny orders per month in 2025, where tiny = under $20',
    sql: `SELECT date_trunc('month', created_at), count(*) FROM orders WHERE amount < 20 AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'big basket means an order of at least $600. how many big basket orders did toys have last year?',
    sql: `SELECT count(*) FROM orders WHERE category = 'toys' AND amount >= 600 AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many big-ticket orders did furniture get in 2025? big-ticket meaning $800 or more',
    sql: `SELECT count(*) FROM orders WHERE category = 'furniture' AND amount >= 800 AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'big-ticket = $750+. how many big-ticket orders did my region take in 2025?',
    user: WEST,
    sql: `SELECT count(*) FROM orders WHERE ${west(`amount >= 750 AND ${inYear(2025)}`)}`,
  },
  {
    class: 'unknown-words',
    ask: "let's call anything under $100 a 'cheap order'. how many cheap orders did I get in Q1 2025?",
    user: WEST,
    sql: `SELECT count(*) FROM orders WHERE ${west(`amount < 100 AND ${between('2025-01-01', '2025-04-01')}`)}`,
  },
  // --- a row filter on the status ---
  {
    class: 'unknown-words',
    ask: 'by "dead orders" I mean cancelled ones. how many dead orders in Q1 2025?',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'let\'s call completed orders "good orders". revenue from good orders in 2024 by region?',
    sql: `SELECT region, sum(amount) FROM orders WHERE status = 'completed' AND ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'fallout = returned or cancelled orders. how many fallout orders in my region in 2025?',
    user: WEST,
    sql: `SELECT count(*) FROM orders WHERE ${west(`status IN ('returned', 'cancelled') AND ${inYear(2025)}`)}`,
  },
  {
    class: 'unknown-words',
    ask: 'clean orders = orders that were not returned. how many clean orders in 2024?',
    sql: `SELECT count(*) FROM orders WHERE status <> 'returned' AND ${inYear(2024)}`,
  },
  // --- the share of one count in another ---
  {
    class: 'unknown-words',
    ask: 'keeper rate = completed orders / all orders, as a %: what was it in 2025 by region?',
    sql: shareOf("status = 'completed'", inYear(2025), 'region'),
  },
  {
    class: 'unknown-words',
    ask: 'bounce rate = returned orders divided by total orders. bounce rate for 2024 by category?',
    sql: shareOf("status = 'returned'", inYear(2024), 'category'),
  },
  {
    class: 'unknown-words',
    ask: 'cancel ratio := cancelled orders / all orders (in percent). cancel ratio in 2023?',
    sql: shareOf("status = 'cancelled'", inYear(2023)),
  },
  {
    class: 'unknown-words',
    ask: 'define hit rate as completed orders over all orders. what was my hit rate in 2024?',
    user: WEST,
    sql: shareOf("status = 'completed'", west(inYear(2024))),
  },
  // --- a threshold on each customer ---
  {
    class: 'counts-per-entity',
    ask: 'whales = customers with lifetime spend above $35k. how many whales do we have?',
    sql: perCustomer('sum(amount) > 35000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'define a power user as someone with 20+ orders; how many power users in the west?',
    sql: perCustomer('count(*) >= 20', "WHERE region = 'west'"),
  },
  {
    class: 'counts-per-entity',
    ask: "by 'lapsed' we mean no order in Q4 2025 - how many lapsed customers?",
    sql: without('2025-10-01', '2026-01-01'),
  },
  {
    class: 'counts-per-entity',
    ask: 'heavy buyers = customers with more than 60 orders. how many heavy buyers do we have in total?',
    sql: perCustomer('count(*) > 60'),
  },
  {
    class: 'counts-per-entity',
    ask: 'a regular is a customer who placed at least 15 orders in 2025. how many regulars do we have?',
    sql: perCustomer('count(*) >= 15', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'big spenders = customers who spent more than 12k in 2024. how many big spenders in the north?',
    sql: perCustomer('sum(amount) > 12000', `WHERE region = 'north' AND ${inYear(2024)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'my whales = my customers whose total spend is over $30k. how many whales do I have?',
    user: WEST,
    sql: perCustomer('sum(amount) > 30000', "WHERE region = 'west'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'lapsed means no purchase in December 2025; how many of my customers are lapsed?',
    user: WEST,
    sql: without('2025-12-01', '2026-01-01', 'west'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many dormant customers (i.e. no orders in H2 2025) are there?',
    sql: without('2025-07-01', '2026-01-01'),
  },
  // --- defined in the first turn, used in the next ---
  {
    class: 'follow-ups',
    ask: ['big-ticket = $750 and up. how many big-ticket orders in 2024?', 'and in 2025?'],
    sql: `SELECT count(*) FROM orders WHERE amount >= 750 AND ${inYear(2025)}`,
  },
  {
    class: 'follow-ups',
    ask: [
      'whales = customers with lifetime spend above $35k. how many whales do we have?',
      'and how many whales in the south?',
    ],
    sql: perCustomer('sum(amount) > 35000', "WHERE region = 'south'"),
  },
  {
    class: 'follow-ups',
    ask: [
      'keeper rate = completed orders / all orders. keeper rate in 2024?',
      'and the keeper rate for 2025 by category?',
    ],
    sql: shareOf("status = 'completed'", inYear(2025), 'category'),
  },
  {
    class: 'follow-ups',
    ask: [
      "let's call orders under $50 'small'. how many small orders in 2025?",
      'and small orders in the west?',
    ],
    sql: `SELECT count(*) FROM orders WHERE region = 'west' AND amount < 50 AND ${inYear(2025)}`,
  },
  // --- a definition the data cannot answer, or that is not read in full: refused ---
  {
    class: 'out-of-scope',
    ask: 'margin = revenue minus cost of goods. what was the margin in 2025?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'churned = customers who cancelled their subscription. how many churned customers in 2025?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'define a VIP as a customer with an NPS above 50; how many VIPs do we have?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'fast orders = orders shipped within 2 days of purchase. how many fast orders in 2025?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'by "loyal" we mean customers who always pay on time. how many loyal customers in the west?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: "let's call a category 'hot' when its reviews average above 4 stars. which categories are hot?",
    refuse: true,
  },
];
