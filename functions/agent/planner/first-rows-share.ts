/**
 * The share of a total that the first (or last) N rows hold (issue 29, shares): "share of revenue from the first
 * 1000 orders ever placed", "what fraction of 2024 revenue came from the year's first 5,000 orders", "what % of
 * orders were the last 500 of 2025". The rows in scope are ranked by their time (then id); the first N are the
 * part, every row in scope the whole, of a sum or a count (a measure that adds up). "The year's first" needs the
 * question's own period to be one year (likewise a quarter or a month); "ever" needs no period at all. Every word
 * is given a role or the question is left to the other readings.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { monthsLong } from './dates';
import { entityCubes, type PlainRead, restPlan } from './entity-rest';
import { formatFigure } from './format';
import { capitalise } from './names';
import { entityRows } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';

type FirstRowsShare = Extract<PerEntity, { kind: 'first-rows-share' }>;

/** "the (year's) first 5,000 orders (ever placed)". */
const FIRST_ROWS =
  /\b(?:the\s+)?(?:(year|quarter|month)['’]?s\s+)?(?:very\s+)?(first|earliest|last|latest|most\s+recent)\s+(\d{1,3}(?:,\d{3})+|\d{1,7})\s+(?:orders|purchases|transactions|sales)\b(?:\s+(?:ever\s+)?(?:placed|made|received|taken))?(?:\s+ever\b)?/i;
/** The words that ask for a part of a whole, in percent. */
const SHARE = /\b(?:share|fraction|proportion|portion|percent(?:age)?|pct|how\s+much)\b|%/i;
/** The reading's own words, removed before the rest is read ("2024", "revenue", "in the east"). */
const OWN = [
  FIRST_ROWS,
  SHARE,
  /\b(?:as\s+a\s+percent(?:age)?|in\s+percent|in\s+%)/i,
  /\b(?:make\s+up|made\s+up|account(?:ed|s)?\s+for|brought\s+in|bring\s+in|came|come|comes|from|of|did|do|does|was|were|is|are|what|which|the|a|total|overall|all)\b/i,
].map((r) => new RegExp(r.source, 'gi'));

const MONTHS_OF = { year: 12, quarter: 3, month: 1 } as const;

/** The first-rows share reading, given the ordinary reading of the rest of the question; undefined otherwise. */
export function readFirstRowsShare(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  const found = FIRST_ROWS.exec(question);
  if (!found || !SHARE.test(question)) return undefined;
  // ("customers' first 3 orders", "each one's first 10 orders": the first rows of each entity, not of all.)
  if (/\b(?:customers?|clients?|buyers?|accounts?|people|users?|their|each|every|per)\b/i.test(question))
    return undefined;
  const [said, unit, end = '', count = ''] = found;
  const ever = /\bever\b/i.test(said);
  const n = Number(count.replace(/,/g, ''));
  if (!Number.isInteger(n) || n < 1) return undefined;
  const cubes = entityCubes(catalog);
  const plan = cubes.length > 0 ? restPlan(question, OWN, cubes, read) : undefined;
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  // One figure of one period or of all time, of a measure that adds up: nothing else is read here.
  const [measure, ...others] = plan.measures;
  if (!measure || others.length > 0 || !['sum', 'count'].includes(measure.aggType ?? '')) return undefined;
  if (plan.dimensions.length > 0 || plan.grain || plan.compare || plan.anyOf || plan.share) return undefined;
  if (plan.percentile !== undefined || plan.change || plan.having || plan.perEntity || plan.top)
    return undefined;
  // ("the year's first": the question's own period is one such unit; "ever": no period at all.)
  if (unit) {
    const months = plan.range ? monthsLong(plan.range) : undefined;
    if (months !== MONTHS_OF[unit.toLowerCase() as keyof typeof MONTHS_OF]) return undefined;
  }
  if (ever && plan.range) return undefined;
  // ("the first 100 orders in the west": a filter said after the rows picks the part only, its whole being all the
  // rows; one said before them scopes the whole too ("share of east revenue from ..."). Only the latter is read.)
  const after = question
    .slice(found.index + said.length)
    .replace(
      /\b(?:in|of|during|for|from)\s+(?:the\s+year\s+)?(?:(?:q[1-4]|h[12])\s+)?20\d\d\b|\b(?:of|in)\s+(?:the|that)\s+year\b/gi,
      ' ',
    )
    .replace(/[\s?.!,;:]+/g, '');
  if (plan.filters.length > 0 && after !== '') return undefined;
  return {
    ...plan,
    perEntity: {
      kind: 'first-rows-share',
      rows,
      n,
      direction: /^(?:first|earliest)$/i.test(end) ? 'first' : 'last',
    },
  };
}

/** One query: each row in scope with its figure, ranked by time then id; the first N rows' sum over the whole. */
export function firstRowsShareQuery(plan: Plan, p: FirstRowsShare): PlannedQuery {
  const measure = plan.measures[0];
  const at = ident(p.rows.time.column);
  const id = p.rows.id ? ident(p.rows.id.column) : undefined;
  if (!measure || !id) throw new Error('not a first-rows share');
  const conds = conditions({ ...plan, perEntity: undefined }, at);
  const order = p.direction === 'first' ? 'ASC' : 'DESC';
  const r = `SELECT ${id} AS row_id, ${at} AS row_at, MEASURE(${ident(measure.column)}) AS v FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''} GROUP BY 1, 2`;
  const k = `SELECT v, ROW_NUMBER() OVER (ORDER BY row_at ${order}, row_id ${order}) AS row_rank FROM r`;
  const sql = `WITH r AS (${r}), k AS (${k}) SELECT round(100.0 * SUM(v) FILTER (WHERE row_rank <= ${p.n}) / NULLIF(SUM(v), 0), 2) AS share_percent, SUM(v) FILTER (WHERE row_rank <= ${p.n}) AS part, SUM(v) AS whole, COUNT(*) AS rows_in_scope FROM k`;
  const title = capitalise(
    `share of ${measure.title.toLowerCase()} from the ${p.direction} ${formatFigure(undefined, p.n)} orders${scopeText({ ...plan, perEntity: undefined })}`,
  );
  return plannedQuery(plan, sql, title, [
    { role: 'share' },
    { role: 'measure', member: measure },
    { role: 'whole', member: measure },
    { role: 'entities' },
  ]);
}

/** The answer: the share in percent, the part and the whole, and how the rows were ranked. */
export function firstRowsShareAnswer(
  plan: Plan,
  p: FirstRowsShare,
  query: PlannedQuery,
  result: ResultLike,
): string {
  const measure = plan.measures[0];
  const [share, part, whole, rows] = result.data[0] ?? [];
  if (share === null || share === undefined) return `${query.title}: no orders in scope.`;
  const fewer =
    Number(rows) < p.n
      ? ` Only ${formatFigure(undefined, rows)} orders are in scope, so they are all of it.`
      : '';
  return `${query.title}: ${formatFigure(undefined, share)}% (${formatFigure(measure, part)} of ${formatFigure(measure, whole)}).${fewer}\n\n(The orders in scope ranked by the time they were placed, ${p.direction === 'first' ? 'earliest' : 'latest'} first; the ${p.direction} ${formatFigure(undefined, p.n)} of them against all of them.)`;
}
