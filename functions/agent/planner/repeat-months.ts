/**
 * Months in which one customer ordered at least K times (issue 29, unknown words): "a repeat month is a month in
 * which a customer ordered more than once. how many repeat months in 2025?", "... per region in 2024?", "how many
 * customers had at least 6 repeat months in 2024?", "what share of customer-months in 2023 were repeat months?". Each
 * customer's orders are counted per calendar month (of one year, or of every row), and the customer-months with at
 * least K orders counted (per value of an attribute), or the customers with at least N of them, or their share of all
 * the customer-months with an order. A definition names them in the words read here ("customer-months with at least
 * 2 orders", definitions.ts); any other ask of them is refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { breakdownsNamed, entityCubes, ownMember, type PlainRead, perEntityBase } from './entity-rest';
import { formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, ofEntity } from './per-entity';
import type { PerEntity, Period, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, withinPeriod } from './sql';
import { yearPeriod } from './vocabulary';

type RepeatMonths = Extract<PerEntity, { kind: 'repeat-months' }>;

/** The CTE of every query here: what a definition read as these months must find in its query. */
export const REPEAT_MONTHS_MARK = 'customer_months';

const SPELLED: Record<string, number> = { two: 2, three: 3, four: 4, five: 5 };
const count = (word: string) => SPELLED[word.toLowerCase()] ?? Number(word);

/**
 * What a definition says: a month in which one customer ordered at least K times ("a month in which a customer
 * ordered more than once", "a calendar month with 2+ orders from the same customer", "a month with 3 or more orders
 * by one customer", "when that customer placed at least two orders in it"); the K, or undefined.
 */
export function repeatMonthBound(said: string): number | undefined {
  const text = said.toLowerCase().replace(/\s+/g, ' ').trim();
  // (Said of a month, never of a customer: "a customer with 2+ orders in the same calendar month" is a customer.)
  if (!/^(?:(?:an?|the|any)\s+)?(?:calendar\s+)?(?:customer-)?months?\b/.test(text)) return undefined;
  if (!/\bmonths?\b|\bin it\b/.test(text) || !/\b(?:customer|client|buyer|account)\b/.test(text))
    return undefined;
  // (Anything said of spend, a value or another period is no count of orders in a month.)
  if (
    /\$|\b(?:spen[dt]|revenue|amount|worth|year|quarter|week|day|returned|cancell?ed|completed)\b/.test(text)
  )
    return undefined;
  if (
    /\b(?:more than once|twice or more|at least twice|more than one (?:order|purchase)|multiple (?:orders|purchases))\b/.test(
      text,
    )
  )
    return 2;
  const m =
    /\b(?:at least|no fewer than|(?:>=|≥))\s*(\d|two|three|four|five)\s+(?:orders|purchases)\b/.exec(text) ??
    /\b(\d|two|three|four|five)\s*(?:\+|or more)\s+(?:orders|purchases)\b/.exec(text);
  if (m?.[1]) return count(m[1]);
  const more = /\bmore than (\d|two|three|four)\s+(?:orders|purchases)\b/.exec(text);
  return more?.[1] ? count(more[1]) + 1 : undefined;
}

/** The words these months are said in where the defined word is used. */
export const repeatMonthsNoun = (k: number) => `customer-months with at least ${k} orders`;

const SAID = /\bcustomer-months\s+with\s+at\s+least\s+(\d+)\s+orders\b/i;
/** "how many customers had at least 6 <them>". */
const CUSTOMERS_WITH =
  /\b(?:how\s+many|number\s+of|count\s+of)\s+(?:customers|clients|buyers|accounts)\s+(?:had|have|has|with|got)\s+(?:at\s+least\s+(\d+)|(\d+)\s+or\s+more|(\d+)\+|more\s+than\s+(\d+))\s+$/i;
const COUNT = /\b(?:how\s+many|number\s+of|count)\b/i;
const SHARE = /\b(?:share|percent(?:age)?|proportion|fraction|%)\b/i;
/** Period words other than one year: not read here. */
const OTHER_PERIOD =
  /\b(?:q[1-4]|h[12]|quarter|half|week|today|yesterday|last|this|since|before|after|between|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;

const REFUSAL =
  'I can count the months in which a customer ordered at least a number of times (in a year or over all the data, per region or segment), the customers with at least a number of such months, or their share of the months customers ordered in, but not this question about them';

/** The months' reading of a question standing alone, a refusal when it names them but asks more, else undefined. */
export function readRepeatMonths(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  const said = SAID.exec(question);
  if (!said?.[1]) return undefined;
  const k = Number(said[1]);
  const cubes = entityCubes(catalog);
  const cube = cubes[0];
  const rows = cube ? entityRows(cube) : undefined;
  const counted = cube?.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!cube || !rows || !counted || !(k >= 2)) return { refuse: REFUSAL };
  const before = question.slice(0, said.index);
  const after = question.slice(said.index + said[0].length);
  const rest = `${before} ${after}`;
  const years = [...rest.matchAll(/\b20\d\d\b/g)].map((m) => Number(m[0]));
  if (new Set(years).size > 1 || OTHER_PERIOD.test(rest.replace(/\blast\s+(?:one|1)\b/gi, '')))
    return { refuse: REFUSAL };
  const year = years[0];
  const owned = ownMember(rows, catalog, cube);
  const splits = breakdownsNamed(rest, cube, owned);
  const by = splits[0];
  if (splits.some((m) => m !== by)) return { refuse: REFUSAL };
  const customers = CUSTOMERS_WITH.exec(before);
  const atLeast = customers
    ? customers[4]
      ? Number(customers[4]) + 1
      : Number(customers[1] ?? customers[2] ?? customers[3])
    : undefined;
  const ask: RepeatMonths['ask'] | undefined = customers
    ? 'customers'
    : SHARE.test(before)
      ? 'share'
      : COUNT.test(before)
        ? 'count'
        : undefined;
  if (!ask || (by && ask === 'share')) return { refuse: REFUSAL };
  const base = perEntityBase(cubes, read);
  if (!base) return { refuse: REFUSAL };
  const period: Period | undefined = year ? yearPeriod(year) : undefined;
  return {
    ...base,
    perEntity: {
      kind: 'repeat-months',
      rows,
      counted,
      k,
      ask,
      ...(atLeast !== undefined ? { atLeast } : {}),
      ...(period ? { period } : {}),
      ...(by ? { by } : {}),
    },
  };
}

/** One query: each customer's orders per calendar month (`customer_months`), then the figure asked of them. */
export function repeatMonthsQuery(plan: Plan, p: RepeatMonths): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const within = p.period ? ` WHERE ${withinPeriod(at, p.period)}` : '';
  const by = p.by ? `, ${ident(p.by.column)} AS v` : '';
  const cm = `WITH ${REPEAT_MONTHS_MARK} AS (SELECT ${entity} AS k${by}, date_trunc('month', ${at}) AS mo, MEASURE(${ident(p.counted.column)}) AS n FROM ${ident(plan.cube.name)}${within} GROUP BY ${p.by ? '1, 2, 3' : '1, 2'})`;
  const hit = `SUM(CASE WHEN n >= ${p.k} THEN 1 ELSE 0 END)`;
  const title = capitalise(
    `months in which a ${entityWord(p.rows.entity).replace(/s$/, '')} placed at least ${p.k} orders${p.period ? `, in ${p.period.label}` : ''}`,
  );
  if (p.ask === 'customers') {
    const sql = `${cm} SELECT ${p.by ? 'v, ' : ''}COUNT(*) AS ${ident(entityWord(p.rows.entity))} FROM (SELECT k${p.by ? ', v' : ''} FROM ${REPEAT_MONTHS_MARK} GROUP BY ${p.by ? '1, 2' : '1'} HAVING ${hit} >= ${p.atLeast ?? 1}) AS c${p.by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
    return plannedQuery(plan, sql, title, [
      ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
      { role: 'entities' },
    ]);
  }
  if (p.ask === 'share') {
    const sql = `${cm} SELECT round(100.0 * ${hit} / NULLIF(COUNT(*), 0), 2) AS share_percent, ${hit} AS ${REPEAT_MONTHS_MARK}, COUNT(*) AS months_with_orders FROM ${REPEAT_MONTHS_MARK}`;
    return plannedQuery(plan, sql, title, [{ role: 'share' }, { role: 'measure' }, { role: 'measure' }]);
  }
  const sql = `${cm} SELECT ${p.by ? 'v, ' : ''}${hit} AS ${REPEAT_MONTHS_MARK} FROM ${REPEAT_MONTHS_MARK}${p.by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
  return plannedQuery(plan, sql, title, [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'measure' },
  ]);
}

/** The answer: the figure asked, and how the months were counted. */
export function repeatMonthsAnswer(plan: Plan, p: RepeatMonths, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const one = people.replace(/s$/, '');
  const n = (v: unknown) => formatFigure(undefined, v ?? 0);
  const months = `months in which a ${one} placed at least ${p.k} orders`;
  const when = p.period ? ` in ${p.period.label}` : ' over all the data';
  const name = p.by ? nameOf(plan, p.by).toLowerCase() : '';
  const rule = `(Each ${one}'s orders counted per calendar month${p.by && !ofEntity(p.rows, p.by) ? `, and per ${name} of the orders` : ''}; one month of one ${one} is one month counted.)`;
  if (p.by) {
    const what =
      p.ask === 'customers' ? `${people} with at least ${p.atLeast} ${months}` : `${capitalise(months)}`;
    const lines = result.data.map((r) => `- ${String(r[0])}: ${n(r[1])}`);
    return `${capitalise(what)}${when}, by ${name}:\n${lines.join('\n')}\n\n${rule}`;
  }
  const row = result.data[0] ?? [];
  const text =
    p.ask === 'customers'
      ? `${n(row[0])} ${people} had at least ${p.atLeast} ${months}${when}`
      : p.ask === 'share'
        ? `${formatPercent(row[0] ?? 0)} of the ${n(row[2])} months in which a ${one} ordered${when} were ${months} (${n(row[1])})`
        : `${n(row[0])} ${months}${when}, counted over all ${people}`;
  return `${capitalise(text)}.\n\n${rule}`;
}
