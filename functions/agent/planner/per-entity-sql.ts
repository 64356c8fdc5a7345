/** The SQL and the answer of the per-entity cohort readings (per-entity.ts). */
import type { ResultLike } from './answer';
import { bestPeriodAnswer, bestPeriodQuery } from './best-period';
import { cohortAnswer, cohortQuery } from './cohort-sql';
import { ratioAnswer, ratioQuery, ratioTitle } from './customer-ratios-sql';
import { daysBetweenAnswer, daysBetweenQuery } from './days-between';
import { daysToFirstAnswer, daysToFirstQuery } from './days-to-first';
import { firstRowsShareAnswer, firstRowsShareQuery } from './first-rows-share';
import { firstSharePeriodAnswer, firstSharePeriodQuery } from './first-share-period';
import { formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { neverRowsAnswer, neverRowsQuery } from './never-rows';
import { noRowsInAnswer, noRowsInQuery } from './no-rows-in';
import type { PerEntity, Period, Plan } from './plan';
import { recencyAnswer, recencyQuery } from './recency';
import { repeatMonthsAnswer, repeatMonthsQuery } from './repeat-months';
import {
  conditions,
  ident,
  type PlannedQuery,
  plannedQuery,
  quote,
  scopeText,
  valueCondition,
  withinPeriod,
} from './sql';
import { formatValue } from './text';
import { topPercentAnswer, topPercentQuery } from './top-percent-group';
import { rowsTitle, topRowsWithinAnswer, topRowsWithinQuery } from './top-rows-within';
import { valueShareAnswer, valueShareQuery } from './value-share-each';

const within = withinPeriod;
const where = (parts: string[]) => (parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : '');
const rowsIn = (column: string, p: Period) => `SUM(CASE WHEN ${within(column, p)} THEN 1 ELSE 0 END)`;

export function perEntityQuery(plan: Plan): PlannedQuery {
  const p = plan.perEntity;
  if (!p) throw new Error('not a per-entity plan');
  if (p.kind === 'cohort') return cohortQuery(plan, p);
  if (p.kind === 'days-to-first') return daysToFirstQuery(plan, p);
  if (p.kind === 'recency') return recencyQuery(plan, p);
  if (p.kind === 'best-period') return bestPeriodQuery(plan, p);
  if (p.kind === 'no-rows-in') return noRowsInQuery(plan, p);
  if (p.kind === 'never-rows') return neverRowsQuery(plan, p);
  if (p.kind === 'top-percent') return topPercentQuery(plan, p);
  if (p.kind === 'repeat-months') return repeatMonthsQuery(plan, p);
  if (p.kind === 'value-share-each') return valueShareQuery(plan, p);
  if (p.kind === 'first-share-period') return firstSharePeriodQuery(plan, p);
  if (p.kind === 'ratio') return ratioQuery(plan, p);
  if (p.kind === 'days-between') return daysBetweenQuery(plan, p);
  if (p.kind === 'first-rows-share') return firstRowsShareQuery(plan, p);
  const table = ident(plan.cube.name);
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  const people = ident(entityWord(p.rows.entity));
  if (p.kind === 'top') {
    // Every entity tied at the top: the rows' maximum (or minimum) compared, never a LIMIT 1.
    const conds = conditions({ ...plan, perEntity: undefined }, at);
    const best = p.direction === 'desc' ? 'MAX' : 'MIN';
    if (p.by === 'row' && p.n !== undefined && p.within) {
      const { sql, columns } = topRowsWithinQuery(plan, { ...p, n: p.n, within: p.within });
      return plannedQuery(plan, sql, titleOf(plan), columns);
    }
    if (p.by === 'row' && p.n !== undefined) {
      // "the 10 largest orders": the rows ranked by their own number, every row tied with the n-th kept.
      const value = ident(p.of.column);
      const id = p.rows.id ? [ident(p.rows.id.column)] : [];
      const cols = [...id, entity, value, at];
      const dir = p.direction === 'desc' ? 'DESC' : 'ASC';
      const sql = `SELECT ${cols.join(', ')} FROM (SELECT ${cols.join(', ')}, RANK() OVER (ORDER BY ${value} ${dir}) AS row_rank FROM ${table}${where(conds)}) AS t WHERE row_rank <= ${p.n} ORDER BY ${value} ${dir}, ${at}${id.length > 0 ? `, ${id[0]}` : ''}`;
      return described(plan, sql, [
        ...(p.rows.id ? [{ role: 'dimension' as const, member: p.rows.id }] : []),
        { role: 'dimension', member: p.rows.entity },
        { role: 'measure', member: p.of },
        { role: 'time' },
      ]);
    }
    if (p.by === 'row' && p.of.type === 'time') {
      // "who placed the most recent order": the rows at the latest time, every tie kept.
      const sql = `SELECT ${entity}, ${at} FROM ${table}${where([...conds, `${at} = (SELECT ${best}(${at}) FROM ${table}${where(conds)})`])} ORDER BY 1`;
      return described(plan, sql, [{ role: 'dimension', member: p.rows.entity }, { role: 'time' }]);
    }
    if (p.by === 'row') {
      const value = ident(p.of.column);
      const sql = `SELECT ${entity}, ${value}, ${at} FROM ${table}${where([...conds, `${value} = (SELECT ${best}(${value}) FROM ${table}${where(conds)})`])} ORDER BY 1`;
      return described(plan, sql, [
        { role: 'dimension', member: p.rows.entity },
        { role: 'measure', member: p.of },
        { role: 'time' },
      ]);
    }
    const v = ident(p.of.column);
    if (p.units) {
      // "which customers ordered in the most months": the distinct months of each one's rows, every tie kept.
      const counted = `COUNT(DISTINCT date_trunc('${p.units}', ${at}))`;
      const sql = `WITH t AS (SELECT ${entity}, ${counted} AS v FROM ${table}${where(conds)} GROUP BY 1) SELECT ${entity}, v AS ${v} FROM t WHERE v = (SELECT ${best}(v) FROM t) ORDER BY 1`;
      return described(plan, sql, [
        { role: 'dimension', member: p.rows.entity },
        { role: 'measure', member: p.of },
      ]);
    }
    if (p.peak) {
      // "which customer placed the most orders in a single day": each one's largest figure of one day, every tie kept.
      const sql = `WITH d AS (SELECT ${entity}, date_trunc('${p.peak}', ${at}) AS unit, MEASURE(${v}) AS v FROM ${table}${where(conds)} GROUP BY 1, 2), t AS (SELECT ${entity}, MAX(v) AS v FROM d GROUP BY 1) SELECT ${entity}, v AS ${v} FROM t WHERE v = (SELECT ${best}(v) FROM t) ORDER BY 1`;
      return described(plan, sql, [
        { role: 'dimension', member: p.rows.entity },
        { role: 'measure', member: p.of },
      ]);
    }
    const sql = `WITH t AS (SELECT ${entity}, MEASURE(${v}) AS v FROM ${table}${where(conds)} GROUP BY 1) SELECT ${entity}, v AS ${v} FROM t WHERE v = (SELECT ${best}(v) FROM t) ORDER BY 1`;
    return described(plan, sql, [
      { role: 'dimension', member: p.rows.entity },
      { role: 'measure', member: p.of },
    ]);
  }
  if (p.kind === 'first-row') {
    // Each entity's first row by date; a tie on that date goes to the lower row id (stated in the answer).
    const order = p.rows.id ? `${at}, ${ident(p.rows.id.column)}` : at;
    const attrs = [...new Set([...p.by, ...p.on.map((f) => f.member)].map((m) => ident(m.column)))];
    const inner = `SELECT ${[entity, at, ...attrs].join(', ')}, ROW_NUMBER() OVER (PARTITION BY ${entity} ORDER BY ${order}) AS row_rank FROM ${table}${where(p.entityFilters.map((f) => valueCondition(ident(f.member.column), f)))}`;
    const firsts = ['row_rank = 1', ...(p.range ? [within(at, p.range)] : [])];
    const on = p.on.map((f) => valueCondition(ident(f.member.column), f));
    const by = p.by.map((m) => ident(m.column));
    if (p.output === 'share') {
      const part = on.length > 0 ? on.join(' AND ') : 'TRUE';
      const sql = `SELECT ${by.length > 0 ? `${by.join(', ')}, ` : ''}round(100.0 * SUM(CASE WHEN ${part} THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0), 2) AS share_percent, SUM(CASE WHEN ${part} THEN 1 ELSE 0 END) AS ${people} FROM (${inner}) AS t${where(firsts)}${by.length > 0 ? ` GROUP BY ${by.map((_, i) => i + 1).join(', ')} ORDER BY ${by.length + 1} DESC` : ''}`;
      return described(plan, sql, [
        ...p.by.map((m) => ({ role: 'dimension' as const, member: m })),
        { role: 'share' },
        { role: 'entities' },
      ]);
    }
    const group =
      by.length > 0 ? ` GROUP BY ${by.map((_, i) => i + 1).join(', ')} ORDER BY ${by.length + 1} DESC` : '';
    const sql = `SELECT ${by.length > 0 ? `${by.join(', ')}, ` : ''}COUNT(*) AS ${people} FROM (${inner}) AS t${where([...firsts, ...on])}${group}`;
    return described(plan, sql, [
      ...p.by.map((m) => ({ role: 'dimension' as const, member: m })),
      { role: 'entities' },
    ]);
  }
  // Retention: per entity, its rows in the cohort's period (or its start date) and in the later period.
  const cohort =
    p.cohort.by === 'start' && p.rows.start
      ? `MIN(${ident(p.rows.start.column)}) AS start_date`
      : `${rowsIn(at, p.cohort.period)} AS cohort_rows`;
  const later =
    p.later.by === 'first' ? `MIN(${at}) AS first_date` : `${rowsIn(at, p.later.period)} AS later_rows`;
  const inner = `SELECT ${entity}, ${cohort}, ${later} FROM ${table} GROUP BY 1`;
  const inCohort = p.cohort.by === 'start' ? within('start_date', p.cohort.period) : 'cohort_rows > 0';
  const back =
    p.later.by === 'first'
      ? p.later.before
        ? `first_date < ${quote(p.later.period.from)}`
        : within('first_date', p.later.period)
      : 'later_rows > 0';
  const sql = `SELECT round(100.0 * SUM(CASE WHEN ${back} THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0), 2) AS share_percent, SUM(CASE WHEN ${back} THEN 1 ELSE 0 END) AS later_${people.replace(/"/g, '')}, COUNT(*) AS ${people} FROM (${inner}) AS t WHERE ${inCohort}`;
  return described(plan, sql, [{ role: 'share' }, { role: 'entities' }, { role: 'whole' }]);
}

const described = (plan: Plan, sql: string, columns: PlannedQuery['columns']): PlannedQuery =>
  plannedQuery(plan, sql, titleOf(plan), columns);

function titleOf(plan: Plan): string {
  const p = plan.perEntity;
  if (
    !p ||
    p.kind === 'cohort' ||
    p.kind === 'days-to-first' ||
    p.kind === 'days-between' ||
    p.kind === 'first-rows-share' ||
    p.kind === 'recency' ||
    p.kind === 'best-period' ||
    p.kind === 'no-rows-in' ||
    p.kind === 'never-rows' ||
    p.kind === 'top-percent' ||
    p.kind === 'repeat-months' ||
    p.kind === 'value-share-each' ||
    p.kind === 'first-share-period'
  )
    return '';
  if (p.kind === 'ratio') return ratioTitle(plan, p);
  const people = entityWord(p.rows.entity);
  if (p.kind === 'top')
    return capitalise(
      `${people} with the ${p.direction === 'desc' ? 'highest' : 'lowest'} ${p.by === 'row' ? nameOf(plan, p.of).toLowerCase() : nameOf(plan, p.of).toLowerCase()}`,
    );
  if (p.kind === 'first-row') {
    const by = p.by.map((m) => nameOf(plan, m).toLowerCase());
    return capitalise(
      `${people} by their first ${rowWord(plan)}${by.length > 0 ? `'s ${by.join(' and ')}` : ''}`,
    );
  }
  return capitalise(`${people} of ${cohortWords(p)} who ${laterWords(p)}`);
}

const rowWord = (plan: Plan) => plan.cube.title.toLowerCase().replace(/s$/, '') || 'row';
const cohortWords = (p: Extract<PerEntity, { kind: 'retention' }>) =>
  p.cohort.by === 'start'
    ? `those who signed up in ${p.cohort.period.label}`
    : `those who ordered in ${p.cohort.period.label}`;
const laterWords = (p: Extract<PerEntity, { kind: 'retention' }>) =>
  p.later.by === 'first'
    ? `placed their first order ${p.later.before ? 'before' : 'in'} ${p.later.period.label}`
    : `ordered in ${p.later.period.label}`;

/** The answer: the figures of the one query, with the rule the reading used. */
export function perEntityAnswer(plan: Plan, query: PlannedQuery, result: ResultLike): string | undefined {
  const p = plan.perEntity;
  if (!p) return undefined;
  if (p.kind === 'cohort') return cohortAnswer(plan, p, query, result);
  if (p.kind === 'days-to-first') return daysToFirstAnswer(plan, p, result);
  if (p.kind === 'recency') return recencyAnswer(p, query, result);
  if (p.kind === 'best-period') return bestPeriodAnswer(plan, p, query, result);
  if (p.kind === 'no-rows-in') return noRowsInAnswer(p, query, result);
  if (p.kind === 'never-rows') return neverRowsAnswer(p, query, result);
  if (p.kind === 'top-percent') return topPercentAnswer(plan, p, result);
  if (p.kind === 'repeat-months') return repeatMonthsAnswer(plan, p, result);
  if (p.kind === 'value-share-each') return valueShareAnswer(plan, p, result);
  if (p.kind === 'first-share-period') return firstSharePeriodAnswer(p, query, result);
  if (p.kind === 'ratio') return ratioAnswer(plan, p, result);
  if (p.kind === 'days-between') return daysBetweenAnswer(plan, p, query, result);
  if (p.kind === 'first-rows-share') return firstRowsShareAnswer(plan, p, query, result);
  const people = entityWord(p.rows.entity);
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  if (p.kind === 'top') return topAnswer(plan, p, result);
  if (p.kind === 'retention') {
    const [share, back, all] = result.data[0] ?? [];
    const who =
      p.cohort.by === 'start'
        ? `who signed up in ${p.cohort.period.label}`
        : `who ordered in ${p.cohort.period.label}`;
    const cohortNote = p.cohort.by === 'start' ? ' (counting those with at least one order you can see)' : '';
    const did = laterWords(p);
    return p.output === 'share'
      ? `Of the ${count(all)} ${people} ${who}${cohortNote}, ${formatPercent(share ?? 0)} (${count(back)}) ${did}.`
      : `Of the ${count(all)} ${people} ${who}${cohortNote}, ${count(back)} ${did} (${formatPercent(share ?? 0)}).`;
  }
  const row = rowWord(plan);
  const rule = `(Each ${people.replace(/s$/, '')}'s first ${row} is their earliest by date${p.rows.id ? `; a tie on that date goes to the lower ${row} id` : ''}.)`;
  const onText = p.on
    .map((f) => `${nameOf(plan, f.member).toLowerCase()} ${f.negate ? 'not ' : ''}${f.values.join(' or ')}`)
    .join(' and ');
  const period = p.range ? `, first ${row} in ${p.range.label}` : '';
  const shareAt = query.columns.findIndex((c) => c.role === 'share');
  const countAt = query.columns.findIndex((c) => c.role === 'entities');
  if (p.by.length === 0) {
    const r = result.data[0] ?? [];
    if (p.output === 'share')
      return `${capitalise(people)} whose first ${row} had ${onText}${period}: ${formatPercent(r[shareAt] ?? 0)} (${count(r[countAt])}).\n\n${rule}`;
    return `${capitalise(people)} whose first ${row} had ${onText}${period}: ${count(r[countAt])}.\n\n${rule}`;
  }
  const by = p.by.map((m) => nameOf(plan, m).toLowerCase()).join(' and ');
  const lines = result.data.map((r) => {
    const label = p.by.map((_, i) => formatValue(r[i])).join(', ');
    return p.output === 'share'
      ? `- ${label}: ${formatPercent(r[shareAt] ?? 0)} (${count(r[countAt])})`
      : `- ${label}: ${count(r[countAt])}`;
  });
  const filtered = onText ? ` (first ${row} with ${onText})` : '';
  return `${capitalise(people)} by the ${by} of their first ${row}${filtered}${period}:\n${lines.join('\n')}\n\n${rule}`;
}

function topAnswer(plan: Plan, p: Extract<PerEntity, { kind: 'top' }>, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const what = `${nameOf(plan, p.of).toLowerCase()}${p.peak ? ` in a single ${p.peak}` : ''}`;
  const scope = scopeText({ ...plan, perEntity: undefined });
  const rows = result.data;
  if (rows.length === 0) return `No ${people} have rows${scope}.`;
  const figure = formatFigure(p.of, rows[0]?.[1]);
  const high = p.direction === 'desc' ? 'highest' : 'lowest';
  const names = rows.map((r) => formatValue(r[0]));
  const shown =
    names.length <= 12 ? names : [...names.slice(0, 10), `and ${names.length - 10} more (in the table)`];
  if (p.by === 'row' && p.n !== undefined && p.within)
    return topRowsWithinAnswer(plan, { ...p, n: p.n, within: p.within }, result);
  if (p.by === 'row' && p.n !== undefined) {
    const off = p.rows.id ? 1 : 0;
    const lines = rows.slice(0, 20).map((r, i) => {
      const order = p.rows.id ? ` (order ${String(r[0])})` : '';
      return `${i + 1}. ${formatFigure(p.of, r[off + 1])}, ${formatValue(r[off])} on ${String(r[off + 2] ?? '').slice(0, 10)}${order}`;
    });
    const more = rows.length > 20 ? `\n(and ${rows.length - 20} more in the table)` : '';
    const ties = rows.length > p.n ? ` (${rows.length} rows: ties at the last place are all kept)` : '';
    const noun = rowWord(plan);
    return `The ${rowsTitle(p.n, p.direction, noun)} by ${what}${scope}${ties}:\n${lines.join('\n')}${more}`;
  }
  if (p.by === 'row' && p.of.type === 'time') {
    const which = p.direction === 'desc' ? 'latest' : 'earliest';
    const when = String(rows[0]?.[1] ?? '')
      .replace('T', ' ')
      .replace(/(?: 00:00:00)?(?:\.\d+)?Z?$/, '');
    const noun = rowWord(plan);
    if (rows.length === 1) return `The ${which} ${noun}${scope} was placed on ${when}, by ${names[0]}.`;
    return `The ${which} ${noun}s${scope} were placed on ${when}, ${rows.length} at that time, by: ${shown.join(', ')}.`;
  }
  if (p.by === 'row') {
    if (rows.length === 1)
      return `The ${high} ${what}${scope} was ${figure}, placed by ${names[0]} on ${String(rows[0]?.[2] ?? '').slice(0, 10)}.`;
    // (Each one's day after the names, in the same order: "who placed it and when".)
    const days = rows.map((r) => String(r[2] ?? '').slice(0, 10));
    const on = rows.length <= 12 ? ` (on ${days.join(', ')} respectively)` : '';
    return `The ${high} ${what}${scope} was ${figure}, and ${rows.length} orders tie at it, placed by: ${shown.join(', ')}${on}.`;
  }
  if (rows.length === 1) return `${names[0]} has the ${high} ${what}${scope}: ${figure}.`;
  return `${rows.length} ${people} tie for the ${high} ${what}${scope}, with ${figure} each: ${shown.join(', ')}.`;
}
