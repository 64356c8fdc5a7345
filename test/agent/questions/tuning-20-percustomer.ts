/**
 * Twentieth tuning batch (issue 29): conditions on each customer's own rows, as a small algebra. A count of the
 * customer's rows of a kind ("exactly one return", "at least 3 completed orders", "never cancelled"), the
 * largest, smallest, average or total of their amounts ("whose largest single order in 2025 was below $900"),
 * every or none of their rows ("all of their 2025 orders completed", "never an order under $50"), two kinds'
 * counts against each other ("more returns than cancellations"), rows in two periods ("in both 2023 and 2025"),
 * and these joined with "and" / "but not"; the customers then counted, listed or ranked by another measure among
 * those that qualify ("highest AOV, min 10 orders"). A negation, "exactly", "ever" or "both" is never dropped:
 * what is not read whole is refused. Written on 2026-11-28 before the planner change that reads them; fresh
 * wordings, none copied from a held-out or earlier tuning set.
 * Before (on 7b40834): 13 of 38 right (9 confident wrong: "at most one" and "exactly one" read as any, "every order"
 * and "all completed" as a filter of rows, a list for "count", two kinds read as one), in the eval CLI. After
 * (row-conditions.ts): 38 of 38, none wrong.
 *
 * Clock: 2026-07-22, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { inYear, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_20_PERCUSTOMER_NOW = '2026-07-22T14:00:00Z';

/** The rows of one status among a customer's rows, counted (a FILTER inside the per-customer HAVING). */
const of = (status: string, extra = '') =>
  `count(*) FILTER (WHERE status = '${status}'${extra ? ` AND ${extra}` : ''})`;
const ofCategory = (category: string) => `count(*) FILTER (WHERE category = '${category}')`;
const west = (where: string) => `WHERE region = 'west'${where ? ` AND ${where}` : ''}`;
/** The names of the customers meeting `having` over the rows of `where`, with their row count. */
const listed = (having: string, where = '') =>
  `SELECT c.name FROM ${withCustomers} ${where} GROUP BY c.name HAVING ${having}`;
/** The top `n` customers by `measure` among those meeting `having` over the rows of `where`. */
const ranked = (measure: string, having: string, where: string, n: number, direction = 'DESC') =>
  `SELECT c.name, ${measure} FROM ${withCustomers} ${where} GROUP BY c.name HAVING ${having}
   ORDER BY 2 ${direction} LIMIT ${n}`;
const year = (y: number) => `WHERE ${inYear(y)}`;
const oYear = (y: number) => `WHERE ${inYear(y, 'o.created_at')}`;

export const tuning20percustomer: (SecondOrderCase & Tuning6Case)[] = [
  // --- a count of the customer's rows of one kind, compared to a number ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers had exactly one return in 2024 (not zero, not two)?',
    sql: perCustomer(`${of('returned')} = 1`, year(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers who never had a single order cancelled. ever. how many?',
    sql: perCustomer(`${of('cancelled')} = 0`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had 2 or more returns in 2025?',
    sql: perCustomer(`${of('returned')} >= 2`, year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers with exactly 5 cancelled orders, all time',
    sql: perCustomer(`${of('cancelled')} = 5`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers have at most one cancellation ever?',
    sql: perCustomer(`${of('cancelled')} <= 1`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers placed exactly 12 orders in 2025?',
    sql: perCustomer('count(*) = 12', year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'list the customers with more than 7 returns in 2025',
    sql: listed(`count(*) FILTER (WHERE o.status = 'returned') > 7`, oYear(2025)),
  },
  // --- the largest, smallest or average of the customer's amounts ---
  {
    class: 'counts-per-entity',
    ask: 'no. of customers whose largest single order in 2025 was below $900?',
    sql: perCustomer('max(amount) < 900', year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers whose smallest order ever was over $50 - how many?',
    sql: perCustomer('min(amount) > 50'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had an average order above $600 in 2024?',
    sql: perCustomer('avg(amount) > 600', year(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had a smallest 2025 order above $150 and a biggest one below $950?',
    sql: perCustomer('min(amount) > 150 AND max(amount) < 950', year(2025)),
  },
  // --- every or none of the customer's rows ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers never placed an order under $20?',
    sql: perCustomer('count(*) FILTER (WHERE amount < 20) = 0'),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers all of whose 2025 orders were completed - how many?',
    sql: perCustomer(`count(*) FILTER (WHERE status <> 'completed') = 0`, year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had every single order over $100 in 2025?',
    sql: perCustomer('min(amount) > 100', year(2025)),
  },
  // --- two kinds, or two periods, joined ---
  {
    class: 'counts-per-entity',
    ask: 'how many bought toys but never electronics in 2025?',
    sql: perCustomer(`${ofCategory('toys')} > 0 AND ${ofCategory('electronics')} = 0`, year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers who had a return in both 2023 and 2025 - how many?',
    sql: perCustomer(
      `${of('returned', 'year(created_at) = 2023')} > 0 AND ${of('returned', 'year(created_at) = 2025')} > 0`,
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers with at least 3 completed orders and no returns in 2024 - count them',
    sql: perCustomer(`${of('completed')} >= 3 AND ${of('returned')} = 0`, year(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers spent over 10k in 2025 but had no returns that year?',
    sql: perCustomer(`sum(amount) > 10000 AND ${of('returned')} = 0`, year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had more cancellations than returns in 2025?',
    sql: perCustomer(`${of('cancelled')} > ${of('returned')}`, year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers with at least 10 orders in 2024 and not a single cancellation that year: how many?',
    sql: perCustomer(`count(*) >= 10 AND ${of('cancelled')} = 0`, year(2024)),
  },
  // --- ranked by another measure among the customers that qualify ---
  {
    class: 'top-n',
    ask: 'which customers have the highest AOV in 2025 (min 10 orders)? top 5',
    ordered: true,
    sql: ranked('avg(o.amount)', 'count(*) >= 10', oYear(2025), 5),
  },
  {
    class: 'top-n',
    ask: 'top 3 customers by 2025 revenue among those with at least 25 orders that year',
    ordered: true,
    sql: ranked('sum(o.amount)', 'count(*) >= 25', oYear(2025), 3),
  },
  {
    class: 'top-n',
    ask: 'which 5 customers had the lowest average order value in 2024, counting only customers with 10+ orders?',
    ordered: true,
    sql: ranked('avg(o.amount)', 'count(*) >= 10', oYear(2024), 5, 'ASC'),
  },
  // --- under row-level security: a west analyst's own customers ---
  {
    class: 'counts-per-entity',
    ask: 'in my region, how many customers had more returns than cancellations?',
    user: WEST,
    sql: perCustomer(`${of('returned')} > ${of('cancelled')}`, west('')),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers had exactly one cancellation in 2025?',
    user: WEST,
    sql: perCustomer(`${of('cancelled')} = 1`, west(inYear(2025))),
  },
  {
    class: 'counts-per-entity',
    ask: 'my customers whose biggest order in 2024 was under $850: how many?',
    user: WEST,
    sql: perCustomer('max(amount) < 850', west(inYear(2024))),
  },
  {
    class: 'counts-per-entity',
    ask: 'in my region, customers who cancelled an order in both 2024 and 2025 - count',
    user: WEST,
    sql: perCustomer(
      `${of('cancelled', 'year(created_at) = 2024')} > 0 AND ${of('cancelled', 'year(created_at) = 2025')} > 0`,
      west(''),
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers bought furniture but never grocery in 2024?',
    user: WEST,
    sql: perCustomer(`${ofCategory('furniture')} > 0 AND ${ofCategory('grocery')} = 0`, west(inYear(2024))),
  },
  {
    class: 'top-n',
    ask: 'top 5 customers in my region by average order value in 2025, min 10 orders',
    user: WEST,
    ordered: true,
    sql: ranked('avg(o.amount)', 'count(*) >= 10', `${oYear(2025)} AND o.region = 'west'`, 5),
  },
  {
    class: 'counts-per-entity',
    ask: 'my customers with at least 2 returns and at least 2 cancellations in 2025 - how many?',
    user: WEST,
    sql: perCustomer(`${of('returned')} >= 2 AND ${of('cancelled')} >= 2`, west(inYear(2025))),
  },
  {
    class: 'counts-per-entity',
    ask: 'list my customers who had exactly 7 returns in 2025',
    user: WEST,
    sql: listed(`count(*) FILTER (WHERE o.status = 'returned') = 7`, `${oYear(2025)} AND o.region = 'west'`),
  },
  // --- threads ---
  {
    class: 'counts-per-entity',
    ask: ['how many customers had no cancellations in 2025?', 'and in 2024?'],
    sql: perCustomer(`${of('cancelled')} = 0`, year(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: ['how many customers bought toys but not electronics in 2024?', 'what about 2025?'],
    sql: perCustomer(`${ofCategory('toys')} > 0 AND ${ofCategory('electronics')} = 0`, year(2025)),
  },
  // --- not in the data, or not read whole: refused ---
  {
    class: 'out-of-scope',
    ask: 'how many customers never left a bad review?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'customers whose orders were all delivered on time in 2025 - how many?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many customers had more support tickets than orders in 2025?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many customers never used a discount code?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many customers returned the same product twice?',
    refuse: true,
  },
];
