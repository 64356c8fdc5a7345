/**
 * Thirteenth tuning batch (issue 29), for the planner's counts per entity, tops per group, combined shares and
 * questions of two figures: order counts per customer within a closed range ("between 15 and 20, inclusive"),
 * customers who went a period without a kind of order (every customer, NOT EXISTS, with contractions: "didn't",
 * "haven't"), the leader of one dimension within each value of another ("which segment spent the most in each
 * sales region", a dimension named with its own title words), the share of customers (a customer attribute
 * narrows the whole, an order condition only the part: "what % of customers ordered over $950 in 2025"), the share
 * of customers by their home region, each group's change between two years ("how did each category do in 2024
 * vs 2023"), both ends of a measure ("the highest and lowest order values"), and two figures ranked apart ("the
 * region with the most revenue and the one with the lowest return rate"). Written BEFORE the planner change it
 * tunes, in wordings a sales or operations asker would use (abbreviations, typos, asides, a west analyst under
 * row-level security, a thread); no question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-10-21, after the data ends (orders 2023-01-01 to 2025-12-31; signups all in 2022): "last year" is
 * 2025. Ties are kept in every top (rank()).
 *
 * Scored before the planner change: 18 of 35 right or honest (eval CLI, 1,000,000-order sample), 5 confident wrong;
 * after it: 31 of 35, none wrong (left refused: a range said "anywhere from 45 to 50", "the most cancelled" per group,
 * both ends asked as "which had the most and which the fewest", and two rankings of two figures).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_13_ENTITIES_NOW = '2026-10-21T08:40:00Z';

export type Tuning13Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const year = (y: number) => inYear(y, 'o.created_at');
/** Customers whose number of orders over `where` satisfies `having`. */
const ordersPerCustomer = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT o.customer_id FROM ${JOINED} ${where ? `WHERE ${where}` : ''}
     GROUP BY 1 HAVING ${having})`;
/** Customers (every one, not only those who ordered) with no order matching `condition`. */
const never = (condition: string, where = '') =>
  `SELECT count(*) FROM customers c WHERE ${where ? `${where} AND ` : ''}NOT EXISTS (
     SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${condition})`;
/** The leaders (ties kept) of `item` by `measure` within each `group`, with their value. */
const leaders = (group: string, item: string, measure: string, where = '', direction = 'DESC', n = 1) =>
  `SELECT g, i, v FROM (SELECT ${group} AS g, ${item} AS i, ${measure} AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM ${JOINED}
     ${where ? `WHERE ${where}` : ''} GROUP BY 1, 2) WHERE r <= ${n}`;
/** Percent of the customers (of `whole`, a customer condition) with an order matching `outcome`. */
const customersWith = (outcome: string, whole = '') =>
  `SELECT 100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${outcome}))
     / count(*) FROM customers c ${whole ? `WHERE ${whole}` : ''}`;
/** Percent of the customers (of `whole`) matching `part`, on the customers table alone. */
const customersShare = (part: string, whole = '') =>
  `SELECT 100.0 * count(*) FILTER (WHERE ${part}) / count(*) FROM customers c ${whole ? `WHERE ${whole}` : ''}`;
/** Percent of `measure` over the rows of `where` that rows matching `part` hold. */
const share = (measure: string, part: string, where = '') =>
  `SELECT 100.0 * ${measure} FILTER (WHERE ${part}) / ${measure} FROM ${JOINED} ${where ? `WHERE ${where}` : ''}`;
/** Per group, `measure` in two years and the percent change from the first to the second. */
const change = (group: string, measure: string, from: number, to: number) =>
  `SELECT g, b, a, 100.0 * (b - a) / a FROM (SELECT ${group} AS g,
     ${measure} FILTER (WHERE year(o.created_at) = ${from}) AS a, ${measure} FILTER (WHERE year(o.created_at) = ${to}) AS b
     FROM ${JOINED} GROUP BY 1)`;

export const tuning13entities: Tuning13Case[] = [
  // --- order counts per customer in a closed range ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered between 15 and 20 times in 2024, inclusive?',
    sql: ordersPerCustomer('count(*) BETWEEN 15 AND 20', year(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of accounts with anywhere from 45 to 50 orders overall (incl. both)',
    sql: ordersPerCustomer('count(*) BETWEEN 45 AND 50'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers placed at least 20 orders last year?',
    user: WEST,
    sql: ordersPerCustomer('count(*) >= 20', `o.region = 'west' AND ${year(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers with more than 5 furniture orders in 2023 - how many?',
    sql: ordersPerCustomer('count(*) > 5', `o.category = 'furniture' AND ${year(2023)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many enterprise accounts spent more than $20k in 2025?',
    sql: ordersPerCustomer('sum(o.amount) > 20000', `c.segment = 'enterprise' AND ${year(2025)}`),
  },
  // --- a period without a kind of order, over every customer ---
  {
    class: 'counts-per-entity',
    ask: 'number of clients who went the whole of 2024 without a returned order',
    sql: never(`o.status = 'returned' AND ${year(2024)}`),
  },
  {
    class: 'counts-per-entity',
    ask: "How many customers didn't order anything in October 2025?",
    sql: never(between('2025-10-01', '2025-11-01', 'o.created_at')),
  },
  {
    class: 'counts-per-entity',
    ask: "how many customers haven't had a single order cancelled in 2025?",
    sql: never(`o.status = 'cancelled' AND ${year(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers made it through 2023 with zero returns?',
    user: WEST,
    sql: never(`o.status = 'returned' AND ${year(2023)}`, "c.region = 'west'"),
  },
  // --- the leader of one dimension within each value of another ---
  {
    class: 'top-per-group',
    ask: 'which segment brought in the most revenue in each sales region last year?',
    sql: leaders('o.region', 'c.segment', 'sum(o.amount)', year(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'for every sales territory, the customer segment with the most orders in 2024',
    sql: leaders('o.region', 'c.segment', 'count(*)', year(2024)),
  },
  {
    class: 'top-per-group',
    ask: 'per product category, which region had the most cancelled orders in 2025? want to see where cancellations cluster',
    sql: leaders('o.category', 'o.region', 'count(*)', `o.status = 'cancelled' AND ${year(2025)}`),
  },
  {
    class: 'top-per-group',
    ask: 'in each customer segment, which product category got returned the most in 2024?',
    sql: leaders('c.segment', 'o.category', 'count(*)', `o.status = 'returned' AND ${year(2024)}`),
  },
  {
    class: 'top-per-group',
    ask: "in each segment, who's our biggest customer by lifetime revenue?",
    tolerance: 0.01,
    sql: leaders('c.segment', 'c.name', 'sum(o.amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'weakest category by sales in every region, 2023',
    tolerance: 0.01,
    sql: leaders('o.region', 'o.category', 'sum(o.amount)', year(2023), 'ASC'),
  },
  {
    class: 'top-per-group',
    ask: 'in my territory, which category brings in the most revenue from each segment?',
    user: WEST,
    tolerance: 0.01,
    sql: leaders('c.segment', 'o.category', 'sum(o.amount)', "o.region = 'west'"),
  },
  {
    class: 'top-per-group',
    ask: 'for each region, the 2 customers with the most orders in 2025',
    sql: leaders('o.region', 'c.name', 'count(*)', year(2025), 'DESC', 2),
  },
  {
    class: 'threads',
    ask: ['revenue by customer segment for 2025', 'and the top segment in each sales region?'],
    tolerance: 0.01,
    sql: leaders('o.region', 'c.segment', 'sum(o.amount)', year(2025)),
  },
  // --- the share of customers: attributes narrow the whole, order conditions the part ---
  {
    class: 'combined-shares',
    ask: 'what % of customers placed an order over $950 in 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersWith(`o.amount > 950 AND ${year(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what percentage of our customers bought electronics in Q4 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersWith(
      `o.category = 'electronics' AND ${between('2025-10-01', '2026-01-01', 'o.created_at')}`,
    ),
  },
  {
    class: 'combined-shares',
    ask: 'what portion of enterprise customers had an order returned in Dec 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersWith(
      `o.status = 'returned' AND ${between('2025-12-01', '2026-01-01', 'o.created_at')}`,
      "c.segment = 'enterprise'",
    ),
  },
  {
    class: 'combined-shares',
    ask: 'share of my customers who ordered toys in November 2025',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: customersWith(
      `o.category = 'toys' AND ${between('2025-11-01', '2025-12-01', 'o.created_at')}`,
      "c.region = 'west'",
    ),
  },
  {
    class: 'combined-shares',
    ask: 'what share of customers are based in the west?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersShare("c.region = 'west'"),
  },
  {
    class: 'combined-shares',
    ask: 'what fraction of our enterprise clients live in the south region?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersShare("c.region = 'south'", "c.segment = 'enterprise'"),
  },
  {
    class: 'combined-shares',
    ask: 'north and east together - what share of 2024 revenue was that?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.region IN ('north', 'east')", year(2024)),
  },
  {
    class: 'combined-shares',
    ask: 'returned plus cancelled orders as a % of all 2025 orders',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.status IN ('returned', 'cancelled')", year(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'what % of small business revenue in 2025 came from clothing and toys combined?',
    check: 'answer',
    tolerance: 0.006,
    sql: share(
      'sum(o.amount)',
      "o.category IN ('clothing', 'toys')",
      `c.segment = 'small business' AND ${year(2025)}`,
    ),
  },
  // --- each group's change between two years ---
  {
    class: 'period-over-period',
    ask: 'how did each product category do in 2024 vs 2023?',
    check: 'answer',
    tolerance: 0.01,
    sql: change('o.category', 'sum(o.amount)', 2023, 2024),
  },
  {
    class: 'period-over-period',
    ask: 'How did every segment perform last year compared with 2024, revenue-wise?',
    check: 'answer',
    tolerance: 0.01,
    sql: change('c.segment', 'sum(o.amount)', 2024, 2025),
  },
  // --- two figures: both ends, or two measures ranked apart ---
  {
    class: 'top-per-group',
    ask: 'what were the highest and lowest order values in 2023?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT max(amount), min(amount) FROM orders o WHERE ${year(2023)}`,
  },
  {
    class: 'top-per-group',
    ask: 'which region had the most orders and which had the fewest in 2025?',
    check: 'answer',
    sql: `SELECT arg_max(r, n), max(n), arg_min(r, n), min(n) FROM (SELECT region AS r, count(*) AS n FROM orders o
          WHERE ${year(2025)} GROUP BY 1)`,
  },
  {
    class: 'top-per-group',
    ask: 'which category has the highest revenue and which has the lowest cancellation rate?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT arg_max(category, rev), max(rev), arg_min(category, rate), min(rate) FROM (SELECT category,
          sum(amount) AS rev, 100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*) AS rate FROM orders
          GROUP BY 1)`,
  },
  // --- honest refusals ---
  {
    class: 'out-of-scope',
    ask: 'what % of customers opened our October newsletter?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'which sales rep closed the most deals in each region?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: "how many customers haven't logged in since 2024?",
    refuse: true,
  },
];
