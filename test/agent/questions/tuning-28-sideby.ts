/**
 * Twenty-eighth tuning batch (issue 29): comparisons side by side. Two named groups' changes between two periods
 * next to each other (each as a %), two cohorts side by side (customers whose first order was large against the
 * rest, signup halves), a cohort or group against "everyone else", one week against the week before, a month or a
 * quarter against the same one a year before where the clock decides the years, every year's fourth quarter or
 * December taken together, and "last year against the year before" under row-level security; a few that must
 * stay refused (a profit, a channel, a holiday the model has not). Written on 2026-11-29 BEFORE the planner change
 * it tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 2ddd4c6): 17 of 35 right (5 confident wrong: "north and south revenue change" summed the two regions
 * into one change, as did "electronics and furniture side by side"; "compare that with the previous week" after a
 * dated week read as the week before the clock; "across all Q4s" read as Q4 2026; "the Black Friday week" answered
 * without the holiday), in the eval CLI. That last case was wrong in the set, not in the planner: it knows Black
 * Friday 2024 and its week, and answered right; it is now a case with a reference, and "the week of our spring sale"
 * (a promotion the model has not) the refusal in its place (36 cases).
 * After: 34 of 36, none wrong, in the eval CLI and on the TEST sample (each-value-change.ts, rest-split.ts,
 * calendar-parts.ts, previous-pointers.ts previousPeriodSaid, follow-up.ts nextPeriod, phrases.ts "the week
 * starting", cohort-reader.ts and cohort-versus.ts). Still refused: a cohort's "average lifetime orders" against
 * everybody else (the figure is not read), customers with more than 60 orders against the others (no value of a
 * dimension and no cohort of a date or a first order).
 *
 * Clock: Wednesday 2027-07-21, after the data ends (orders 2023-01-01 to 2025-12-31; 20,000 customers who all
 * signed up in 2022, each order in its customer's region); a case that needs "this year" sets its own clock inside
 * the data. "% change" is (new / old - 1) * 100. References are written on the raw tables, each checked against a
 * second query written independently.
 */
import { growth, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_28_SIDEBY_NOW = '2027-07-21T09:00:00Z';

const JOINED = 'orders o JOIN customers c ON c.id = o.customer_id';
const CLOSE = { check: 'answer' as const, tolerance: 0.05 };
/** `figure` of the orders `where` keeps, as `f`, in [from, to) of o.created_at. */
const span = (from: string, to: string) => `o.created_at >= '${from}' AND o.created_at < '${to}'`;
/** Per group `by`, the figure in year a, in year b, and the % change, for the groups `keep`. */
const groupGrowth = (
  by: string,
  keep: string,
  figure: string,
  a: number,
  b: number,
  shown: 'percent' | 'all',
) => {
  const va = `${figure} FILTER (WHERE ${inYear(a, 'o.created_at')})`;
  const vb = `${figure} FILTER (WHERE ${inYear(b, 'o.created_at')})`;
  const columns = shown === 'percent' ? growth(vb, va) : `${va}, ${vb}, ${vb} - ${va}, ${growth(vb, va)}`;
  return `SELECT ${by}, ${columns} FROM ${JOINED} WHERE ${keep} GROUP BY 1`;
};
/** Two figures of [a1, a2) and [b1, b2) with the change (difference and %), as one row. */
const twoSpans = (figure: string, a1: string, a2: string, b1: string, b2: string, where = 'TRUE') => {
  const va = `${figure} FILTER (WHERE ${span(a1, a2)})`;
  const vb = `${figure} FILTER (WHERE ${span(b1, b2)})`;
  return `SELECT ${va}, ${vb}, ${vb} - ${va}, ${growth(vb, va)} FROM ${JOINED} WHERE ${where}`;
};
/** Each customer with their first order's amount (fa). */
const FIRST =
  '(SELECT customer_id, arg_min(amount, created_at) AS fa, min(created_at) AS f FROM orders GROUP BY 1)';
/** `figure` per customer-level cohort `inside` (over the join of c and first orders f), inside first. */
const cohortVsRest = (inside: string, figure: string, window = 'TRUE') =>
  `SELECT ${figure} FROM ${JOINED} JOIN ${FIRST} f ON f.customer_id = c.id
   WHERE ${window} GROUP BY ${inside} ORDER BY ${inside} DESC`;
const AVG_ORDERS = 'count(o.id) * 1.0 / count(DISTINCT c.id)';
const SPEND_EACH = 'sum(o.amount) / count(DISTINCT c.id)';

export const tuning28sideby: (SecondOrderCase & Tuning6Case)[] = [
  // --- two named groups' changes side by side ---
  {
    class: 'groups-growth',
    ask: 'growth of enterprise vs small business revenue from 2023 to 2025, each as a %',
    sql: groupGrowth(
      'c.segment',
      "c.segment IN ('enterprise', 'small business')",
      'sum(o.amount)',
      2023,
      2025,
      'percent',
    ),
  },
  {
    class: 'groups-growth',
    ask: 'how did north and south revenue change from 2024 to 2025?',
    sql: groupGrowth('o.region', "o.region IN ('north', 'south')", 'sum(o.amount)', 2024, 2025, 'all'),
  },
  {
    class: 'groups-growth',
    ask: 'order count growth from 2024 to 2025 for east versus west, in percent',
    sql: groupGrowth('o.region', "o.region IN ('east', 'west')", 'count(*)', 2024, 2025, 'percent'),
  },
  {
    class: 'groups-growth',
    ask: 'put electronics and furniture side by side: % change in revenue 2023 to 2024',
    sql: groupGrowth(
      'o.category',
      "o.category IN ('electronics', 'furniture')",
      'sum(o.amount)',
      2023,
      2024,
      'percent',
    ),
  },
  {
    class: 'groups-growth',
    ask: 'consumer vs enterprise customers: how much did their number of orders change between 2023 and 2025, in % each',
    sql: groupGrowth(
      'c.segment',
      "c.segment IN ('consumer', 'enterprise')",
      'count(*)',
      2023,
      2025,
      'percent',
    ),
  },
  {
    class: 'groups-growth',
    user: WEST,
    ask: 'toys against grocery: revenue change 2024 to 2025 as a percentage',
    sql: groupGrowth(
      'o.category',
      "o.category IN ('toys', 'grocery') AND c.region = 'west'",
      'sum(o.amount)',
      2024,
      2025,
      'percent',
    ),
  },
  // --- two cohorts side by side ---
  {
    class: 'cohorts',
    ask: 'customers whose first order was over $900 vs the rest: average number of orders in 2025 each',
    sql: cohortVsRest('f.fa > 900', AVG_ORDERS, inYear(2025, 'o.created_at')),
    ...CLOSE,
  },
  {
    class: 'cohorts',
    ask: 'compare customers with a first order above $800 and all other customers on average 2025 spend per customer',
    sql: cohortVsRest('f.fa > 800', SPEND_EACH, inYear(2025, 'o.created_at')),
    ...CLOSE,
  },
  {
    class: 'cohorts',
    ask: 'lifetime revenue per customer: customers who signed up in H1 2022 next to those who signed up in H2 2022',
    sql: `SELECT ${SPEND_EACH} FROM ${JOINED} GROUP BY month(c.created_at) <= 6 ORDER BY month(c.created_at) <= 6 DESC`,
    ...CLOSE,
  },
  {
    class: 'cohorts',
    ask: 'people whose first purchase was under $50 versus everybody else - average lifetime orders',
    sql: cohortVsRest('f.fa < 50', AVG_ORDERS),
    ...CLOSE,
  },
  // --- a group or cohort against everyone else ---
  {
    class: 'rest',
    ask: 'enterprise customers vs everyone else: total 2025 revenue',
    sql: `SELECT sum(o.amount) FILTER (WHERE c.segment = 'enterprise'), sum(o.amount) FILTER (WHERE c.segment <> 'enterprise')
          FROM ${JOINED} WHERE ${inYear(2025, 'o.created_at')}`,
    ...CLOSE,
  },
  {
    class: 'rest',
    ask: 'average order value of west customers compared with all other customers',
    sql: `SELECT avg(o.amount) FILTER (WHERE c.region = 'west'), avg(o.amount) FILTER (WHERE c.region <> 'west') FROM ${JOINED}`,
    ...CLOSE,
  },
  {
    class: 'rest',
    ask: 'electronics vs all other categories: number of orders in 2024',
    sql: `SELECT count(*) FILTER (WHERE category = 'electronics'), count(*) FILTER (WHERE category <> 'electronics')
          FROM orders WHERE ${inYear(2024)}`,
    ...CLOSE,
  },
  {
    class: 'rest',
    ask: 'customers with more than 60 orders against all the other customers: average order amount',
    sql: `WITH n AS (SELECT customer_id, count(*) > 60 AS big FROM orders GROUP BY 1)
          SELECT avg(amount) FILTER (WHERE big), avg(amount) FILTER (WHERE NOT big) FROM orders JOIN n USING (customer_id)`,
    ...CLOSE,
  },
  {
    class: 'rest',
    ask: ['revenue from small business customers in 2024', 'and from everyone else?'],
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE c.segment <> 'small business' AND ${inYear(2024, 'o.created_at')}`,
  },
  {
    class: 'rest',
    ask: 'returned orders: north region vs the other regions combined, 2025',
    sql: `SELECT count(*) FILTER (WHERE region = 'north'), count(*) FILTER (WHERE region <> 'north')
          FROM orders WHERE status = 'returned' AND ${inYear(2025)}`,
    ...CLOSE,
  },
  // --- a week against the week before ---
  {
    class: 'weeks',
    ask: 'revenue in the week of March 10, 2025 against the week before, with the change',
    sql: twoSpans('sum(o.amount)', '2025-03-03', '2025-03-10', '2025-03-10', '2025-03-17'),
    ...CLOSE,
  },
  {
    class: 'weeks',
    ask: ['how many orders in the week starting June 2, 2025?', 'compare that with the previous week'],
    sql: twoSpans('count(*)', '2025-05-26', '2025-06-02', '2025-06-02', '2025-06-09'),
    ...CLOSE,
  },
  {
    class: 'weeks',
    ask: 'last week vs the week before: orders and % change',
    now: '2025-10-15T09:00:00Z',
    sql: twoSpans('count(*)', '2025-09-29', '2025-10-06', '2025-10-06', '2025-10-13'),
    ...CLOSE,
  },
  {
    class: 'weeks',
    ask: 'revenue in the Black Friday week of 2024 vs the week before',
    sql: twoSpans('sum(o.amount)', '2024-11-18', '2024-11-25', '2024-11-25', '2024-12-02'),
    ...CLOSE,
  },
  // --- a month or quarter against the same one a year before, the clock deciding ---
  {
    class: 'same-last-year',
    ask: 'May this year against May last year: revenue and the change',
    now: '2025-07-21T09:00:00Z',
    sql: twoSpans('sum(o.amount)', '2024-05-01', '2024-06-01', '2025-05-01', '2025-06-01'),
    ...CLOSE,
  },
  {
    class: 'same-last-year',
    ask: 'how did orders in Q2 compare with the same quarter last year?',
    now: '2025-07-21T09:00:00Z',
    sql: twoSpans('count(*)', '2024-04-01', '2024-07-01', '2025-04-01', '2025-07-01'),
    ...CLOSE,
  },
  {
    class: 'same-last-year',
    ask: 'last month vs the same month a year earlier, revenue',
    now: '2025-07-21T09:00:00Z',
    sql: twoSpans('sum(o.amount)', '2024-06-01', '2024-07-01', '2025-06-01', '2025-07-01'),
    ...CLOSE,
  },
  {
    class: 'same-last-year',
    user: WEST,
    ask: 'my region: March this year compared to March last year, number of orders',
    now: '2025-07-21T09:00:00Z',
    sql: twoSpans('count(*)', '2024-03-01', '2024-04-01', '2025-03-01', '2025-04-01', "c.region = 'west'"),
    ...CLOSE,
  },
  // --- every year's Q4 or December together ---
  {
    class: 'any-q4',
    ask: 'total revenue in Q4 of any year',
    sql: 'SELECT sum(amount) FROM orders WHERE quarter(created_at) = 4',
  },
  {
    class: 'any-q4',
    ask: 'average order value in fourth quarters',
    sql: 'SELECT avg(amount) FROM orders WHERE quarter(created_at) = 4',
    ...CLOSE,
  },
  {
    class: 'any-q4',
    ask: 'how many orders were placed in every December combined?',
    sql: 'SELECT count(*) FROM orders WHERE month(created_at) = 12',
  },
  {
    class: 'any-q4',
    ask: 'fourth quarters vs all other quarters: revenue',
    sql: 'SELECT sum(amount) FILTER (WHERE quarter(created_at) = 4), sum(amount) FILTER (WHERE quarter(created_at) <> 4) FROM orders',
    ...CLOSE,
  },
  {
    class: 'any-q4',
    ask: 'December revenue for each year',
    sql: 'SELECT year(created_at), sum(amount) FROM orders WHERE month(created_at) = 12 GROUP BY 1',
  },
  {
    class: 'any-q4',
    user: WEST,
    ask: 'number of returned orders across all Q4s',
    sql: `SELECT count(*) FROM ${JOINED} WHERE o.status = 'returned' AND quarter(o.created_at) = 4 AND c.region = 'west'`,
  },
  // --- this year vs last year under row-level security ---
  {
    class: 'years-rls',
    user: WEST,
    ask: 'last year vs the year before: revenue, with the % change',
    now: '2026-03-02T09:00:00Z',
    sql: twoSpans(
      'sum(o.amount)',
      '2024-01-01',
      '2025-01-01',
      '2025-01-01',
      '2026-01-01',
      "c.region = 'west'",
    ),
    ...CLOSE,
  },
  {
    class: 'years-rls',
    user: WEST,
    ask: 'orders this year vs last year',
    now: '2025-12-31T23:59:59Z',
    sql: twoSpans('count(*)', '2024-01-01', '2025-01-01', '2025-01-01', '2026-01-01', "c.region = 'west'"),
    ...CLOSE,
  },
  // --- refused: what the model has not, or what is not fully understood ---
  {
    class: 'refuse',
    ask: 'profit growth of enterprise vs small business from 2023 to 2025',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'customers acquired through paid ads vs everyone else: average lifetime spend',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'revenue in the week of our spring sale vs the week before',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'average order value of customers who used a coupon on their first order vs the rest',
    refuse: true,
  },
];
