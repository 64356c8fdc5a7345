/**
 * Days from an entity's start to its first row (issue 29, cohorts): "on average, how many days after signing up did
 * customers place their first order?", "median days from joining to first purchase", "by segment, how long (in
 * days) did customers take on average to place their first order after signing up". Per customer: the signup
 * date and the first order's date (MIN), their gap in days as elapsed time (epoch seconds / 86,400); then the
 * average or the median over the customers, per a group of the customer's own (segment) when one is named.
 * ("the average time between signup and first order": the time is counted in days.) The signups' own period is
 * read too: "by signup quarter", "for each signup month" (a group per period of the signup date), "for customers
 * who signed up in Q3 2022" (the signups of that period). Every word is given a role or the question is left to the
 * other readings (which refuse "days between").
 */
import { type ResultLike, timeLabel } from './answer';
import type { CatalogCube, CatalogMember } from './catalog';
import { namedPeriod } from './cohort-periods';
import { formatFigure } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, ofEntity, plainCount } from './per-entity';
import type { Grain, PerEntity, Period, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, quote, scopeText, withinPeriod } from './sql';
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
  /\b(?:did|does|do|it|take|took|takes|taking|wait|waited|passed|elapsed|for|was|is|are|were|the|a|an|of|their|his|her|its|they|them|what|s|it's|whats)\b/gi,
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
  const amounted = firstAmountAsked(question);
  if (amounted) return readFirstAmount(amounted, catalog, read);
  if (!DAYS.test(question) || !START.test(question) || !FIRST.test(question)) return undefined;
  const cubes = catalog.filter((c) => entityRows(c)?.start !== undefined);
  if (cubes.length === 0) return undefined;
  const plan = readRest(question, cubes, read);
  return plan ?? { refuse: REFUSAL };
}

/**
 * "the average amount of each customer's first order by signup quarter", "average first-order value per signup
 * quarter, for customers who joined in 2022", "the average first order of customers who signed up in Q3 2022": the
 * first order's own amount averaged (or its median) over the customers of each signup period (tuning-32-miss). The
 * year said with the signup periods is the signups' ("each quarter of 2022 that customers signed up in"), not the
 * orders': every first order is counted, whenever it came.
 */
const FIRST_AMOUNT =
  /\b(?:average|avg|mean|median|typical)\s+(?:(?:amount|value|size|total)\s+(?:of|on|for)\s+)?(?:(?:each|every|a|the)\s+)?(?:(?:customer|client)s?['’]?s?\s+|their\s+|the\s+)?(?:very\s+)?(?:first|1st)[\s-]+(?:order|purchase)s?(?:\s+(?:amount|value|size|total))?\b/i;
/** "for each quarter of 2022 that customers signed up in", "by the quarter of 2022 they joined": signup periods. */
const START_UNIT_OF =
  /\b(?:for\s+each|for\s+every|by(?:\s+the)?|per)\s+(month|quarter|year)\s+of\s+((?:19|20)\d\d)\s+(?:that\s+|when\s+|in\s+which\s+)?(?:the\s+|my\s+|our\s+)?(?:customers|clients|they)\s+(?:signed[\s-]?up|joined|registered)(?:\s+in)?\b/i;
const REFUSAL_AMOUNT =
  "I can give the average or the median amount of customers' first orders, over all customers, by an attribute of the customer (such as segment) or by signup period, but not this variant of it";

/** The question said in the reading's words when it asks for a first order's own amount with a signup, or undefined. */
function firstAmountAsked(question: string): string | undefined {
  if (DAYS.test(question) || !START.test(question) || !FIRST_AMOUNT.test(question)) return undefined;
  return question.replace(
    START_UNIT_OF,
    (_all, unit: string, year: string) => `for each signup ${unit} of ${year}`,
  );
}

function readFirstAmount(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | { refuse: string } {
  const cubes = catalog.filter((c) => entityRows(c)?.start !== undefined);
  for (const cube of cubes) {
    const amount = cube.members.find(
      (m) => m.kind === 'dimension' && m.type === 'number' && !m.derived && /\bamount\b/i.test(m.title),
    );
    if (!amount) continue;
    const said = question.replace(FIRST_AMOUNT, (m) =>
      m
        .replace(/\b(?:amount|value|size|total|each|every)\b/gi, ' ')
        .replace(/\bfirst-(order|purchase)/gi, 'first $1'),
    );
    const plan = readRest(said.replace(/\b(?:amount|value|size)\b/gi, ' '), [cube], read);
    if (plan?.perEntity?.kind === 'days-to-first')
      return { ...plan, perEntity: { ...plan.perEntity, amount } };
  }
  return { refuse: REFUSAL_AMOUNT };
}

/**
 * "by signup quarter", "for each signup month", "per sign-up year", "for each signup quarter of 2022": a group per
 * period of the signup date (of the signups of the year named).
 */
const START_GRAIN =
  /\b(?:by|per|for\s+each|for\s+every|each|every)\s+(?:signup|sign[\s-]up|joining|join|registration)\s+(day|week|month|quarter|year)(?:\s+(?:of|in)\s+((?:19|20)\d\d))?\b/i;
const PERIOD_WORD =
  '(q[1-4]|h[12]|jan\\w*|feb\\w*|mar\\w*|apr\\w*|may|june?|july?|aug\\w*|sep\\w*|oct\\w*|nov\\w*|dec\\w*)';
/** "H1 vs H2 2022 signups", "Q1 2022 signups versus Q4 2022 signups", "jan vs dec 2022 joiners": two signup periods. */
const START_VERSUS = new RegExp(
  `\\b${PERIOD_WORD}(?:\\s+((?:19|20)\\d\\d))?\\s+(?:sign[\\s-]?ups?\\s+|joiners\\s+)?(?:vs\\.?|versus|compared\\s+(?:with|to)|against)\\s+${PERIOD_WORD}\\s+((?:19|20)\\d\\d)\\s+(?:sign[\\s-]?ups?|joiners|cohorts?)\\b`,
  'i',
);

/** The two signup periods a question sets against each other (the first takes the second's year when it has none). */
function startVersus(question: string): { periods: Period[]; said: string } | undefined {
  const m = START_VERSUS.exec(question);
  if (!m) return undefined;
  const [said, a, yearA, b, yearB] = m;
  const first = namedPeriod(`${a} ${yearA ?? yearB}`.toLowerCase());
  const second = namedPeriod(`${b} ${yearB}`.toLowerCase());
  if (!first || !second || first.period.label === second.period.label) return undefined;
  return { periods: [first.period, second.period], said };
}
/** "(for customers) who signed up in Q3 2022", "that joined during 2022": the signups of a period. */
const START_PERIOD =
  /\b(?:who|that)\s+(?:signed[\s-]?up|joined|registered)\s+(?:in|during)\s+((?:(?:q[1-4]|h[12]|[a-z]+)\s+)?(?:19|20)\d\d)\b/i;

function readRest(
  question: string,
  cubes: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const median = MEDIAN.test(question);
  if (!median && !AVERAGE.test(question)) return undefined;
  // The signups' own period, set aside before the signup words go and said again after them.
  const grain = START_GRAIN.exec(question);
  const versus = startVersus(question);
  const period = START_PERIOD.exec(question);
  // ("for each signup quarter of 2022": the signups of 2022, a group per quarter.)
  const year = grain?.[2];
  let rest = question;
  for (const said of [grain?.[0], period?.[0], versus?.said]) if (said) rest = rest.replace(said, ' ');
  for (const r of OWN) rest = rest.replace(r, ' ');
  rest = rest
    .replace(/[?.!,:;()'’-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (versus && (grain || period)) return undefined;
  const signup = `${grain ? ` by signup ${grain[1]}` : ''}${period ? ` customers who signed up in ${period[1]}` : year ? ` customers who signed up in ${year}` : ''}`;
  const plan = read(`orders ${rest}${signup}`, cubes);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows?.start) return undefined;
  // A signup period read as one: the grain or range on the signup date, nothing else of time.
  const onStart = plan.timeDimension?.column === rows.start.column;
  if ((grain || period) && !onStart) return undefined;
  if (Boolean(grain) !== Boolean(plan.grain) || Boolean(period || year) !== Boolean(plan.range))
    return undefined;
  const startGrain: Grain | undefined = grain ? plan.grain : undefined;
  // Any other period would be of the signups or of the first orders: not said, so not read here.
  if (!plainCount({ ...plan, grain: undefined }) || plan.compare) return undefined;
  // Groups and filters of the customer's own (segment): a first order per category would be another question.
  const [by, ...more] = plan.dimensions;
  if (more.length > 0 || (by && !ofEntity(rows, by)) || (by && startGrain)) return undefined;
  if (plan.filters.some((f) => !ofEntity(rows, f.member))) return undefined;
  return {
    ...plan,
    dimensions: [],
    grain: undefined,
    perEntity: {
      kind: 'days-to-first',
      rows,
      stat: median ? 'median' : 'avg',
      ...(by ? { by } : {}),
      ...(startGrain ? { startGrain } : {}),
      ...(versus ? { startPeriods: versus.periods } : {}),
    },
  };
}

/** One query: each customer's signup and first order, then the average or median gap in days (per group). */
export function daysToFirstQuery(plan: Plan, p: DaysToFirst): PlannedQuery {
  const start = p.rows.start;
  if (!start) throw new Error('no start date');
  const entity = ident(p.rows.entity.column);
  // A signup period's group: the period of the signup date (named in the inner query), or the customer's own.
  const periods = p.startPeriods ?? [];
  const group = p.startGrain
    ? { expr: `date_trunc('${p.startGrain}', ${ident(start.column)})`, name: `signup_${p.startGrain}` }
    : periods.length > 0
      ? {
          expr: `CASE ${periods.map((q) => `WHEN ${withinPeriod(ident(start.column), q)} THEN ${quote(q.label)}`).join(' ')} END`,
          name: 'signup_period',
        }
      : p.by
        ? { expr: ident(p.by.column), name: ident(p.by.column) }
        : undefined;
  const inner = group ? [`${group.expr} AS ${group.name}`] : [];
  const by = group ? [group.name] : [];
  // The range asked is of the signups (a range on the order dates is not read here).
  const conds = conditions({ ...plan, perEntity: undefined }, ident(start.column));
  if (periods.length > 0)
    conds.push(`(${periods.map((q) => withinPeriod(ident(start.column), q)).join(' OR ')})`);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  // (A first order's amount: each customer's earliest row by date, a tie on that date to the lower row id.)
  const order = p.rows.id
    ? `${ident(p.rows.time.column)}, ${ident(p.rows.id.column)}`
    : ident(p.rows.time.column);
  const t = p.amount
    ? `SELECT ${[entity, ...inner].join(', ')}, ${ident(p.amount.column)} AS v, ROW_NUMBER() OVER (PARTITION BY ${entity} ORDER BY ${order}) AS row_rank FROM ${ident(plan.cube.name)}${where}`
    : `SELECT ${[entity, ...inner].join(', ')}, MIN(${ident(start.column)}) AS start_at, MIN(${ident(p.rows.time.column)}) AS first_at FROM ${ident(plan.cube.name)}${where} GROUP BY ${[entity, ...by].map((_, i) => i + 1).join(', ')}`;
  const d = p.amount
    ? `SELECT ${[...by, 'v AS days'].join(', ')} FROM t WHERE row_rank = 1`
    : `SELECT ${[...by, '(EXTRACT(EPOCH FROM first_at) - EXTRACT(EPOCH FROM start_at)) / 86400.0 AS days'].join(', ')} FROM t`;
  const stat = p.stat === 'median' ? 'percentile_cont(0.5) WITHIN GROUP (ORDER BY days)' : 'AVG(days)';
  const people = ident(entityWord(p.rows.entity));
  const grouped = by.length > 0 ? ' GROUP BY 1 ORDER BY 1' : '';
  const figure = p.amount
    ? `${p.stat}_first_order_${ident(p.amount.column)}`
    : `${p.stat}_days_to_first_order`;
  const sql = `WITH t AS (${t}), d AS (${d}) SELECT ${[...by, `${stat} AS ${figure}`, `COUNT(*) AS ${people}`].join(', ')} FROM d${grouped}`;
  const title = capitalise(
    p.amount
      ? `${p.stat === 'median' ? 'median' : 'average'} first order ${nameOf(plan, p.amount).toLowerCase()}${groupWords(plan, p)}`
      : `${p.stat === 'median' ? 'median' : 'average'} days from signup to first order${groupWords(plan, p)}`,
  );
  return plannedQuery(plan, sql, title, [
    ...(p.startGrain ? [{ role: 'dimension' as const, member: start }] : []),
    ...(periods.length > 0 ? [{ role: 'period' as const }] : []),
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
    { role: 'entities' },
  ]);
}

/** " by signup quarter", " by segment", or nothing. */
const groupWords = (plan: Plan, p: DaysToFirst) =>
  p.startGrain
    ? ` by signup ${p.startGrain}`
    : p.startPeriods
      ? `, signups of ${p.startPeriods.map((q) => q.label).join(' vs ')}`
      : p.by
        ? ` by ${nameOf(plan, p.by).toLowerCase()}`
        : '';

/** The answer: the figure in days (per group), and how it was measured. */
export function daysToFirstAnswer(plan: Plan, p: DaysToFirst, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const word = p.stat === 'median' ? 'median' : 'average';
  const scope = scopeText({ ...plan, perEntity: undefined });
  const start = nameOf(plan, p.rows.start ?? p.rows.time).toLowerCase();
  if (p.amount) return firstAmountAnswer(plan, p, p.amount, result, scope, start);
  const days = (v: unknown) => `${formatFigure(undefined, Math.round(Number(v ?? 0) * 10) / 10)} days`;
  const rule = `(Per ${people.replace(/s$/, '')}: the time from their ${start} to their first ${nameOf(plan, p.rows.time).toLowerCase()}, in days, over the ${people} with at least one order.)`;
  if (!p.by && !p.startGrain && !p.startPeriods) {
    const [v, n] = result.data[0] ?? [];
    if (v === null || v === undefined) return `No ${people} with an order${scope}.`;
    return `The ${word} time from signing up to the first order${scope}: ${days(v)} (${formatFigure(undefined, n ?? 0)} ${people}).\n\n${rule}`;
  }
  const lines = result.data.map(
    (r) =>
      `- ${p.startGrain ? timeLabel(r[0], p.startGrain) : formatValue(r[0])}: ${days(r[1])} (${formatFigure(undefined, r[2] ?? 0)} ${people})`,
  );
  return `${capitalise(word)} days from signing up to the first order${groupWords(plan, p)}${scope}:\n${lines.join('\n')}\n\n${rule}`;
}

/** The answer of a first order's amount: the figure (per group) and how each first order was found. */
function firstAmountAnswer(
  plan: Plan,
  p: DaysToFirst,
  amount: CatalogMember,
  result: ResultLike,
  scope: string,
  start: string,
): string {
  const people = entityWord(p.rows.entity);
  const word = p.stat === 'median' ? 'median' : 'average';
  const what = nameOf(plan, amount).toLowerCase();
  const money = (v: unknown) => formatFigure(amount, v ?? 0);
  const rule = `(Per ${people.replace(/s$/, '')}: the ${what} of their first order, the earliest by date${p.rows.id ? ' (a tie on that date goes to the lower order id)' : ''}, grouped by their ${start}; over the ${people} with at least one order.)`;
  if (!p.by && !p.startGrain && !p.startPeriods) {
    const [v, n] = result.data[0] ?? [];
    if (v === null || v === undefined) return `No ${people} with an order${scope}.`;
    return `The ${word} ${what} of the first order${scope}: ${money(v)} (${formatFigure(undefined, n ?? 0)} ${people}).\n\n${rule}`;
  }
  const lines = result.data.map(
    (r) =>
      `- ${p.startGrain ? timeLabel(r[0], p.startGrain) : formatValue(r[0])}: ${money(r[1])} (${formatFigure(undefined, r[2] ?? 0)} ${people})`,
  );
  return `${capitalise(word)} ${what} of the first order${groupWords(plan, p)}${scope}:\n${lines.join('\n')}\n\n${rule}`;
}
