/**
 * Days between an entity's consecutive rows (issue 29, series): "average number of days between a customer's
 * orders", "avg days between orders per region", "how many days pass between consecutive orders of enterprise
 * customers", "avg days from first to second order". Per customer, each order and the one before it (by date, then
 * id) among the rows in scope, their gap in calendar days between the two order dates; then the average (or the
 * median) over every such pair, per a breakdown when one is named (the pairs within each of its values), or only the
 * gap from the first order to the second. Every word is given a role or the question is left to the other readings
 * (which refuse "days between").
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { entityCubes, type PlainRead, restPlan } from './entity-rest';
import { formatFigure } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';
import { formatValue } from './text';

type DaysBetween = Extract<PerEntity, { kind: 'days-between' }>;

const ROW = '(?:orders|purchases|transactions|buys)';
/** "between (a customer's | their | consecutive | successive | two) orders", "between one order and the next". */
const BETWEEN = new RegExp(
  `\\bbetween\\s+(?:(?:a|each|the)\\s+)?(?:(?:customer|client|buyer)(?:'s|’s|s')?\\s+|their\\s+)?(?:(?:consecutive|successive|subsequent|back[\\s-]to[\\s-]back|repeat|two)\\s+)?${ROW}\\b|\\bbetween\\s+(?:one|an?)\\s+order\\s+and\\s+the\\s+next\\b`,
  'i',
);
/** "from (their) first (order) to (their) second (order)". */
const FIRST_SECOND =
  /\b(?:from|between)\s+(?:a\s+customer'?s\s+|their\s+|the\s+)?(?:first|1st)(?:\s+(?:order|purchase))?\s+(?:to|and)\s+(?:their\s+|the\s+)?(?:second|2nd)(?:\s+(?:order|purchase))?\b/i;
const DAYS = /\b(?:days?|how\s+long|time|gap)\b/i;
const MEDIAN = /\b(?:median|middle|midpoint)\b/i;
const AVERAGE = /\b(?:on\s+average|average|avg|mean|typical(?:ly)?|usually)\b/i;
/** The words of the reading itself, removed before the rest is read ("per region", "enterprise", "in 2025"). */
const OWN = [
  FIRST_SECOND,
  BETWEEN,
  /\bon\s+average\b/gi,
  /\b(?:median|middle|midpoint|average|avg|mean|typical(?:ly)?|usually)\b/gi,
  /\(\s*in\s+days\s*\)|\bin\s+days\b/gi,
  /\b(?:how\s+many|number\s+of|no\.?\s+of|count\s+of)\s+days\b|\bhow\s+long\b|\bdays?\b|\bgap\b|\btime\b/gi,
  /\b(?:pass(?:es|ed)?|go(?:es)?\s+by|elapse[sd]?|is\s+there|are\s+there|do|does|did|it|take|takes|the|a|an|is|are|was|were|what|whats|s|of|customers?|clients?|buyers?)\b/gi,
].map((r) => new RegExp(r.source, 'gi'));

/** What this reading answers, said when a question of its shape asks something else. */
const REFUSAL =
  "I can give the average or the median number of days between a customer's consecutive orders (or from their first order to the second), overall, by one breakdown, with filters and a period, but not this variant of it";

/**
 * The days-between reading, given the ordinary reading of the rest of the question; a refusal when the question
 * has its shape (days, between orders) but asks more than it reads; undefined otherwise.
 */
export function readDaysBetween(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  const pair = FIRST_SECOND.test(question) ? 'first-second' : BETWEEN.test(question) ? 'each' : undefined;
  if (!pair || !DAYS.test(question)) return undefined;
  const cubes = entityCubes(catalog);
  if (cubes.length === 0) return undefined;
  return readRest(question, pair, cubes, read) ?? { refuse: REFUSAL };
}

function readRest(
  question: string,
  pair: DaysBetween['pair'],
  cubes: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  const median = MEDIAN.test(question);
  if (!median && !AVERAGE.test(question)) return undefined;
  // ("by customer": each one's own gaps, a list this reading does not make; its words would be taken as its own.)
  if (/\b(?:by|per|each|every|for\s+each)\s+(?:customer|client|buyer|account)s?\b/i.test(question))
    return undefined;
  const plan = restPlan(question, OWN, cubes, read);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  if (!plainCount(plan)) return undefined;
  const [by, ...more] = plan.dimensions;
  if (more.length > 0 || by?.derived || by === rows.entity) return undefined;
  return {
    ...plan,
    dimensions: [],
    perEntity: {
      kind: 'days-between',
      rows,
      stat: median ? 'median' : 'avg',
      pair,
      ...(by ? { by } : {}),
    },
  };
}

/**
 * One query: each row's date and the one before it of the same entity (and breakdown value) among the rows in
 * scope, the gap in calendar days; then its average or median over the pairs (the first pair only, for
 * 'first-second').
 */
export function daysBetweenQuery(plan: Plan, p: DaysBetween): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const by = p.by ? [ident(p.by.column)] : [];
  const order = [at, ...(p.rows.id ? [ident(p.rows.id.column)] : [])].join(', ');
  const conds = conditions({ ...plan, perEntity: undefined }, at);
  const partition = [entity, ...by].join(', ');
  const r = `SELECT ${[...by, `CAST(${at} AS DATE) AS day`].join(', ')}, LAG(CAST(${at} AS DATE)) OVER (PARTITION BY ${partition} ORDER BY ${order}) AS previous_day, ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY ${order}) AS row_rank FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''}`;
  const kept = p.pair === 'first-second' ? 'row_rank = 2' : 'previous_day IS NOT NULL';
  const d = `SELECT ${[...by, 'day - previous_day AS days'].join(', ')} FROM r WHERE ${kept}`;
  const stat = p.stat === 'median' ? 'percentile_cont(0.5) WITHIN GROUP (ORDER BY days)' : 'AVG(days)';
  const name = p.pair === 'first-second' ? 'days_first_to_second_order' : 'days_between_orders';
  const group = by.length > 0 ? ' GROUP BY 1 ORDER BY 1' : '';
  const sql = `WITH r AS (${r}), d AS (${d}) SELECT ${[...by, `round(${stat}, 2) AS ${p.stat}_${name}`, 'COUNT(*) AS pairs'].join(', ')} FROM d${group}`;
  const title = capitalise(
    `${p.stat === 'median' ? 'median' : 'average'} days ${p.pair === 'first-second' ? 'from the first order to the second' : 'between consecutive orders'}${p.by ? ` by ${nameOf(plan, p.by).toLowerCase()}` : ''}${scopeText({ ...plan, perEntity: undefined })}`,
  );
  return plannedQuery(plan, sql, title, [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
    { role: 'entities' },
  ]);
}

/** The answer: the figure in days (per group), and how it was measured. */
export function daysBetweenAnswer(
  plan: Plan,
  p: DaysBetween,
  query: PlannedQuery,
  result: ResultLike,
): string {
  const one = entityWord(p.rows.entity).replace(/s$/, '');
  const days = (v: unknown) => `${formatFigure(undefined, Number(v ?? 0))} days`;
  const pairs = (n: unknown) =>
    p.pair === 'first-second'
      ? `${formatFigure(undefined, n ?? 0)} ${entityWord(p.rows.entity)} with a second order`
      : `${formatFigure(undefined, n ?? 0)} pairs of orders`;
  const within = p.by ? ` of the same ${nameOf(plan, p.by).toLowerCase()}` : '';
  const rule =
    p.pair === 'first-second'
      ? `(Per ${one} with two or more orders${within}: the calendar days from the date of their first order to the date of their second, in the rows asked about.)`
      : `(Each order against the same ${one}'s order before it${within}, in the rows asked about: the calendar days between the two order dates, over every such pair.)`;
  if (!p.by) {
    const [v, n] = result.data[0] ?? [];
    if (v === null || v === undefined) return `${query.title}: no ${one} has two orders in scope.`;
    return `${query.title}: ${days(v)} (${pairs(n)}).\n\n${rule}`;
  }
  const lines = result.data.map((row) => `- ${formatValue(row[0])}: ${days(row[1])} (${pairs(row[2])})`);
  return `${query.title}:\n${lines.join('\n')}\n\n${rule}`;
}
