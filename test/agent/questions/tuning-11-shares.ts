/**
 * Eleventh tuning batch (issue 29), for the planner's shares and filter scopes: a scope written with an article
 * or the dimension's own noun ("in the west region", "for the consumer segment", "within the north territory"),
 * the part and the whole of a share told apart by grammar (a whole called "total", "all" or "overall" keeps only
 * the filters stated on it; the part's filters, "enterprise customers in the east", narrow the part only), a top
 * N with the total of everything (not of the rows shown), "and"/"both" across values of one dimension for an
 * entity (customers who bought toys AND electronics: both), and a ranking inside a filter ("revenue from the
 * customers with the most orders"). Written BEFORE the planner change it tunes, in wordings a sales or operations
 * asker would use (abbreviations, typos, a west analyst under row-level security, a thread); no question copies a
 * held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025, "last quarter"
 * Q4 2025. In the sample an order's sales region is its customer's home region (one generator column), so a
 * "customers in the east" share holds either reading; the answer must say which it read.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_11_SHARES_NOW = '2026-03-02T09:30:00Z';

export type Tuning11Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const Q4_2025 = between('2025-10-01', '2026-01-01', 'o.created_at');
const year = (y: number) => inYear(y, 'o.created_at');

/** Percent of `measure` over the rows of `where` that rows matching `part` hold (orders joined to customers). */
const share = (measure: string, part: string, where = '') =>
  `SELECT 100.0 * ${measure} FILTER (WHERE ${part}) / ${measure} FROM ${JOINED} ${where ? `WHERE ${where}` : ''}`;
/** The top n groups by a measure with the total of every group (not only of those shown). */
const topWithTotal = (by: string, measure: string, n: number, where: string, direction = 'DESC') =>
  `SELECT g, v, total FROM (SELECT ${by} AS g, ${measure} AS v, sum(${measure}) OVER () AS total FROM ${JOINED}
   WHERE ${where} GROUP BY 1) ORDER BY v ${direction} LIMIT ${n}`;
/** Customers with rows of every one of `values` of `column` (within `where`). */
const both = (column: string, values: string[], where = '') =>
  `SELECT count(*) FROM (SELECT o.customer_id FROM ${JOINED} WHERE ${column} IN (${values
    .map((v) => `'${v}'`)
    .join(
      ', ',
    )})${where ? ` AND ${where}` : ''} GROUP BY 1 HAVING count(DISTINCT ${column}) = ${values.length})`;
/** `measure` of the customers ranked first (ties kept) by their number of orders, over `where`. */
const ofMostOrders = (measure: string, n = 1, where = '') =>
  `SELECT ${measure} FROM ${JOINED} WHERE o.customer_id IN (
     SELECT customer_id FROM (SELECT customer_id, rank() OVER (ORDER BY count(*) DESC) AS r FROM orders o
       ${where ? `WHERE ${where}` : ''} GROUP BY 1) WHERE r <= ${n})${where ? ` AND ${where}` : ''}`;

export const tuning11shares: Tuning11Case[] = [
  // --- a scope written with an article or the dimension's own noun ---
  {
    class: 'combined-shares',
    ask: 'what percent of orders in the west region were cancelled?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.status = 'cancelled'", "o.region = 'west'"),
  },
  {
    class: 'combined-shares',
    ask: 'share of 2025 revenue from electronics for the consumer segment',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.category = 'electronics'", `c.segment = 'consumer' AND ${year(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'within the north territory, what fraction of 2024 orders got returned?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.status = 'returned'", `o.region = 'north' AND ${year(2024)}`),
  },
  {
    class: 'combined-shares',
    ask: 'among the enterprise customers, what % of revenue came from furniture?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.category = 'furniture'", "c.segment = 'enterprise'"),
  },
  {
    class: 'combined-shares',
    ask: 'what share of toy orders in the south were returned',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.status = 'returned'", "o.category = 'toys' AND o.region = 'south'"),
  },
  {
    class: 'combined-shares',
    ask: 'what % of my orders in the toys category got returned?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.status = 'returned'", "o.category = 'toys' AND o.region = 'west'"),
  },
  {
    class: 'combined-shares',
    ask: 'for the enterprise segment, what portion of sales was grocery last year?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.category = 'grocery'", `c.segment = 'enterprise' AND ${year(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'What percent of orders in the east were from enterprise customers?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "c.segment = 'enterprise'", "o.region = 'east'"),
  },
  // --- a whole called total, all or overall keeps only its own filters ---
  {
    class: 'combined-shares',
    ask: 'What share of all 2025 revenue came from consumer customers in the north region?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "c.segment = 'consumer' AND o.region = 'north'", year(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'what % of overall 2024 orders did consumer clients in the south place?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "c.segment = 'consumer' AND o.region = 'south'", year(2024)),
  },
  {
    class: 'combined-shares',
    ask: 'What share of total revenue did enterprise customers in the north and south bring in, combined?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "c.segment = 'enterprise' AND o.region IN ('north', 'south')"),
  },
  {
    class: 'combined-shares',
    ask: 'of total 2025 orders, what pct were electronics orders from the west?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.category = 'electronics' AND o.region = 'west'", year(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'what percentage of all orders were returned toy orders in the east?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.status = 'returned' AND o.category = 'toys' AND o.region = 'east'"),
  },
  {
    class: 'combined-shares',
    ask: 'what share of my total 2024 revenue came from enterprise customers in the furniture category?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: share(
      'sum(o.amount)',
      "c.segment = 'enterprise' AND o.category = 'furniture'",
      `o.region = 'west' AND ${year(2024)}`,
    ),
  },
  {
    class: 'combined-shares',
    ask: 'what fraction of the customers in the east are enterprise?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE segment = 'enterprise') / count(*) FROM customers WHERE region = 'east'`,
  },
  // --- a top N with the total of everything, not of the rows shown ---
  {
    class: 'top-per-group',
    ask: 'top 3 regions by revenue in Q4 2025 and the total for that quarter',
    check: 'answer',
    tolerance: 0.01,
    sql: topWithTotal('o.region', 'sum(o.amount)', 3, Q4_2025),
  },
  {
    class: 'top-per-group',
    ask: 'best 2 categories by order count in 2024, plus total orders that year',
    check: 'answer',
    sql: topWithTotal('o.category', 'count(*)', 2, year(2024)),
  },
  {
    class: 'top-per-group',
    ask: 'top 2 segments by 2025 sales, and overall 2025 sales too',
    check: 'answer',
    tolerance: 0.01,
    sql: topWithTotal('c.segment', 'sum(o.amount)', 2, year(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'my top 2 categories by revenue last quarter and my total for the quarter',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: topWithTotal('o.category', 'sum(o.amount)', 2, `o.region = 'west' AND ${Q4_2025}`),
  },
  {
    class: 'top-per-group',
    ask: 'bottom 2 regions by revenue in 2023, with the grand total for 2023',
    check: 'answer',
    tolerance: 0.01,
    sql: topWithTotal('o.region', 'sum(o.amount)', 2, year(2023), 'ASC'),
  },
  {
    class: 'threads',
    ask: ['top 3 categories by revenue in 2025', 'and what was the total for the whole year?'],
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
  },
  // --- "and" / "both" across values of one dimension for an entity: both ---
  {
    class: 'per-entity',
    ask: 'how many customers bought both toys and electronics?',
    sql: both('o.category', ['toys', 'electronics']),
  },
  {
    class: 'per-entity',
    ask: 'number of customers who ordered furniture and grocery in 2025',
    sql: both('o.category', ['furniture', 'grocery'], year(2025)),
  },
  {
    class: 'per-entity',
    ask: 'how many clients purchased clothing and toys last quarter?',
    sql: both('o.category', ['clothing', 'toys'], Q4_2025),
  },
  {
    class: 'per-entity',
    ask: 'how many of my customers bought electronics and furniture in Dec 2025?',
    user: WEST,
    sql: both(
      'o.category',
      ['electronics', 'furniture'],
      `o.region = 'west' AND ${between('2025-12-01', '2026-01-01', 'o.created_at')}`,
    ),
  },
  {
    class: 'per-entity',
    ask: 'how many customers had both a returned and a cancelled order in Q4 2025?',
    sql: both('o.status', ['returned', 'cancelled'], Q4_2025),
  },
  {
    class: 'per-entity',
    ask: 'how many orders in 2025 were toys or electronics?',
    sql: `SELECT count(*) FROM orders WHERE category IN ('toys', 'electronics') AND ${inYear(2025)}`,
  },
  // --- a ranking inside a filter ---
  {
    class: 'per-entity',
    ask: 'revenue from the customer with the most orders',
    sql: ofMostOrders('sum(o.amount)'),
  },
  {
    class: 'per-entity',
    ask: 'how much did our customers with the most orders spend in total?',
    sql: ofMostOrders('sum(o.amount)'),
  },
  {
    class: 'per-entity',
    ask: 'how much revenue did the customer with the most orders in 2025 bring in that year?',
    sql: ofMostOrders('sum(o.amount)', 1, year(2025)),
  },
  // --- honest refusals ---
  {
    class: 'out-of-scope',
    ask: 'what share of total profit did enterprise customers in the west make?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many customers bought toys and electronics on the same day?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'what % of all 2025 revenue came from customers in the west who were referred by a partner?',
    refuse: true,
  },
];
