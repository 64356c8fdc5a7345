/**
 * The period by which a share of the customers had placed their first order (issue 29, timing): "by the end of which
 * month had 90% of customers placed their first order?", "in what month did the running total of first-time buyers
 * pass half of all customers?". Per customer their first row's date; the first orders counted per month (quarter,
 * week or year) and summed up to each one; the first period whose running count reaches the share of every customer
 * with an order. Every word must be one of these roles (no group, filter or period is read here): anything more is
 * left to the other readings, which refuse it.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { formatFigure } from './format';
import { entityWord } from './names';
import { entityRows } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery } from './sql';
import { formatValue } from './text';

type FirstShare = Extract<PerEntity, { kind: 'first-share-period' }>;

/** "by (the end of) which month", "in what month", "which quarter". */
const WHICH =
  /\b(?:by\s+(?:the\s+end\s+of\s+)?(?:which|what)|in\s+(?:which|what)|which|what)\s+(month|quarter|week|year)\b/i;
/** "90%", "90 percent", "half", "three quarters". */
const SHARE =
  /\b(\d{1,2}(?:\.\d+)?)\s*(?:%|percent|pct)|\b(half|a\s+quarter|three[\s-]quarters|a\s+third|two[\s-]thirds)\b/i;
const WORDS: Record<string, number> = {
  half: 50,
  'a quarter': 25,
  'three quarters': 75,
  'a third': 100 / 3,
  'two thirds': 200 / 3,
};
/** "placed their first order", "made a first purchase", "first-time buyers", "first orders". */
const FIRST =
  /\b(?:(?:plac(?:e|ed)|made|make|got)\s+(?:their|a|the)\s+(?:very\s+)?first\s+(?:order|purchase)|first[\s-]time\s+(?:buyers|customers|purchasers)|first\s+(?:orders|purchases))\b/i;
const OWN = [
  WHICH,
  SHARE,
  FIRST,
  /\b(?:running\s+total|cumulative(?:\s+(?:count|number|total))?|in\s+total|altogether)\b/gi,
  /\b(?:customers?|clients?|buyers?)\b/gi,
  /\b(?:the|end|of|had|have|has|did|does|all|our|pass(?:ed)?|reach(?:ed)?|cross(?:ed)?|hit|exceed(?:ed)?|get|got|to|over|at|least|by|in|had|already|placed|made)\b/gi,
].map((r) => new RegExp(r.source, 'gi'));

/** The reading, or undefined when the question is not of its shape or has words it does not read. */
export function readFirstSharePeriod(question: string, catalog: readonly CatalogCube[]): Plan | undefined {
  const which = WHICH.exec(question);
  const share = SHARE.exec(question);
  if (!which || !share || !FIRST.test(question)) return undefined;
  const percent = share[1] ? Number(share[1]) : WORDS[(share[2] ?? '').toLowerCase().replace(/-/g, ' ')];
  if (percent === undefined || !(percent > 0 && percent <= 100)) return undefined;
  let rest = question;
  for (const r of OWN) rest = rest.replace(r, ' ');
  if (rest.replace(/[?.!,:;()'’-]+/g, ' ').trim() !== '') return undefined;
  const cube = catalog.find((c) => entityRows(c) !== undefined);
  const rows = cube && entityRows(cube);
  if (!cube || !rows) return undefined;
  const unit = (which[1] ?? 'month').toLowerCase() as FirstShare['unit'];
  const measure = cube.members.find((m) => m.kind === 'measure');
  return {
    cube,
    measures: measure ? [measure] : [],
    dimensions: [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    perEntity: { kind: 'first-share-period', rows, unit, percent, said: share[0].trim() },
  };
}

/** One query: the first orders per period, their running count, and the first period reaching the share. */
export function firstSharePeriodQuery(plan: Plan, p: FirstShare): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const f = `SELECT ${entity}, MIN(${at}) AS first_at FROM ${ident(plan.cube.name)} GROUP BY 1`;
  const m = `SELECT date_trunc('${p.unit}', first_at) AS ${p.unit}, COUNT(*) AS n FROM f GROUP BY 1`;
  const c = `SELECT ${p.unit}, SUM(n) OVER (ORDER BY ${p.unit}) AS running, SUM(n) OVER () AS total FROM m`;
  const people = entityWord(p.rows.entity);
  const sql = `WITH f AS (${f}), m AS (${m}), c AS (${c}) SELECT ${p.unit}, running AS ${ident(`${people}_with_a_first_order`)}, total AS ${ident(`${people}`)}, round(100.0 * running / total, 2) AS share_percent FROM c WHERE ${p.unit} = (SELECT MIN(${p.unit}) FROM c WHERE 100.0 * running >= ${p.percent} * total)`;
  return plannedQuery(
    plan,
    sql,
    `The ${p.unit} by which ${p.said} of ${people} had placed their first order`,
    [
      { role: 'dimension', member: p.rows.time },
      { role: 'measure' },
      { role: 'entities' },
      { role: 'share' },
    ],
  );
}

/** The answer: the period, the running count and share at its end, and how they were counted. */
export function firstSharePeriodAnswer(p: FirstShare, query: PlannedQuery, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const [period, running, total, share] = result.data[0] ?? [];
  if (period === null || period === undefined) return `${query.title}: no ${p.unit} reaches it.`;
  const rule = `(Each ${people.replace(/s$/, '')}'s first order by date; the first orders summed up to the end of each ${p.unit}, against every ${people.replace(/s$/, '')} with an order in the data.)`;
  return `${query.title}: ${formatValue(period)} — by its end ${formatFigure(undefined, running ?? 0)} of ${formatFigure(undefined, total ?? 0)} ${people} (${formatFigure(undefined, share ?? 0)}%) had placed their first order.\n\n${rule}`;
}
