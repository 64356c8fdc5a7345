import type { CatalogCube, CatalogMember } from './catalog';
import { formatFigure } from './format';
import { anyOfText } from './joined-periods';
import { capitalise, cohortTime, entityWord, grainText, nameOf } from './names';
import { limitOf, placeText } from './nth';
import { listText, ordinal } from './text';
import { bothEndsSql, keepsTies, TIE_ROOM, tiesKeptSql } from './ties';
import { restSql } from './top-rest';
import type { NumberFilter, Plan, ValueFilter } from './understand';

/** The generated query and how to read its columns. */
export interface PlannedQuery {
  sql: string;
  title: string;
  description: string;
  /** Column roles in select order. */
  columns: {
    role:
      | 'period'
      | 'time'
      | 'dimension'
      | 'measure'
      | 'whole'
      | 'share'
      | 'previous'
      | 'change'
      | 'change_percent'
      | 'cagr_percent'
      | 'index'
      | 'entities'
      | 'rank';
    member?: CatalogMember;
  }[];
}

/** A planned query with the description every one carries: its title, computed on the plan's view. */
export const plannedQuery = (
  plan: Plan,
  sql: string,
  title: string,
  columns: PlannedQuery['columns'],
): PlannedQuery => ({
  sql,
  title,
  description: `${title}, computed on ${plan.cube.title}.`,
  columns,
});

export const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
export const ident = (name: string) =>
  /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;

/** A dimension as a query filters it: its column, or the expression it is derived by (weekdays.ts). */
export const dimensionSql = (m: CatalogMember) => m.derived?.sql ?? ident(m.column);
/** A dimension as a query selects it, under its own name. */
const selected = (m: CatalogMember) =>
  m.derived ? `${m.derived.sql} AS ${ident(m.column)}` : ident(m.column);

const filterText = (plan: Pick<Plan, 'terms'>, f: ValueFilter) =>
  `${nameOf(plan, f.member)} ${f.negate ? 'is not' : 'is'} ${listText(f.values).replace(/ and /, ' or ')}`;

const numberText = (plan: Pick<Plan, 'terms'>, f: NumberFilter) => {
  const words = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most' } as const;
  if (f.said) return f.said;
  if (f.vsAverage && f.rowShare !== undefined)
    return `${nameOf(plan, f.member)} in the ${f.op.startsWith('>') ? 'top' : 'bottom'} ${Math.round(f.rowShare * 1000) / 10}% of ${f.averageOf ? `the orders of ${f.averageOf.label}` : 'these orders'} (a tie at the cut broken by the order id)`;
  if (f.vsAverage)
    return `${nameOf(plan, f.member)} ${f.op.startsWith('>') ? 'above' : 'below'} ${levelText(f)} ${nameOf(plan, f.member)} of ${f.averageOf ? `the orders of ${f.averageOf.label}` : 'these orders'}`;
  return `${nameOf(plan, f.member)} ${words[f.op]} ${formatFigure(f.member, f.value)}`;
};

/** The level a row is held against: "the average", "the median", "the 90th percentile of". */
const levelText = (f: NumberFilter) => {
  if (f.quantile === undefined) return 'the average';
  if (f.quantile === 0.5) return 'the median';
  return `the ${ordinal(Math.round(f.quantile * 100))} percentile of`;
};
/**
 * A row held against the same rows of `where`: its column against their average or a quantile of them, or the row
 * among the first share of them ranked by the column (by its id, when the cube has one; else the quantile).
 */
const levelCondition = (f: NumberFilter, column: string, cube: CatalogCube, where: string[]) => {
  const id = cube.members.find((m) => m.kind === 'dimension' && m.column === 'id');
  const scope = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  if (f.rowShare !== undefined && id) {
    const key = ident(id.column);
    const dir = f.op.startsWith('>') ? 'DESC' : 'ASC';
    return `${key} IN (SELECT ${key} FROM (SELECT ${key}, ROW_NUMBER() OVER (ORDER BY ${column} ${dir}, ${key}) AS rn, COUNT(*) OVER () AS n FROM ${ident(cube.name)}${scope}) AS ranked_rows WHERE rn <= n * ${f.rowShare})`;
  }
  const level =
    f.rowShare !== undefined ? { ...f, quantile: f.op.startsWith('>') ? 1 - f.rowShare : f.rowShare } : f;
  return `${column} ${f.op} ${levelSql(level, column, ident(cube.name), where)}`;
};
/** The level of a column over the rows of `where`: their average, or a quantile of them. */
const levelSql = (f: NumberFilter, column: string, cube: string, where: string[]) =>
  `(SELECT ${f.quantile === undefined ? `AVG(${column})` : `percentile_cont(${f.quantile}) WITHIN GROUP (ORDER BY ${column})`} FROM ${cube}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''})`;

/** Plain words for the filters and period of a plan ("where status is completed, in 2024"). */
export function scopeText(plan: Plan): string {
  const parts: string[] = [];
  // (The values of "bought toys and electronics" are said by the condition: each of them, not either.)
  const each = plan.having?.spread?.count ? plan.having.spread.member : undefined;
  // ("orders on weekends vs weekdays": every value of the breakdown kept says nothing: no "where ... is weekday or
  // weekend".)
  const whole = (f: ValueFilter) =>
    !f.negate &&
    plan.dimensions.includes(f.member) &&
    f.member.values.length > 0 &&
    f.member.values.every((v) => f.values.includes(v));
  for (const f of plan.filters) if (f.member !== each && !whole(f)) parts.push(filterText(plan, f));
  for (const f of plan.numberFilters) {
    const text = numberText(plan, f);
    if (!parts.includes(text)) parts.push(text);
  }
  if (plan.also) parts.push(`${plan.also.member.title.toLowerCase()} in ${plan.also.range.label}`);
  const where = parts.length > 0 ? ` where ${listText(parts)}` : '';
  // A period of a start date says so ("signup date in Q1 2022"): it is not when the orders were placed.
  const cohort = cohortTime(plan);
  const own = cohort ? ` ${cohort.title.toLowerCase()}` : '';
  const period = plan.compare
    ? `,${own} ${plan.compare.map((p) => p.label).join(' vs ')}`
    : plan.anyOf
      ? `,${own} in ${anyOfText(plan.anyOf)} together`
      : plan.range
        ? plan.range.relative || /^(since|before|after|the )/.test(plan.range.label)
          ? `,${own} ${plan.range.label}`
          : // ("on 2025-11-28", "from 2025-11-24 to 2025-11-30": a day, and a span of days.)
            /^\d{4}-\d{2}-\d{2}$/.test(plan.range.label)
            ? `,${own} on ${plan.range.label}`
            : /^\d{4}-\d{2}-\d{2} to /.test(plan.range.label)
              ? `,${own} from ${plan.range.label}`
              : `,${own} in ${plan.range.label}`
        : '';
  // ("Revenue by product category, of the top 3 by revenue in 2025, in 2024": those rows, ranked in another period.)
  const ranked = plan.rankedIn;
  const of = ranked
    ? `, of the ${ranked.direction === 'desc' ? 'top' : 'bottom'} ${ranked.n} by ${listText(plan.measures.slice(0, 1).map((m) => nameOf(plan, m)))} in ${ranked.period.label}`
    : '';
  // ("..., within the top product category by revenue in 2024": the value a previous ranking put first.)
  const winner = plan.withinWinner;
  const within =
    winner?.dimensions[0] && winner.measures[0]
      ? `, within the ${winner.top?.direction === 'asc' ? 'bottom' : 'top'} ${winner.dimensions[0].title.toLowerCase()} by ${nameOf(winner, winner.measures[0])}${winner.range ? ` in ${winner.range.label}` : ''}`
      : '';
  // ("..., in the same month as the top month by revenue in 2024": that period a year on.)
  const moved = plan.winnerMoved?.ranking;
  const movedWords =
    moved?.grain && moved.measures[0]
      ? `, the same ${moved.grain} as the ${moved.top?.direction === 'asc' ? 'bottom' : 'top'} ${moved.grain} by ${nameOf(moved, moved.measures[0])}${moved.range ? ` in ${moved.range.label}` : ''}`
      : '';
  const among = plan.amongTop;
  const amongWords =
    among?.top && among.dimensions[0] && among.measures[0]
      ? `, of the ${among.top.direction === 'asc' ? 'bottom' : 'top'} ${among.top.n} by ${nameOf(among, among.measures[0])}${among.range ? ` in ${among.range.label}` : ''}`
      : '';
  return `${where}${of}${within}${movedWords}${amongWords}${period}`;
}

/** The title of a plan's query ("Revenue (total amount) by sales region where status is completed, in 2024"). */
export function planTitle(plan: Plan): string {
  const measures = listText(plan.measures.map((m) => nameOf(plan, m)));
  const dimensions = plan.dimensions.map((d) => nameOf(plan, d));
  const grain = grainText(plan);
  const by = [...(grain ? [grain] : []), ...dimensions];
  const top = plan.top
    ? plan.top.n === 0
      ? ''
      : plan.top.nth
        ? `${placeText(plan.top.nth)}-${plan.top.direction === 'desc' ? 'highest' : 'lowest'} `
        : `${plan.top.direction === 'desc' ? 'Top' : 'Bottom'} ${plan.top.n > 1 ? `${plan.top.n} ` : ''}`
    : '';
  // "Top 5 customers", not "Top 5 customer name": a ranking of entities names them as the asker does.
  const entities = plan.dimensions.map((d) =>
    /\bname$/i.test(d.title) && !plan.terms?.[d.column] ? entityWord(d) : nameOf(plan, d),
  );
  // "Top month by number of orders": periods ranked are named by their grain.
  const ranked =
    listText(entities) ||
    (plan.top && plan.grain && plan.top.n <= 1 ? plan.grain : undefined) ||
    (plan.grain ? `${plan.grain}s` : 'rows');
  const share = plan.share ? `Share of ${measures}${partText(plan)} (%)` : undefined;
  const head = share
    ? `${share}${by.length > 0 ? ` by ${listText(by)}` : ''}`
    : plan.top
      ? plan.top.n === 0
        ? `${ranked} ranked by ${measures}${plan.top.span ? ', highest and lowest' : ''}`
        : `${top}${ranked} by ${measures}${topPerPeriod(plan) ? ' in each period' : ''}`
      : `${measures}${by.length > 0 ? ` by ${listText(by)}` : ''}`;
  return capitalise(`${head}${scopeText(plan)}`);
}

/** A period's bounds on a column, each only where it is bounded (the open ends are the far past and future). */
export const periodBounds = (column: string, p: { from: string; to: string }): string[] => [
  ...(p.from > '0001-01-01' ? [`${column} >= ${quote(p.from)}`] : []),
  ...(p.to < '9999-01-01' ? [`${column} < ${quote(p.to)}`] : []),
];
/** The rows of a column within a period, as one condition ("TRUE" for all time). */
export const withinPeriod = (column: string, p: { from: string; to: string }): string =>
  periodBounds(column, p).join(' AND ') || 'TRUE';

/** The WHERE conditions of a plan (value and number filters, its period). */
export function conditions(plan: Plan, time: string | undefined): string[] {
  const between = (from: string, to: string) => `${time} >= ${quote(from)} AND ${time} < ${quote(to)}`;
  const where: string[] = [];
  for (const f of plan.filters) where.push(valueCondition(dimensionSql(f.member), f));
  for (const f of plan.numberFilters) {
    if (!f.vsAverage) where.push(`${dimensionSql(f.member)} ${f.op} ${f.value}`);
  }
  if (time && plan.range) where.push(...periodBounds(time, plan.range));
  if (time && plan.compare)
    where.push(`(${plan.compare.map((p) => `(${between(p.from, p.to)})`).join(' OR ')})`);
  if (time && plan.anyOf) where.push(`(${plan.anyOf.map((p) => `(${between(p.from, p.to)})`).join(' OR ')})`);
  if (plan.also) where.push(...periodBounds(ident(plan.also.member.column), plan.also.range));
  const ranked = rankedInCondition(plan, time);
  if (ranked) where.push(ranked);
  const winner = winnerCondition(plan, time);
  if (winner) where.push(winner);
  const moved = movedWinnerCondition(plan, time);
  if (moved) where.push(moved);
  // ("which of them grew fastest?" after a top 3: the rows that ranking named, run again.)
  const among = plan.amongTop;
  const [amongDimension] = among?.dimensions ?? [];
  const [amongMeasure] = among?.measures ?? [];
  if (among?.top && amongDimension && amongMeasure)
    where.push(
      rankedValues(
        dimensionSql(amongDimension),
        among.cube,
        conditions(among, time),
        amongMeasure,
        among.top.direction === 'asc' ? 'ASC' : 'DESC',
        among.top.n,
      ),
    );
  // ("orders above the average order value in 2025": the average of the same rows, every other condition kept.)
  for (const f of plan.numberFilters) {
    const column = ident(f.member.column);
    // ("2025 orders bigger than the 2024 average order": the average of the rows of its own period.)
    const of = f.averageOf
      ? conditions(
          {
            ...plan,
            range: f.averageOf,
            compare: undefined,
            anyOf: undefined,
            numberFilters: plan.numberFilters.filter((g) => !g.vsAverage),
          },
          time ?? ownTime(plan),
        )
      : where;
    if (f.vsAverage) where.push(levelCondition(f, column, plan.cube, of));
  }
  return where;
}

/** The rows' own date when the plan names none: the view's first time dimension (a period said only of an average). */
const ownTime = (plan: Plan) => {
  const own = plan.cube.members.find((m) => m.kind === 'dimension' && m.type === 'time');
  return own ? ident(own.column) : undefined;
};

/**
 * The value a previous ranking put first (plan.withinWinner), that ranking run again: its filters and period, its
 * measure and direction, ties at the top broken by the value as its listing was.
 */
function winnerCondition(plan: Plan, time: string | undefined): string | undefined {
  const ranking = plan.withinWinner;
  const [dimension] = ranking?.dimensions ?? [];
  const [measure] = ranking?.measures ?? [];
  if (!ranking || !dimension || !measure) return undefined;
  const dir = ranking.top?.direction === 'asc' ? 'ASC' : 'DESC';
  return rankedValues(dimensionSql(dimension), ranking.cube, conditions(ranking, time), measure, dir, 1);
}

/**
 * The period a previous ranking of one put first, moved by whole years (plan.winnerMoved): that ranking run again,
 * its period of the grain found and shifted ("that month" of 2024's best, in 2025).
 */
function movedWinnerCondition(plan: Plan, time: string | undefined): string | undefined {
  const moved = plan.winnerMoved;
  const ranking = moved?.ranking;
  const [measure] = ranking?.measures ?? [];
  const grain = ranking?.grain;
  if (!moved || !ranking || !measure || !grain || !time) return undefined;
  const dir = ranking.top?.direction === 'asc' ? 'ASC' : 'DESC';
  const own = conditions(ranking, time);
  const unit = `date_trunc('${grain}', ${time})`;
  const first = `(SELECT ${unit} FROM ${ident(ranking.cube.name)}${own.length > 0 ? ` WHERE ${own.join(' AND ')}` : ''} GROUP BY 1 ORDER BY MEASURE(${ident(measure.column)}) ${dir}, 1 LIMIT 1)`;
  // ("how does that compare with the same month a year earlier?": both periods, the first and the moved one.)
  return moved.both
    ? `${unit} IN (${first}, ${first} + INTERVAL '${moved.years} years')`
    : `${unit} = ${first} + INTERVAL '${moved.years} years'`;
}

/** The column's values ranked first `n` by the measure over the rows of `own`, ties broken by the value. */
function rankedValues(
  column: string,
  cube: Plan['cube'],
  own: readonly string[],
  measure: CatalogMember,
  dir: 'ASC' | 'DESC',
  n: number,
): string {
  const where = own.length > 0 ? ` WHERE ${own.join(' AND ')}` : '';
  return `${column} IN (SELECT ${column} FROM ${ident(cube.name)}${where} GROUP BY 1 ORDER BY MEASURE(${ident(measure.column)}) ${dir}, 1 LIMIT ${n})`;
}

/**
 * The breakdown's values ranked top `n` in another period (plan.rankedIn), with the plan's own filters: ties at the
 * cut broken by the value, as a listing of n rows is.
 */
function rankedInCondition(plan: Plan, time: string | undefined): string | undefined {
  const ranked = plan.rankedIn;
  const [dimension] = plan.dimensions;
  const [measure] = plan.measures;
  if (!ranked || !dimension || !measure || !time) return undefined;
  const own = conditions({ ...plan, rankedIn: undefined, range: ranked.period, compare: undefined }, time);
  const dir = ranked.direction === 'desc' ? 'DESC' : 'ASC';
  return rankedValues(dimensionSql(dimension), plan.cube, own, measure, dir, ranked.n);
}

export function valueCondition(column: string, f: ValueFilter): string {
  const values = f.values.map(quote);
  return values.length === 1
    ? `${column} ${f.negate ? '<>' : '='} ${values[0]}`
    : `${column} ${f.negate ? 'NOT IN' : 'IN'} (${values.join(', ')})`;
}

/** The SQL condition of a share's part of rows (share-parts.ts): its value, its number conditions, its period. */
function partCondition(plan: Plan): string {
  const rows = plan.share?.rows;
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  const parts: string[] = [];
  if (plan.share?.part) parts.push(valueCondition(ident(plan.share.part.member.column), plan.share.part));
  for (const f of rows?.values ?? []) parts.push(valueCondition(dimensionSql(f.member), f));
  // ("share of revenue from orders above the median order": the level of the whole's rows, above-average.ts.)
  const numbers = (rows?.numbers ?? []).map((f) =>
    f.vsAverage
      ? levelCondition(
          f,
          ident(f.member.column),
          plan.cube,
          f.averageOf
            ? conditions({ ...plan, range: f.averageOf }, time ?? ownTime(plan))
            : conditions(plan, time),
        )
      : `${dimensionSql(f.member)} ${f.op} ${f.value}`,
  );
  if (rows?.either && numbers.length > 1) parts.push(`(${numbers.join(' OR ')})`);
  else parts.push(...numbers);
  if (rows?.period && time)
    parts.push(`${time} >= ${quote(rows.period.from)} AND ${time} < ${quote(rows.period.to)}`);
  if (rows?.started) parts.push(...periodBounds(ident(rows.started.member.column), rows.started.range));
  return parts.join(' AND ');
}

/** The words of a share's part ("where order amount at least $900.00", "in Q4 2025"). */
export function partText(plan: Plan): string {
  const share = plan.share;
  const where = [
    ...(share?.part ? [filterText(plan, share.part)] : []),
    ...(share?.rows?.values ?? []).map((f) => filterText(plan, f)),
    ...(share?.rows?.either
      ? [share.rows.numbers.map((f) => numberText(plan, f)).join(' or ')]
      : [...new Set((share?.rows?.numbers ?? []).map((f) => numberText(plan, f)))]),
  ];
  const started = share?.rows?.started;
  const period = `${share?.rows?.period ? ` in ${share.rows.period.label}` : ''}${started ? ` where ${started.member.title.toLowerCase()} in ${started.range.label}` : ''}`;
  return `${where.length > 0 ? ` where ${listText(where)}` : ''}${period}`;
}

/**
 * A share in percent, computed in SQL: the measure is aggregated per group (and per value of the part's
 * member) in a CTE, then the part is divided by the whole: of the group when a part is named ("return
 * rate by category"), of all groups otherwise ("share of revenue by region").
 */
function shareQuery(plan: Plan): PlannedQuery {
  const measure = plan.measures[0];
  const part = plan.share?.part;
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  const inner: string[] = [];
  const labels: string[] = [];
  const columns: PlannedQuery['columns'] = [];
  if (plan.compare && time) {
    const cases = plan.compare
      .map((p) => `WHEN ${time} >= ${quote(p.from)} AND ${time} < ${quote(p.to)} THEN ${quote(p.label)}`)
      .join(' ');
    inner.push(`CASE ${cases} END AS period`);
    labels.push('period');
    columns.push({ role: 'period' });
  }
  if (plan.grain && time) {
    inner.push(`date_trunc('${plan.grain}', ${time}) AS ${plan.grain}`);
    labels.push(plan.grain);
    columns.push({ role: 'time' });
  }
  for (const d of plan.dimensions) {
    inner.push(selected(d));
    labels.push(ident(d.column));
    columns.push({ role: 'dimension', member: d });
  }
  // A part of rows by a number or a part of the period (share-parts.ts): a flag per row, 1 for the part.
  const rows = plan.share?.rows;
  const groups = inner.length + (part || rows ? 1 : 0);
  if (rows) inner.push(`CASE WHEN ${partCondition(plan)} THEN 1 ELSE 0 END AS part_key`);
  else if (part) inner.push(`${dimensionSql(part.member)} AS part_key`);
  const column = measure ? ident(measure.column) : 'count';
  inner.push(`MEASURE(${column}) AS m`);
  const where = conditions(plan, time);
  let cte = `SELECT ${inner.join(', ')} FROM ${ident(plan.cube.name)}`;
  if (where.length > 0) cte += ` WHERE ${where.join(' AND ')}`;
  if (groups > 0) cte += ` GROUP BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  const lead = labels.map((l) => `${l}, `).join('');
  let sql: string;
  // ("enterprise share of orders vs enterprise share of revenue": one part's share of each of two figures.)
  const second = plan.share?.second;
  if ((part || rows) && second && labels.length === 0) {
    const partOf = (v: string) =>
      `SUM(CASE WHEN ${rows || !part ? 'part_key = 1' : valueCondition('part_key', part)} THEN ${v} ELSE 0 END)`;
    const cte2 = cte.replace(
      `MEASURE(${column}) AS m`,
      `MEASURE(${column}) AS m, MEASURE(${ident(second.column)}) AS n`,
    );
    sql = `WITH t AS (${cte2}) SELECT ${partOf('m')} AS part, SUM(m) AS whole, 100.0 * ${partOf('m')} / NULLIF(SUM(m), 0) AS share_percent, ${partOf('n')} AS second_part, SUM(n) AS second_whole, 100.0 * ${partOf('n')} / NULLIF(SUM(n), 0) AS second_share_percent FROM t`;
    return plannedQuery(plan, sql, planTitle(plan), [
      { role: 'measure', ...(measure ? { member: measure } : {}) },
      { role: 'whole', ...(measure ? { member: measure } : {}) },
      { role: 'share' },
      { role: 'measure', member: second },
      { role: 'whole', member: second },
      { role: 'share' },
    ]);
  }
  if (part || rows) {
    const partSum = `SUM(CASE WHEN ${rows || !part ? 'part_key = 1' : valueCondition('part_key', part)} THEN m ELSE 0 END)`;
    sql = `WITH t AS (${cte}) SELECT ${lead}${partSum} AS part, SUM(m) AS whole, 100.0 * ${partSum} / NULLIF(SUM(m), 0) AS share_percent FROM t`;
    if (labels.length > 0) sql += ` GROUP BY ${labels.map((_, i) => i + 1).join(', ')}`;
    // ("the return rate for electronics vs overall": each value's rate, and the rate over all of them beside it.)
    if (plan.overall && labels.length > 0) {
      const ratio = `100.0 * ${partSum} / NULLIF(SUM(m), 0)`;
      sql = `WITH t AS (${cte}), g AS (${sql.replace(/^WITH t AS \(.*?\) SELECT /s, 'SELECT ')}) SELECT g.*, (SELECT ${partSum} FROM t) AS all_part, (SELECT SUM(m) FROM t) AS all_whole, (SELECT ${ratio} FROM t) AS all_share FROM g`;
    }
  } else {
    // "share of revenue by category, Q4 2024 vs Q4 2025", "... by category by month": each period's shares are
    // of that period's whole (was the sum over every period, each period's shares adding to half: wrong).
    const periods = labels.length - plan.dimensions.length;
    const whole =
      periods > 0 && plan.dimensions.length > 0
        ? `SUM(m) OVER (PARTITION BY ${labels.slice(0, periods).join(', ')})`
        : '(SELECT SUM(m) FROM t)';
    sql = `WITH t AS (${cte}) SELECT ${lead}m AS part, ${whole} AS whole, 100.0 * m / NULLIF(${whole}, 0) AS share_percent FROM t`;
  }
  columns.push({ role: 'measure', ...(measure ? { member: measure } : {}) });
  columns.push({ role: 'whole', ...(measure ? { member: measure } : {}) });
  columns.push({ role: 'share' });
  // (The rate over all of them: its part, whole and share, read by the answer from the last three columns.)
  if (plan.overall && (part || rows) && labels.length > 0)
    columns.push({ role: 'whole' }, { role: 'whole' }, { role: 'whole' });
  const shareColumn = labels.length + 3;
  if (plan.top) {
    sql += ` ORDER BY ${shareColumn} ${plan.top.direction === 'desc' ? 'DESC' : 'ASC'}`;
    sql += limitOf(plan.top);
  } else if ((plan.compare || plan.grain) && labels.length > 0) {
    sql += ` ORDER BY ${labels.map((_, i) => i + 1).join(', ')}`;
  } else if (labels.length > 0) {
    sql += ` ORDER BY ${shareColumn} DESC`;
  }
  return plannedQuery(plan, sql, planTitle(plan), columns);
}

/** A ranking of groups over compared periods: the first n (or the n-th) of each period (topPerPeriodSql). */
export function topPerPeriod(plan: Plan): boolean {
  const nth = !!plan.top?.nth && !plan.top.percent;
  return !!plan.compare && plan.dimensions.length > 0 && !plan.change && (nth || keepsTies(plan.top));
}

/**
 * The first n rows (or the n-th) of each compared period of `grouped` (its first column the period's label), ties at
 * the cut kept (RANK), in the periods' own order, then by the ranked value and the labels.
 */
function topPerPeriodSql(
  grouped: string,
  names: string[],
  value: number,
  top: NonNullable<Plan['top']>,
  periods: NonNullable<Plan['compare']>,
): string {
  const dir = top.direction === 'desc' ? 'DESC' : 'ASC';
  const ranked = names[value - 1] ?? names[0];
  const [period, ...labels] = names.filter((_, i) => i !== value - 1);
  const order = periods.map((p, i) => `WHEN ${quote(p.label)} THEN ${i + 1}`).join(' ');
  const kept = top.nth ? `rank_in_period = ${top.nth}` : `rank_in_period <= ${top.n}`;
  const r = `SELECT *, RANK() OVER (PARTITION BY ${period} ORDER BY ${ranked} ${dir}) AS rank_in_period FROM t`;
  return `WITH t AS (${grouped}), r AS (${r}) SELECT ${names.join(', ')} FROM r WHERE ${kept} ORDER BY CASE ${period} ${order} END, ${[`${ranked} ${dir}`, ...labels].join(', ')} LIMIT ${(top.n + TIE_ROOM) * periods.length}`;
}

/** Postgres-dialect SQL over the plan's view: members as columns, measures through MEASURE(). */
export function planQuery(plan: Plan): PlannedQuery {
  if (plan.share) return shareQuery(plan);
  const select: string[] = [];
  /** The output name of each selected column. */
  const names: string[] = [];
  const columns: PlannedQuery['columns'] = [];
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  const between = (from: string, to: string) => `${time} >= ${quote(from)} AND ${time} < ${quote(to)}`;
  if (plan.compare && time) {
    const cases = plan.compare.map((p) => `WHEN ${between(p.from, p.to)} THEN ${quote(p.label)}`).join(' ');
    select.push(`CASE ${cases} END AS period`);
    names.push('period');
    columns.push({ role: 'period' });
  }
  if (plan.grain && time) {
    select.push(`date_trunc('${plan.grain}', ${time}) AS ${plan.grain}`);
    names.push(plan.grain);
    columns.push({ role: 'time' });
  }
  for (const d of plan.dimensions) {
    select.push(selected(d));
    names.push(ident(d.column));
    columns.push({ role: 'dimension', member: d });
  }
  const groups = select.length;
  for (const m of plan.measures) {
    select.push(`MEASURE(${ident(m.column)}) AS ${ident(m.column)}`);
    names.push(ident(m.column));
    columns.push({ role: 'measure', member: m });
  }
  const where = conditions(plan, time);
  let sql = `SELECT ${select.join(', ')} FROM ${ident(plan.cube.name)}`;
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
  if (groups > 0) sql += ` GROUP BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  const firstMeasure = groups + 1;
  if (plan.top?.rest && groups === 1 && names.length === 2 && names.length === select.length) {
    sql = restSql(sql, names, plan.top.n, plan.top.direction);
  } else if (
    plan.top &&
    plan.compare &&
    topPerPeriod(plan) &&
    time &&
    groups > 1 &&
    !plan.overall &&
    names.length === select.length
  ) {
    // ("top region by revenue, 2024 vs 2025": the top of each period, not of the periods' rows pooled, which gave
    // one period's top alone: confidently wrong.)
    sql = topPerPeriodSql(sql, names, firstMeasure, plan.top, plan.compare);
  } else if (keepsTies(plan.top) && groups > 0 && !plan.overall && names.length === select.length) {
    sql = tiesKeptSql(sql, names, firstMeasure, plan.top);
  } else if (
    plan.top?.span &&
    !plan.top.nth &&
    groups > 0 &&
    !plan.overall &&
    names.length === select.length
  ) {
    sql = bothEndsSql(sql, names, firstMeasure);
  } else if (plan.top && groups > 0) {
    sql += ` ORDER BY ${firstMeasure} ${plan.top.direction === 'desc' ? 'DESC' : 'ASC'}`;
    sql += limitOf(plan.top);
  } else if (plan.compare && time) {
    // The compared periods in time order, not by their labels ("April 2024" sorts before "March 2024").
    // (An aggregate of the period's rank, constant in each group: PostgreSQL orders by no alias in an expression.)
    const order = plan.compare.map((p, i) => `WHEN ${between(p.from, p.to)} THEN ${i + 1}`).join(' ');
    const rest = Array.from({ length: groups - 1 }, (_, i) => `, ${i + 2}`).join('');
    sql += ` ORDER BY MIN(CASE ${order} END)${rest}`;
  } else if (plan.compare || plan.grain) {
    sql += ` ORDER BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  } else if (groups > 0) {
    sql += ` ORDER BY ${firstMeasure} DESC`;
  }
  const title = planTitle(plan);
  if (plan.top?.withTotal && groups > 0) return withTotals(plan, sql, title, columns);
  if (plan.overall && groups > 0) return withOverall(plan, sql, where, title, columns);
  return plannedQuery(plan, sql, title, columns);
}

/**
 * "avg order value by category, and the total": the grouped rows with each measure over every row of them beside
 * (the average of all the orders, which no sum of the groups' averages gives), from the same conditions.
 */
function withOverall(
  plan: Plan,
  sql: string,
  where: string[],
  title: string,
  columns: PlannedQuery['columns'],
): PlannedQuery {
  const ordered = /^(.*?)( ORDER BY .*)?$/.exec(sql);
  const [, grouped = sql, order = ''] = ordered ?? [];
  const overall = plan.measures.map((m) => `MEASURE(${ident(m.column)}) AS ${ident(`all_${m.column}`)}`);
  let all = `SELECT ${overall.join(', ')} FROM ${ident(plan.cube.name)}`;
  if (where.length > 0) all += ` WHERE ${where.join(' AND ')}`;
  const picks = plan.measures.map(
    (m) => `(SELECT ${ident(`all_${m.column}`)} FROM a) AS ${ident(`all_${m.column}`)}`,
  );
  return {
    sql: `WITH t AS (${grouped}), a AS (${all}) SELECT t.*, ${picks.join(', ')} FROM t${order}`,
    title,
    description: `${title}, with the figure over every row, computed on ${plan.cube.title}.`,
    columns: [...columns, ...plan.measures.map((m) => ({ role: 'whole' as const, member: m }))],
  };
}

/**
 * "top 3 regions and the total for the quarter": the ranked rows with the total of EVERY row of the breakdown
 * beside them (top-total.ts), summed over the grouped rows before the limit; only a sum or a count adds up.
 */
function withTotals(plan: Plan, sql: string, title: string, columns: PlannedQuery['columns']): PlannedQuery {
  const ordered = /^(.*) ORDER BY (.*?)( LIMIT \d+)?$/.exec(sql);
  const measures = plan.measures.filter((m) => m.aggType === 'sum' || m.aggType === 'count');
  if (!ordered || measures.length === 0) return plannedQuery(plan, sql, title, columns);
  const [, grouped, order, limit] = ordered;
  const wholes = measures.map(
    (m) => `(SELECT SUM(${ident(m.column)}) FROM t) AS ${ident(`all_${m.column}`)}`,
  );
  return {
    sql: `WITH t AS (${grouped}) SELECT t.*, ${wholes.join(', ')} FROM t ORDER BY ${order}${limit ?? ''}`,
    title,
    description: `${title}, with the total of every row, computed on ${plan.cube.title}.`,
    columns: [...columns, ...measures.map((m) => ({ role: 'whole' as const, member: m }))],
  };
}
