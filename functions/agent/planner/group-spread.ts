/**
 * The spread of a group's figure over its periods (tuning set 34, rows): "for each customer segment, how far apart
 * were the best and the worst month of 2025 by revenue?", "by region, the spread between the highest and lowest
 * monthly order count in 2023", "range of monthly revenue per region". Each group's highest period minus its lowest
 * one, both stated beside it. Read as the figure by the group and the period unit (reading.ts marks the plan); it was
 * the periods ranked, or both ends listed with no gap (confidently wrong). A plan with anything more (a ranking, a
 * share, a second breakdown) is refused; with no group said, the question is left to the both-ends reading, which
 * states the gap already.
 */
import { formatFigure } from './format';
import { nameOf } from './names';
import { type Plan, plainParts } from './plan';
import { ident, type PlannedQuery, planQuery, scopeText } from './sql';

const HIGH = '(?:best|highest|biggest|largest|top|busiest|strongest|peak|max(?:imum)?)';
const LOW = '(?:worst|lowest|smallest|bottom|quietest|weakest|slowest|min(?:imum)?)';
const UNITS: Record<string, string> = {
  month: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarterly: 'quarter',
  week: 'week',
  weekly: 'week',
  day: 'day',
  daily: 'day',
};
/** "how far apart", "the gap (difference, spread, range, swing) between". */
const SPREAD = /\b(?:how\s+far\s+apart|gap|difference|spread|range|swing|distance)\b/i;
/** "the best and the worst month", "highest and lowest month", "lowest vs highest quarter". */
const ENDS_UNIT = new RegExp(
  String.raw`\b(?:the\s+)?(?:${HIGH}\s+(?:and|&|vs\.?|versus)\s+(?:the\s+)?${LOW}|${LOW}\s+(?:and|&|vs\.?|versus)\s+(?:the\s+)?${HIGH})\s+(month|quarter|week|day)s?\b`,
  'i',
);
/** "the highest and lowest monthly order count", "the range of monthly revenue". */
const ENDS_ADJECTIVE = new RegExp(
  String.raw`\b(?:(?:the\s+)?(?:${HIGH}\s+(?:and|&|vs\.?|versus)\s+(?:the\s+)?${LOW}|${LOW}\s+(?:and|&|vs\.?|versus)\s+(?:the\s+)?${HIGH})|range\s+of|spread\s+of)\s+(monthly|quarterly|weekly|daily)\s+([a-z][a-z ]*?)(?=\s+(?:in|of|for|during|by|per|across|over)\b|\s*[,?.!]|\s*$)`,
  'i',
);
/** "by revenue", "for order count": the figure after the periods named. */
const BY_MEASURE = /\b(?:by|for|in\s+terms\s+of)\s+((?:number\s+of\s+|total\s+|order\s+)?[a-z]+)\b/gi;
/** "for each customer segment", "by region", "per product category", "in each region". */
const GROUP =
  /\b(?:for\s+each|for\s+every|in\s+each|by|per|each)\s+(?:customer\s+|client\s+)?((?:product\s+|sales\s+)?[a-z]+?)s?\b(?=\s*[,?.!]|\s+(?:how|what|the|in|of|for|during|by|per|was|were|is|are)\b|\s*$)/gi;
const PERIOD = /\b(?:in|of|during|for|across)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\b/i;
/** Words a figure is not ("month", "the"). */
const NOT_FIGURE = /^(?:month|quarter|week|day|year|the|each|every)s?$/i;

/** The question restated as the figure by its group and unit, or undefined when it is not of this shape. */
export function readGroupSpread(
  question: string,
): { text: string; unit: string } | { refuse: string } | undefined {
  if (!SPREAD.test(question)) return undefined;
  const q = question.replace(/[’]/g, "'");
  const adjective = ENDS_ADJECTIVE.exec(q);
  const ends = adjective ? undefined : ENDS_UNIT.exec(q);
  const unit = UNITS[(adjective?.[1] ?? ends?.[1] ?? '').toLowerCase()];
  if (!unit) return undefined;
  let measure = adjective?.[2]?.trim();
  if (!measure && ends) {
    const after = q.slice(ends.index + ends[0].length);
    for (const m of after.matchAll(BY_MEASURE)) {
      const said = m[1]?.trim() ?? '';
      if (!NOT_FIGURE.test(said) && !/^20\d\d$/.test(said)) {
        measure = said;
        break;
      }
    }
  }
  const said = (g: string) => g.toLowerCase();
  const group = [...q.matchAll(GROUP)]
    .map((m) => (m[1] ?? '').trim())
    .find(
      (g) =>
        g !== '' &&
        said(g) !== said(measure ?? '') &&
        !UNITS[said(g)] &&
        !/^(?:year|the|each|every|20\d\d)$/i.test(g),
    );
  // (No group: the both-ends reading states the gap of one ranking.)
  if (!group) return undefined;
  if (!measure)
    return {
      refuse: `I can give each ${group}'s highest ${unit} minus its lowest one of one figure; please say the figure (such as "revenue")`,
    };
  const period = PERIOD.exec(q)?.[1];
  return { text: `${measure} by ${group} by ${unit}${period ? ` in ${period}` : ''}`, unit };
}

/** The plan marked as a spread, or undefined when it is not one figure by one group and the unit said. */
export function groupSpreadOf(plan: Plan, unit: string): Plan | undefined {
  const plain =
    plan.measures.length === 1 &&
    plan.dimensions.length === 1 &&
    plan.grain === unit &&
    plainParts(plan) &&
    !plan.anyOf;
  return plain ? { ...plan, groupSpread: true } : undefined;
}

/** Each group's highest period's figure minus its lowest one's, with both. */
export function groupSpreadQuery(plan: Plan): PlannedQuery {
  const base = planQuery({ ...plan, groupSpread: undefined });
  const group = plan.dimensions[0];
  const measure = plan.measures[0];
  if (!group || !measure) throw new Error('not a spread');
  const g = ident(group.column);
  const v = ident(measure.column);
  const sql = `SELECT t.${g}, MAX(t.${v}) - MIN(t.${v}) AS spread, MAX(t.${v}) AS highest, MIN(t.${v}) AS lowest FROM (${base.sql}) AS t GROUP BY 1 ORDER BY 1`;
  return {
    ...base,
    sql,
    title: `Highest ${plan.grain ?? 'period'} minus lowest ${plan.grain ?? 'period'} of ${nameOf(plan, measure).toLowerCase()} by ${nameOf(plan, group).toLowerCase()}${scopeText(plan)}`,
    columns: [
      { role: 'dimension', member: group },
      { role: 'measure', member: measure },
      { role: 'measure', member: measure },
      { role: 'measure', member: measure },
    ],
  };
}

export function groupSpreadText(plan: Plan, query: PlannedQuery, data: unknown[][]): string {
  const measure = plan.measures[0];
  const unit = plan.grain ?? 'period';
  const lines = data.map(
    ([g, spread, high, low]) =>
      `- ${String(g)}: ${formatFigure(measure, spread)} (highest ${unit} ${formatFigure(measure, high)}, lowest ${formatFigure(measure, low)})`,
  );
  return `${query.title}:\n${lines.join('\n')}`;
}
