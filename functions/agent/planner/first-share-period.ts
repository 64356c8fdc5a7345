/**
 * The period by which a share of the customers had placed their first order (issue 29, timing): "by the end of which
 * month had 90% of customers placed their first order?", "in what month did the running total of first-time buyers
 * pass half of all customers?". Per customer their first row's date; the first orders counted per month (quarter,
 * week or year) and summed up to each one; the first period whose running count reaches the share of every customer
 * with an order. Or the running count itself per period ("cumulative number of customers who had placed a first
 * order, by month, for 2023": every period of the data, those of a period asked kept, counted from the data's
 * start). Every word must be one of these roles (no group or filter is read here): anything more is left to the
 * other readings, which refuse it.
 */
import { type ResultLike, timeLabel } from './answer';
import type { CatalogCube } from './catalog';
import { formatFigure } from './format';
import { capitalise, entityWord } from './names';
import { entityRows, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, scopeText, withinPeriod } from './sql';
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

/** "cumulative number", "running total", "running count". */
const RUNNING = /\b(?:cumulative|running\s+(?:total|count|number))\b/i;
/** "by month", "per quarter", "each week", "monthly". */
const PER =
  /\b(?:by|per|each|every|for\s+each)\s+(week|month|quarter|year)\b|\b(weekly|monthly|quarterly|yearly)\b/i;
const PER_UNIT: Record<string, FirstShare['unit']> = {
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
};

/** The reading, or undefined when the question is not of its shape or has words it does not read. */
export function readFirstSharePeriod(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const which = WHICH.exec(question);
  const share = SHARE.exec(question);
  if (!FIRST.test(question)) return undefined;
  if (!which || !share) return readRunning(question, catalog, read);
  const percent = share[1] ? Number(share[1]) : WORDS[(share[2] ?? '').toLowerCase().replace(/-/g, ' ')];
  if (percent === undefined || !(percent > 0 && percent <= 100)) return undefined;
  let rest = question;
  for (const r of OWN) rest = rest.replace(r, ' ');
  if (rest.replace(/[?.!,:;()'’-]+/g, ' ').trim() !== '') return undefined;
  const cube = catalog.find((c) => entityRows(c) !== undefined);
  const rows = cube && entityRows(cube);
  if (!cube || !rows) return undefined;
  const unit = (which[1] ?? 'month').toLowerCase() as FirstShare['unit'];
  return sharePlan(cube, rows, { unit, reach: { percent, said: share[0].trim() } });
}

/** The plan of a first-share reading on `cube` (its first measure, the entity's rows), within `range` if any. */
function sharePlan(
  cube: CatalogCube,
  rows: FirstShare['rows'],
  share: Pick<FirstShare, 'unit' | 'reach'>,
  range?: Plan['range'],
): Plan {
  const measure = cube.members.find((m) => m.kind === 'measure');
  return {
    cube,
    measures: measure ? [measure] : [],
    dimensions: [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    ...(range ? { range } : {}),
    perEntity: { kind: 'first-share-period', rows, ...share },
  };
}

/** The running count of first orders per period, those of a period asked kept; undefined when not of its shape. */
function readRunning(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const per = PER.exec(question);
  if (!RUNNING.test(question) || !per) return undefined;
  const unit = (per[1]?.toLowerCase() ?? PER_UNIT[(per[2] ?? '').toLowerCase()]) as
    | FirstShare['unit']
    | undefined;
  if (!unit) return undefined;
  let rest = question.replace(per[0], ' ');
  for (const r of [...OWN, /\b(?:who|that|number|count|total|a|for|show|give|me)\b/gi])
    rest = rest.replace(r, ' ');
  rest = rest
    .replace(/[?.!,:;()'’-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cubes = catalog.filter((c) => entityRows(c) !== undefined);
  const plan = rest ? read(`orders ${rest}`, cubes) : undefined;
  // A period of the months kept, and nothing else.
  if (rest && !(plan?.range && plainCount(plan) && plan.filters.length === 0 && plan.dimensions.length === 0))
    return undefined;
  if (plan?.timeDimension && plan.timeDimension !== entityRows(plan.cube)?.time) return undefined;
  const cube = plan?.cube ?? cubes[0];
  const rows = cube && entityRows(cube);
  if (!cube || !rows) return undefined;
  return sharePlan(cube, rows, { unit }, plan?.range);
}

/** One query: the first orders per period, their running count, and the first period reaching the share. */
export function firstSharePeriodQuery(plan: Plan, p: FirstShare): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const table = ident(plan.cube.name);
  const u = p.unit;
  // Every period of the data, one with no first order too (its running count stays).
  const all = `SELECT DISTINCT date_trunc('${u}', ${at}) AS ${u} FROM ${table}`;
  const f = `SELECT ${entity}, MIN(${at}) AS first_at FROM ${table} GROUP BY 1`;
  const m = `SELECT a.${u}, COUNT(f.first_at) AS n FROM a LEFT JOIN f ON date_trunc('${u}', f.first_at) = a.${u} GROUP BY 1`;
  const c = `SELECT ${u}, SUM(n) OVER (ORDER BY ${u}) AS running, SUM(n) OVER () AS total FROM m`;
  const people = entityWord(p.rows.entity);
  const head = `WITH a AS (${all}), f AS (${f}), m AS (${m}), c AS (${c})`;
  const counted = `running AS ${ident(`${people}_with_a_first_order`)}`;
  if (!p.reach) {
    const kept = plan.range ? ` WHERE ${withinPeriod(u, plan.range)}` : '';
    const sql = `${head} SELECT ${u}, ${counted}, round(100.0 * running / total, 2) AS share_percent FROM c${kept} ORDER BY 1`;
    return plannedQuery(
      plan,
      sql,
      capitalise(
        `${people} with a first order so far, by ${u}${scopeText({ ...plan, perEntity: undefined })}`,
      ),
      [{ role: 'dimension', member: p.rows.time }, { role: 'measure' }, { role: 'share' }],
    );
  }
  const sql = `${head} SELECT ${u}, ${counted}, total AS ${ident(people)}, round(100.0 * running / total, 2) AS share_percent FROM c WHERE ${u} = (SELECT MIN(${u}) FROM c WHERE 100.0 * running >= ${p.reach.percent} * total)`;
  return plannedQuery(
    plan,
    sql,
    `The ${u} by which ${p.reach.said} of ${people} had placed their first order`,
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
  if (!p.reach) {
    const lines = result.data.map(
      (r) =>
        `- ${formatValue(r[0])}: ${formatFigure(undefined, r[1] ?? 0)} (${formatFigure(undefined, r[2] ?? 0)}%)`,
    );
    const each = `(Each ${people.replace(/s$/, '')}'s first order by date; the first orders summed from the data's start to the end of each ${p.unit}, and as a share of every ${people.replace(/s$/, '')} with an order.)`;
    return `${query.title}:\n${lines.join('\n')}\n\n${each}`;
  }
  const [period, running, total, share] = result.data[0] ?? [];
  if (period === null || period === undefined) return `${query.title}: no ${p.unit} reaches it.`;
  const rule = `(Each ${people.replace(/s$/, '')}'s first order by date; the first orders summed up to the end of each ${p.unit}, against every ${people.replace(/s$/, '')} with an order in the data.)`;
  return `${query.title}: ${timeLabel(period, p.unit)} — by its end ${formatFigure(undefined, running ?? 0)} of ${formatFigure(undefined, total ?? 0)} ${people} (${formatFigure(undefined, share ?? 0)}%) had placed their first order.\n\n${rule}`;
}
