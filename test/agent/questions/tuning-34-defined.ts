/**
 * Thirty-fourth tuning batch (issue 29), defined: terms the ASKER defines inside the question and then asks about
 * ("call X ... if ...", "X is/means ...", "by X I mean ...", "let's say X = ..."): a kind of customer by order counts
 * or spend in each of several years, counted per group; a kind of customer by a change between two years of their own
 * figure (a percent drop or rise, fewer or more orders); a figure made of two others (the average order minus the
 * median); a rate of counts (completed, cancelled or returned orders over all orders) per year or per group; the
 * single day (or month) with the most orders or revenue and its figure; periods or groups above an average the asker
 * names; a definition made in a first message and used in a follow-up; and definitions that name data the model has
 * not (refused). Some under row-level security. Written on 2026-11-30 BEFORE the planner change it tunes, in fresh
 * wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 57e6c266): 12 of 37 right on 1M and on the TEST sample (8 of 33 defined terms, the 4 refusals), none
 * confidently wrong, 24 wrong refusals and one partly right (a rate of two statuses per segment).
 * After (wt/defined34): 33 of 37 on 1M and TEST, none wrong (see planner-tuning-6.test.ts). Still refused (wrong
 * refusals, not wrong figures): the largest order minus the average one, a category above the overall average order
 * value, a kind of customer whose name holds its year ("active in 2024 ... that year"), and a customer with no
 * cancelled order but at least one order in a year.
 *
 * Clock: Wednesday 2027-09-22, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in
 * 2022, each order in its customer's region). Revenue (spend) is the sum of order amounts over every status unless a
 * status is named; an order count is over every status. A customer with no order in a year spent 0 (and placed 0
 * orders) that year. Days and months are calendar days and months of the order time (UTC). Percentages are percent.
 * References are written on the raw tables, each checked on both samples; no ranked cut falls inside a tie on either
 * sample.
 */
import { analyst, inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_34_DEFINED_NOW = '2027-09-22T09:40:00Z';

const PCT = { tolerance: 0.05 };
const AVG = { tolerance: 0.01 };
const ANSWER = { check: 'answer' as const };
const and = (where: string) => (where ? ` AND ${where}` : '');
const JOINED = 'orders o JOIN customers c ON c.id = o.customer_id';

/** Customers whose per-year `figure` (over `o.`) passes `test` in every one of `years`, counted per c.`by`. */
const everyYear = (years: number[], figure: string, test: string, by = '', where = '') =>
  `SELECT ${by ? `${by}, ` : ''}count(*) FROM (SELECT c.id, c.${by || 'id'} AS ${by || 'k'}, ${years
    .map((y) => `coalesce(${figure} FILTER (WHERE year(o.created_at) = ${y}), 0) AS y${y}`)
    .join(', ')} FROM ${JOINED} WHERE TRUE${and(where)} GROUP BY 1, 2)
    WHERE ${years.map((y) => `y${y} ${test}`).join(' AND ')}${by ? ' GROUP BY 1' : ''}`;
/** Customers whose `figure` in `to` compared with `from` passes `test` (a and b are the two years' figures). */
const changed = (from: number, to: number, figure: string, test: string, by = '', where = '') =>
  `SELECT ${by ? `${by}, ` : ''}count(*) FROM (SELECT c.id, c.${by || 'id'} AS ${by || 'k'},
    coalesce(${figure} FILTER (WHERE year(o.created_at) = ${from}), 0) AS a,
    coalesce(${figure} FILTER (WHERE year(o.created_at) = ${to}), 0) AS b FROM ${JOINED} WHERE TRUE${and(where)} GROUP BY 1, 2)
    WHERE ${test}${by ? ' GROUP BY 1' : ''}`;
/** The share (percent) of orders of `statuses` among all orders, per `by` when given. */
const statusRate = (statuses: string[], where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}100.0 * count(*) FILTER (WHERE status IN (${statuses.map((s) => `'${s}'`).join(', ')})) / count(*)
    FROM orders WHERE ${where}${by ? ' GROUP BY 1' : ''}`;
/** The average order amount minus the median, per `by` when given. */
const skew = (where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}avg(amount::DOUBLE) - median(amount::DOUBLE) FROM orders WHERE ${where}${by ? ' GROUP BY 1' : ''}`;
/** The day of `year` with the highest (or lowest) `figure`, with that figure. */
const topDay = (year: number, figure: string, where = '', dir = 'DESC') =>
  `SELECT CAST(created_at AS DATE) AS d, ${figure} AS v FROM orders WHERE ${inYear(year)}${and(where)} GROUP BY 1 ORDER BY 2 ${dir} LIMIT 1`;

export const tuning34defined: (SecondOrderCase & Tuning6Case)[] = [
  // --- a kind of customer by order counts or spend in each of several years, counted ---
  {
    class: 'unknown-words',
    ask: 'Call a customer steady if they placed at least 15 orders in each of 2023, 2024 and 2025. How many steady customers does each region have?',
    sql: everyYear([2023, 2024, 2025], 'count(*)', '>= 15', 'region'),
  },
  {
    class: 'unknown-words',
    ask: 'A regular is anyone with 20 or more orders in both 2024 and 2025. How many regulars do we have?',
    ...ANSWER,
    sql: everyYear([2024, 2025], 'count(*)', '>= 20'),
  },
  {
    class: 'unknown-words',
    ask: "I'd call a customer consistent when they ordered at least 12 times in every year from 2023 to 2025. How many consistent customers do I have?",
    user: analyst('west'),
    ...ANSWER,
    sql: everyYear([2023, 2024, 2025], 'count(*)', '>= 12', '', "o.region = 'west'"),
  },
  {
    class: 'unknown-words',
    ask: "Let's say a heavy spender is a customer who spent at least $10,000 in each of 2024 and 2025. How many heavy spenders are in each segment?",
    sql: everyYear([2024, 2025], 'sum(o.amount)', '>= 10000', 'segment'),
  },
  {
    class: 'unknown-words',
    ask: 'VIP = a customer whose spend was $8,000 or more in every year 2023 through 2025. VIP count by region?',
    sql: everyYear([2023, 2024, 2025], 'sum(o.amount)', '>= 8000', 'region'),
  },
  {
    class: 'unknown-words',
    ask: 'How many customers per segment are light users, where a light user placed fewer than 10 orders in 2025?',
    sql: everyYear([2025], 'count(*)', '< 10', 'segment'),
  },
  // --- a kind of customer by a change of their own figure between two years ---
  {
    class: 'unknown-words',
    ask: 'We say an account is slipping when its 2025 revenue is down 25% or more versus its 2023 revenue. How many slipping accounts does each segment have?',
    sql: changed(2023, 2025, 'sum(o.amount)', 'a > 0 AND b <= 0.75 * a', 'segment'),
  },
  {
    class: 'unknown-words',
    ask: 'growers = customers who placed more orders in 2024 than in 2023. how many growers per region?',
    sql: changed(2023, 2024, 'count(*)', 'b > a', 'region'),
  },
  {
    class: 'unknown-words',
    ask: 'A customer is heating up if they spent at least 30% more in 2025 than in 2024. How many customers are heating up?',
    ...ANSWER,
    sql: changed(2024, 2025, 'sum(o.amount)', 'a > 0 AND b >= 1.3 * a'),
  },
  {
    class: 'unknown-words',
    ask: 'call a customer fading if they placed fewer orders in 2025 than in 2023. how many of my customers are fading?',
    user: analyst('north'),
    ...ANSWER,
    sql: changed(2023, 2025, 'count(*)', 'b < a', '', "o.region = 'north'"),
  },
  {
    class: 'unknown-words',
    ask: 'By a decliner I mean a customer whose 2024 spend was lower than their 2023 spend. How many decliners are there in each segment?',
    sql: changed(2023, 2024, 'sum(o.amount)', 'b < a', 'segment'),
  },
  // --- a figure made of two others ---
  {
    class: 'unknown-words',
    ask: 'The skew gap is the average order value minus the median order value. Which region had the biggest skew gap in 2024?',
    ...ANSWER,
    sql: `${skew(inYear(2024), 'region')} ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: "Define spread as mean order amount minus median order amount. What's the spread for each category in 2025?",
    ...AVG,
    sql: skew(inYear(2025), 'category'),
  },
  {
    class: 'unknown-words',
    ask: 'my skew gap = average order value minus median order value. what was it in 2023?',
    user: analyst('south'),
    ...AVG,
    ...ANSWER,
    sql: skew(`region = 'south' AND ${inYear(2023)}`),
  },
  {
    class: 'unknown-words',
    ask: 'Order headroom is the largest order amount minus the average order amount. What was the order headroom per region in 2025?',
    ...AVG,
    sql: `SELECT region, max(amount::DOUBLE) - avg(amount::DOUBLE) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  // --- a rate of counts ---
  {
    class: 'unknown-words',
    ask: "Let's define fulfilment rate as completed orders divided by total orders. What was the fulfilment rate in each year?",
    ...PCT,
    sql: statusRate(['completed'], 'TRUE', 'year(created_at)'),
  },
  {
    class: 'unknown-words',
    ask: 'cancel rate = cancelled orders / all orders. Which category had the highest cancel rate in 2024?',
    ...ANSWER,
    sql: `${statusRate(['cancelled'], inYear(2024), 'category')} ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: "What's my completion rate for each quarter of 2025? Completion rate meaning completed orders as a share of all orders.",
    user: analyst('south'),
    ...PCT,
    sql: statusRate(
      ['completed'],
      `region = 'south' AND ${inYear(2025)}`,
      "date_trunc('quarter', created_at)",
    ),
  },
  {
    class: 'unknown-words',
    ask: 'By problem rate I mean the number of returned or cancelled orders divided by the number of all orders. What was the problem rate by segment in 2023?',
    ...PCT,
    sql: `SELECT c.segment, 100.0 * count(*) FILTER (WHERE o.status IN ('returned', 'cancelled')) / count(*) FROM ${JOINED}
      WHERE ${inYear(2023, 'o.created_at')} GROUP BY 1`,
  },
  // --- the single day (or month) with the most orders or revenue ---
  {
    class: 'unknown-words',
    ask: 'Our record day is the calendar day with the highest order count. What was the record day in 2025, and how many orders came in that day?',
    ...ANSWER,
    sql: topDay(2025, 'count(*)'),
  },
  {
    class: 'unknown-words',
    ask: 'By best revenue day I mean the day with the highest total order value. What was the best revenue day of 2023 and its revenue?',
    ...ANSWER,
    sql: topDay(2023, 'sum(amount)'),
  },
  {
    class: 'unknown-words',
    ask: 'a peak day is the single day with the most revenue. when was my peak day in 2024 and how much revenue did it have?',
    user: analyst('east'),
    ...ANSWER,
    sql: topDay(2024, 'sum(amount)', "region = 'east'"),
  },
  {
    class: 'unknown-words',
    ask: 'the slowest day = the day with the lowest revenue. which day of 2025 was the slowest, and what was its revenue?',
    ...ANSWER,
    sql: topDay(2025, 'sum(amount)', '', 'ASC'),
  },
  {
    class: 'unknown-words',
    ask: "Peak month means the month with the most revenue. What was each region's peak month in 2024?",
    sql: `SELECT region, m FROM (SELECT region, date_trunc('month', created_at) AS m, sum(amount) AS v FROM orders
      WHERE ${inYear(2024)} GROUP BY 1, 2) QUALIFY row_number() OVER (PARTITION BY region ORDER BY v DESC) = 1`,
  },
  // --- periods or groups above an average the asker names ---
  {
    class: 'unknown-words',
    ask: "A busy month is one with more orders than that year's monthly average. Which months of 2024 were busy?",
    sql: `SELECT m FROM (SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM orders WHERE ${inYear(2024)} GROUP BY 1)
      WHERE n > (SELECT count(*) / 12.0 FROM orders WHERE ${inYear(2024)})`,
  },
  {
    class: 'unknown-words',
    ask: 'Call a category premium if its average order value in 2025 is above the overall 2025 average order value. Which categories are premium?',
    sql: `SELECT category FROM orders WHERE ${inYear(2025)} GROUP BY 1
      HAVING avg(amount) > (SELECT avg(amount) FROM orders WHERE ${inYear(2025)})`,
  },
  {
    class: 'unknown-words',
    ask: 'Call a customer active in 2024 if they placed at least 20 orders that year. How many active customers per region in 2024?',
    sql: everyYear([2024], 'count(*)', '>= 20', 'region'),
  },
  // --- a definition made in a first message, used in a follow-up ---
  {
    class: 'thread',
    ask: [
      "Let's call a customer loyal if they placed at least 15 orders in every year from 2023 through 2025.",
      'How many loyal customers are in each segment?',
    ],
    sql: everyYear([2023, 2024, 2025], 'count(*)', '>= 15', 'segment'),
  },
  {
    class: 'thread',
    ask: [
      'My completion rate is completed orders divided by all orders. What was it in 2023?',
      'and for each region in 2025?',
    ],
    ...PCT,
    sql: statusRate(['completed'], inYear(2025), 'region'),
  },
  {
    class: 'thread',
    ask: [
      'A customer is cooling if their 2025 spend is at least 20% below their 2023 spend. How many cooling customers are there?',
      'break that down by segment',
    ],
    sql: changed(2023, 2025, 'sum(o.amount)', 'a > 0 AND b <= 0.8 * a', 'segment'),
  },
  {
    class: 'thread',
    ask: [
      'define skew gap as the average order value minus the median order value',
      'what was the skew gap for each category in 2024?',
    ],
    user: analyst('west'),
    ...AVG,
    sql: skew(`region = 'west' AND ${inYear(2024)}`, 'category'),
  },
  // --- per-customer conditions on statuses ---
  {
    class: 'unknown-words',
    ask: 'Call a customer a serial returner if they had at least 3 returned orders in 2025. How many serial returners per segment?',
    sql: `SELECT segment, count(*) FROM (SELECT c.id, c.segment FROM ${JOINED} WHERE o.status = 'returned' AND ${inYear(2025, 'o.created_at')}
      GROUP BY 1, 2 HAVING count(*) >= 3) GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'A clean customer is one with no cancelled orders in 2024 (but at least one order that year). How many clean customers do I have?',
    user: analyst('east'),
    ...ANSWER,
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE region = 'east' AND ${inYear(2024)} GROUP BY 1
      HAVING count(*) FILTER (WHERE status = 'cancelled') = 0)`,
  },
  // --- definitions that name data the model has not: refused ---
  {
    class: 'out-of-scope',
    ask: 'A customer is engaged if they opened at least 3 of our newsletters in 2025. How many engaged customers per region?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'Call an order late if it shipped more than two days after it was placed. What share of 2024 orders were late?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'Net revenue = revenue minus refunds minus shipping fees. What was net revenue by category in 2025?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'Call a customer happy if their average review score in 2025 was 4 stars or more. How many happy customers per segment?',
    refuse: true,
  },
];
