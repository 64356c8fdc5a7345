/**
 * The query and the answer of a ratio of customers (customer-ratios.ts): each customer's rows counted once per test
 * (SUM(CASE ...) over a period and a kind), the customers of the whole kept, and the part counted among them, with
 * its share of them; per value of a breakdown when one is asked. The answer always says what was computed: the
 * whole (who, in which period), the part (what they did or did not do, when) and both counts beside the share.
 */
import type { ResultLike } from './answer';
import { formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import type { PerEntity, Plan, RatioTest } from './plan';
import { ident, type PlannedQuery, plannedQuery, valueCondition, withinPeriod } from './sql';
import { formatValue } from './text';

type Ratio = Extract<PerEntity, { kind: 'ratio' }>;

/** "had an order in Q3 2025", "had no order where product category is toys in Q4 2025", "had at least 2 orders ...". */
export function testWords(plan: Plan, t: RatioTest): string {
  const row = plan.cube.title.toLowerCase().replace(/s$/, '') || 'row';
  const where =
    t.kind.length > 0
      ? ` where ${t.kind.map((k) => `${nameOf(plan, k.member).toLowerCase()} is ${k.values.join(' or ')}`).join(' and ')}`
      : '';
  // ("before 2024": every row before it.)
  const when = t.anyOf
    ? ` in at least ${t.units ?? 'one'} ${t.anyOf}${t.units && t.units !== 1 ? 's' : ''}${t.period ? ` of ${t.period.label}` : ''}`
    : t.period
      ? `${/^before\s/.test(t.period.label) ? ' ' : ' in '}${t.period.label}`
      : '';
  if (t.measure)
    return `had ${nameOf(plan, t.measure).toLowerCase()} ${OP_WORDS[t.op]} ${formatFigure(t.measure, t.value)}${where}${when}`;
  if (t.op === '=' && t.value === 0) return `had no ${row}${where}${when}`;
  if (t.op === '>=' && t.value === 1)
    return `had an ${row}${where}${when}`.replace(/\ban ([^aeiou])/, 'a $1');
  const n = `${t.op === '<' ? 'fewer than' : t.op === '>' ? 'more than' : OP_WORDS[t.op]} ${t.value} ${row}${t.value === 1 ? '' : 's'}`;
  return `had ${n}${where}${when}`;
}

/** How a test's bound is said. */
const OP_WORDS: Record<RatioTest['op'], string> = {
  '>=': 'at least',
  '=': 'exactly',
  '>': 'over',
  '<': 'under',
  '<=': 'at most',
};

const joined = (plan: Plan, tests: RatioTest[]) => tests.map((t) => testWords(plan, t)).join(' and ');

/** Who the whole is: "customers who had an order in November 2025", or every customer with an order. */
function wholeWords(plan: Plan, p: Ratio): string {
  const people = entityWord(p.rows.entity);
  const narrowed = p.filters
    .map((f) => `${nameOf(plan, f.member).toLowerCase()} ${f.values.join(' or ')}`)
    .join(', ');
  const within = narrowed ? ` (${narrowed})` : '';
  return p.whole.length > 0
    ? `${people}${within} who ${joined(plan, p.whole)}`
    : `${people}${within} with any ${plan.cube.title.toLowerCase().replace(/s$/, '') || 'row'}`;
}

export function ratioTitle(plan: Plan, p: Ratio): string {
  return capitalise(`${wholeWords(plan, p)}, those who ${joined(plan, p.part)}`);
}

const condition = (t: RatioTest, time: string) => {
  const parts = [
    ...t.kind.map((k) => valueCondition(ident(k.member.column), k)),
    ...(t.period ? [withinPeriod(time, t.period)] : []),
  ];
  return `SUM(CASE WHEN ${parts.length > 0 ? parts.join(' AND ') : 'TRUE'} THEN 1 ELSE 0 END)`;
};

export function ratioQuery(plan: Plan, p: Ratio): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const time = ident(p.rows.time.column);
  const by = p.by ? ident(p.by.column) : undefined;
  const tests = [...p.whole, ...p.part];
  const joinedIn = (t: RatioTest) => t.measure !== undefined || t.anyOf !== undefined;
  const counted = tests.flatMap((t, i) => (joinedIn(t) ? [] : [`, ${condition(t, time)} AS t${i}`])).join('');
  const where = p.filters.map((f) => valueCondition(ident(f.member.column), f));
  const rowsOf = (more: string[]) => (more.length > 0 ? ` WHERE ${more.join(' AND ')}` : '');
  const rowCounts = `SELECT ${entity}${by ? `, ${by}` : ''}${counted} FROM ${ident(plan.cube.name)}${rowsOf(where)} GROUP BY 1${by ? ', 2' : ''}`;
  // (A measure's test: each customer's measure over the test's rows, joined in, 0 where it had none.)
  // ("in any single month": the largest figure of one month of the customer's rows.)
  const measured = tests.flatMap((t, i) => (joinedIn(t) ? [{ t, i }] : []));
  const figureOf = (t: RatioTest) => (t.measure ? `MEASURE(${ident(t.measure.column)})` : 'COUNT(*)');
  // ("by sales region": a group of the rows, not of the customer; each customer's figure over that group's rows, as
  // the row counts are.)
  const rowsBy =
    by !== undefined &&
    p.by !== undefined &&
    !p.by.column.startsWith(p.rows.entity.column.slice(0, p.rows.entity.column.lastIndexOf('_') + 1))
      ? by
      : undefined;
  const keys = rowsBy ? `${entity}, ${rowsBy}` : entity;
  const grouped = rowsBy ? 'GROUP BY 1, 2' : 'GROUP BY 1';
  const inner =
    measured.length === 0
      ? rowCounts
      : `SELECT c.*${measured.map(({ i }) => `, COALESCE(s${i}.v, 0) AS t${i}`).join('')} FROM (${rowCounts}) AS c${measured
          .map(({ t, i }) => {
            const rowsOfTest = rowsOf([
              ...where,
              ...t.kind.map((k) => valueCondition(ident(k.member.column), k)),
              ...(t.period ? [withinPeriod(time, t.period)] : []),
            ]);
            const table = ident(plan.cube.name);
            // ("in five or more different months": the months whose figure meets the bound, counted.)
            const unitGroup = rowsBy ? 'GROUP BY 1, 2, 3' : 'GROUP BY 1, 2';
            const per =
              t.anyOf && t.units
                ? `SELECT ${keys}, COUNT(*) AS v FROM (SELECT ${keys}, date_trunc('${t.anyOf}', ${time}) AS p, ${figureOf(t)} AS v FROM ${table}${rowsOfTest} ${unitGroup}) AS g WHERE v ${t.op} ${t.value} ${grouped}`
                : t.anyOf
                  ? `SELECT ${keys}, MAX(v) AS v FROM (SELECT ${keys}, date_trunc('${t.anyOf}', ${time}) AS p, ${figureOf(t)} AS v FROM ${table}${rowsOfTest} ${unitGroup}) AS g ${grouped}`
                  : `SELECT ${keys}, ${figureOf(t)} AS v FROM ${table}${rowsOfTest} ${grouped}`;
            return ` LEFT JOIN (${per}) AS s${i} ON s${i}.${entity} = c.${entity}${rowsBy ? ` AND s${i}.${rowsBy} = c.${rowsBy}` : ''}`;
          })
          .join('')}`;
  const test = (t: RatioTest, i: number) =>
    t.anyOf && t.units ? `t${i} >= ${t.units}` : `t${i} ${t.op} ${t.value}`;
  const whole = p.whole.map((t, i) => test(t, i));
  const part = p.part.map((t, i) => test(t, i + p.whole.length)).join(' AND ');
  const people = entityWord(p.rows.entity);
  const partName = ident(`${people}_meeting`);
  // (A count per group is the count alone: a group where none meets the tests is a row of 0, no other figure.)
  const counts = p.output === 'count' && p.by !== undefined;
  const select = counts
    ? `SUM(CASE WHEN ${part} THEN 1 ELSE 0 END) AS ${partName}`
    : `round(100.0 * SUM(CASE WHEN ${part} THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0), 2) AS share_percent, SUM(CASE WHEN ${part} THEN 1 ELSE 0 END) AS ${partName}, COUNT(*) AS ${ident(`${people}_in_whole`)}`;
  const sql = `SELECT ${by ? `${by}, ` : ''}${select} FROM (${inner}) AS t${whole.length > 0 ? ` WHERE ${whole.join(' AND ')}` : ''}${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
  const title = ratioTitle(plan, p);
  return plannedQuery(plan, sql, title, [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    ...(counts
      ? [{ role: 'entities' as const }]
      : [{ role: 'share' as const }, { role: 'entities' as const }, { role: 'whole' as const }]),
  ]);
}

/** "Of the 4,000 customers who had an order in November 2025, 74.44% (2,977) had an order in December 2025." */
export function ratioAnswer(plan: Plan, p: Ratio, result: ResultLike): string {
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const whole = wholeWords(plan, p);
  const did = joined(plan, p.part);
  const per = p.by ? `${nameOf(plan, p.by).toLowerCase()}` : '';
  const rowWord = plan.cube.title.toLowerCase();
  const own =
    p.by && !p.by.column.startsWith(p.rows.entity.column.slice(0, p.rows.entity.column.lastIndexOf('_') + 1))
      ? ` (each ${per} on its own ${rowWord})`
      : '';
  if (!p.by) {
    const [shared, part, all] = result.data[0] ?? [];
    return p.output === 'share'
      ? `Of the ${count(all)} ${whole}, ${formatPercent(shared ?? 0)} (${count(part)} of ${count(all)}) ${did}.`
      : `Of the ${count(all)} ${whole}, ${count(part)} ${did} (${formatPercent(shared ?? 0)}).`;
  }
  const lines = result.data.map(
    ([value, shared, part, all]) =>
      p.output === 'share'
        ? `- ${formatValue(value)}: ${formatPercent(shared ?? 0)} (${count(part)} of ${count(all)})`
        : `- ${formatValue(value)}: ${count(shared)}`, // (a count per group: the row is the value and its count)
  );
  const lead =
    p.output === 'share'
      ? `Of the ${whole}, the share that ${did}, by ${per}${own}:`
      : `Of the ${whole}, the number that ${did}, by ${per}${own}:`;
  return `${lead}\n${lines.join('\n')}`;
}
