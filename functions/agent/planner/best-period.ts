/**
 * Each entity's own best period (issue 29, timing): "average of each customer's best-month revenue", "median of
 * customers' peak monthly spend, per region", "on average, how many orders did customers place in their busiest
 * month", "average best month spend per customer in 2024", "every customer's power month: how many had it in Q4
 * 2025?". Per customer: their spend (the rows' amounts summed) or their order count in each calendar month (week,
 * quarter, day or year), their best one the largest; then the average or the median of it over the customers (per a
 * group the customer holds), or the customers whose best period fell in a period counted. The figure (spend or
 * orders) must be named; every other word is read by the ordinary reading as a group, a filter of the customer's own
 * or the rows' period, else the question is refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { amountOf } from './cohort-reader';
import { ownMember, type PlainRead, restPlan } from './entity-rest';
import { formatFigure } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText, withinPeriod } from './sql';
import { formatValue } from './text';
import { GRAIN_WORDS } from './vocabulary';

type BestPeriod = Extract<PerEntity, { kind: 'best-period' }>;
type Unit = BestPeriod['unit'];

const BEST_WORD = String.raw`(?:best|peak|top|biggest|busiest|strongest|power|highest[\s-]+(?:spending|spend|revenue|grossing|order(?:ing)?)|single\s+(?:best|biggest))`;
/** Each customer's lowest period ("worst month", "weakest month"): refused, a month with no order being one too. */
const WORST_WORD = String.raw`(?:worst|weakest|quietest|slowest|lowest[\s-]+(?:spending|spend|revenue|grossing|order(?:ing)?)|single\s+worst)`;
/** "best-month", "peak month", "power month", "busiest month", "highest-spending month"; "peak monthly spend". */
const BEST = new RegExp(
  String.raw`\b(${BEST_WORD}|${WORST_WORD})[\s-]+(day|week|month|quarter|year)\b|\bpeak\s+(daily|weekly|monthly|quarterly|yearly)\b`,
  'i',
);
/**
 * The period is each customer's own: "each customer's", "customers'", "per customer", "their" (not "for each
 * customer segment": the segment's own best month, top-per-group.ts).
 */
const OWN_PERIOD =
  /\b(?:each|every|per|a)\s+(?:customer|client)\b(?!\s+(?:segments?|regions?|types?|groups?|tiers?|categor(?:y|ies)|bases?))|\b(?:customer|client)s?['’]s?\s|\b(?:customers|clients)['’]|\btheir\s+(?:own\s+)?(?:single\s+)?(?:best|peak|top|biggest|busiest|strongest|power|highest|worst|weakest|quietest|slowest|lowest)/i;
const SPEND = /\b(?:revenue|spend(?:ing)?|spent|sales|amount|value)\b/i;
const MEDIAN = /\b(?:median|middle|midpoint)\b/i;
const AVERAGE = /\b(?:on\s+average|average|avg|mean|typical)\b/i;
const COUNT = /\b(?:how\s+many|count|number\s+of)\b/i;
/** The words of the reading itself, removed before the rest is read ("per region", "in 2024", "north"). */
const OWN = [
  BEST,
  /["“”]/g,
  /\b(?:in|during)\s+(?:their|the)\s+(?:own\s+)?(?:best|peak|top|biggest|busiest|strongest)\s+(?:one)?\b/gi,
  /\bthe\s+calendar\s+(?:day|week|month|quarter|year)\s+they\s+(?:spent|ordered|bought)\s+(?:the\s+)?most\b/gi,
  /\b(?:calendar\s+)?(?:day|week|month|quarter|year)\s+they\s+(?:spent|ordered|bought)\s+(?:the\s+)?most\b/gi,
  /\b(?:by|in)\s+(?:order\s+count|number\s+of\s+orders|revenue|spend)\b/gi,
  /\bthat\s+(?:year|quarter|month)\b/gi,
  /\bon\s+average\b/gi,
  /\b(?:median|middle|midpoint|average|avg|mean|typical)\b/gi,
  /\b(?:how\s+many|number\s+of|count|count\s+of)\b/gi,
  /\b(?:revenue|spend(?:ing)?|spent|sales|amount|value|orders?|order\s+count|purchases)\b/gi,
  /\bper\s+(?:customer|client|head)\b/gi,
  /\b(?:had|has|have|it|them|take|took|did|do|place|placed|make|made|each|every|own|single|of|a|an|the|their|they|what|is|was|were|s|whats|which|that|one|fell|land(?:ed)?|with|for)\b/gi,
  /\b(?:customers?|clients?|buyers?|people|accounts?)(?:'s|’s|s'|s’)?/gi,
].map((r) => new RegExp(r.source, 'gi'));

const WORST =
  "I can't tell which month is a customer's worst here: one of the months they ordered in, or any month (a month with no order would be the worst of all); I can give each customer's best month instead";
const REFUSAL =
  "I can give each customer's best month (their spend or their order count in their top calendar month) as an average or a median over the customers, by an attribute of the customer, or count the customers whose best month fell in a period, but not this variant of it";

/**
 * The best-period reading, given the ordinary reading of the rest of the question; a refusal when the question has
 * its shape (each customer's best month) but asks more than it reads; undefined otherwise.
 */
export function readBestPeriod(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  const single = readSingle(question, catalog, read);
  if (single) return single;
  const best = BEST.exec(question);
  if (!best || !OWN_PERIOD.test(question)) return undefined;
  // ("revenue per customer in our best month": the business's best month, another question.)
  if (
    /\b(?:our|my|the\s+(?:company|business|store|shop)['’]s|overall|total)\s*$/i.test(
      question.slice(0, best.index),
    )
  )
    return undefined;
  const cubes = catalog.filter((c) => entityRows(c) !== undefined && amountOf(c) !== undefined);
  if (cubes.length === 0) return undefined;
  const unit = GRAIN_WORDS[(best[2] ?? best[3] ?? '').toLowerCase()];
  // ("each customer's worst month": is a month with no order their worst? Not said: refused.)
  if (new RegExp(`^${WORST_WORD}$`, 'i').test(best[1] ?? '')) return { refuse: WORST };
  return (unit && readRest(question, unit, cubes, catalog, read)) || { refuse: REFUSAL };
}

/**
 * "how many customers had their largest ever order in 2025", "customers whose biggest single purchase fell in Q4
 * 2025": each customer's largest (smallest) order, and the customers whose one fell in the period counted (was
 * every customer with an order in the period: confidently wrong).
 */
const SINGLE =
  /\b(?:their|whose|(?:each|every|a)\s+(?:customer|client)['’]s|(?:customers|clients)['’])\s+(?:own\s+)?(?:single\s+)?(largest|biggest|highest|smallest|lowest|cheapest)\s+(?:single\s+|individual\s+)?(?:ever\s+)?(order|purchase)(?:\s+(?:ever|of\s+all\s+time))?\b/i;
const SINGLE_OWN = [
  SINGLE,
  /\b(?:happen(?:ed)?|occur(?:red)?|come|came|land(?:ed)?|fall|fell|take\s+place|took\s+place|placed?|ever)\b/gi,
  ...OWN,
].map((r) => new RegExp(r.source, 'gi'));

function readSingle(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  const single = SINGLE.exec(question);
  if (!single) return undefined;
  const cubes = catalog.filter((c) => entityRows(c) !== undefined && amountOf(c) !== undefined);
  if (cubes.length === 0) return undefined;
  const refusal = {
    refuse:
      'I can count the customers whose largest (or smallest) single order fell in a period, but not this variant of it',
  };
  // ("what was each customer's largest order in 2025": their largest, per-entity.ts.)
  if (!/\bhow\s+many\b|\b(?:count|number)\s+of\s+(?:customers|clients)\b/i.test(question)) return undefined;
  const plan = restPlan(question, SINGLE_OWN, cubes, read);
  const rows = plan ? entityRows(plan.cube) : undefined;
  const amount = plan ? amountOf(plan.cube) : undefined;
  if (!plan || !rows || !amount || !plainCount(plan) || !plan.range || plan.dimensions.length > 0)
    return refusal;
  const own = ownMember(rows, catalog, plan.cube);
  if (plan.filters.some((f) => !own(f.member))) return refusal;
  return {
    ...plan,
    dimensions: [],
    perEntity: {
      kind: 'best-period',
      rows,
      unit: 'day',
      figure: { of: 'amount', amount },
      output: 'count',
      single: /^(?:smallest|lowest|cheapest)$/i.test(single[1] ?? '') ? 'min' : 'max',
      noun: (single[2] ?? 'order').toLowerCase(),
    },
  };
}

function readRest(
  question: string,
  unit: Unit,
  cubes: readonly CatalogCube[],
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  const bare = question.replace(new RegExp(BEST.source, 'gi'), ' ');
  // The figure named once: spend, or a count of orders.
  const spend = SPEND.test(bare);
  const orders = /\b(?:how\s+many|number\s+of|most|by)\s+orders\b|\border\s+count\b/i.test(bare);
  if (spend === orders) return undefined;
  const stats = [MEDIAN, AVERAGE].filter((r) => r.test(bare));
  if (stats.length > 1) return undefined;
  const output: BestPeriod['output'] | undefined =
    stats[0] === MEDIAN
      ? 'median'
      : stats[0] === AVERAGE
        ? 'avg'
        : COUNT.test(bare) && !orders
          ? 'count'
          : undefined;
  if (!output) return undefined;
  const plan = restPlan(question, OWN, cubes, read);
  const rows = plan ? entityRows(plan.cube) : undefined;
  const amount = plan ? amountOf(plan.cube) : undefined;
  if (!plan || !rows || !amount || !plainCount(plan)) return undefined;
  // A count needs the period the best one fell in; an average's period keeps the rows.
  if (output === 'count' && !plan.range) return undefined;
  const own = ownMember(rows, catalog, plan.cube);
  const [by, ...more] = plan.dimensions;
  if (more.length > 0 || (by && !own(by)) || (output === 'count' && by)) return undefined;
  if (plan.filters.some((f) => !own(f.member))) return undefined;
  return {
    ...plan,
    dimensions: [],
    perEntity: {
      kind: 'best-period',
      rows,
      unit,
      figure: spend ? { of: 'amount', amount } : { of: 'rows' },
      output,
      ...(by ? { by } : {}),
    },
  };
}

/** One query: each customer's figure per period, their best one, then the average, median or count. */
export function bestPeriodQuery(plan: Plan, p: BestPeriod): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const by = p.by ? [ident(p.by.column)] : [];
  const keys = [entity, ...by];
  // The best period of a count is looked for among all the rows; of an average, among the rows asked about.
  const conds = conditions(
    { ...plan, perEntity: undefined, ...(p.output === 'count' ? { range: undefined } : {}) },
    at,
  );
  const value = p.figure.of === 'amount' ? `SUM(${ident(p.figure.amount.column)})` : 'COUNT(*)';
  const from = `FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''}`;
  // (A single row's figure is its own amount, at its own time: nothing summed.)
  const m =
    p.single && p.figure.of === 'amount'
      ? `SELECT ${keys.join(', ')}, ${at} AS period, ${ident(p.figure.amount.column)} AS v ${from}`
      : `SELECT ${keys.join(', ')}, date_trunc('${p.unit}', ${at}) AS period, ${value} AS v ${from} GROUP BY ${[...keys.map((_, i) => i + 1), keys.length + 1].join(', ')}`;
  const b = `SELECT ${keys.join(', ')}, ${p.single === 'min' ? 'MIN' : 'MAX'}(v) AS best FROM m GROUP BY ${keys.map((_, i) => i + 1).join(', ')}`;
  const people = ident(entityWord(p.rows.entity));
  const name = `${p.unit}_${p.figure.of === 'amount' ? 'spend' : 'orders'}`;
  let sql: string;
  if (p.output === 'count' && plan.range) {
    const fell = `SELECT ${entity}, MAX(CASE WHEN ${withinPeriod('period', plan.range)} THEN 1 ELSE 0 END) AS fell FROM m JOIN b USING (${entity}) WHERE m.v = b.best GROUP BY 1`;
    const column = p.single
      ? `${p.single === 'min' ? 'smallest' : 'largest'}_order_in_period`
      : `best_${p.unit}_in_period`;
    sql = `WITH m AS (${m}), b AS (${b}), f AS (${fell}) SELECT SUM(fell) AS ${ident(`${entityWord(p.rows.entity)}_${column}`)}, COUNT(*) AS ${people} FROM f`;
  } else {
    const stat = p.output === 'median' ? 'percentile_cont(0.5) WITHIN GROUP (ORDER BY best)' : 'AVG(best)';
    const group = by.length > 0 ? ' GROUP BY 1 ORDER BY 1' : '';
    sql = `WITH m AS (${m}), b AS (${b}) SELECT ${[...by, `${stat} AS ${p.output}_best_${name}`, `COUNT(*) AS ${people}`].join(', ')} FROM b${group}`;
  }
  return plannedQuery(plan, sql, titleOf(plan, p), [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
    { role: 'entities' },
  ]);
}

function titleOf(plan: Plan, p: BestPeriod): string {
  const people = entityWord(p.rows.entity);
  const figure = p.figure.of === 'amount' ? nameOf(plan, p.figure.amount).toLowerCase() : 'order count';
  if (p.single)
    return capitalise(
      `${people} whose ${p.single === 'min' ? 'smallest' : 'largest'} single ${p.noun ?? 'row'} by ${figure} fell in ${plan.range?.label ?? 'the period'}`,
    );
  if (p.output === 'count')
    return capitalise(
      `${people} whose best ${p.unit} by ${figure} fell in ${plan.range?.label ?? 'the period'}`,
    );
  const by = p.by ? ` by ${nameOf(plan, p.by).toLowerCase()}` : '';
  return capitalise(
    `${p.output === 'median' ? 'median' : 'average'} ${figure} in each ${people.replace(/s$/, '')}'s best ${p.unit}${by}${scopeText({ ...plan, perEntity: undefined })}`,
  );
}

/** The answer: the figure (per group), and how each customer's best period was found. */
export function bestPeriodAnswer(plan: Plan, p: BestPeriod, query: PlannedQuery, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const one = people.replace(/s$/, '');
  const money = p.figure.of === 'amount' ? p.figure.amount : undefined;
  const rule = p.single
    ? `(Per ${one}: the ${p.single === 'min' ? 'smallest' : 'largest'} ${money ? nameOf(plan, money).toLowerCase() : 'figure'} of any one of their ${p.noun ?? 'row'}s over all the data, and when it was; a tie counts if either tied one fell in the period.)`
    : `(Per ${one}: their ${money ? `${nameOf(plan, money).toLowerCase()} summed` : 'orders counted'} in each calendar ${p.unit} with an order, the largest one kept${p.output === 'count' ? '; a tie counts if either tied one fell in the period' : ''}.)`;
  const figure = (v: unknown) =>
    p.output === 'count'
      ? formatFigure(undefined, v ?? 0)
      : formatFigure(money, Math.round(Number(v ?? 0) * 100) / 100);
  if (!p.by) {
    const [v, n] = result.data[0] ?? [];
    if (!n) return `${query.title}: no ${one} has an order in scope.`;
    return `${query.title}: ${figure(v)}${p.output === 'count' ? ` of ${formatFigure(undefined, n)} ${people}` : ` (${formatFigure(undefined, n)} ${people})`}.\n\n${rule}`;
  }
  const lines = result.data.map(
    (r) => `- ${formatValue(r[0])}: ${figure(r[1])} (${formatFigure(undefined, r[2] ?? 0)} ${people})`,
  );
  return `${query.title}:\n${lines.join('\n')}\n\n${rule}`;
}
