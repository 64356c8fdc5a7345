/**
 * Recency: days from each entity's last row to the data's last day (issue 29, timing): "average days since each
 * customer's last order, as of the last day in the data", "median recency across customers (to the end of the
 * data)", "how many customers placed their most recent order more than 45 days before the data ends", "the longest
 * any customer has gone since their latest order, as of the final date in the dataset", per a group of the
 * customer's own (region, segment). Per customer: the calendar days from the date of their last row to the data's
 * last day (the latest row's date in the whole table, stated in the answer); then the average, the median, the
 * largest or smallest, or the customers past a number of days counted. Read only when the question anchors the
 * days at the data's end (days since a last order "now" would be another figure) and every other word is read by
 * the ordinary reading as a group or filter of the customer's own; else refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { entityCubes, ownMember, type PlainRead, restPlan } from './entity-rest';
import { formatFigure } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';
import { formatValue } from './text';

type Recency = Extract<PerEntity, { kind: 'recency' }>;
type RecencyOp = NonNullable<Recency['threshold']>['op'];

const ROW = '(?:orders?|purchases?|buys?|transactions?)';
const LAST = String.raw`(?:last|latest|most\s+recent|final)`;
/** "recency", "days since their last order", "last order was ... days before". */
const RECENCY = new RegExp(
  String.raw`\brecency\b|\b(?:plac(?:ed|ing)|made|making)\s+(?:their|the|a)\s+${LAST}\s+${ROW}\b|\b(?:since|from)\s+(?:(?:their|the|a|each|every)\s+)?(?:(?:customer|client)(?:'s|’s|s')?\s+)?(?:own\s+)?${LAST}\s+${ROW}\b|\b${LAST}\s+${ROW}\s+(?:was|were|is|came|fell|happened)\b`,
  'i',
);
/** The data's last day, the days' anchor: "as of the last day in the data", "before the data ends". */
const DATA_END =
  /\b(?:(?:as\s+of|as\s+at|to|until|till|before|at|relative\s+to|measured\s+to|counted\s+to|up\s+to)\s+)?the\s+(?:(?:last|final|latest|max(?:imum)?|end)\s+(?:day|date)\s+(?:in|of)\s+the\s+data(?:set)?|end\s+of\s+the\s+data(?:set)?|data(?:set)?(?:'s|’s)\s+(?:last|final|end)(?:\s+(?:day|date))?|data(?:set)?\s+ends?)\b/i;
const MEDIAN = /\b(?:median|middle|midpoint)\b/i;
const AVERAGE = /\b(?:on\s+average|average|avg|mean|typical)\b/i;
const MAX = /\b(?:longest|max(?:imum)?|largest|biggest|highest|most)\b/i;
const MIN = /\b(?:shortest|min(?:imum)?|smallest|lowest|least)\b/i;
const COUNT = /\b(?:how\s+many|count|number\s+of|no\.?\s+of)\b/i;
/** "more than 45 days", "over 30 days", "60+ days", "at least 90 days", "30 or more days", "under 10 days". */
const THRESHOLD =
  /\b(?:(more\s+than|over|above|greater\s+than|longer\s+than|at\s+least|under|less\s+than|fewer\s+than|below|within|at\s+most)\s+(\d+)|(\d+)\s*(\+|or\s+more|or\s+fewer|or\s+less))\s*(?:days?|d)\b/i;
const OP: Record<string, RecencyOp> = {
  'more than': '>',
  over: '>',
  above: '>',
  'greater than': '>',
  'longer than': '>',
  'at least': '>=',
  '+': '>=',
  'or more': '>=',
  under: '<',
  'less than': '<',
  'fewer than': '<',
  below: '<',
  within: '<=',
  'at most': '<=',
  'or fewer': '<=',
  'or less': '<=',
};
/** The words of the reading itself, removed before the rest is read ("by region", "north"). */
const OWN = [
  THRESHOLD,
  DATA_END,
  RECENCY,
  /\b(?:placed|made|put\s+in)\s+(?:their|the|a)\s+(?:last|latest|most\s+recent|final)\s+(?:orders?|purchases?)\b/gi,
  /\bon\s+average\b/gi,
  /\b(?:median|middle|midpoint|average|avg|mean|typical|longest|max(?:imum)?|largest|biggest|highest|most|shortest|min(?:imum)?|smallest|lowest|least)\b/gi,
  /\(\s*in\s+days\s*\)|\bin\s+days\b/gi,
  /\b(?:how\s+many|number\s+of|no\.?\s+of|count(?:\s+them)?|count\s+of)\b/gi,
  /\bdays?\b|\bhow\s+long\b/gi,
  /\b(?:measured|counted|gone|went|been|has|have|had|any|each|every|per|with|whose|who|of|a|an|the|their|what|is|was|since|across|all|as|at|to|in|for|s|whats|before|from)\b/gi,
  /\b(?:customers?|clients?|buyers?|people|users?|accounts?)(?:'s|’s|s')?/gi,
].map((r) => new RegExp(r.source, 'gi'));

/** What this reading answers, said when a question of its shape asks something else. */
const REFUSAL =
  "I can give each customer's recency (the days from their last order to the data's last day) as an average, a median, the largest or smallest, or the customers past a number of days, over all customers or by an attribute of the customer (such as region), but not this variant of it";

/**
 * The recency reading, given the ordinary reading of the rest of the question; a refusal when the question has its
 * shape (a last order, days, the data's end) but asks more than it reads; undefined otherwise.
 */
export function readRecency(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  if (!RECENCY.test(question) || !DATA_END.test(question)) return undefined;
  const cubes = entityCubes(catalog);
  if (cubes.length === 0) return undefined;
  return readRest(question, cubes, catalog, read) ?? { refuse: REFUSAL };
}

function readRest(
  question: string,
  cubes: readonly CatalogCube[],
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  const bound = THRESHOLD.exec(question);
  const op = bound ? OP[(bound[1] ?? bound[4] ?? '').toLowerCase().replace(/\s+/g, ' ')] : undefined;
  if (bound && !op) return undefined;
  const threshold = bound && op ? { op, days: Number(bound[2] ?? bound[3]) } : undefined;
  // ("most recent order" names the last order, not a statistic.)
  const bare = question.replace(new RegExp(RECENCY.source, 'gi'), ' ');
  const stats = [MEDIAN, AVERAGE, MAX, MIN].filter((r) => r.test(bare));
  // One figure asked: a statistic, or the customers past a number of days counted.
  if (threshold ? stats.length > 0 || !COUNT.test(bare) : stats.length !== 1) return undefined;
  const stat: Recency['stat'] = threshold
    ? 'count'
    : stats[0] === MEDIAN
      ? 'median'
      : stats[0] === AVERAGE
        ? 'avg'
        : stats[0] === MAX
          ? 'max'
          : 'min';
  const plan = restPlan(question, OWN, cubes, read);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  const own = ownMember(rows, catalog, plan.cube);
  // A period would be of the last orders or of the days' anchor: not said, so not read here.
  if (!plainCount(plan) || plan.range) return undefined;
  const [by, ...more] = plan.dimensions;
  if (more.length > 0 || (by && !own(by))) return undefined;
  if (plan.filters.some((f) => !own(f.member))) return undefined;
  return {
    ...plan,
    dimensions: [],
    perEntity: { kind: 'recency', rows, stat, ...(threshold ? { threshold } : {}), ...(by ? { by } : {}) },
  };
}

const STAT_SQL: Record<Recency['stat'], string> = {
  avg: 'AVG(days)',
  median: 'percentile_cont(0.5) WITHIN GROUP (ORDER BY days)',
  max: 'MAX(days)',
  min: 'MIN(days)',
  count: '',
};

/** One query: each customer's last row, the data's last day, their gap in calendar days, then the figure. */
export function recencyQuery(plan: Plan, p: Recency): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const by = p.by ? [ident(p.by.column)] : [];
  const table = ident(plan.cube.name);
  const conds = conditions({ ...plan, perEntity: undefined }, at);
  const keys = [entity, ...by];
  const t = `SELECT ${keys.join(', ')}, MAX(${at}) AS last_at FROM ${table}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''} GROUP BY ${keys.map((_, i) => i + 1).join(', ')}`;
  const e = `SELECT CAST(MAX(${at}) AS DATE) AS data_last_day FROM ${table}`;
  const d = `SELECT ${[...by, 'data_last_day', 'data_last_day - CAST(last_at AS DATE) AS days'].join(', ')} FROM t JOIN e ON TRUE`;
  const people = ident(entityWord(p.rows.entity));
  const figure =
    p.stat === 'count' && p.threshold
      ? `SUM(CASE WHEN days ${p.threshold.op} ${p.threshold.days} THEN 1 ELSE 0 END) AS ${ident(`${entityWord(p.rows.entity)}_past`)}`
      : `${STAT_SQL[p.stat]} AS ${p.stat}_days_since_last_order`;
  const group = by.length > 0 ? ' GROUP BY 1 ORDER BY 1' : '';
  const sql = `WITH t AS (${t}), e AS (${e}), d AS (${d}) SELECT ${[...by, figure, `COUNT(*) AS ${people}`, 'MAX(data_last_day) AS data_last_day'].join(', ')} FROM d${group}`;
  return plannedQuery(plan, sql, titleOf(plan, p), [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
    { role: 'entities' },
    { role: 'measure' },
  ]);
}

const STAT_WORD: Record<Recency['stat'], string> = {
  avg: 'average',
  median: 'median',
  max: 'longest',
  min: 'shortest',
  count: '',
};

function titleOf(plan: Plan, p: Recency): string {
  const people = entityWord(p.rows.entity);
  const by = p.by ? ` by ${nameOf(plan, p.by).toLowerCase()}` : '';
  const scope = scopeText({ ...plan, perEntity: undefined });
  if (p.stat === 'count' && p.threshold)
    return capitalise(
      `${people} whose last order was ${p.threshold.op} ${p.threshold.days} days before the data's last day${by}${scope}`,
    );
  return capitalise(`${STAT_WORD[p.stat]} days since the last order${by}${scope}`);
}

/** The answer: the figure (per group), the data's last day it is counted to, and how it was measured. */
export function recencyAnswer(p: Recency, query: PlannedQuery, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const one = people.replace(/s$/, '');
  const last = result.data[0]?.[p.by ? 3 : 2];
  const asOf = last ? ` (as of ${formatValue(last)}, the data's last day)` : '';
  const rule = `(Per ${one}: the calendar days from the date of their last order to the data's last day, over the ${people} with at least one order in scope.)`;
  const figure = (v: unknown, n: unknown) =>
    p.stat === 'count'
      ? `${formatFigure(undefined, v ?? 0)} of ${formatFigure(undefined, n ?? 0)} ${people}`
      : `${formatFigure(undefined, Math.round(Number(v ?? 0) * 100) / 100)} days (${formatFigure(undefined, n ?? 0)} ${people})`;
  if (!p.by) {
    const [v, n] = result.data[0] ?? [];
    if (n === null || n === undefined || Number(n) === 0)
      return `${query.title}: no ${one} has an order in scope.`;
    return `${query.title}${asOf}: ${figure(v, n)}.\n\n${rule}`;
  }
  const lines = result.data.map((r) => `- ${formatValue(r[0])}: ${figure(r[1], r[2])}`);
  return `${query.title}${asOf}:\n${lines.join('\n')}\n\n${rule}`;
}
