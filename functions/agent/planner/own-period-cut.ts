/**
 * The rows above (or below) their own period's percentile, median or average, counted per period (tuning set 34,
 * rows): "how many orders in each month of 2024 were above that month's 90th percentile order amount?", "per quarter
 * of 2025, count the orders bigger than the 75th percentile of their quarter", "for each year, how many orders came
 * in above that year's 99th percentile?". Each period's own cut over its own rows (of the question's period and
 * filters), and the rows of that period past it; the cut is stated beside each count. Read as the rows counted per
 * period (reading.ts marks the plan); it was refused. A plan with anything more (a breakdown, a ranking, another
 * figure) is refused, and so is a model with no one amount of a row to cut.
 */
import type { CatalogMember } from './catalog';
import { formatFigure } from './format';
import { type Plan, plainParts } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';

const UNIT = '(month|quarter|year|week|day)';
/** "that month's", "their quarter's", "its own year's", "the same month's". */
const OWN_BEFORE = new RegExp(`\\b(?:that|their|its|the\\s+same|each)\\s+(?:own\\s+)?${UNIT}['’]s\\b`, 'i');
/** "of their quarter", "for that month", "within its year". */
const OWN_AFTER = new RegExp(
  `\\b(?:of|for|in|within)\\s+(?:that|their|its|the\\s+same)\\s+(?:own\\s+)?${UNIT}\\b`,
  'i',
);
/** "in each month of 2024", "per quarter of 2025", "for each year", "by month". */
const EACH = new RegExp(
  `\\b(?:in\\s+each|for\\s+each|for\\s+every|in\\s+every|each|every|per|by)\\s+${UNIT}\\b`,
  'i',
);
const CUT =
  /\b(?:(\d{1,2})(?:st|nd|rd|th)\s+percentile|p(\d{1,2})\b|(median)|(average|mean)|(top|bottom)\s+(\d{1,2})\s*%)/i;
const ABOVE =
  /\b(?:above|over|bigger\s+than|larger\s+than|greater\s+than|higher\s+than|more\s+than|exceed(?:ed|ing)?)\b/i;
const BELOW = /\b(?:below|under|smaller\s+than|less\s+than|lower\s+than)\b/i;
const PERIOD = /\b(?:in|of|during|for)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\b/i;

export interface OwnPeriodCut {
  /** 0.5 for the median, 0.9 for the 90th percentile; undefined for the average. */
  quantile?: number;
  op: '>' | '<';
  unit: string;
}

/** The question restated as the rows counted per period, and the cut; undefined when it is not of this shape. */
export function readOwnPeriodCut(question: string): ({ text: string } & OwnPeriodCut) | undefined {
  const q = question.replace(/’/g, "'");
  const own = OWN_BEFORE.exec(q) ?? OWN_AFTER.exec(q);
  const each = EACH.exec(q);
  const cut = CUT.exec(q);
  if (!own?.[1] || !each?.[1] || !cut || !/\borders?\b/i.test(q)) return undefined;
  const unit = own[1].toLowerCase();
  if (each[1].toLowerCase() !== unit || !/\b(?:how\s+many|count|number\s+of)\b/i.test(q)) return undefined;
  const above = ABOVE.exec(q);
  const below = BELOW.exec(q);
  if (Boolean(above) === Boolean(below)) return undefined;
  const [, nth, p, median, average, end, size] = cut;
  const quantile = nth
    ? Number(nth) / 100
    : p
      ? Number(p) / 100
      : median
        ? 0.5
        : end
          ? end.toLowerCase() === 'top'
            ? 1 - Number(size) / 100
            : Number(size) / 100
          : undefined;
  if (!average && (quantile === undefined || quantile <= 0 || quantile >= 1)) return undefined;
  // (Any other word that narrows the rows is read by the plain reading of the restated count: a status, a category.)
  const narrowed = q
    .replace(own[0], ' ')
    .replace(each[0], ' ')
    .replace(cut[0], ' ')
    .replace(
      /\b(?:how\s+many|count(?:\s+the)?|number\s+of|were|was|came\s+in|came|placed|order\s+amounts?|amounts?|of\s+order\s+amounts?|orders?)\b/gi,
      ' ',
    )
    .replace(ABOVE, ' ')
    .replace(BELOW, ' ')
    .replace(PERIOD, ' ')
    .replace(/\b(?:in|of|for|the|that|their|its|own|per|each|a|an|what|is|by|at|order)\b/gi, ' ')
    .replace(/[^a-z0-9]+/gi, ' ')
    .trim();
  if (narrowed) return undefined;
  const period = PERIOD.exec(q)?.[1];
  return {
    text: `number of orders by ${unit}${period ? ` in ${period}` : ''}`,
    ...(quantile !== undefined && !average ? { quantile } : {}),
    op: above ? '>' : '<',
    unit,
  };
}

/** The one amount of a row to cut (a number dimension that is no id), or undefined. */
export function rowAmount(plan: Plan): CatalogMember | undefined {
  const amounts = plan.cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'number' && !m.derived && !/(^|_)id$/.test(m.column),
  );
  return amounts.length === 1 ? amounts[0] : undefined;
}

/** The plan marked with the cut, or undefined when it is not the rows counted per the unit with nothing more. */
export function ownPeriodCutOf(plan: Plan, cut: OwnPeriodCut): Plan | undefined {
  const measure = plan.measures[0];
  const plain =
    plan.measures.length === 1 &&
    measure?.aggType === 'count' &&
    plan.dimensions.length === 0 &&
    plan.grain === cut.unit &&
    plan.timeDimension !== undefined &&
    plainParts(plan) &&
    !plan.anyOf &&
    plan.numberFilters.length === 0 &&
    rowAmount(plan) !== undefined;
  return plain ? { ...plan, ownPeriodCut: cut } : undefined;
}

const cutName = (cut: OwnPeriodCut) =>
  cut.quantile === undefined
    ? 'average'
    : cut.quantile === 0.5
      ? 'median'
      : `${Math.round(cut.quantile * 1000) / 10}th percentile`;

export function ownPeriodCutQuery(plan: Plan): PlannedQuery {
  const cut = plan.ownPeriodCut;
  const amount = rowAmount(plan);
  const timeMember = plan.timeDimension;
  if (!cut || !amount || !timeMember) throw new Error('not a cut of its own period');
  const time = ident(timeMember.column);
  const a = ident(amount.column);
  const where = conditions(plan, time);
  const line =
    cut.quantile === undefined ? 'AVG(v)' : `percentile_cont(${cut.quantile}) WITHIN GROUP (ORDER BY v)`;
  const unit = cut.unit;
  const sql = `WITH o AS (SELECT date_trunc('${unit}', ${time}) AS p, ${a} AS v FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}), q AS (SELECT p, ${line} AS cut FROM o GROUP BY 1) SELECT o.p AS ${ident(unit)}, COUNT(*) FILTER (WHERE o.v ${cut.op} q.cut) AS orders_${cut.op === '>' ? 'above' : 'below'}, q.cut AS ${ident(`${unit}_${cutName(cut).replace(/[^a-z0-9]+/g, '_')}`)} FROM o JOIN q ON q.p = o.p GROUP BY o.p, q.cut ORDER BY 1`;
  return plannedQuery(
    plan,
    sql,
    `Orders ${cut.op === '>' ? 'above' : 'below'} their own ${unit}'s ${cutName(cut)} ${amount.title.toLowerCase()}, by ${unit}${scopeText(plan)}`,
    [{ role: 'time' }, { role: 'measure' }, { role: 'measure', member: amount }],
  );
}

export function ownPeriodCutText(
  plan: Plan,
  query: PlannedQuery,
  data: unknown[][],
  label: (row: unknown[]) => string,
): string {
  const amount = rowAmount(plan);
  const cut = plan.ownPeriodCut;
  const lines = data.map(
    (row) =>
      `- ${label(row)}: ${formatFigure(undefined, row[1])} (${cut ? cutName(cut) : 'cut'} ${formatFigure(amount, row[2])})`,
  );
  return `${query.title}:\n${lines.join('\n')}`;
}
