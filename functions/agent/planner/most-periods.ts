/**
 * A share condition held in most periods (tuning sets 33 reach and 34 rows): "which categories had more than 20% of
 * monthly revenue in most months of 2024?", "in which regions were more than 25% of orders placed in most months of
 * 2025?", "which regions took more than a quarter of monthly revenue in most months of 2023?". Each group's share of
 * each period's figure, the groups whose share passed the bound in more than half of the periods (7 or more of a
 * year's 12 months), with how many. Read as the figure by the group and the period unit (reading.ts marks the plan);
 * it was refused. A question with any other word is left to the other readings (or their refusal).
 */
import { capitalise, nameOf } from './names';
import { type Plan, plainParts } from './plan';
import { ident, type PlannedQuery, planQuery, scopeText } from './sql';

const FRACTIONS: Record<string, number> = { half: 50, third: 100 / 3, quarter: 25, fifth: 20, tenth: 10 };
const BOUND =
  /\b(more\s+than|over|above|at\s+least|less\s+than|under|below|fewer\s+than)\s+(?:(\d+(?:\.\d+)?)\s*(?:%|percent)|(?:a|one)\s+(half|third|quarter|fifth|tenth))/i;
const MOST = /\b(?:in\s+)?(?:most|the\s+majority)\s+(?:of\s+(?:the\s+)?)?(months|quarters|weeks)\b/i;
const GROUP = /\b(?:which|what)\s+((?:product\s+|sales\s+|customer\s+)?[a-z]+)\b(?=\s)/i;
const PERIOD = /\b(?:in|of|during|for)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\b/i;
/** The figure said after the share: "of monthly revenue", "of orders", "of all sales". */
const OF =
  /\bof\s+(?:the\s+|all\s+|our\s+|total\s+)?(?:monthly\s+|quarterly\s+|weekly\s+)?(revenue|sales|orders|order\s+count|spend|turnover)\b/i;
const FILLER = new Set(
  `which what in were was did do had have has more than over above at least less under below fewer percent of
  the all our total monthly quarterly weekly revenue sales orders order count spend turnover placed made took take
  make up makeup account for accounted a one half third quarter fifth tenth most majority months quarters weeks share
  bring brought come came from get got`.split(/\s+/),
);

export interface MostPeriods {
  unit: 'month' | 'quarter' | 'week';
  op: '>' | '>=' | '<';
  percent: number;
  /** The bound in the asker's words ("more than a quarter"), said back as such (25% is no figure they named). */
  said: string;
}

export function readMostPeriods(question: string): ({ text: string } & MostPeriods) | undefined {
  const q = question.replace(/’/g, "'");
  const most = MOST.exec(q);
  const bound = BOUND.exec(q);
  const group = GROUP.exec(q);
  const of = OF.exec(q);
  if (!most?.[1] || !bound || !group?.[1] || !of?.[1]) return undefined;
  const said = bound[1]?.toLowerCase().replace(/\s+/g, ' ') ?? '';
  const op: MostPeriods['op'] = /^(?:more than|over|above)$/.test(said)
    ? '>'
    : said === 'at least'
      ? '>='
      : '<';
  const percent = bound[2] ? Number(bound[2]) : FRACTIONS[bound[3]?.toLowerCase() ?? ''];
  if (percent === undefined || !(percent > 0 && percent < 100)) return undefined;
  const groupWord = group[0].replace(/^(?:which|what)\s+/i, '').trim();
  const rest = q
    .toLowerCase()
    .replace(groupWord.toLowerCase(), ' ')
    .replace(/\b(?:q[1-4]|h[12])\b/g, ' ')
    .replace(/\b\d+(?:\.\d+)?\b/g, ' ')
    .split(/[^a-z]+/)
    .filter((w) => w && !FILLER.has(w));
  if (rest.length > 0) return undefined;
  const unit = most[1].toLowerCase().replace(/s$/, '') as MostPeriods['unit'];
  const figure = of[1].toLowerCase() === 'orders' ? 'number of orders' : of[1];
  const period = PERIOD.exec(q)?.[1];
  return {
    text: `${figure} by ${group[1].replace(/ies$/i, 'y').replace(/s$/i, '')} by ${unit}${period ? ` in ${period}` : ''}`,
    unit,
    op,
    percent,
    said: bound[0].trim(),
  };
}

export function mostPeriodsOf(plan: Plan, read: MostPeriods): Plan | undefined {
  const plain =
    plan.measures.length === 1 &&
    ['sum', 'count', 'count_distinct'].includes(plan.measures[0]?.aggType ?? '') &&
    plan.dimensions.length === 1 &&
    plan.dimensions.every((d) => !d.derived) &&
    plan.grain === read.unit &&
    plainParts(plan) &&
    !plan.anyOf;
  return plain ? { ...plan, mostPeriods: read } : undefined;
}

export function mostPeriodsQuery(plan: Plan): PlannedQuery {
  const base = planQuery({ ...plan, mostPeriods: undefined });
  const read = plan.mostPeriods;
  const group = plan.dimensions[0];
  const measure = plan.measures[0];
  if (!read || !group || !measure) throw new Error('not a share held in most periods');
  const g = ident(group.column);
  const v = ident(measure.column);
  const p = ident(read.unit);
  const held = `COUNT(*) FILTER (WHERE share ${read.op} ${read.percent})`;
  const sql = `WITH t AS (${base.sql}), s AS (SELECT ${g} AS g, ${p} AS p, 100.0 * ${v} / NULLIF(SUM(${v}) OVER (PARTITION BY ${p}), 0) AS share FROM t), n AS (SELECT COUNT(DISTINCT p) AS periods FROM s) SELECT g AS ${g}, ${held} AS ${read.unit}s_held, MAX(n.periods) AS ${read.unit}s FROM s, n GROUP BY g HAVING 2 * ${held} > MAX(n.periods) ORDER BY 1`;
  return {
    ...base,
    sql,
    title: `${capitalise(nameOf(plan, group))} with ${read.said.toLowerCase()} of each ${read.unit}'s ${nameOf(plan, measure).toLowerCase()} in most ${read.unit}s${scopeText(plan)}`,
    columns: [{ role: 'dimension', member: group }, { role: 'measure' }, { role: 'measure' }],
  };
}

export function mostPeriodsText(plan: Plan, query: PlannedQuery, data: unknown[][]): string {
  const unit = plan.mostPeriods?.unit ?? 'month';
  if (data.length === 0) return `${query.title}: none (no one held it in more than half of the ${unit}s).`;
  return `${query.title} (more than half of the ${unit}s):\n${data.map((r) => `- ${String(r[0])}: in ${String(r[1])} of ${String(r[2])} ${unit}s`).join('\n')}`;
}
