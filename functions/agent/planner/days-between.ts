/**
 * Days between an entity's consecutive rows (issue 29, series): "average number of days between a customer's
 * orders", "avg days between orders per region", "how many days pass between consecutive orders of enterprise
 * customers", "avg days from first to second order", "the 90th percentile of the days between a customer's
 * orders". Per customer, each order and the one before it (by time, then id) among the rows in scope, their gap as
 * elapsed time in days (seconds / 86,400: the order timestamps carry a time of day), or in calendar days between the
 * two order dates when "calendar days" are asked; then the average, the median or a percentile over every such pair,
 * per a breakdown when one is named (the pairs within each of its values), or only the gap from the first order to
 * the second. Every word is given a role or the question is left to the other readings (which refuse "days
 * between").
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { entityCubes, type PlainRead, restPlan } from './entity-rest';
import { formatFigure } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';
import { formatValue, ordinal } from './text';

type DaysBetween = Extract<PerEntity, { kind: 'days-between' }>;

const ROW = '(?:orders|purchases|transactions|buys)';
const WHO = "(?:customer|client|buyer)(?:'s|’s|s'|s’)?";
/**
 * "between (a customer's | their | consecutive | successive | two) orders", "between one order and the next",
 * "between one of a customer's orders and their next", "between an order and the same customer's next one".
 */
const BETWEEN = new RegExp(
  [
    `\\bbetween\\s+(?:(?:a|each|the)\\s+)?(?:${WHO}\\s+|their\\s+)?(?:(?:consecutive|successive|subsequent|back[\\s-]to[\\s-]back|repeat|two)\\s+)?${ROW}\\b`,
    '\\bbetween\\s+(?:one|an?)\\s+order\\s+and\\s+the\\s+next\\b',
    `\\bbetween\\s+(?:one\\s+of\\s+(?:a\\s+${WHO}|their)\\s+${ROW}|(?:one|an?|each)\\s+order)\\s+and\\s+(?:their|the\\s+same\\s+${WHO}|that\\s+${WHO})\\s+next(?:\\s+(?:one|order|purchase))?\\b`,
  ].join('|'),
  'i',
);
/** "between a small-business customer's orders": the customers' kind said before them, read as "of ... customers". */
const KIND_BEFORE = new RegExp(
  `\\bbetween\\s+(?:a|an|each)\\s+((?:[a-z]+[\\s-]){1,2}?)(customer|client|buyer)(?:'s|’s)\\s+${ROW}\\b`,
  'i',
);
/** "the 90th percentile", "p90": a percentile of the gaps. */
const PERCENTILE = /\b(?:(\d{1,2})(?:st|nd|rd|th)\s+percentile|p(\d{1,2}))\b/i;
/** "calendar days": the days between the two order dates, with its gloss ("counting order dates, not hours"). */
const CALENDAR = /\bcalendar\s+days?\b/i;
const CALENDAR_GLOSS =
  /\(\s*counting\s+(?:the\s+)?(?:order\s+)?dates?,?\s+not\s+(?:the\s+)?(?:hours|times?(?:\s+of\s+day)?)\s*\)/gi;
/** "from (their) first (order) to (their) second (order | one)". */
const FIRST_SECOND =
  /\b(?:from|between)\s+(?:a\s+customer['’]?s\s+|their\s+|the\s+)?(?:first|1st)(?:\s+(?:order|purchase))?\s+(?:to|and)\s+(?:their\s+|the\s+)?(?:second|2nd)(?:\s+(?:order|purchase|one))?\b/i;
const DAYS = /\b(?:days?|how\s+long|time|gap)\b/i;
const MEDIAN = /\b(?:median|middle|midpoint)\b/i;
const AVERAGE = /\b(?:on\s+average|average|avg|mean|typical(?:ly)?|usually)\b/i;
/** The words of the reading itself, removed before the rest is read ("per region", "enterprise", "in 2025"). */
const OWN = [
  FIRST_SECOND,
  BETWEEN,
  PERCENTILE,
  CALENDAR,
  /\b(?:from|of|by)\s+the\s+same\s+(?:customer|client|buyer)\b/gi,
  /\bon\s+average\b/gi,
  /\b(?:median|middle|midpoint|average|avg|mean|typical(?:ly)?|usually)\b/gi,
  /\(\s*in\s+days\s*\)|\bin\s+days\b/gi,
  /\b(?:how\s+many|number\s+of|no\.?\s+of|count\s+of)\s+days\b|\bhow\s+long\b|\bdays?\b|\bgap\b|\btime\b/gi,
  /\b(?:pass(?:es|ed)?|go(?:es)?\s+by|elapse[sd]?|is\s+there|are\s+there|do|does|did|it|take|takes|the|a|an|is|are|was|were|what|whats|s|of|customers?|clients?|buyers?)\b/gi,
].map((r) => new RegExp(r.source, 'gi'));

/** "the longest gap", "the shortest wait": one entity's own extreme gap, the entities ranked by it. */
const EXTREME =
  /\b(?:the\s+)?(longest|biggest|largest|widest|shortest|smallest|tightest)\s+(?:gap|gaps|time|wait|stretch|break|pause|interval)\b/i;
/** "which customer", "which of my clients", "who": the entity itself asked for. */
const WHICH_ENTITY =
  /\b(?:which|what)\s+(?:(?:one\s+)?of\s+(?:my|our|the)\s+)?(?:customer|client|buyer)s?\b|\bwho\b|\bthe\s+(?:customer|client|buyer)\s+with\b/gi;

/** What this reading answers, said when a question of its shape asks something else. */
const REFUSAL =
  "I can give the average, the median or a percentile of the days between a customer's consecutive orders (or from their first order to the second), overall, by one breakdown, with filters and a period, but not this variant of it";

/**
 * The days-between reading, given the ordinary reading of the rest of the question; a refusal when the question
 * has its shape (days, between orders) but asks more than it reads; undefined otherwise.
 */
export function readDaysBetween(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  let kind: string | undefined;
  const said = question.replace(KIND_BEFORE, (_, words: string, who: string) => {
    kind = words.trim();
    return `between consecutive orders of ${kind} ${who}s`;
  });
  const pair = FIRST_SECOND.test(said) ? 'first-second' : BETWEEN.test(said) ? 'each' : undefined;
  if (!pair || !DAYS.test(said)) return undefined;
  const cubes = entityCubes(catalog);
  if (cubes.length === 0) return undefined;
  const plan = readRest(said, pair, cubes, read);
  // (The kind said before "customer's" must be read as a value the rows are kept to: "a new customer's orders" was
  // read with "new" left out.)
  if (plan && kind !== undefined && !keptTo(plan, kind)) return { refuse: REFUSAL };
  return plan ?? { refuse: REFUSAL };
}

/** Whether a value filter of the plan keeps the rows to `kind` ("small-business": the segment "small business"). */
const keptTo = (plan: Plan, kind: string) => {
  const plain = (text: string) => text.toLowerCase().replace(/[\s-]+/g, ' ');
  return plan.filters.some((f) => !f.negate && f.values.some((v) => plain(String(v)) === plain(kind)));
};

function readRest(
  question: string,
  pair: DaysBetween['pair'],
  cubes: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  const extreme = EXTREME.exec(question);
  if (extreme) return readExtreme(question, pair, extreme, cubes, read);
  const median = MEDIAN.test(question);
  const at = PERCENTILE.exec(question);
  const percentile = at ? Number(at[1] ?? at[2]) / 100 : undefined;
  if (percentile !== undefined && (median || percentile <= 0 || AVERAGE.test(question))) return undefined;
  if (percentile === undefined && !median && !AVERAGE.test(question)) return undefined;
  const calendar = CALENDAR.test(question);
  // (The gloss of calendar days says how they are counted; without them, it is a condition this reading does not make.)
  if (!calendar && CALENDAR_GLOSS.test(question)) return undefined;
  const own = calendar ? [...OWN, new RegExp(CALENDAR_GLOSS.source, 'gi')] : OWN;
  // ("by customer": each one's own gaps, a list this reading does not make; its words would be taken as its own.)
  // ("by customer segment" is a breakdown of the customers' own, left to the rest.)
  if (
    /\b(?:by|per|each|every|for\s+each)\s+(?:customer|client|buyer|account)s?\b(?!\s+(?:segment|region|type|tier|group|country|city)s?\b)/i.test(
      question,
    )
  )
    return undefined;
  const rest = gapsRest(question, own, cubes, read);
  if (!rest) return undefined;
  const { plan, rows } = rest;
  const [by, ...more] = plan.dimensions;
  if (more.length > 0 || by?.derived || by === rows.entity) return undefined;
  return {
    ...plan,
    dimensions: [],
    perEntity: {
      kind: 'days-between',
      rows,
      stat: median ? 'median' : 'avg',
      ...(percentile !== undefined ? { percentile } : {}),
      pair,
      ...(calendar ? { calendar: true as const } : {}),
      ...(by ? { by } : {}),
    },
  };
}

/** The rest of the question read as a plain count of the rows in scope, with the entity rows the gaps are of. */
function gapsRest(
  question: string,
  own: readonly RegExp[],
  cubes: readonly CatalogCube[],
  read: PlainRead,
): { plan: Plan; rows: NonNullable<ReturnType<typeof entityRows>> } | undefined {
  const plan = restPlan(question, own, cubes, read);
  const rows = plan ? entityRows(plan.cube) : undefined;
  return plan && rows && plainCount(plan) ? { plan, rows } : undefined;
}

/**
 * "which of my customers has the longest gap between orders?", "who had the shortest time between two orders in
 * 2025": each entity's own longest (shortest) gap between consecutive rows in scope, the entity first by it named.
 * Only the entity asked for ("which customer", "who"), no statistic, breakdown or first-to-second pair beside it.
 */
function readExtreme(
  question: string,
  pair: DaysBetween['pair'],
  extreme: RegExpExecArray,
  cubes: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  if (pair !== 'each' || MEDIAN.test(question) || AVERAGE.test(question) || PERCENTILE.test(question))
    return undefined;
  if (!new RegExp(WHICH_ENTITY.source, 'i').test(question)) return undefined;
  const calendar = CALENDAR.test(question);
  // (The entity asked for and the extreme first: OWN takes "the", "of" and "customers" out of them.)
  const own = [
    new RegExp(EXTREME.source, 'gi'),
    WHICH_ENTITY,
    ...OWN,
    /\b(?:has|had|have|with|their|his|her|record|ever|between)\b/gi,
  ].map((r) => new RegExp(r.source, 'gi'));
  const rest = gapsRest(question, own, cubes, read);
  if (!rest || rest.plan.dimensions.length > 0) return undefined;
  const { plan, rows } = rest;
  const word = (extreme[1] ?? '').toLowerCase();
  return {
    ...plan,
    dimensions: [],
    perEntity: {
      kind: 'days-between',
      rows,
      stat: 'avg',
      pair,
      ...(calendar ? { calendar: true as const } : {}),
      extreme: /^(?:shortest|smallest|tightest)$/.test(word) ? 'shortest' : 'longest',
    },
  };
}

/**
 * One query: each row's time and the one before it of the same entity (and breakdown value) among the rows in
 * scope, the gap in elapsed days (or calendar days between their dates); then its average, median or percentile
 * over the pairs (the first pair only, for 'first-second').
 */
export function daysBetweenQuery(plan: Plan, p: DaysBetween): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const by = p.by ? [ident(p.by.column)] : [];
  const order = [at, ...(p.rows.id ? [ident(p.rows.id.column)] : [])].join(', ');
  const conds = conditions({ ...plan, perEntity: undefined }, at);
  const partition = [entity, ...by].join(', ');
  // (Calendar days: the two dates' difference; elapsed days: the seconds between the two times over 86,400.)
  const point = p.calendar ? `CAST(${at} AS DATE)` : `EXTRACT(EPOCH FROM ${at})`;
  const r = `SELECT ${[...by, ...(p.extreme ? [entity] : []), `${point} AS point`].join(', ')}, LAG(${point}) OVER (PARTITION BY ${partition} ORDER BY ${order}) AS previous_point, ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY ${order}) AS row_rank FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''}`;
  const kept = p.pair === 'first-second' ? 'row_rank = 2' : 'previous_point IS NOT NULL';
  const gap = p.calendar ? 'point - previous_point' : '(point - previous_point) / 86400.0';
  const d = `SELECT ${[...by, `${gap} AS days`].join(', ')} FROM r WHERE ${kept}`;
  if (p.extreme) return extremeQuery(plan, p, r, gap, kept);
  const q = p.percentile ?? (p.stat === 'median' ? 0.5 : undefined);
  const stat = q !== undefined ? `percentile_cont(${q}) WITHIN GROUP (ORDER BY days)` : 'AVG(days)';
  const statName = p.percentile !== undefined ? `p${Math.round(p.percentile * 100)}` : p.stat;
  const name = `${p.calendar ? 'calendar_' : ''}${p.pair === 'first-second' ? 'days_first_to_second_order' : 'days_between_orders'}`;
  const group = by.length > 0 ? ' GROUP BY 1 ORDER BY 1' : '';
  const sql = `WITH r AS (${r}), d AS (${d}) SELECT ${[...by, `round(${stat}, 2) AS ${statName}_${name}`, 'COUNT(*) AS pairs'].join(', ')} FROM d${group}`;
  const title = capitalise(
    `${statWords(p)} ${p.calendar ? 'calendar days' : 'days'} ${p.pair === 'first-second' ? 'from the first order to the second' : 'between consecutive orders'}${p.by ? ` by ${nameOf(plan, p.by).toLowerCase()}` : ''}${scopeText({ ...plan, perEntity: undefined })}`,
  );
  return plannedQuery(plan, sql, title, [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
    { role: 'entities' },
  ]);
}

/** Each entity's longest (shortest) gap, the first entity by it and any tied with it, with its gap in days. */
function extremeQuery(plan: Plan, p: DaysBetween, r: string, gap: string, kept: string): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const dir = p.extreme === 'shortest' ? 'ASC' : 'DESC';
  const pick = p.extreme === 'shortest' ? 'MIN' : 'MAX';
  const name = `${p.extreme}_${p.calendar ? 'calendar_' : ''}days_between_orders`;
  // (Ties are of the gaps themselves, not of their rounding: two orders minutes apart are no tie with the same day.)
  const e = `SELECT ${entity}, ${pick}(${gap}) AS gap FROM r WHERE ${kept} GROUP BY 1`;
  const sql = `WITH r AS (${r}), e AS (${e}) SELECT ${entity}, round(gap, 2) AS ${name} FROM e WHERE gap = (SELECT gap FROM e ORDER BY 1 ${dir} LIMIT 1) ORDER BY 1 LIMIT 26`;
  const one = entityWord(p.rows.entity).replace(/s$/, '');
  const title = capitalise(
    `${one} with the ${p.extreme} gap between consecutive orders${scopeText({ ...plan, perEntity: undefined })}`,
  );
  return plannedQuery(plan, sql, title, [{ role: 'dimension', member: p.rows.entity }, { role: 'measure' }]);
}

/** "90th percentile of", "median", "average". */
const statWords = (p: DaysBetween) =>
  p.percentile !== undefined
    ? `${ordinal(Math.round(p.percentile * 100))} percentile of the`
    : p.stat === 'median'
      ? 'median'
      : 'average';

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
  const measured = p.calendar
    ? 'the calendar days between the two order dates'
    : 'the elapsed time between the two orders, in days (hours and minutes counted as parts of a day)';
  const rule =
    p.pair === 'first-second'
      ? `(Per ${one} with two or more orders${within}, in the rows asked about: ${measured}, from their first order to their second.)`
      : `(Each order against the same ${one}'s order before it${within}, in the rows asked about: ${measured}, over every such pair.)`;
  if (p.extreme) {
    if (result.data.length === 0) return `${query.title}: no ${one} has two orders in scope.`;
    const lines = result.data.map((row) => `- ${formatValue(row[0])}: ${days(row[1])}`);
    return `${query.title}:\n${lines.join('\n')}\n\n(Each ${one}'s orders in the rows asked about, each against the one before it: ${measured}; the ${p.extreme} such gap of each ${one}.)`;
  }
  if (!p.by) {
    const [v, n] = result.data[0] ?? [];
    if (v === null || v === undefined) return `${query.title}: no ${one} has two orders in scope.`;
    return `${query.title}: ${days(v)} (${pairs(n)}).\n\n${rule}`;
  }
  const lines = result.data.map((row) => `- ${formatValue(row[0])}: ${days(row[1])} (${pairs(row[2])})`);
  return `${query.title}:\n${lines.join('\n')}\n\n${rule}`;
}
