/**
 * One customer's two or more orders on one calendar day (tuning set 34, rows): "how many customers placed two or more
 * orders on a single day, per region?", "on how many days in 2025 did at least one customer place two or more
 * orders?", "how many times in 2024 did a customer place 2 or more orders on the same day?" (each customer-day once).
 * The (customer, day) pairs with N or more orders of the question's period and filters; then the customers among them,
 * the days, or the pairs themselves counted. Read as the plain count restated (reading.ts marks the plan); it was
 * refused. A question with any other word, or a plan with anything more than one breakdown of the customers, is left
 * to the other readings or refused.
 */
import { entityRows } from './per-entity';
import { type Plan, plainParts } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';
import { NUMBER_WORDS } from './vocabulary';

const N = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const PERSON = '(?:customers?|clients?|buyers?|accounts?|shoppers?)';
/** "two or more orders", "at least 2 orders", "more than one order", "multiple orders". */
const COUNT = new RegExp(
  `\\b(?:${N}\\s+or\\s+more|at\\s+least\\s+${N}|(more\\s+than\\s+one|multiple|several))\\s+orders\\b|\\b${N}\\s*\\+\\s*orders\\b`,
  'i',
);
/** "on the same day", "on a single (calendar) day", "on one day", "in a single day". */
const SAME_DAY =
  /\b(?:on|in|within|during)\s+(?:the\s+same|a\s+single|one|a|one\s+single)\s+(?:calendar\s+)?day\b|\bsame[-\s]day\b/i;
const FILLER = new Set(
  `how many number of count the did do does a an at least one customer customers client clients buyer buyers account
  accounts place placed make made have had has ever or more than orders order on in within during same single calendar
  day days times time were was is are there that who which with per by for each every our my we any once each
  customer-day customer-days count once multiple several put and`.split(/\s+/),
);
const GROUP = /\b(?:per|by|for\s+each|in\s+each|each)\s+([a-z]+)\b/i;
const PERIOD = /\b(?:in|of|during|for)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\b/i;

export interface SameDay {
  n: number;
  /** The customers with such a day, the days with such a customer, or the (customer, day) pairs. */
  output: 'customers' | 'days' | 'pairs';
}

/** The question restated as a plain count, with the same-day test; undefined when it is not of this shape. */
export function readSameDay(question: string): ({ text: string } & SameDay) | undefined {
  const q = question.replace(/’/g, "'");
  const count = COUNT.exec(q);
  if (!count || !new RegExp(`\\b${PERSON}\\b`, 'i').test(q)) return undefined;
  const said = count[1] ?? count[2] ?? count[4];
  const n = count[3] ? 2 : said ? Number(said) || NUMBER_WORDS[said.toLowerCase()] : undefined;
  if (!n || n < 2) return undefined;
  const daysAsked = /\b(?:on\s+)?how\s+many\s+days\b|\bnumber\s+of\s+days\b/i.test(q);
  const pairsAsked = /\bhow\s+many\s+times\b|\bcustomer[-\s]days?\b/i.test(q);
  const customersAsked = new RegExp(
    `\\b(?:how\\s+many|number\\s+of|count\\s+(?:the\\s+)?)\\s*${PERSON}`,
    'i',
  ).test(q);
  if ([daysAsked, pairsAsked, customersAsked].filter(Boolean).length !== 1) return undefined;
  if (!daysAsked && !SAME_DAY.test(q)) return undefined;
  const output = daysAsked ? 'days' : pairsAsked ? 'pairs' : 'customers';
  const period = PERIOD.exec(q)?.[1];
  const group = output === 'customers' ? GROUP.exec(q.replace(/\bby\s+(?:a|one)\b/gi, ' '))?.[1] : undefined;
  const rest = q
    .toLowerCase()
    .replace(count[0].toLowerCase(), ' ')
    .replace(/\b(?:q[1-4]|h[12])\b/g, ' ')
    .replace(/\b20\d\d\b/g, ' ')
    .replace(group ? new RegExp(`\\b${group}\\b`, 'i') : /$^/, ' ')
    .split(/[^a-z-]+/)
    .filter((w) => w && !FILLER.has(w));
  if (rest.length > 0) return undefined;
  const what = output === 'customers' ? 'number of customers who ordered' : 'number of orders';
  return { text: `${what}${group ? ` by ${group}` : ''}${period ? ` in ${period}` : ''}`, n, output };
}

/** The plan marked with the same-day test, or undefined when it is not the plain count restated. */
export function sameDayOf(plan: Plan, same: SameDay): Plan | undefined {
  const rows = entityRows(plan.cube);
  const measure = plan.measures[0];
  const plain =
    rows !== undefined &&
    plan.measures.length === 1 &&
    measure?.aggType === (same.output === 'customers' ? 'count_distinct' : 'count') &&
    plan.dimensions.length <= (same.output === 'customers' ? 1 : 0) &&
    plan.dimensions.every((d) => !d.derived) &&
    !plan.grain &&
    plainParts(plan) &&
    !plan.anyOf;
  return plain ? { ...plan, sameDay: { n: same.n, output: same.output } } : undefined;
}

export function sameDayQuery(plan: Plan): PlannedQuery {
  const rows = entityRows(plan.cube);
  const same = plan.sameDay;
  if (!rows || !same) throw new Error('not a same-day count');
  const time = ident(rows.time.column);
  const k = ident(rows.entity.column);
  const group = plan.dimensions[0];
  const g = group ? `${ident(group.column)}, ` : '';
  const where = conditions(plan, time);
  const counted =
    same.output === 'customers'
      ? 'COUNT(DISTINCT k)'
      : same.output === 'days'
        ? 'COUNT(DISTINCT d)'
        : 'COUNT(*)';
  const name = same.output === 'customers' ? 'customers' : same.output === 'days' ? 'days' : 'customer_days';
  const sql = `WITH s AS (SELECT ${g}${k} AS k, CAST(${time} AS DATE) AS d FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} GROUP BY ${group ? '1, 2, 3' : '1, 2'} HAVING COUNT(*) >= ${same.n}) SELECT ${g}${counted} AS ${name} FROM s${group ? ' GROUP BY 1 ORDER BY 1' : ''}`;
  const what =
    same.output === 'customers'
      ? `Customers with ${same.n} or more orders on one day`
      : same.output === 'days'
        ? `Days on which a customer placed ${same.n} or more orders`
        : `Times a customer placed ${same.n} or more orders on one day (each customer-day once)`;
  return plannedQuery(
    plan,
    sql,
    `${what}${group ? ` by ${group.title.toLowerCase()}` : ''}${scopeText(plan)}`,
    [...(group ? [{ role: 'dimension' as const, member: group }] : []), { role: 'measure' }],
  );
}

export function sameDayText(plan: Plan, query: PlannedQuery, data: unknown[][]): string {
  const n = (v: unknown) => Number(v ?? 0).toLocaleString('en-US');
  if (plan.dimensions.length === 0) return `${query.title}: ${n(data[0]?.[0])}.`;
  return `${query.title}:\n${data.map((row) => `- ${String(row[0])}: ${n(row[1])}`).join('\n')}`;
}
