/**
 * Twenty-sixth tuning batch (issue 29): rankings and leaders within groups. A rate or a share ranked within each
 * group ("within each segment, which region has the highest return rate", "for each region rank the segments by
 * cancellation rate"), the runner-up of each group ("the second-biggest region in each segment by revenue", "which
 * region came second in each quarter"), the leader of each group by a per-entity total ("in each segment, the
 * customer with the highest lifetime spend on electronics"), the best and the worst period with the gap between them
 * ("best and worst month of 2024 by revenue and how far apart"), and a ranking "for each signup quarter" or "for each
 * year" (one ranking per group, never one ranking of all rows). Some under row-level security, and four that must
 * stay refused (a margin, a channel, a product, a store). Written on 2026-11-29 BEFORE the planner change it tunes, in
 * fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 2777ec4): 12 of 34 right (8 confident wrong: a rate leader of all rows for "in each year" and "for each
 * quarter", a rate ranking and an average ranking "for each" group read as one ranking of all rows, "top customer by
 * order count" ranked by revenue, "which segment's customers spent the most per customer" every segment listed, best
 * and worst quarters read as growth, "the second-best store" answered for regions), in the eval CLI. The refused
 * "which product" case was then found to name the model's product category (its own word): it asks for a sales rep
 * instead. After: 33 of 34, none wrong (rates-within.ts, nth.ts placeSaid, end-gap.ts, per-customer-rank.ts, tops.ts,
 * missing.ts; still refused: "leaving out orders under $50"). Three cases added after (the shapes of the spent
 * held-out-25's refusals, in fresh words: "how big was the gap between them", a runner-up said again in brackets, "who
 * is the customer with the highest ..., and how much"): 36 of 37, none wrong.
 *
 * Clock: Tuesday 2027-02-09, after the data ends (orders 2023-01-01 to 2025-12-31; customers all signed up in 2022,
 * each order in its customer's region). References are written on the raw tables, each checked against a second
 * query written independently (a self-join on the group's extreme, or a count of the rows ahead of each one).
 */
import { inYear, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_RANKS_NOW = '2027-02-09T09:00:00Z';

const year = (y: number) => inYear(y, 'o.created_at');
/** The percent of the orders in a group that have `status`. */
const rate = (status: string) => `100.0 * count(*) FILTER (WHERE o.status = '${status}') / count(*)`;
const RATE = { tolerance: 0.006 };

/**
 * Each value of `item` within each value of `group` by `measure` over the orders (joined to their customers) of
 * `where`, ranked within its group (rank(): ties share a place); `keep` picks the places kept (`r = 1`: the leader,
 * `r = 2`: the runner-up, `true`: the whole ranking, with the place stated).
 */
const ranked = (
  group: string,
  item: string,
  measure: string,
  { where = 'TRUE', dir = 'DESC', keep = 'r = 1' }: { where?: string; dir?: string; keep?: string } = {},
) =>
  `SELECT g, i, v${keep === 'TRUE' ? ', r' : ''} FROM (SELECT ${group} AS g, ${item} AS i, ${measure} AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY ${measure} ${dir}) AS r
   FROM ${withCustomers} WHERE ${where} GROUP BY 1, 2) WHERE ${keep}`;

/** The best and the worst `unit` of the orders of `where` by `measure`, each with its figure, and the gap. */
const bestWorst = (unit: string, measure: string, where: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', o.created_at) AS p, ${measure} AS v FROM ${withCustomers} WHERE ${where} GROUP BY 1)
   SELECT (SELECT p FROM m ORDER BY v DESC LIMIT 1), max(v), (SELECT p FROM m ORDER BY v LIMIT 1), min(v), max(v) - min(v) FROM m`;

export const tuning26ranks: (SecondOrderCase & Tuning6Case)[] = [
  // --- a rate or a share ranked within each group ---
  {
    class: 'rate-within',
    ask: 'within each segment, which region has the highest return rate?',
    ...RATE,
    sql: ranked('c.segment', 'o.region', rate('returned')),
  },
  {
    class: 'rate-within',
    ask: 'for each region, rank the segments by cancellation rate in 2025',
    ...RATE,
    sql: ranked('o.region', 'c.segment', rate('cancelled'), { where: year(2025), keep: 'TRUE' }),
  },
  {
    class: 'rate-within',
    ask: 'in every category, which region had the lowest cancel rate in 2024?',
    ...RATE,
    sql: ranked('o.category', 'o.region', rate('cancelled'), { where: year(2024), dir: 'ASC' }),
  },
  {
    class: 'rate-within',
    ask: 'which category had the highest return rate in each year?',
    ...RATE,
    sql: ranked("date_trunc('year', o.created_at)", 'o.category', rate('returned')),
  },
  {
    class: 'rate-within',
    ask: 'per segment, which category had the highest % of its orders completed in 2025?',
    ...RATE,
    sql: ranked('c.segment', 'o.category', rate('completed'), { where: year(2025) }),
  },
  {
    class: 'rate-within',
    ask: 'for each quarter of 2025, which region had the biggest share of orders returned?',
    ...RATE,
    sql: ranked("date_trunc('quarter', o.created_at)", 'o.region', rate('returned'), { where: year(2025) }),
  },
  {
    class: 'rate-within',
    ask: 'the region with the 2nd highest return rate in each segment',
    ...RATE,
    sql: ranked('c.segment', 'o.region', rate('returned'), { keep: 'r = 2' }),
  },
  {
    class: 'rate-within',
    ask: 'for each segment, which region has the highest return rate, leaving out orders under $50?',
    ...RATE,
    sql: ranked('c.segment', 'o.region', rate('returned'), { where: 'o.amount >= 50' }),
  },
  {
    class: 'rate-within',
    ask: 'which category has the lowest return rate in each region? just my data',
    user: WEST,
    ...RATE,
    sql: ranked('o.region', 'o.category', rate('returned'), { where: "o.region = 'west'", dir: 'ASC' }),
  },
  // --- the runner-up of each group ---
  {
    class: 'runner-up',
    ask: 'second-biggest region in each segment by revenue',
    sql: ranked('c.segment', 'o.region', 'sum(o.amount)', { keep: 'r = 2' }),
  },
  {
    class: 'runner-up',
    ask: 'which region came second in each quarter of 2025 by revenue?',
    sql: ranked("date_trunc('quarter', o.created_at)", 'o.region', 'sum(o.amount)', {
      where: year(2025),
      keep: 'r = 2',
    }),
  },
  {
    class: 'runner-up',
    ask: 'runner-up category per region by number of orders, 2024',
    sql: ranked('o.region', 'o.category', 'count(*)', { where: year(2024), keep: 'r = 2' }),
  },
  {
    class: 'runner-up',
    ask: 'for every year, the 2nd best month by revenue',
    sql: ranked("date_trunc('year', o.created_at)", "date_trunc('month', o.created_at)", 'sum(o.amount)', {
      keep: 'r = 2',
    }),
  },
  {
    class: 'runner-up',
    ask: 'in each region, which category was third by revenue in 2025?',
    sql: ranked('o.region', 'o.category', 'sum(o.amount)', { where: year(2025), keep: 'r = 3' }),
  },
  {
    class: 'runner-up',
    ask: 'for each segment, the second-lowest category by order count in 2023',
    sql: ranked('c.segment', 'o.category', 'count(*)', { where: year(2023), dir: 'ASC', keep: 'r = 2' }),
  },
  // --- the leader of each group by a per-entity total ---
  {
    class: 'leader-per-group',
    ask: 'in each segment, the customer with the highest lifetime spend on electronics',
    sql: ranked('c.segment', 'c.name', 'sum(o.amount)', { where: "o.category = 'electronics'" }),
  },
  {
    class: 'leader-per-group',
    ask: 'for each segment, who was the top customer by order count in 2025?',
    sql: ranked('c.segment', 'c.name', 'count(*)', { where: year(2025) }),
  },
  {
    class: 'leader-per-group',
    ask: "each region's biggest furniture spender in 2025",
    sql: ranked('o.region', 'c.name', 'sum(o.amount)', {
      where: `o.category = 'furniture' AND ${year(2025)}`,
    }),
  },
  {
    class: 'leader-per-group',
    ask: 'top 2 customers by revenue in every segment, 2024',
    sql: ranked('c.segment', 'c.name', 'sum(o.amount)', { where: year(2024), keep: 'r <= 2' }),
  },
  {
    class: 'leader-per-group',
    ask: "which segment's customers spent the most per customer in 2024?",
    sql: `SELECT segment, v FROM (SELECT c.segment, sum(o.amount) / count(DISTINCT o.customer_id) AS v,
        rank() OVER (ORDER BY sum(o.amount) / count(DISTINCT o.customer_id) DESC) AS r
      FROM ${withCustomers} WHERE ${year(2024)} GROUP BY 1) WHERE r = 1`,
  },
  // --- the best and the worst period, with the gap ---
  {
    class: 'best-worst-gap',
    ask: 'best and worst month of 2024 by revenue, and how far apart were they?',
    check: 'answer',
    tolerance: 0.01,
    sql: bestWorst('month', 'sum(o.amount)', year(2024)),
  },
  {
    class: 'best-worst-gap',
    ask: 'what were our highest and lowest revenue quarters in 2025, and the difference between them?',
    check: 'answer',
    tolerance: 0.01,
    sql: bestWorst('quarter', 'sum(o.amount)', year(2025)),
  },
  {
    class: 'best-worst-gap',
    ask: 'strongest vs weakest month of 2023 for order count, and the gap',
    check: 'answer',
    sql: bestWorst('month', 'count(*)', year(2023)),
  },
  {
    class: 'best-worst-gap',
    ask: 'my best & worst month of 2025 for revenue and the gap between them',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: bestWorst('month', 'sum(o.amount)', `o.region = 'west' AND ${year(2025)}`),
  },
  // --- a ranking for each signup quarter or each year: one ranking per group ---
  {
    class: 'rank-each-period',
    ask: 'for each signup quarter, which region has the most customers?',
    sql: `SELECT g, i, v FROM (SELECT date_trunc('quarter', created_at) AS g, region AS i, count(*) AS v,
        rank() OVER (PARTITION BY date_trunc('quarter', created_at) ORDER BY count(*) DESC) AS r
      FROM customers GROUP BY 1, 2) WHERE r = 1`,
  },
  {
    class: 'rank-each-period',
    ask: 'for each year, rank the regions by revenue',
    sql: ranked("date_trunc('year', o.created_at)", 'o.region', 'sum(o.amount)', { keep: 'TRUE' }),
  },
  {
    class: 'rank-each-period',
    ask: 'for each signup quarter, the top 3 customers by lifetime spend',
    sql: ranked("date_trunc('quarter', c.created_at)", 'c.name', 'sum(o.amount)', { keep: 'r <= 3' }),
  },
  {
    class: 'rank-each-period',
    ask: 'rank the categories by order count for each year',
    sql: ranked("date_trunc('year', o.created_at)", 'o.category', 'count(*)', { keep: 'TRUE' }),
  },
  {
    class: 'rank-each-period',
    ask: 'for each year, which segment placed the most orders?',
    sql: ranked("date_trunc('year', o.created_at)", 'c.segment', 'count(*)'),
  },
  {
    class: 'rank-each-period',
    ask: 'for each quarter of 2024, rank the segments by average order value',
    sql: ranked("date_trunc('quarter', o.created_at)", 'c.segment', 'avg(o.amount)', {
      where: year(2024),
      keep: 'TRUE',
    }),
  },
  // --- added after the change (shapes seen in the spent held-out-25's refusals, in fresh words) ---
  {
    class: 'best-worst-gap',
    ask: "which were 2024's best and worst months by order count, and how big was the gap between them?",
    check: 'answer',
    sql: bestWorst('month', 'count(*)', year(2024)),
  },
  {
    class: 'runner-up',
    ask: "each segment's second-best quarter of 2024 by revenue (the runner-up, not the top one)",
    sql: ranked('c.segment', "date_trunc('quarter', o.created_at)", 'sum(o.amount)', {
      where: year(2024),
      keep: 'r = 2',
    }),
  },
  {
    class: 'leader-per-group',
    ask: 'in each region, who is the customer with the highest spend on toys, and how much?',
    sql: ranked('o.region', 'c.name', 'sum(o.amount)', { where: "o.category = 'toys'" }),
  },
  // --- refused: words the model has no figure or breakdown for ---
  {
    class: 'refused',
    ask: 'within each segment, which region has the highest profit margin?',
    refuse: true,
  },
  {
    class: 'refused',
    ask: 'for each sales channel, which region brought in the most revenue?',
    refuse: true,
  },
  {
    class: 'refused',
    // (Was "which product": the model's product category is named "product" too, so read as the category.)
    ask: 'in each region, which sales rep had the highest return rate in 2025?',
    refuse: true,
  },
  {
    class: 'refused',
    ask: 'per region, the second-best store by revenue',
    refuse: true,
  },
];
