/**
 * Twenty-seventh tuning batch (issue 29), for signup cohorts and first-order cohorts the planner still refused or
 * misread: outcomes compared per signup half-year or quarter (the share who ordered in a month, the average lifetime
 * spend, the count), average lifetime orders per signup period counting the signups with no order, days from signup
 * to first order per signup period, a signup cohort's orders or revenue broken down by the orders' year or quarter,
 * first-order cohorts and their later activity, a first order's amount or status as the condition, and retention
 * from one month or quarter to the next. Some under row-level security (an analyst kept to the west region), and
 * three that must still be refused (an acquisition channel, logins, emails the model has not). Written on 2026-11-29
 * BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 6755ab7): 20 of 36 right (1 confident wrong: "the first half of 2022 compared with ... the second half"
 * read the second half as the orders' H2 2022, with no value), in the eval CLI. After: 32 of 36, none wrong, in the
 * eval CLI and on the test sample (cohort-each.ts, cohort-breakdowns.ts: the share of each signup period;
 * days-to-first.ts: per signup period of a year, two signup periods set against each other; understand.ts: a signup
 * cohort by its orders' year; cohort-reader.ts: a first order's amount, a signup cohort narrowed by its first order,
 * a yearless half). Still refused: average lifetime orders per signup period counting those with no order (the
 * cohort's members are the customers with an order; counting the others needs the customers table beside).
 *
 * Clock: 2026-03-24 (a Tuesday), after the data ends (orders 2023-01-01 to 2025-12-31; 20,000 customers who all
 * signed up in 2022, each order in its customer's region). A percentage or an average is to 0.05. References are
 * written on the raw tables, each checked against a second query written independently.
 */
import { between, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_COHORTS_NOW = '2026-03-24T09:00:00Z';

const WEST_ONLY = "c.region = 'west'";
/** The orders of [from, to) as a join condition on `o`. */
const during = (from: string, to: string) => between(from, to, 'o.created_at');
/**
 * Every customer `where` keeps with their signup (s), first order's date (f), amount (fa) and status (fs), and
 * their order count (n) and spend (v) over the orders `window` keeps (0 when none).
 */
const people = (window = 'TRUE', where = 'TRUE') =>
  `(SELECT c.id, c.created_at AS s, fo.created_at AS f, fo.amount AS fa, fo.status AS fs,
      count(o.id) AS n, coalesce(sum(o.amount), 0) AS v
    FROM customers c
    LEFT JOIN (SELECT customer_id, created_at, amount, status,
                 row_number() OVER (PARTITION BY customer_id ORDER BY created_at, id) AS k FROM orders) fo
      ON fo.customer_id = c.id AND fo.k = 1
    LEFT JOIN orders o ON o.customer_id = c.id AND ${window}
    WHERE ${where} GROUP BY 1, 2, 3, 4, 5)`;
/** Per cohort key `key` (over s, f), the figures of the people of `window` (and `where`), the key first. */
const perKey = (key: string, figures: string, window = 'TRUE', where = 'TRUE', keep = 'TRUE') =>
  `SELECT ${key} AS cohort, ${figures} FROM ${people(window, where)} WHERE ${keep} GROUP BY 1 ORDER BY 1`;
/** Per signup half of 2022 (H1 first), the figures only (a half has no date label to state). */
const perHalf = (figures: string, window = 'TRUE', where = 'TRUE') =>
  `SELECT * EXCLUDE (h) FROM (SELECT month(s) > 6 AS h, ${figures} FROM ${people(window, where)} GROUP BY 1) ORDER BY h`;
/** The figures of one cohort (`keep` over s, f, fa, fs). */
const ofCohort = (keep: string, figures: string, window = 'TRUE', where = 'TRUE') =>
  `SELECT ${figures} FROM ${people(window, where)} WHERE ${keep}`;
const signedUp = (from: string, to: string) => between(from, to, 's');
const firstIn = (from: string, to: string) => between(from, to, 'f');
const SHARE = '100.0 * count(*) FILTER (WHERE n > 0) / count(*)';
const DAYS = 'avg((epoch(f) - epoch(s)) / 86400.0)';
const MEDIAN_DAYS = 'median((epoch(f) - epoch(s)) / 86400.0)';
const CLOSE = { check: 'answer' as const, tolerance: 0.05 };
/** The orders of customers who signed up in [from, to), per `by` over the order's date, `figure` of them. */
const cohortOrdersBy = (
  from: string,
  to: string,
  by: string,
  figure: string,
  where = 'TRUE',
  keep = 'TRUE',
) =>
  `SELECT ${by} AS period, ${figure} FROM orders o JOIN customers c ON c.id = o.customer_id
   WHERE ${between(from, to, 'c.created_at')} AND ${where} AND ${keep} GROUP BY 1 ORDER BY 1`;
/** Customers with an order in [a, b) and one in [c, d): the count, or (with `percent`) also their % of the first. */
const both = (a: string, b: string, c: string, d: string, percent = false, where = 'TRUE') =>
  `WITH x AS (SELECT o.customer_id, count(*) FILTER (WHERE ${during(a, b)}) > 0 AS one,
       count(*) FILTER (WHERE ${during(c, d)}) > 0 AS two
     FROM orders o JOIN customers c ON c.id = o.customer_id WHERE ${where} GROUP BY 1)
   SELECT count(*) FILTER (WHERE one AND two)${percent ? ', 100.0 * count(*) FILTER (WHERE one AND two) / count(*) FILTER (WHERE one)' : ''} FROM x`;

export const tuning27cohorts: (SecondOrderCase & Tuning6Case)[] = [
  // --- outcomes compared per signup half-year or quarter ---
  {
    class: 'signup-halves',
    ask: 'H1 2022 signups vs H2 2022 signups: what percentage of each ordered in March 2025?',
    ...CLOSE,
    sql: perHalf(SHARE, during('2025-03-01', '2025-04-01')),
  },
  {
    class: 'signup-halves',
    ask: 'average lifetime spend per customer: people who joined in the first half of 2022 compared with those who joined in the second half',
    ...CLOSE,
    sql: perHalf('avg(v)'),
  },
  {
    class: 'signup-halves',
    ask: 'for each half of 2022, how many customers signed up, and what share of them placed at least one order in December 2025?',
    ...CLOSE,
    sql: perHalf(`count(*), ${SHARE}`, during('2025-12-01', '2026-01-01')),
  },
  {
    class: 'signup-halves',
    ask: 'share of each 2022 signup quarter that bought something in November 2025',
    ...CLOSE,
    sql: perKey("date_trunc('quarter', s)", SHARE, during('2025-11-01', '2025-12-01')),
  },
  {
    class: 'signup-halves',
    ask: 'Q2 2022 signups vs Q3 2022 signups — average 2024 spend per customer',
    ...CLOSE,
    sql: perKey(
      "date_trunc('quarter', s)",
      'avg(v)',
      during('2024-01-01', '2025-01-01'),
      'TRUE',
      signedUp('2022-04-01', '2022-10-01'),
    ),
  },
  {
    class: 'signup-halves',
    ask: 'my customers who joined in H1 2022 vs H2 2022: how many of each ordered in Q4 2025?',
    user: WEST,
    sql: perHalf('count(*) FILTER (WHERE n > 0)', during('2025-10-01', '2026-01-01'), WEST_ONLY),
  },
  {
    class: 'signup-halves',
    ask: 'total lifetime revenue of the second-half 2022 signups versus the first-half ones',
    ...CLOSE,
    sql: perHalf('sum(v)'),
  },
  // --- average lifetime orders per signup period, the signups with no order counted ---
  {
    class: 'zero-orders-counted',
    ask: 'average number of lifetime orders per customer for each 2022 signup month, counting customers with no orders as zero',
    ...CLOSE,
    sql: perKey("date_trunc('month', s)", 'avg(n)'),
  },
  {
    class: 'zero-orders-counted',
    ask: 'per signup quarter, mean orders per signed-up customer (include people who never ordered)',
    ...CLOSE,
    sql: perKey("date_trunc('quarter', s)", 'avg(n)'),
  },
  {
    class: 'zero-orders-counted',
    ask: 'in my region, avg lifetime order count per customer by signup month - people with zero orders count too',
    user: WEST,
    ...CLOSE,
    sql: perKey("date_trunc('month', s)", 'avg(n)', 'TRUE', WEST_ONLY),
  },
  {
    class: 'zero-orders-counted',
    ask: 'average lifetime orders per customer for the Q3 2022 signups, counting those who never ordered',
    ...CLOSE,
    sql: ofCohort(signedUp('2022-07-01', '2022-10-01'), 'avg(n)'),
  },
  // --- days from signup to first order per signup period ---
  {
    class: 'days-to-first',
    ask: 'average days between signup and first order for each signup quarter of 2022',
    ...CLOSE,
    sql: perKey("date_trunc('quarter', s)", DAYS, 'TRUE', 'TRUE', 'f IS NOT NULL'),
  },
  {
    class: 'days-to-first',
    ask: 'median days from joining to first purchase, per signup month',
    ...CLOSE,
    sql: perKey("date_trunc('month', s)", MEDIAN_DAYS, 'TRUE', 'TRUE', 'f IS NOT NULL'),
  },
  {
    class: 'days-to-first',
    ask: 'for people who signed up in H2 2022, how many days on average did it take them to place their first order?',
    ...CLOSE,
    sql: ofCohort(`${signedUp('2022-07-01', '2023-01-01')} AND f IS NOT NULL`, DAYS),
  },
  {
    class: 'days-to-first',
    ask: 'H1 vs H2 2022 signups: mean days from signup to first order',
    ...CLOSE,
    sql: perHalf(DAYS),
  },
  {
    class: 'days-to-first',
    ask: 'my customers: average days from signup to first order by signup quarter',
    user: WEST,
    ...CLOSE,
    sql: perKey("date_trunc('quarter', s)", DAYS, 'TRUE', WEST_ONLY, 'f IS NOT NULL'),
  },
  // --- a signup cohort's orders by the orders' year or quarter ---
  {
    class: 'cohort-by-order-period',
    ask: 'customers who signed up in Q2 2022: revenue in each year from 2023 to 2025',
    sql: cohortOrdersBy('2022-04-01', '2022-07-01', "date_trunc('year', o.created_at)", 'sum(o.amount)'),
  },
  {
    class: 'cohort-by-order-period',
    ask: 'number of orders per year placed by the March 2022 signups',
    sql: cohortOrdersBy('2022-03-01', '2022-04-01', "date_trunc('year', o.created_at)", 'count(*)'),
  },
  {
    class: 'cohort-by-order-period',
    ask: 'the H2 2022 signup cohort: order count broken down by order year',
    sql: cohortOrdersBy('2022-07-01', '2023-01-01', "date_trunc('year', o.created_at)", 'count(*)'),
  },
  {
    class: 'cohort-by-order-period',
    ask: 'quarterly revenue in 2025 from customers who joined in Q1 2022',
    sql: cohortOrdersBy(
      '2022-01-01',
      '2022-04-01',
      "date_trunc('quarter', o.created_at)",
      'sum(o.amount)',
      'TRUE',
      during('2025-01-01', '2026-01-01'),
    ),
  },
  {
    class: 'cohort-by-order-period',
    ask: 'my Q4 2022 signups: revenue by order year',
    user: WEST,
    sql: cohortOrdersBy(
      '2022-10-01',
      '2023-01-01',
      "date_trunc('year', o.created_at)",
      'sum(o.amount)',
      WEST_ONLY,
    ),
  },
  // --- first-order cohorts and the first order as the condition ---
  {
    class: 'first-order-cohorts',
    ask: 'customers whose first order was in Q2 2023: how much did they spend in 2024 in total?',
    sql: ofCohort(firstIn('2023-04-01', '2023-07-01'), 'sum(v)', during('2024-01-01', '2025-01-01')),
  },
  {
    class: 'first-order-cohorts',
    ask: 'of the customers who made their first purchase in February 2023, how many ordered in December 2025?',
    sql: ofCohort(
      firstIn('2023-02-01', '2023-03-01'),
      'count(*) FILTER (WHERE n > 0)',
      during('2025-12-01', '2026-01-01'),
    ),
  },
  {
    class: 'first-order-cohorts',
    ask: 'how many customers had a first order over $500?',
    sql: ofCohort('fa > 500', 'count(*)'),
  },
  {
    class: 'first-order-cohorts',
    ask: 'customers whose first order was cancelled: average lifetime spend per customer',
    ...CLOSE,
    sql: ofCohort("fs = 'cancelled'", 'avg(v)'),
  },
  {
    class: 'first-order-cohorts',
    ask: 'what did the customers whose first order was returned spend in 2025?',
    sql: ofCohort("fs = 'returned'", 'sum(v)', during('2025-01-01', '2026-01-01')),
  },
  {
    class: 'first-order-cohorts',
    ask: 'of customers whose first purchase was under $100, what % ordered in December 2025?',
    ...CLOSE,
    sql: ofCohort('fa < 100', SHARE, during('2025-12-01', '2026-01-01')),
  },
  {
    class: 'first-order-cohorts',
    ask: 'first-order month cohorts of 2023: average 2025 spend per customer in each',
    ...CLOSE,
    sql: perKey("date_trunc('month', f)", 'avg(v)', during('2025-01-01', '2026-01-01')),
  },
  {
    class: 'first-order-cohorts',
    ask: 'signed up in Q1 2022 and first order over $300: how many customers?',
    sql: ofCohort(`${signedUp('2022-01-01', '2022-04-01')} AND fa > 300`, 'count(*)'),
  },
  // --- retention from one period to the next ---
  {
    class: 'retention',
    ask: 'how many customers ordered in both November 2025 and December 2025?',
    sql: both('2025-11-01', '2025-12-01', '2025-12-01', '2026-01-01'),
  },
  {
    class: 'retention',
    ask: 'of the customers who ordered in Q3 2025, what % also ordered in Q4 2025?',
    check: 'answer',
    tolerance: 0.05,
    sql: `SELECT p FROM (${both('2025-07-01', '2025-10-01', '2025-10-01', '2026-01-01', true)}) AS r(k, p)`,
  },
  {
    class: 'retention',
    ask: 'retention from October 2024 to November 2024: how many October buyers came back in November, and what percent is that?',
    ...CLOSE,
    sql: both('2024-10-01', '2024-11-01', '2024-11-01', '2024-12-01', true),
  },
  {
    class: 'retention',
    ask: 'my customers who ordered in both January 2025 and February 2025 — how many?',
    user: WEST,
    sql: both('2025-01-01', '2025-02-01', '2025-02-01', '2025-03-01', false, WEST_ONLY),
  },
  // --- what the data cannot answer ---
  {
    class: 'refused',
    ask: 'which acquisition channel brought the signups with the highest lifetime spend?',
    refuse: true,
  },
  { class: 'refused', ask: 'average days from signup to first login per signup month', refuse: true },
  { class: 'refused', ask: 'of the H1 2022 signups, how many opened the welcome email?', refuse: true },
];
