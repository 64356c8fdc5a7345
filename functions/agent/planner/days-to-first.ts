/**
 * Days from an entity's start to its first row (issue 29, cohorts): "on average, how many days after signing up did
 * customers place their first order?", "median days from joining to first purchase", "by segment, how long (in
 * days) did customers take on average to place their first order after signing up". Per customer: the signup
 * date and the first order's date (MIN), their gap in days as elapsed time (epoch seconds / 86,400); then the
 * average or the median over the customers, per a group of the customer's own (segment) when one is named.
 * ("the average time between signup and first order": the time is counted in days.) Every word is given a role or
 * the question is left to the other readings (which refuse "days between").
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { formatFigure } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, ofEntity, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';
import { formatValue } from './text';

type DaysToFirst = Extract<PerEntity, { kind: 'days-to-first' }>;

const START =
  /\b(?:sign(?:ing|ed)?[\s-]*up|signups?|join(?:ing|ed)?|regist(?:ering|ered|ration)|creat(?:ing|ed)\s+(?:an?\s+|their\s+)?account)\b/i;
const FIRST =
  /\b(?:(?:plac(?:e|ed|ing)|mak(?:e|ing)|made|d(?:o|id)|got|get(?:ting)?)\s+)?(?:their|his|her|a|the|its)?\s*(?:very\s+)?(?:first|1st)(?:[\s-]+ever)?\s+(?:order|purchase|buy|sale|transaction)s?\b|\b(?:first|1st)\s+(?:order(?:ed)?|bought|purchased|buying|ordering)\b/i;
const DAYS = /\b(?:days?|how\s+long|time|gap|lag)\b/i;
const MEDIAN = /\b(?:median|middle|midpoint)\b/i;
const AVERAGE = /\b(?:on\s+average|average|avg|mean|typical(?:ly)?|usually)\b/i;
/** The words of the reading itself, removed before the rest is read ("by segment", "enterprise", "in my region"). */
const OWN = [
  START,
  FIRST,
  /\bon\s+average\b/gi,
  /\b(?:median|middle|midpoint|average|avg|mean|typical(?:ly)?|usually)\b/gi,
  /\(\s*in\s+days\s*\)|\bin\s+days\b/gi,
  /\b(?:how\s+many|number\s+of|no\.?\s+of|count\s+of)\s+days\b|\bhow\s+long\b|\bdays?\b|\btime\b|\bgap\b|\blag\b/gi,
  /\b(?:between|from|after|since|until|till|to|and|before)\b/gi,
  /\b(?:did|does|do|it|take|took|takes|taking|wait|waited|for|was|is|are|were|the|a|an|of|their|his|her|its|they|them|what|s|it's|whats)\b/gi,
  /\b(?:customers?|clients?|buyers?|people|users?|accounts?)(?:'s|’s|s')?/gi,
  /\b(?:place|placed|placing|make|made|making|order|ordered|ordering|buy|bought|purchase|purchased)\b/gi,
].map((r) => new RegExp(r.source, 'gi'));

/** What this reading answers, said when a question of its shape asks something else. */
const REFUSAL =
  'I can give the average or the median number of days from signing up to the first order, over all customers or by an attribute of the customer (such as segment), but not this variant of it';

/**
 * The days-to-first reading, given the ordinary reading of the rest of the question; a refusal when the question
 * has its shape (days, a signup, a first order) but asks more than it reads; undefined otherwise.
 */
export function readDaysToFirst(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | { refuse: string } | undefined {
  if (!DAYS.test(question) || !START.test(question) || !FIRST.test(question)) return undefined;
  const cubes = catalog.filter((c) => entityRows(c)?.start !== undefined);
  if (cubes.length === 0) return undefined;
  const plan = readRest(question, cubes, read);
  return plan ?? { refuse: REFUSAL };
}

function readRest(
  question: string,
  cubes: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const median = MEDIAN.test(question);
  if (!median && !AVERAGE.test(question)) return undefined;
  let rest = question;
  for (const r of OWN) rest = rest.replace(r, ' ');
  rest = rest
    .replace(/[?.!,:;()'’-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const plan = read(`orders ${rest}`, cubes);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows?.start) return undefined;
  // A period would be of the signups or of the first orders: not said, so not read here.
  if (!plainCount(plan) || plan.range) return undefined;
  // Groups and filters of the customer's own (segment): a first order per category would be another question.
  const [by, ...more] = plan.dimensions;
  if (more.length > 0 || (by && !ofEntity(rows, by))) return undefined;
  if (plan.filters.some((f) => !ofEntity(rows, f.member))) return undefined;
  return {
    ...plan,
    dimensions: [],
    perEntity: { kind: 'days-to-first', rows, stat: median ? 'median' : 'avg', ...(by ? { by } : {}) },
  };
}

/** One query: each customer's signup and first order, then the average or median gap in days (per group). */
export function daysToFirstQuery(plan: Plan, p: DaysToFirst): PlannedQuery {
  const start = p.rows.start;
  if (!start) throw new Error('no start date');
  const entity = ident(p.rows.entity.column);
  const by = p.by ? [ident(p.by.column)] : [];
  const conds = conditions({ ...plan, perEntity: undefined }, ident(p.rows.time.column));
  const t = `SELECT ${[entity, ...by].join(', ')}, MIN(${ident(start.column)}) AS start_at, MIN(${ident(p.rows.time.column)}) AS first_at FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''} GROUP BY ${[entity, ...by].map((_, i) => i + 1).join(', ')}`;
  const d = `SELECT ${[...by, '(EXTRACT(EPOCH FROM first_at) - EXTRACT(EPOCH FROM start_at)) / 86400.0 AS days'].join(', ')} FROM t`;
  const stat = p.stat === 'median' ? 'percentile_cont(0.5) WITHIN GROUP (ORDER BY days)' : 'AVG(days)';
  const people = ident(entityWord(p.rows.entity));
  const group = by.length > 0 ? ' GROUP BY 1 ORDER BY 1' : '';
  const sql = `WITH t AS (${t}), d AS (${d}) SELECT ${[...by, `${stat} AS ${p.stat}_days_to_first_order`, `COUNT(*) AS ${people}`].join(', ')} FROM d${group}`;
  const title = capitalise(
    `${p.stat === 'median' ? 'median' : 'average'} days from signup to first order${p.by ? ` by ${nameOf(plan, p.by).toLowerCase()}` : ''}`,
  );
  return plannedQuery(plan, sql, title, [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
    { role: 'entities' },
  ]);
}

/** The answer: the figure in days (per group), and how it was measured. */
export function daysToFirstAnswer(plan: Plan, p: DaysToFirst, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const word = p.stat === 'median' ? 'median' : 'average';
  const scope = scopeText({ ...plan, perEntity: undefined });
  const days = (v: unknown) => `${formatFigure(undefined, Math.round(Number(v ?? 0) * 10) / 10)} days`;
  const start = nameOf(plan, p.rows.start ?? p.rows.time).toLowerCase();
  const rule = `(Per ${people.replace(/s$/, '')}: the time from their ${start} to their first ${nameOf(plan, p.rows.time).toLowerCase()}, in days, over the ${people} with at least one order.)`;
  if (!p.by) {
    const [v, n] = result.data[0] ?? [];
    if (v === null || v === undefined) return `No ${people} with an order${scope}.`;
    return `The ${word} time from signing up to the first order${scope}: ${days(v)} (${formatFigure(undefined, n ?? 0)} ${people}).\n\n${rule}`;
  }
  const lines = result.data.map(
    (r) => `- ${formatValue(r[0])}: ${days(r[1])} (${formatFigure(undefined, r[2] ?? 0)} ${people})`,
  );
  return `${capitalise(word)} days from signing up to the first order by ${nameOf(plan, p.by).toLowerCase()}${scope}:\n${lines.join('\n')}\n\n${rule}`;
}
