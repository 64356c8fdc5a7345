/**
 * SQL for second-order plans (issue 29), each one statement over the plan's view: a HAVING over per-entity
 * groups, first dates per entity, period-over-period change (LAG, or two periods side by side), the top rows
 * within each group (ROW_NUMBER), a combined share of the top rows, and percentiles (percentile_cont, which
 * DuckDB and PostgreSQL both have).
 */
import type { CatalogMember } from './catalog';
import { daysBetween } from './clock';
import { shift, unitStart } from './dates';
import { dayMeansChanged } from './day-means';
import { versusQuery } from './entity-versus';
import { entityWord } from './names';
import { limitOf } from './nth';
import { pairedChangeSql, pairedPeriods } from './paired-periods';
import { periodRelativeQuery } from './period-relative-sql';
import { type Grain, type Percentile, type Period, type Plan, rankedChange } from './plan';
import { rowConditionsQuery } from './row-conditions-sql';
import { conditions, ident, type PlannedQuery, plannedQuery, quote, valueCondition } from './sql';
import { titleOf } from './titles';

type Columns = PlannedQuery['columns'];

const where = (parts: string[]) => (parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : '');
const groupBy = (n: number) =>
  n > 0 ? ` GROUP BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}` : '';
const time = (plan: Plan) => (plan.timeDimension ? ident(plan.timeDimension.column) : undefined);
const bucket = (plan: Plan) => `date_trunc('${plan.grain}', ${time(plan)})`;
const measureColumn = (m: CatalogMember | undefined) => (m ? ident(m.column) : 'count');
const described = (plan: Plan, sql: string, columns: Columns, title = titleOf(plan)): PlannedQuery =>
  plannedQuery(plan, sql, title, columns);

/** "customers with more than 60 orders": the per-entity aggregate in a grouped subquery, HAVING the condition. */
export function havingQuery(plan: Plan): PlannedQuery {
  const having = plan.having;
  if (!having) throw new Error('not a per-entity condition');
  if (having.versus) return versusQuery(plan, titleOf(plan));
  if (having.clauses) return rowConditionsQuery(plan, titleOf(plan));
  // ("days with more orders than their month's daily average": against their own container, period-relative.ts.)
  if (having.vsPeriod) return periodRelativeQuery(plan);
  // Periods as entities ("days with more than 30 orders") are buckets of the time dimension.
  const entity = having.grain
    ? `date_trunc('${having.grain}', ${time(plan)}) AS ${having.grain}`
    : ident(having.entity.column);
  const m = measureColumn(having.measure);
  // Other breakdowns ("by segment") group the entities: counted per value.
  const dims = plan.dimensions.map((d) => ident(d.column));
  const lead = dims.map((d) => `${d}, `).join('');
  const dimColumns: Columns = plan.dimensions.map((d) => ({ role: 'dimension', member: d }));
  const all = [having, ...(having.and ?? [])];
  const total =
    (having.output === 'total' || having.output === 'share') && having.total
      ? measureColumn(having.total)
      : undefined;
  const extra = [
    ...new Set([...all.slice(1).map((c) => measureColumn(c.measure)), ...(total ? [total] : [])]),
  ].filter((c) => c !== m);
  const rows = `${ident(plan.cube.name)}${where(conditions(plan, time(plan)))}`;
  // "ordered in every month of 2025": as many distinct periods (or values) as the rows in scope hold.
  const spread = having.spread;
  const spreadOf = spread?.member
    ? ident(spread.member.column)
    : spread?.grain
      ? `date_trunc('${spread.grain}', ${time(plan)})`
      : undefined;
  const spreadName = spread?.member
    ? ident(`${spread.member.column}_count`)
    : `${spread?.grain ?? 'period'}s`;
  // "never returned an order": the matching rows counted per entity (0 for those with none).
  // ("only ever bought groceries": the other rows, NULLs included, counted.)
  // ("never had a furniture order cancelled": rows of both values.)
  const rowFilters = having.rows ? [having.rows, ...(having.rowsAlso ?? [])] : [];
  const rowsCount = having.rows
    ? `SUM(CASE WHEN ${rowFilters.map((f) => valueCondition(ident(f.member.column), f)).join(' AND ')} THEN ${having.only ? '0 ELSE 1' : '1 ELSE 0'} END)`
    : undefined;
  const rowsName = having.rows
    ? ident(label(`${having.only ? 'other_than_' : ''}${rowFilters.flatMap((f) => f.values).join('_')}_${m}`))
    : m;
  const aggregateOf = (c: string) => (c === m && rowsCount ? rowsCount : `MEASURE(${c})`);
  const selected = spreadOf
    ? `COUNT(DISTINCT ${spreadOf}) AS ${spreadName}`
    : [m, ...extra].map((c) => `${aggregateOf(c)} AS ${c === m ? rowsName : c}`).join(', ');
  const inner = `SELECT ${lead}${entity}, ${selected} FROM ${rows}${groupBy(dims.length + 1)}`;
  // The condition on the aggregates (in HAVING) or on the inner query's columns (over its rows).
  const test = (on: 'aggregate' | 'column') =>
    spreadOf
      ? `${on === 'column' ? spreadName : `COUNT(DISTINCT ${spreadOf})`} ${spread?.compared ? `${having.op} ${having.value}` : `= ${spread?.count ?? `(SELECT COUNT(DISTINCT ${spreadOf}) FROM ${rows})`}`}`
      : all
          .map((c) => {
            const column = measureColumn(c.measure);
            const own = c === having;
            // ("more than the average customer": the average of the same figures, over every entity grouped; "than
            // the median customer": their median.)
            const level =
              having.vsAverage === 'median'
                ? `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${rowsName})`
                : `AVG(${rowsName})`;
            const value = own && having.vsAverage ? `(SELECT ${level} FROM (${inner}) AS a)` : c.value;
            return `${on === 'column' ? (own ? rowsName : column) : own ? aggregateOf(column) : `MEASURE(${column})`} ${c.op} ${value}`;
          })
          .join(' AND ');
  // "the customer with the most orders": those with at least the n-th count (ties kept), over the grouped rows.
  if (having.rank) return rankedWithinQuery(plan, having, inner, rowsName, dims.length, total);
  const condition = test('aggregate');
  // "how many customers spent over $1,000 in each quarter of 2025": each period's entities, tested on its rows.
  const plain =
    having.output === 'count' &&
    !spreadOf &&
    !total &&
    !having.alsoOnce &&
    !having.vsAverage &&
    !having.grain;
  if (having.perPeriod && plain && plan.grain && time(plan)) {
    const period = `date_trunc('${plan.grain}', ${time(plan)})`;
    const outerLead = [plan.grain, ...dims].map((d) => `${d}, `).join('');
    return described(
      plan,
      `SELECT ${outerLead}COUNT(*) AS ${ident(entityWord(having.entity))} FROM (SELECT ${period} AS ${plan.grain}, ${lead}${entity}, ${selected} FROM ${rows}${groupBy(dims.length + 2)} HAVING ${condition}) AS t${groupBy(dims.length + 1)} ORDER BY ${[plan.grain, ...dims].map((_, i) => i + 1).join(', ')}`,
      [{ role: 'time' }, ...dimColumns, { role: 'entities' }],
    );
  }
  const count = ident(entityWord(having.entity));
  const entityColumn: Columns[number] = having.grain
    ? { role: 'time' }
    : { role: 'dimension', member: having.entity };
  if (having.output === 'list') {
    return described(
      plan,
      `${inner} HAVING ${condition} ORDER BY ${dims.length + 2} DESC, ${dims.length + 1}`,
      [
        ...dimColumns,
        entityColumn,
        { role: 'measure', member: having.measure },
        ...extra.map((c) => ({
          role: 'measure' as const,
          member: all.find((x) => measureColumn(x.measure) === c)?.measure,
        })),
      ],
    );
  }
  // "which segment has the most customers with ...": the counts ranked.
  const ranked = plan.top && dims.length > 0;
  const outerOrder = ranked
    ? ` ORDER BY ${dims.length + 1} ${plan.top?.direction === 'asc' ? 'ASC' : 'DESC'}${plan.top ? limitOf(plan.top) : ''}`
    : dims.length > 0
      ? ` ORDER BY ${dims.map((_, i) => i + 1).join(', ')}`
      : '';
  const outerGroup = `${groupBy(dims.length)}${outerOrder}`;
  if (having.output === 'share' && total && having.total) {
    // "what share of revenue came from repeat customers": the measure of the matching entities over all of it.
    const part = `SUM(CASE WHEN ${test('column')} THEN ${total} ELSE 0 END)`;
    return described(
      plan,
      `WITH t AS (${inner}) SELECT ${lead}${part} AS part, SUM(${total}) AS whole, round(100.0 * ${part} / NULLIF(SUM(${total}), 0), 2) AS share_percent FROM t${outerGroup}`,
      [
        ...dimColumns,
        { role: 'measure', member: having.total },
        { role: 'whole', member: having.total },
        { role: 'share' },
      ],
    );
  }
  if (having.output === 'share') {
    const matching = `SUM(CASE WHEN ${test('column')} THEN 1 ELSE 0 END)`;
    // Of all the entities, not only those with rows in the period or of the kind ("share of customers who
    // ordered over $900 in 2025"): the entities' own attributes (a segment, a signup date) and the values said of
    // them before the verb ("of customers in the west who ...") narrow the whole; the rows' kind does not.
    const own = wholeOf(plan, having);
    // ("what share of Q1 2025 buyers ...": those with rows in the period, its other conditions as before.)
    const whole =
      having.periodWhole && plan.range ? { plan: { ...own.plan, range: plan.range }, narrower: true } : own;
    const everyone =
      (plan.range || whole.narrower) && !having.grain && dims.length === 0
        ? `(SELECT COUNT(DISTINCT ${entity}) FROM ${ident(plan.cube.name)}${where(conditions(whole.plan, time(plan)))})`
        : 'COUNT(*)';
    return described(
      plan,
      `WITH t AS (${inner}) SELECT ${lead}${matching} AS ${count}, ${everyone} AS all_${count}, round(100.0 * ${matching} / NULLIF(${everyone}, 0), 2) AS share_percent FROM t${outerGroup}`,
      [...dimColumns, { role: 'entities' }, { role: 'whole' }, { role: 'share' }],
    );
  }
  // "total spend of customers who bought toys and furniture", "... who ordered in every month": the matching
  // entities' own total over every row of the period, not only over the rows of the values named (the inner query
  // counts those).
  const matched =
    spreadOf && !having.grain
      ? `SELECT ${lead}${entity}, MEASURE(${total}) AS ${total} FROM ${ident(plan.cube.name)}${where([
          ...conditions(
            { ...plan, filters: plan.filters.filter((f) => f.member !== spread?.member) },
            time(plan),
          ),
          `${entity} IN (SELECT ${entity} FROM (${inner} HAVING ${condition}) AS m)`,
        ])}${groupBy(dims.length + 1)}`
      : `${inner} HAVING ${condition}`;
  if (total && having.total && having.overRows && dims.length === 0) {
    // "the AOV of customers with 10+ orders in 2025": one average over the matching entities' rows.
    return described(
      plan,
      `SELECT MEASURE(${total}) AS ${total}, COUNT(DISTINCT ${entity}) AS ${count} FROM ${ident(plan.cube.name)}${where(
        [
          ...conditions(plan, time(plan)),
          `${entity} IN (SELECT ${entity} FROM (${inner} HAVING ${condition}) AS m)`,
        ],
      )}`,
      [{ role: 'measure', member: having.total }, { role: 'entities' }],
    );
  }
  if (total && having.total && having.averaged) {
    // "avg number of orders for customers who spent over $30k": each one's own total, averaged over them.
    return described(
      plan,
      `SELECT ${lead}AVG(${total}) AS ${ident(`average_${total}`)}, COUNT(*) AS ${count} FROM (${matched}) AS t${outerGroup}`,
      [...dimColumns, { role: 'measure', member: having.total }, { role: 'entities' }],
    );
  }
  if (total && having.total) {
    return described(
      plan,
      `SELECT ${lead}SUM(${total}) AS ${ident(`total_${total}`)}, COUNT(*) AS ${count} FROM (${matched}) AS t${outerGroup}`,
      [...dimColumns, { role: 'measure', member: having.total }, { role: 'entities' }],
    );
  }
  if (having.alsoOnce) {
    // "repeat customers vs one-time customers": those with more than one row and those with exactly one.
    return described(
      plan,
      `SELECT ${lead}SUM(CASE WHEN ${test('column')} THEN 1 ELSE 0 END) AS ${ident(`repeat_${entityWord(having.entity)}`)}, SUM(CASE WHEN ${rowsName} = 1 THEN 1 ELSE 0 END) AS ${ident(`one_time_${entityWord(having.entity)}`)} FROM (${inner}) AS t${outerGroup}`,
      [...dimColumns, { role: 'entities' }, { role: 'whole' }],
    );
  }
  return described(
    plan,
    `SELECT ${lead}COUNT(*) AS ${count} FROM (${inner} HAVING ${condition}) AS t${outerGroup}`,
    [...dimColumns, { role: 'entities' }],
  );
}

/**
 * The rows the whole of a share of entities counts: those of every entity, narrowed only by the entity's own
 * attributes (columns of its prefix, "customers_") and by values said of the entities (`wholeWords`); whether
 * that drops a filter of the plan (a kind of row the part alone is of).
 */
function wholeOf(plan: Plan, having: NonNullable<Plan['having']>): { plan: Plan; narrower: boolean } {
  if (!having.wholeWords) return { plan: { ...plan, range: undefined }, narrower: false };
  const column = having.entity.column;
  const prefix = column.slice(0, column.lastIndexOf('_') + 1);
  const own = (m: CatalogMember) => prefix !== '' && m.column.startsWith(prefix);
  const said = new Set(having.wholeWords);
  const filters = plan.filters.filter(
    (f) =>
      own(f.member) ||
      f.values.some((v) =>
        v
          .toLowerCase()
          .split(/\s+/)
          .every((w) => said.has(w)),
      ),
  );
  const numberFilters = plan.numberFilters.filter((f) => own(f.member));
  const also = plan.also && own(plan.also.member) ? plan.also : undefined;
  return {
    plan: { ...plan, range: undefined, filters, numberFilters, also },
    narrower:
      filters.length < plan.filters.length ||
      numberFilters.length < plan.numberFilters.length ||
      also !== plan.also,
  };
}

/** The start of every period of the plan's grain in its bounded range (at most 400 of them), else undefined. */
function periodsOf(plan: Plan): string[] | undefined {
  const grain = plan.grain;
  const range = plan.range;
  if (!grain || !range || range.from <= '0001-01-01' || range.to >= '9999-01-01') return undefined;
  const starts: string[] = [];
  for (let p = unitStart(range.from, grain); p < range.to; p = shift(p, grain, 1)) {
    starts.push(p);
    if (starts.length > 400) return undefined;
  }
  return starts;
}

/** Entities by the date of their first row ("customers whose first order was in 2024"). */
export function firstQuery(plan: Plan): PlannedQuery {
  const first = plan.first;
  const at = time(plan);
  if (!first || !at) throw new Error('not a first-date plan');
  const entity = ident(first.entity.column);
  const rowConditions = conditions({ ...plan, range: undefined, compare: undefined }, at);
  // "how many also ordered in Q4 2025": each entity's rows in the later period, at least one.
  const later = first.later
    ? `, SUM(CASE WHEN ${at} >= ${quote(first.later.from)} AND ${at} < ${quote(first.later.to)} THEN 1 ELSE 0 END) AS later_rows`
    : '';
  const inner = `SELECT ${entity}, MIN(${at}) AS first_date${later} FROM ${ident(plan.cube.name)}${where(rowConditions)} GROUP BY 1`;
  // (A share keeps the whole cohort: the later rows are its part, not a filter.)
  const range: string[] = first.later && first.output !== 'share' ? ['later_rows > 0'] : [];
  if (plan.range && plan.range.from > '0001-01-01') range.push(`first_date >= ${quote(plan.range.from)}`);
  if (plan.range && plan.range.to < '9999-01-01') range.push(`first_date < ${quote(plan.range.to)}`);
  const count = ident(entityWord(first.entity));
  if (first.output === 'total' && first.total && first.range) {
    // The rows of the cohort's entities (their first date in the cohort's period), in the rows' own range.
    const cohort: string[] = [];
    if (first.range.from > '0001-01-01') cohort.push(`MIN(${at}) >= ${quote(first.range.from)}`);
    if (first.range.to < '9999-01-01') cohort.push(`MIN(${at}) < ${quote(first.range.to)}`);
    const members = `SELECT ${entity} FROM ${ident(plan.cube.name)}${where(rowConditions)} GROUP BY 1${cohort.length > 0 ? ` HAVING ${cohort.join(' AND ')}` : ''}`;
    const m = measureColumn(first.total);
    const sql = `SELECT MEASURE(${m}) AS ${m} FROM ${ident(plan.cube.name)}${where([...conditions(plan, at), `${entity} IN (${members})`])}`;
    return described(plan, sql, [{ role: 'measure', member: first.total }]);
  }
  const periods = plan.grain && !plan.top ? periodsOf(plan) : undefined;
  if (plan.grain && periods) {
    // "new customers in each quarter of 2023": every period of the range, one with none as 0 (the periods as a
    // UNION ALL of constants: the SQL API reads no VALUES or table function; a period left out would be a
    // confident wrong answer).
    const list = periods
      .map((p, i) => `SELECT CAST(${quote(p)} AS TIMESTAMP)${i === 0 ? ' AS period' : ''}`)
      .join(' UNION ALL ');
    return described(
      plan,
      `SELECT p.period AS ${plan.grain}, COUNT(t.first_date) AS ${count} FROM (${list}) AS p LEFT JOIN (SELECT first_date FROM (${inner}) AS f${where(range)}) AS t ON date_trunc('${plan.grain}', t.first_date) = p.period GROUP BY 1 ORDER BY 1`,
      [{ role: 'time' }, { role: 'entities' }],
    );
  }
  if (plan.grain) {
    // "in which month did the most customers place their first order": the periods ranked by the count.
    const order = plan.top
      ? `ORDER BY 2 ${plan.top.direction === 'asc' ? 'ASC' : 'DESC'}${limitOf(plan.top)}`
      : 'ORDER BY 1';
    return described(
      plan,
      `SELECT date_trunc('${plan.grain}', first_date) AS ${plan.grain}, COUNT(*) AS ${count} FROM (${inner}) AS t${where(range)} GROUP BY 1 ${order}`,
      [{ role: 'time' }, { role: 'entities' }],
    );
  }
  if (first.output === 'share' && first.later) {
    // "what % of them also ordered in December 2025": the cohort's entities with later rows, of all of them.
    return described(
      plan,
      `SELECT round(100.0 * SUM(CASE WHEN later_rows > 0 THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0), 2) AS share_percent, SUM(CASE WHEN later_rows > 0 THEN 1 ELSE 0 END) AS later_${count}, COUNT(*) AS ${count} FROM (${inner}) AS t${where(range)}`,
      [{ role: 'share' }, { role: 'entities' }, { role: 'entities' }],
    );
  }
  if (first.output === 'list' && first.rank) {
    // "which customer placed their first order most recently": ranked by the first date, ties kept.
    const dir = first.rank.direction === 'desc' ? 'DESC' : 'ASC';
    return described(
      plan,
      `SELECT ${entity}, first_date FROM (SELECT ${entity}, first_date, RANK() OVER (ORDER BY first_date ${dir}) AS first_rank FROM (${inner}) AS t${where(range)}) AS r WHERE first_rank <= ${first.rank.n} ORDER BY 2 ${dir}, 1`,
      [{ role: 'dimension', member: first.entity }, { role: 'time' }],
    );
  }
  if (first.output === 'list') {
    return described(plan, `SELECT ${entity}, first_date FROM (${inner}) AS t${where(range)} ORDER BY 2`, [
      { role: 'dimension', member: first.entity },
      { role: 'time' },
    ]);
  }
  return described(plan, `SELECT COUNT(*) AS ${count} FROM (${inner}) AS t${where(range)}`, [
    { role: 'entities' },
  ]);
}

const label = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** A change's columns: the figure and the one before it (the earlier first when `previousFirst`), the change. */
/** The years between two whole calendar years (2023 and 2025: 2), or undefined when either is not one. */
export function wholeYearsApart(a: Period, b: Period): number | undefined {
  const whole = (p: Period) =>
    /^\d{4}-01-01$/.test(p.from) && p.to === `${Number(p.from.slice(0, 4)) + 1}-01-01`;
  if (!whole(a) || !whole(b)) return undefined;
  const years = Number(b.from.slice(0, 4)) - Number(a.from.slice(0, 4));
  return years > 0 ? years : undefined;
}

function changeColumns(measure: CatalogMember | undefined, previousFirst = false): Columns {
  const member = measure ? { member: measure } : {};
  const figure = { role: 'measure' as const, ...member };
  const previous = { role: 'previous' as const, ...member };
  return [
    ...(previousFirst ? [previous, figure] : [figure, previous]),
    { role: 'change', ...member },
    { role: 'change_percent' },
  ];
}

/**
 * The periods of a change series that moved the way asked, counted out of those compared ("how many months of 2025
 * had more orders than the month before": 6 of 12), period-beats.ts. `sql` lists every compared period with its
 * change (figure, previous, change, percent).
 */
function countedPeriods(plan: Plan, sql: string, title: string): PlannedQuery {
  const grain = plan.grain ?? 'month';
  const way = plan.change?.only === 'down' ? '<' : '>';
  const unit = `${grain}s`;
  return described(
    plan,
    `SELECT SUM(CASE WHEN change ${way} 0 THEN 1 ELSE 0 END) AS ${unit}_${plan.change?.only === 'down' ? 'down' : 'up'}, COUNT(*) AS ${unit}_compared FROM (${sql}) AS s WHERE change IS NOT NULL`,
    [{ role: 'entities' }, { role: 'whole' }],
    title,
  );
}

/** The change of the first measure between periods: LAG over the grain, or two compared periods side by side. */
export function changeQuery(plan: Plan): PlannedQuery {
  const measure = plan.measures[0];
  const m = measureColumn(measure);
  const at = time(plan);
  const dims = plan.dimensions.map((d) => ident(d.column));
  const dimColumns: Columns = plan.dimensions.map((d) => ({ role: 'dimension', member: d }));
  const rank = plan.change?.rank === 'absolute' ? 'change' : 'change_percent';
  const top = rankedChange(plan);
  const exact = (now: string, before: string) => `100.0 * (${now} - ${before}) / NULLIF(${before}, 0)`;
  const percent = (now: string, before: string) => `round(${exact(now, before)}, 2)`;
  // ("the biggest swing": the change's size either way, on the columns of the figure and the one before.)
  // (Ranked on the exact percent: two rows rounding to the same +9.61% are no tie, and which one led was left to
  // chance.)
  const order = (fallback: string, now = 'b', before = 'a') =>
    top
      ? ` ORDER BY ${
          plan.change?.magnitude
            ? `abs(${rank === 'change' ? `${now} - ${before}` : exact(now, before)})`
            : rank === 'change'
              ? rank
              : exact(now, before)
        } ${top.direction === 'desc' ? 'DESC' : 'ASC'}${limitOf(top)}`
      : fallback;
  const from = ident(plan.cube.name);
  const lead = dims.map((d) => `${d}, `).join('');
  const compare = plan.compare;
  const a = compare?.[0];
  const b = compare?.at(-1);
  // "2025 by quarter vs the same quarter of 2024": each unit against the one at its place (paired-periods.ts).
  const paired = at ? pairedPeriods(plan) : undefined;
  if (paired && at) {
    const sql = pairedChangeSql(
      {
        plan,
        at,
        from,
        measure: m,
        dims,
        where: where(conditions(plan, at)),
        quote,
        order,
        percent,
        label,
        ranked: top !== undefined,
      },
      paired,
    );
    const title = `${titleOf(plan)}, each ${plan.grain} against the same ${plan.grain} of ${paired[0].label}`;
    if (plan.change?.countPeriods) return countedPeriods(plan, sql, title);
    return described(plan, sql, [...dimColumns, { role: 'time' }, ...changeColumns(measure)], title);
  }
  if (a && b && at && a !== b) {
    const cases = [a, b]
      .map((p) => `WHEN ${at} >= ${quote(p.from)} AND ${at} < ${quote(p.to)} THEN ${quote(p.label)}`)
      .join(' ');
    const t = `SELECT ${lead}CASE ${cases} END AS period, MEASURE(${m}) AS v FROM ${from}${where(conditions(plan, at))}${groupBy(dims.length + 1)}`;
    // (Means per day, day-means.ts: each period's total over its own calendar days.)
    const perDay = (p: Period) => (dayMeansChanged(plan) ? ` / ${daysBetween(p.from, p.to)}.0` : '');
    const pick = (p: Period) => `MAX(CASE WHEN period = ${quote(p.label)} THEN v END)${perDay(p)}`;
    const w = `SELECT ${lead}${pick(a)} AS a, ${pick(b)} AS b FROM t${groupBy(dims.length)}`;
    const names = [a, b].map((p) => ident(`${label(measure?.column ?? 'count')}_${label(p.label)}`));
    const only = plan.change?.only ? ` WHERE b ${plan.change.only === 'down' ? '<' : '>'} a` : '';
    // ("the CAGR from 2023 to 2025": the yearly rate that compounds the first whole year's figure into the last's.)
    const years = plan.change?.cagr ? wholeYearsApart(a, b) : undefined;
    const cagr = years
      ? `, round(100.0 * (pow(b / NULLIF(a, 0), 1.0 / ${years}) - 1), 2) AS cagr_percent`
      : '';
    // ("2025 revenue indexed to 2023 (2023 = 100)": 100 times the later figure over the earlier one.)
    const index = plan.change?.index ? ', round(100.0 * b / NULLIF(a, 0), 2) AS index_value' : '';
    const sql = `WITH t AS (${t}), w AS (${w}) SELECT ${lead}a AS ${names[0]}, b AS ${names[1]}, b - a AS change, ${percent('b', 'a')} AS change_percent${cagr}${index} FROM w${only}${order(dims.length > 0 ? ' ORDER BY change_percent DESC' : '')}`;
    return described(plan, sql, [
      ...dimColumns,
      ...changeColumns(measure, true),
      ...(cagr ? [{ role: 'cagr_percent' as const }] : []),
      ...(index ? [{ role: 'index' as const }] : []),
    ]);
  }
  const grain = plan.grain ?? 'month';
  const partition = dims.length > 0 ? `PARTITION BY ${dims.join(', ')} ` : '';
  // "month over month in 2024": January's change is from December 2023 when the data has it, so the query
  // reads one period before the range and keeps the range's own (whole periods only).
  const range = plan.range;
  const reach =
    range && range.from > '0001-01-01' && unitStart(range.from, grain) === range.from
      ? shift(range.from, grain, -1)
      : undefined;
  const read = reach && range ? { ...plan, range: { ...range, from: reach } } : plan;
  const t = `SELECT ${lead}date_trunc('${grain}', ${at}) AS ${grain}, MEASURE(${m}) AS v FROM ${from}${where(conditions(read, at))}${groupBy(dims.length + 1)}`;
  const c = `SELECT ${lead}${grain}, v, LAG(v) OVER (${partition}ORDER BY ${grain}) AS previous FROM t`;
  // ("which months of 2024 had lower revenue than the month before": only those that moved that way,
  // period-beats.ts; counted, out of those compared, when "how many" is asked.)
  const moved = plan.change?.only ? [`v ${plan.change.only === 'down' ? '<' : '>'} previous`] : [];
  const counting = plan.change?.countPeriods === true && moved.length > 0;
  const since = reach && range ? [`${grain} >= ${quote(range.from)}`] : [];
  // ("which categories grew in every year": the ones whose every change moved that way, each from its first
  // period's figure to its last.)
  if (plan.change?.every && dims.length > 0 && moved[0]) {
    const kept = `SELECT ${dims.join(', ')} FROM c${where([...since, 'previous IS NOT NULL'])}${groupBy(dims.length)} HAVING MIN(CASE WHEN ${moved[0]} THEN 1 ELSE 0 END) = 1`;
    const end = (f: 'MIN' | 'MAX') => `MAX(CASE WHEN ${grain} = (SELECT ${f}(${grain}) FROM c) THEN v END)`;
    const w = `SELECT ${lead}${end('MIN')} AS a, ${end('MAX')} AS b FROM c WHERE (${dims.join(', ')}) IN (${kept})${groupBy(dims.length)}`;
    const sql = `WITH t AS (${t}), c AS (${c}), w AS (${w}) SELECT ${lead}a AS first_${label(measure?.column ?? 'count')}, b AS ${m}, b - a AS change, ${percent('b', 'a')} AS change_percent FROM w ORDER BY ${dims.join(', ')}`;
    return described(plan, sql, [...dimColumns, ...changeColumns(measure, true)]);
  }
  const kept = [
    ...since,
    ...(top || counting || plan.change?.afterFirst ? ['previous IS NOT NULL'] : []),
    ...(counting ? [] : moved),
  ];
  const sql = `WITH t AS (${t}), c AS (${c}) SELECT ${lead}${grain}, v AS ${m}, previous AS previous_${label(measure?.column ?? 'count')}, v - previous AS change, ${percent('v', 'previous')} AS change_percent FROM c${where(kept)}${order(` ORDER BY ${[...dims, grain].join(', ')}`, 'v', 'previous')}`;
  if (counting) return countedPeriods(plan, sql, titleOf(plan));
  return described(plan, sql, [...dimColumns, { role: 'time' }, ...changeColumns(measure)]);
}

/**
 * The top rows of one breakdown within each value of the others: one ROW_NUMBER window query (top-per-group.ts);
 * with `both`, the bottom rows too (a second ROW_NUMBER the other way).
 */
export function perGroupQuery(plan: Plan): PlannedQuery {
  const measure = plan.measures[0];
  const m = measureColumn(measure);
  const item = plan.perGroup?.item;
  const groupGrain = plan.perGroup?.groupGrain;
  const groups = plan.dimensions.filter((d) => d !== item);
  const groupColumns = groups.map((d) => ident(d.column));
  // (A derived breakdown, the day of the week, is selected by its expression under its own name.)
  const selectOf = (d: CatalogMember) =>
    d.derived ? `${d.derived.sql} AS ${ident(d.column)}` : ident(d.column);
  const itemSelect = item ? selectOf(item) : `${bucket(plan)} AS ${plan.grain}`;
  const itemColumn = item ? ident(item.column) : (plan.grain ?? 'month');
  // The time bucket as a group: the plan's grain when the item is a member, the coarser unit when it is a grain.
  const timeGroup = item && plan.grain ? plan.grain : groupGrain;
  const groupSelect = [
    ...groups.map(selectOf),
    ...(timeGroup ? [`${bucket({ ...plan, grain: timeGroup })} AS ${timeGroup}_group`] : []),
  ];
  const groupNames = [...groupColumns, ...(timeGroup ? [`${timeGroup}_group`] : [])];
  const direction = plan.top?.direction === 'asc' ? 'ASC' : 'DESC';
  const n = Math.max(1, plan.top?.n ?? 1);
  const both = plan.perGroup?.both === true;
  // ("the top customer in each segment by spend, with their order count": another measure beside each row kept.)
  const beside = plan.measures[1];
  const besideColumn = beside ? measureColumn(beside) : undefined;
  const t = `SELECT ${[...groupSelect, itemSelect].join(', ')}, MEASURE(${m}) AS v${besideColumn ? `, MEASURE(${besideColumn}) AS w` : ''} FROM ${ident(plan.cube.name)}${where(conditions(plan, time(plan)))}${groupBy(groupSelect.length + 1)}`;
  // Every item tied at a place is kept (RANK): one of them alone would be named the top with no word of the tie.
  const window = (order: string) => `RANK() OVER (PARTITION BY ${groupNames.join(', ')} ORDER BY v ${order})`;
  const bottom = both ? `, ${window(direction === 'DESC' ? 'ASC' : 'DESC')} AS rank_from_bottom` : '';
  // ("... and its share of that region": each row's part of its group's whole, or of all the rows', before the cut.)
  const shareOf = plan.perGroup?.share;
  const whole = shareOf === 'all' ? 'OVER ()' : `OVER (PARTITION BY ${groupNames.join(', ')})`;
  const share = shareOf ? `, round(100.0 * v / NULLIF(SUM(v) ${whole}, 0), 2) AS share_percent` : '';
  const r = `SELECT ${[...groupNames, itemColumn].join(', ')}, v${besideColumn ? ', w' : ''}, ${window(direction)} AS rank_in_group${bottom}${share} FROM t`;
  const nth = plan.top?.nth;
  const kept = both
    ? `rank_in_group <= ${n} OR rank_from_bottom <= ${n}`
    : nth
      ? `rank_in_group = ${nth}`
      : plan.top?.n === 0
        ? 'TRUE'
        : `rank_in_group <= ${n}`;
  // ("which customers were in the top 50 by spend in both 2024 and 2025": the items in every group's top rows, each
  // with its lowest place; every period of the range is a group even when the data holds none of its rows.)
  // ("which category was the top seller in the most months of 2023": each value's number of periods at the top, the
  // most kept, ties kept; "in how many months was toys the top category": that value's, of all the periods.)
  // (How many groups the rows hold.)
  const groupCount = `(SELECT COUNT(*) FROM (SELECT DISTINCT ${groupNames.join(', ')} FROM t) AS g)`;
  const onTop = plan.perGroup?.onTop;
  if (onTop) {
    const periods = groupCount;
    const w = `SELECT ${itemColumn}, COUNT(*) AS times_on_top FROM r WHERE rank_in_group = 1 GROUP BY 1`;
    const sql =
      'value' in onTop
        ? `WITH t AS (${t}), r AS (${r}), w AS (${w}) SELECT COALESCE((SELECT times_on_top FROM w WHERE ${itemColumn} = ${quote(onTop.value)}), 0) AS times_on_top, ${periods} AS periods`
        : `WITH t AS (${t}), r AS (${r}), w AS (${w}) SELECT ${itemColumn}, times_on_top, ${periods} AS periods FROM w WHERE times_on_top = (SELECT MAX(times_on_top) FROM w) ORDER BY 1`;
    return described(plan, sql, [
      ...('value' in onTop
        ? []
        : [item ? { role: 'dimension' as const, member: item } : { role: 'time' as const }]),
      { role: 'entities' },
      { role: 'whole' },
    ]);
  }
  if (plan.perGroup?.inEvery) {
    const periods = timeGroup && !groups.length && plan.range ? unitsIn(plan.range, timeGroup) : undefined;
    const all = periods ?? groupCount;
    const every = `WITH t AS (${t}), r AS (${r}) SELECT ${itemColumn}, MAX(rank_in_group) AS lowest_rank FROM r WHERE ${kept} GROUP BY 1 HAVING COUNT(*) = ${all} ORDER BY 2, 1`;
    if (plan.perGroup.inEvery === 'count')
      return described(plan, `SELECT COUNT(*) AS in_every FROM (${every}) AS e`, [{ role: 'entities' }]);
    return described(plan, every, [
      item ? { role: 'dimension' as const, member: item } : { role: 'time' as const },
      { role: 'rank' },
    ]);
  }
  const sql = `WITH t AS (${t}), r AS (${r}) SELECT ${[...groupNames, itemColumn].join(', ')}, v AS ${m}, rank_in_group${both ? ', rank_from_bottom' : ''}${shareOf ? ', share_percent' : ''}${besideColumn ? `, w AS ${besideColumn}` : ''} FROM r WHERE ${kept} ORDER BY ${[...groupNames, 'rank_in_group', itemColumn].join(', ')}`;
  return described(plan, sql, [
    ...groups.map((d) => ({ role: 'dimension' as const, member: d })),
    ...(timeGroup ? [{ role: 'time' as const }] : []),
    item ? { role: 'dimension' as const, member: item } : { role: 'time' as const },
    { role: 'measure', ...(measure ? { member: measure } : {}) },
    { role: 'rank' },
    ...(both ? [{ role: 'rank' as const }] : []),
    ...(shareOf ? [{ role: 'share' as const }] : []),
    ...(beside ? [{ role: 'measure' as const, member: beside }] : []),
  ]);
}

/** The number of whole `grain` units in a period ("2024 to 2025" holds 2 years). */
function unitsIn(period: { from: string; to: string }, grain: Grain): number {
  let n = 0;
  for (let at = unitStart(period.from, grain); at < period.to && n < 10_000; at = shift(at, grain, 1)) n++;
  return n;
}

/** "share of revenue from the top 10 customers": the top rows' sum over the whole, one figure. */
export function topShareQuery(plan: Plan): PlannedQuery {
  const measure = plan.measures[0];
  const m = measureColumn(measure);
  const top = plan.share?.top;
  const entity = plan.dimensions[0];
  // The top rows are values of a breakdown, or periods of the grain ("our 3 best months").
  const key = entity ? ident(entity.column) : plan.grain && time(plan) ? bucket(plan) : undefined;
  if (!top || !key) throw new Error('not a combined share');
  const t = `SELECT ${key} AS k, MEASURE(${m}) AS m FROM ${ident(plan.cube.name)}${where(conditions(plan, time(plan)))} GROUP BY 1`;
  const order = top.direction === 'desc' ? 'DESC' : 'ASC';
  // "the top 10% of customers": the first tenth of them by the measure.
  const rows = top.percent
    ? `SELECT m FROM (SELECT m, ROW_NUMBER() OVER (ORDER BY m ${order}) AS rn, COUNT(*) OVER () AS entities FROM t) AS r WHERE rn <= entities * ${top.n / 100}`
    : `SELECT m FROM t ORDER BY m ${order} LIMIT ${top.n}`;
  // The whole without the filters that only pick the top rows ("the top 10 enterprise customers" of all revenue).
  const without = plan.share?.wholeWithout ?? [];
  const wholePlan = {
    ...plan,
    filters: plan.filters.filter((f) => !without.some((w) => w.member === f.member)),
  };
  const all =
    without.length > 0
      ? `, a AS (SELECT ${key}, MEASURE(${m}) AS m FROM ${ident(plan.cube.name)}${where(conditions(wholePlan, time(plan)))} GROUP BY 1)`
      : '';
  const whole = without.length > 0 ? '(SELECT SUM(m) FROM a)' : '(SELECT SUM(m) FROM t)';
  // "which 3 customers spent the most in 2025, and how much did that add up to": the rows named, each with its
  // figure, their sum beside every one (ties at the cut broken by the key, so the rows named are the rows summed).
  // "how many orders did they place in total?" after the top 3 customers by spend: the rows ranked by the first
  // measure, each with both figures, the other one's sum and whole beside.
  const sumOf = plan.share?.sumOf;
  /** Each row's key, ranking measure (m) and summed measure (s), under `p`'s conditions. */
  const withSum = (p: Plan, summed: CatalogMember) =>
    `SELECT ${key} AS k, MEASURE(${m}) AS m, MEASURE(${measureColumn(summed)}) AS s FROM ${ident(plan.cube.name)}${where(conditions(p, time(plan)))} GROUP BY 1`;
  /** The top rows listed with both figures, the summed one's total over them and its whole (from `wholeOf`). */
  const topRowsWithSums = (ctes: string, listed: string, wholeOf: string, summed: CatalogMember) =>
    described(
      plan,
      `WITH ${ctes}, top_rows AS (${listed}) SELECT k, m, s, SUM(s) OVER () AS part, (SELECT SUM(s) FROM ${wholeOf}) AS whole, round(100.0 * SUM(s) OVER () / NULLIF((SELECT SUM(s) FROM ${wholeOf}), 0), 2) AS share_percent FROM top_rows ORDER BY m ${order}, k`,
      [
        entity ? { role: 'dimension', member: entity } : { role: 'time' },
        { role: 'measure', ...(measure ? { member: measure } : {}) },
        { role: 'measure', member: summed },
        { role: 'measure', member: summed },
        { role: 'whole', member: summed },
        { role: 'share' },
      ],
    );
  if (
    plan.share?.total &&
    sumOf &&
    !top.percent &&
    top.n <= 20 &&
    without.length === 0 &&
    plan.share.allRows
  ) {
    // ("what's their total spend?" after the customer with the most returns: every row of theirs summed, top-total.ts.)
    const bare: Plan = { ...plan, filters: [], numberFilters: [], range: undefined, compare: undefined };
    const ranking = `SELECT ${key} AS k, MEASURE(${m}) AS m FROM ${ident(plan.cube.name)}${where(conditions(plan, time(plan)))} GROUP BY 1`;
    const every = `SELECT ${key} AS k, MEASURE(${measureColumn(sumOf)}) AS s FROM ${ident(plan.cube.name)}${where(conditions(bare, time(plan)))} GROUP BY 1`;
    const listed = `SELECT r.k, r.m, a.s FROM r JOIN a ON a.k = r.k ORDER BY r.m ${order}, 1 LIMIT ${top.n}`;
    return topRowsWithSums(`r AS (${ranking}), a AS (${every})`, listed, 'a', sumOf);
  }
  if (plan.share?.total && sumOf && !top.percent && top.n <= 20 && without.length === 0) {
    const listed = `SELECT k, m, s FROM t ORDER BY m ${order}, 1 LIMIT ${top.n}`;
    return topRowsWithSums(`t AS (${withSum(plan, sumOf)})`, listed, 't', sumOf);
  }
  if (plan.share?.total && !top.percent && top.n <= 20) {
    const listed = `SELECT k, m FROM t ORDER BY m ${order}, 1 LIMIT ${top.n}`;
    const sql = `WITH t AS (${t})${all}, top_rows AS (${listed}) SELECT k, m, SUM(m) OVER () AS part, ${whole} AS whole, round(100.0 * SUM(m) OVER () / NULLIF(${whole}, 0), 2) AS share_percent FROM top_rows ORDER BY m ${order}, k`;
    return described(plan, sql, [
      entity ? { role: 'dimension', member: entity } : { role: 'time' },
      { role: 'measure', ...(measure ? { member: measure } : {}) },
      { role: 'measure', ...(measure ? { member: measure } : {}) },
      { role: 'whole', ...(measure ? { member: measure } : {}) },
      { role: 'share' },
    ]);
  }
  // "how many orders did the top 5% of customers by spend place": ranked by the first measure, the other summed
  // over the rows kept, of that measure's whole (ties at the cut broken by the key, as the rows listed are).
  if (sumOf) {
    const kept = top.percent
      ? `SELECT s FROM (SELECT s, ROW_NUMBER() OVER (ORDER BY m ${order}, k) AS rn, COUNT(*) OVER () AS entities FROM t) AS r WHERE rn <= entities * ${top.n / 100}`
      : `SELECT s FROM t ORDER BY m ${order}, k LIMIT ${top.n}`;
    const wholeOf = without.length > 0 ? `, a AS (${withSum(wholePlan, sumOf)})` : '';
    const summed = without.length > 0 ? '(SELECT SUM(s) FROM a)' : '(SELECT SUM(s) FROM t)';
    const sql = `WITH t AS (${withSum(plan, sumOf)})${wholeOf}, top_rows AS (${kept}) SELECT SUM(s) AS part, ${summed} AS whole, round(100.0 * SUM(s) / NULLIF(${summed}, 0), 2) AS share_percent FROM top_rows`;
    return described(plan, sql, [
      { role: 'measure', member: sumOf },
      { role: 'whole', member: sumOf },
      { role: 'share' },
    ]);
  }
  // ("the bottom 10% (the 2,000 smallest spenders of 20,000)": how many rows the share holds and of how many, to check.)
  const counted =
    plan.share?.counted || plan.share?.countAsked
      ? `, COUNT(*) AS kept, (SELECT COUNT(*) FROM ${without.length > 0 ? 'a' : 't'}) AS entities`
      : '';
  const sql = `WITH t AS (${t})${all}, top_rows AS (${rows}) SELECT SUM(m) AS part, ${whole} AS whole, round(100.0 * SUM(m) / NULLIF(${whole}, 0), 2) AS share_percent${counted} FROM top_rows`;
  return described(plan, sql, [
    { role: 'measure', ...(measure ? { member: measure } : {}) },
    { role: 'whole', ...(measure ? { member: measure } : {}) },
    { role: 'share' },
    ...(counted ? [{ role: 'entities' as const }, { role: 'entities' as const }] : []),
  ]);
}

/** The percentile's column name: median_amount, p90_amount. */
export const percentileName = (p: number, of: string) =>
  `${p === 0.5 ? 'median' : `p${Math.round(p * 1000) / 10}`.replace('.', '_')}_${label(of)}`;

/** The name of the figure per entity or period: the measure's column, or "max_amount" for each one's largest row. */
const figureName = (percentile: Percentile, measure: CatalogMember | undefined) =>
  percentile.extreme ? `${percentile.extreme}_${measure?.column ?? 'value'}` : (measure?.column ?? 'count');

/**
 * One percentile in each of two compared periods with the change asked ("the median order in Q4 2025 compared with
 * Q4 2024, by what percent?"): the two figures, the change and the change in percent, as a change of a measure
 * between two periods reads (was the two figures alone, the change asked left out). `inner` selects the period's
 * label and the figure (named `name`); undefined for any other shape.
 */
function percentileChange(
  plan: Plan,
  inner: string,
  name: string,
  member: CatalogMember | undefined,
): PlannedQuery | undefined {
  const compared = plan.compare;
  const [a, b] = compared ?? [];
  if (!plan.change || !a || !b || compared?.length !== 2 || plan.grain || plan.dimensions.length > 0)
    return undefined;
  if (plan.top || plan.change.only || plan.change.countPeriods) return undefined;
  const pick = (p: Period) => `MAX(CASE WHEN period = ${quote(p.label)} THEN ${name} END)`;
  const names = [a, b].map((p) => ident(`${name}_${label(p.label)}`));
  const sql = `WITH s AS (${inner}), w AS (SELECT ${pick(a)} AS a, ${pick(b)} AS b FROM s) SELECT a AS ${names[0]}, b AS ${names[1]}, b - a AS change, round(100.0 * (b - a) / NULLIF(a, 0), 2) AS change_percent FROM w`;
  return described(plan, sql, changeColumns(member, true));
}

/** A percentile of a row-level number, or of the first measure per entity or per period. */
export function percentileQuery(plan: Plan): PlannedQuery {
  const percentile = plan.percentile;
  if (!percentile) throw new Error('not a percentile');
  const high = percentile.more?.at(-1) ?? percentile.p;
  /** The highest percentile asked less the lowest, of `of` (a column or the per-entity figure). */
  const gapOf = (of: string) =>
    `percentile_cont(${high}) WITHIN GROUP (ORDER BY ${of}) - percentile_cont(${percentile.p}) WITHIN GROUP (ORDER BY ${of}) AS gap`;
  const at = time(plan);
  const dims = plan.dimensions.map((d) => ident(d.column));
  const dimColumns: Columns = plan.dimensions.map((d) => ({ role: 'dimension', member: d }));
  const from = ident(plan.cube.name);
  const ps = [percentile.p, ...(percentile.more ?? [])];
  // ("median order amount by weekday or weekend": a derived dimension selected by its expression, weekdays.ts.)
  const selected = plan.dimensions.map((d) =>
    d.derived ? `${d.derived.sql} AS ${ident(d.column)}` : ident(d.column),
  );
  // Two or more compared periods ("H1 2022 signups vs H2 2022 signups"): one figure per period, never one OR-ed.
  const compared = !plan.grain && at && plan.compare && plan.compare.length > 1 ? plan.compare : undefined;
  const byPeriod = compared
    ? [
        `CASE ${compared.map((p) => `WHEN ${at} >= ${quote(p.from)} AND ${at} < ${quote(p.to)} THEN ${quote(p.label)}`).join(' ')} END AS period`,
      ]
    : [];
  const periodColumns: Columns = compared ? [{ role: 'period' }] : [];
  if (percentile.of && !percentile.extreme) {
    const of = percentile.of;
    const byTime = plan.grain && at ? [`${bucket(plan)} AS ${plan.grain}`] : byPeriod;
    const select = [...byTime, ...selected];
    // "25th and 75th percentile": one column per percentile.
    const stats = ps
      .map(
        (q) =>
          `percentile_cont(${q}) WITHIN GROUP (ORDER BY ${ident(of.column)}) AS ${percentileName(q, of.column)}`,
      )
      .join(', ');
    // "the median and the average": the mean beside it; "how far apart": the size of the gap between them.
    const mean = percentile.mean ? `, AVG(${ident(of.column)}) AS average_${label(of.column)}` : '';
    const pct = `percentile_cont(${percentile.p}) WITHIN GROUP (ORDER BY ${ident(of.column)})`;
    const avg = `AVG(${ident(of.column)})`;
    // ("average minus median": signed, the first said minus the second, named so.)
    const pName = percentileName(percentile.p, of.column);
    const meanGap =
      percentile.signed === 'mean'
        ? `${avg} - ${pct} AS ${ident(`average_minus_${pName}`)}`
        : percentile.signed === 'percentile'
          ? `${pct} - ${avg} AS ${ident(`${pName}_minus_average`)}`
          : `ABS(${pct} - ${avg}) AS gap`;
    // "IQR", "p90 minus p10": the gap beside the two percentiles.
    const gap = percentile.gap ? `, ${percentile.mean ? meanGap : gapOf(ident(of.column))}` : '';
    // "which region has the highest median order value": the groups ranked by the one percentile.
    const ranked = plan.top && select.length > 0 && ps.length === 1 && !percentile.gap ? plan.top : undefined;
    // ("which region had the biggest average minus median": the groups ranked by the signed difference.)
    const bySigned =
      plan.top && select.length > 0 && percentile.signed && percentile.gap && percentile.mean
        ? plan.top
        : undefined;
    const order = ranked
      ? ` ORDER BY ${select.length + 1} ${ranked.direction === 'asc' ? 'ASC' : 'DESC'}${limitOf(ranked)}`
      : bySigned
        ? ` ORDER BY ${select.length + ps.length + 2} ${bySigned.direction === 'asc' ? 'ASC' : 'DESC'}${limitOf(bySigned)}`
        : select.length > 0
          ? ` ORDER BY ${select.map((_, i) => i + 1).join(', ')}`
          : '';
    const sql = `SELECT ${select.map((s) => `${s}, `).join('')}${stats}${mean}${gap} FROM ${from}${where(conditions(plan, at))}${groupBy(select.length)}${order}`;
    const changed =
      compared && ps.length === 1 && !mean && !gap && !ranked
        ? percentileChange(plan, sql, percentileName(percentile.p, of.column), of)
        : undefined;
    if (changed) return changed;
    return described(plan, sql, [
      ...(plan.grain && at ? [{ role: 'time' as const }] : periodColumns),
      ...dimColumns,
      ...ps.map(() => ({ role: 'measure' as const, member: of })),
      ...(percentile.mean ? [{ role: 'measure' as const, member: of }] : []),
      ...(percentile.gap ? [{ role: 'change' as const, member: of }] : []),
    ]);
  }
  // ("every customer's biggest order": the figure per entity is the largest or smallest row, named after it.)
  const extreme = percentile.extreme && percentile.of ? percentile.of : undefined;
  const measure = extreme ?? plan.measures[0];
  const m = measureColumn(plan.measures[0]);
  const per = percentile.per ? ident(percentile.per.column) : `${bucket(plan)}`;
  const over = percentile.per ? percentile.per.column : (plan.grain ?? 'period');
  const name =
    percentile.stat === 'avg'
      ? `average_${percentile.distinct ? `distinct_${label(percentile.distinct.column)}` : label(measure?.column ?? 'count')}_per_${label(over)}`
      : percentileName(percentile.p, figureName(percentile, measure));
  const statistic =
    percentile.stat === 'avg'
      ? percentile.days
        ? `SUM(v) / ${percentile.days}.0 AS ${name}`
        : percentile.daysEach && plan.compare
          ? `SUM(v) / CASE period ${plan.compare.map((p) => `WHEN ${quote(p.label)} THEN ${daysBetween(p.from, p.to)}.0`).join(' ')} END AS ${name}`
          : `AVG(v) AS ${name}`
      : ps
          .map(
            (q) =>
              `percentile_cont(${q}) WITHIN GROUP (ORDER BY v) AS ${q === percentile.p ? name : percentileName(q, figureName(percentile, measure))}`,
          )
          .join(', ') + (percentile.gap && percentile.stat !== 'avg' ? `, ${gapOf('v')}` : '');
  // Per entity by period ("orders per customer by signup quarter"): the entities of each period (a cohort).
  const cohort = percentile.per && plan.grain && at ? plan.grain : undefined;
  // ("avg monthly revenue in 2024 vs 2025": the months of each compared period, averaged within it.)
  const bucketsCompared =
    !percentile.per && !compared && plan.grain && at && plan.compare && plan.compare.length > 1
      ? plan.compare
      : undefined;
  const byBuckets = bucketsCompared
    ? [
        `CASE ${bucketsCompared.map((p) => `WHEN ${at} >= ${quote(p.from)} AND ${at} < ${quote(p.to)} THEN ${quote(p.label)}`).join(' ')} END AS period`,
      ]
    : byPeriod;
  const groups = [...(cohort ? [`${bucket(plan)} AS ${cohort}`] : byBuckets), ...dims];
  const names = [...(cohort ? [cohort] : compared || bucketsCompared ? ['period'] : []), ...dims];
  const lead = groups.map((d) => `${d}, `).join('');
  // ("every customer's biggest order": each entity's largest or smallest row, entity-extremes.ts.)
  const value = percentile.distinct
    ? `COUNT(DISTINCT ${ident(percentile.distinct.column)})`
    : percentile.extreme && percentile.of
      ? `${percentile.extreme.toUpperCase()}(${ident(percentile.of.column)})`
      : `MEASURE(${m})`;
  const t = `SELECT ${lead}${per} AS per, ${value} AS v FROM ${from}${where(conditions(plan, at))}${groupBy(groups.length + 1)}`;
  // "which signup quarter has the highest revenue per customer": the groups ranked by the figure.
  const ranked = plan.top && names.length > 0 ? plan.top : undefined;
  const order = ranked
    ? ` ORDER BY ${names.length + 1} ${ranked.direction === 'asc' ? 'ASC' : 'DESC'}${limitOf(ranked)}`
    : names.length > 0
      ? ` ORDER BY ${names.map((_, i) => i + 1).join(', ')}`
      : '';
  // ("customers per segment and their average spend": how many each average is over, beside it.)
  const counted =
    percentile.withCount && percentile.per ? `, COUNT(*) AS ${ident(entityWord(percentile.per))}` : '';
  const sql = `WITH t AS (${t}) SELECT ${names.map((d) => `${d}, `).join('')}${statistic}${counted} FROM t${groupBy(names.length)}${order}`;
  // ("median spend per customer in 2024 vs 2025, and the % change": the two figures and their change.)
  const changed =
    compared && ps.length === 1 && !percentile.gap && !counted && !ranked && percentile.stat !== 'avg'
      ? percentileChange(plan, sql, name, measure)
      : undefined;
  if (changed) return changed;
  const stated = percentile.stat === 'avg' ? [percentile.p] : ps;
  return described(plan, sql, [
    ...(cohort
      ? [{ role: 'time' as const }]
      : bucketsCompared
        ? [{ role: 'period' as const }]
        : periodColumns),
    ...dimColumns,
    ...stated.map(() => ({ role: 'measure' as const, ...(measure ? { member: measure } : {}) })),
    ...(percentile.gap && percentile.stat !== 'avg'
      ? [{ role: 'change' as const, ...(measure ? { member: measure } : {}) }]
      : []),
    ...(counted ? [{ role: 'entities' as const }] : []),
  ]);
}

/** The entities ranked first by their count (ties with the n-th kept), listed, counted or totalled. */
function rankedWithinQuery(
  plan: Plan,
  having: NonNullable<Plan['having']>,
  inner: string,
  counted: string,
  dims: number,
  total: string | undefined,
): PlannedQuery {
  const rank = having.rank;
  if (!rank || dims > 0) throw new Error('not a ranking within a filter');
  const order = rank.direction === 'desc' ? 'DESC' : 'ASC';
  const within = `WITH t AS (${inner}) SELECT * FROM t WHERE ${counted} ${rank.direction === 'desc' ? '>=' : '<='} (SELECT ${counted} FROM t ORDER BY 1 ${order} LIMIT 1 OFFSET ${rank.n - 1})`;
  const count = ident(entityWord(having.entity));
  if (total && having.total)
    return described(
      plan,
      `SELECT SUM(${total}) AS ${ident(`total_${total}`)}, COUNT(*) AS ${count} FROM (${within}) AS r`,
      [{ role: 'measure', member: having.total }, { role: 'entities' }],
    );
  if (having.output === 'count')
    return described(plan, `SELECT COUNT(*) AS ${count} FROM (${within}) AS r`, [{ role: 'entities' }]);
  return described(plan, `${within} ORDER BY 2 ${order}, 1`, [
    { role: 'dimension', member: having.entity },
    { role: 'measure', member: having.measure },
  ]);
}
