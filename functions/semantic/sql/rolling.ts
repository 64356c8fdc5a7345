/**
 * Measures computed over the query's time buckets with window functions: Cube's `rolling_window` and
 * `time_shift` (shiftedAggregate, below), and the window of a staged measure (stagedAggregate, last). Rolling windows in a grouped query: the measure's aggregate per time bucket, added up over a
 * window of buckets with a window function (`SUM(SUM(x)) OVER (PARTITION BY <other groups> ORDER BY <bucket>
 * RANGE BETWEEN ...)`).
 *
 * Cube's window for a bucket [start, end): rows with time in (end - trailing, end + leading] for `offset: end`
 * (the default), [start - trailing, start + leading) for `offset: start`; `unbounded` opens a side; `type:
 * to_date` runs from the start of the bucket's `granularity` period. Adding up bucket values gives exactly that
 * when the window is made of whole buckets, so the compiler requires it: the query groups by one
 * `DATE_TRUNC('<unit>', time)` and the window's sizes are whole multiples of that unit (a month window over days
 * is; a 7-day window over months or weeks over a year are not). Only aggregates that add up are computed:
 * count, sum, min, max and avg (as sum over count); a rolling count_distinct is refused when the model loads.
 *
 * What differs from Cube, and is refused rather than answered differently: a filter on the time column in the
 * same SELECT (WHERE or HAVING), which would cut the look-back (filter the buckets in an outer query), and a
 * query without a time bucket. Buckets without rows are absent (Cube fills a date series).
 */
import { SqlNotAllowedError } from '../../errors';
import { fold, functionName, isNode, type Node, nameOf, walk } from '../ast';
import type { Member } from '../model/schema';
import type { Dialect } from '../target';

/** Where a measure reference sits: its SELECT and the clause (`columns`, `orderby`, `where`, ...). */
export interface MeasureContext {
  select: Node;
  clause: string;
  /** The dimension a column reference of this SELECT names (GROUP BY items), if any. */
  dimensionOf: (expr: Node) => Member | undefined;
}

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/** An interval as PostgreSQL and DuckDB keep it: months, days and seconds never convert into each other. */
interface Span {
  months: number;
  days: number;
  seconds: number;
}

const UNIT_SPAN: Record<Unit, Span> = {
  second: { months: 0, days: 0, seconds: 1 },
  minute: { months: 0, days: 0, seconds: 60 },
  hour: { months: 0, days: 0, seconds: 3600 },
  day: { months: 0, days: 1, seconds: 0 },
  week: { months: 0, days: 7, seconds: 0 },
  month: { months: 1, days: 0, seconds: 0 },
  quarter: { months: 3, days: 0, seconds: 0 },
  year: { months: 12, days: 0, seconds: 0 },
};

const ZERO: Span = { months: 0, days: 0, seconds: 0 };

const unitOf = (text: string): Unit | undefined => {
  const unit = text.toLowerCase().replace(/s$/, '');
  return unit in UNIT_SPAN ? (unit as Unit) : undefined;
};

/** `3 months` as a span; undefined for `unbounded`. */
function spanOf(size: string | undefined): Span | 'unbounded' {
  if (size === undefined) return ZERO;
  if (size.toLowerCase() === 'unbounded') return 'unbounded';
  const [count = '0', unitText = ''] = size.trim().split(/\s+/);
  const unit = unitOf(unitText);
  if (!unit) throw new SqlNotAllowedError(`Unknown interval ${size}`);
  const n = Number(count);
  const span = UNIT_SPAN[unit];
  return { months: span.months * n, days: span.days * n, seconds: span.seconds * n };
}

const plus = (a: Span, b: Span, sign = 1): Span => ({
  months: a.months + sign * b.months,
  days: a.days + sign * b.days,
  seconds: a.seconds + sign * b.seconds,
});

/** Whether a window edge `span` after a bucket boundary is again a boundary of `unit` buckets. */
function onBoundary(span: Span, unit: Unit): boolean {
  const seconds = span.seconds;
  switch (unit) {
    case 'month':
    case 'quarter':
    case 'year':
      return span.days === 0 && seconds === 0 && span.months % UNIT_SPAN[unit].months === 0;
    case 'week':
      return span.months === 0 && seconds === 0 && span.days % 7 === 0;
    case 'day':
      return seconds % 86_400 === 0;
    default:
      return seconds % UNIT_SPAN[unit].seconds === 0;
  }
}

/** A frame edge `span` from the bucket: `CURRENT ROW`, or an interval PRECEDING / FOLLOWING. */
function edge(span: Span): string {
  const size = span.months * 31 + span.days + span.seconds / 86_400;
  if (size === 0 && span.months === 0 && span.days === 0 && span.seconds === 0) return 'CURRENT ROW';
  const sign = size < 0 ? -1 : 1;
  const parts = [
    [span.months, 'months'],
    [span.days, 'days'],
    [span.seconds, 'seconds'],
  ]
    .filter(([n]) => n !== 0)
    .map(([n, name]) => `${sign * Number(n)} ${name}`);
  return `INTERVAL '${parts.join(' ')}' ${sign < 0 ? 'PRECEDING' : 'FOLLOWING'}`;
}

/** The GROUP BY items of a SELECT as expressions (ordinals and output aliases read through). */
export function groupExpressions(select: Node): Node[] {
  const group = select.groupby;
  const items = Array.isArray(group)
    ? group
    : isNode(group) && Array.isArray(group.columns)
      ? group.columns
      : [];
  const columns = Array.isArray(select.columns) ? select.columns.filter(isNode) : [];
  return items.filter(isNode).map((item) => {
    if (item.type === 'number') {
      const expr = columns[Number(item.value) - 1]?.expr;
      return isNode(expr) ? expr : item;
    }
    if (item.type === 'column_ref' && !item.table) {
      const name = fold(nameOf(item.column));
      const aliased = columns.find((c) => typeof c.as === 'string' && fold(c.as) === name);
      if (aliased && isNode(aliased.expr) && !(aliased.expr.type === 'column_ref')) return aliased.expr;
    }
    return item;
  });
}

/** `DATE_TRUNC('<unit>', expr)`: the bucket's unit, or undefined for anything else. */
function bucketUnit(expr: Node): Unit | undefined {
  if (expr.type !== 'function' || fold(functionName(expr)) !== 'date_trunc') return undefined;
  const args = isNode(expr.args) && Array.isArray(expr.args.value) ? expr.args.value : [];
  const first = args[0];
  if (args.length !== 2 || !isNode(first) || typeof first.value !== 'string') return undefined;
  if (first.type !== 'single_quote_string' && first.type !== 'string') return undefined;
  return unitOf(first.value);
}

/** A column by name alone: `o.created_at` and `created_at` are the same for the filter check (refusing more, never less). */
const columnKey = (ref: Node) => fold(nameOf(ref.column));

function columnsIn(value: unknown): Set<string> {
  const keys = new Set<string>();
  walk(value, (node) => {
    if (node.type === 'column_ref') keys.add(columnKey(node));
  });
  return keys;
}

const copy = (node: Node): Node => structuredClone(node);

export const call = (name: string, ...args: Node[]): Node => ({
  type: 'function',
  name: { name: [{ type: 'default', value: name }] },
  args: { type: 'expr_list', value: args },
});

export const aggregate = (name: string, expr: Node, over: Node | null = null): Node => ({
  type: 'aggr_func',
  name,
  args: { expr },
  over,
});

const cast = (expr: Node, type: string): Node => ({
  type: 'cast',
  keyword: 'cast',
  expr,
  symbol: 'as',
  target: [{ dataType: type }],
});

/**
 * A measure computed with a window over the query's groups exists in the SELECT list and ORDER BY only (window
 * functions run after WHERE, GROUP BY and HAVING): the context, or `refusal`.
 */
export function selected(context: MeasureContext | undefined, refusal: string): MeasureContext {
  if (!context || (context.clause !== 'columns' && context.clause !== 'orderby')) {
    throw new SqlNotAllowedError(refusal);
  }
  return context;
}

/**
 * The one time bucket (`DATE_TRUNC('<unit>', time)`) of the SELECT a windowed measure sits in, and the other
 * GROUP BY expressions. Refused when there is none, or a filter on its time could cut what the window reads.
 */
function timeBucket(
  what: string,
  context: MeasureContext | undefined,
): { groups: Node[]; bucket: Node; unit: Unit; column: string } {
  const { select } = selected(
    context,
    `${what}: select it (or order by it) in a SELECT grouped by a time bucket; filter its values in an outer query`,
  );
  const groups = groupExpressions(select);
  const buckets = groups.filter((g) => bucketUnit(g) !== undefined);
  if (buckets.length !== 1) {
    throw new SqlNotAllowedError(
      buckets.length === 0
        ? `${what}: group by one time bucket, e.g. DATE_TRUNC('month', created_at)`
        : `${what}: group by only one time bucket (DATE_TRUNC), not ${buckets.length}`,
    );
  }
  const bucket = buckets[0] as Node;
  const timeColumns = columnsIn(bucket);
  const filtered = [...columnsIn(select.where ?? null)].some((key) => timeColumns.has(key));
  if (filtered || select.having) {
    throw new SqlNotAllowedError(
      `${what}, which reads other buckets than the ones a filter on its time in the same SELECT keeps: ` +
        'compute it in a subquery and filter the buckets outside, e.g. SELECT * FROM (...) AS r WHERE r.month >= ...',
    );
  }
  const column = [...timeColumns][0] ?? '';
  return { groups, bucket, unit: bucketUnit(bucket) as Unit, column };
}

/** `OVER (PARTITION BY ... ORDER BY ... <frame>)`; the partitions and the ordering are copied in. */
export const windowOver = (
  partitions: readonly Node[],
  order?: { expr: Node; dir: 'ASC' | 'DESC' },
  frame?: string,
): Node => ({
  type: 'window',
  as_window_specification: {
    window_specification: {
      name: null,
      partitionby: partitions.length ? partitions.map((expr) => ({ type: 'expr', expr: copy(expr) })) : null,
      orderby: order ? [{ expr: copy(order.expr), type: order.dir, nulls: null }] : null,
      window_frame_clause: frame ? { type: 'origin', value: frame } : null,
    },
    parentheses: true,
  },
});

/**
 * Cube's time shift (`multi_stage` with `time_shift: [{interval, type: prior|next, time_dimension}]`): the base
 * measure's value in the bucket `interval` before (or after) each bucket of the query, read with a window whose
 * frame is exactly that one bucket. The interval must land on a bucket (a year over months, a week over days).
 */
export function shiftedAggregate(
  member: Member,
  context: MeasureContext | undefined,
  base: () => Node,
): Node {
  const shifts = member.shift ?? [];
  const name = member.name;
  const { groups, bucket, unit, column } = timeBucket(`${name} is shifted in time`, context);
  const shift =
    shifts.find((s) => s.time_dimension && fold(s.time_dimension) === fold(column)) ??
    shifts.find((s) => !s.time_dimension);
  if (!shift) {
    const dimensions = shifts.map((s) => s.time_dimension).join(', ');
    throw new SqlNotAllowedError(`${name} is shifted in time along ${dimensions}: group by a bucket of it`);
  }
  const span = spanOf(shift.interval);
  if (span === 'unbounded' || !onBoundary(span, unit)) {
    throw new SqlNotAllowedError(
      `${name} is shifted by ${shift.interval}, which does not land on a ${unit} bucket: group by a finer bucket`,
    );
  }
  const calendar = calendarShiftAlong(bucket, context, shift.type, span);
  if (calendar) {
    throw new SqlNotAllowedError(
      `${name} is shifted by ${shift.interval} along ${calendar}, whose calendar cube maps a ${shift.type} ${shift.interval} ` +
        "shift through its own time_shift sql; queries cannot compute a calendar's shift yet (a plain interval would differ)",
    );
  }
  const at = edge(shift.type === 'next' ? span : plus(ZERO, span, -1));
  const frame = `RANGE BETWEEN ${at} AND ${at}`;
  const partitions = groups.filter((expr) => expr !== bucket);
  // One bucket in the frame: MAX reads its value whatever the aggregation.
  return aggregate('MAX', base(), windowOver(partitions, { expr: bucket, dir: 'ASC' }, frame));
}

/** The time dimension in `bucket` whose calendar cube defines its own shift of this type and span, if any. */
function calendarShiftAlong(
  bucket: Node,
  context: MeasureContext | undefined,
  type: 'prior' | 'next',
  span: Span,
): string | undefined {
  let found: string | undefined;
  walk(bucket, (node) => {
    if (found || node.type !== 'column_ref') return;
    const dimension = context?.dimensionOf(node);
    const own = dimension?.calendarShifts?.some((c) => {
      const theirs = c.interval === undefined ? undefined : spanOf(c.interval);
      return (
        c.type === type &&
        theirs !== undefined &&
        theirs !== 'unbounded' &&
        theirs.months === span.months &&
        theirs.days === span.days &&
        theirs.seconds === span.seconds
      );
    });
    if (own && dimension) found = dimension.name;
  });
  return found;
}

/**
 * The rolling measure `member` in the SELECT of `context`: `base(aggType)` gives the measure's plain aggregate
 * per bucket with that aggregation (the compiler's own, fan-out rules included).
 */
export function rollingAggregate(
  member: Member,
  context: MeasureContext | undefined,
  dialect: Dialect,
  base: (aggType: 'sum' | 'count' | 'min' | 'max') => Node,
): Node {
  const window = member.rolling;
  if (!window) throw new Error('not a rolling measure');
  const name = member.name;
  const { groups, bucket, unit } = timeBucket(`${name} has a rolling window`, context);
  const g = UNIT_SPAN[unit];
  const partitions = groups.filter((expr) => expr !== bucket).map(copy);
  let frame: string;
  if (window.type === 'to_date') {
    const period = window.granularity as Unit;
    if (!onBoundary(UNIT_SPAN[period], unit)) {
      throw new SqlNotAllowedError(
        `${name} runs from the start of each ${period}, which ${unit} buckets do not divide: group by a finer bucket`,
      );
    }
    partitions.push(call('DATE_TRUNC', { type: 'single_quote_string', value: period }, copy(bucket)));
    frame = 'ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW';
  } else {
    const trailing = spanOf(window.trailing);
    const leading = spanOf(window.leading);
    const end = (window.offset ?? 'end') === 'end';
    // Bucket starts s in the window: end offset (s >= B + g - trailing, s <= B + leading); start offset
    // (s >= B - trailing, s <= B + leading - g). B is the current bucket's start.
    const lower =
      trailing === 'unbounded' ? undefined : end ? plus(g, trailing, -1) : plus(ZERO, trailing, -1);
    const upper = leading === 'unbounded' ? undefined : end ? leading : plus(leading, g, -1);
    for (const side of [lower, upper]) {
      if (side && !onBoundary(side, unit)) {
        throw new SqlNotAllowedError(
          `${name} has a rolling window (${window.trailing ?? '0'} trailing, ${window.leading ?? '0'} leading) that ${unit} buckets do not divide: group by a finer bucket`,
        );
      }
    }
    const from = lower ? edge(lower) : 'UNBOUNDED PRECEDING';
    const to = upper ? edge(upper) : 'UNBOUNDED FOLLOWING';
    // Within a partition each bucket is one row, so whole-bucket frames without offsets can count rows.
    const rows = !from.startsWith('INTERVAL') && !to.startsWith('INTERVAL');
    frame = `${rows ? 'ROWS' : 'RANGE'} BETWEEN ${from} AND ${to}`;
  }

  const over = (): Node => windowOver(partitions, { expr: bucket, dir: 'ASC' }, frame);
  const zeroIfEmpty = (expr: Node): Node => call('COALESCE', expr, { type: 'number', value: 0 });
  switch (member.aggType) {
    case 'count':
      return zeroIfEmpty(aggregate('SUM', base('count'), over()));
    case 'sum':
      return aggregate('SUM', base('sum'), over());
    case 'min':
      return aggregate('MIN', base('min'), over());
    case 'max':
      return aggregate('MAX', base('max'), over());
    case 'avg': {
      const double = dialect === 'duckdb' ? 'DOUBLE' : 'DOUBLE PRECISION';
      return {
        type: 'binary_expr',
        operator: '/',
        left: cast(aggregate('SUM', base('sum'), over()), double),
        right: call('NULLIF', aggregate('SUM', base('count'), over()), { type: 'number', value: 0 }),
      };
    }
    default:
      throw new SqlNotAllowedError(
        `${name} is a rolling ${member.aggType} measure, which cannot be computed`,
      );
  }
}

/** The staged measure `member` in the SELECT of `context`, over its base aggregate per group (`base()`). */
export function stagedAggregate(member: Member, context: MeasureContext | undefined, base: () => Node): Node {
  const stage = member.stage;
  if (!stage) throw new Error('not a staged measure');
  const { select, dimensionOf } = selected(
    context,
    `${member.name} is computed over the query's groups: select it (or order by it); filter its values in an outer query`,
  );
  if (select.having) {
    throw new SqlNotAllowedError(
      `${member.name} is computed over the query's groups, which HAVING would cut: filter in an outer query`,
    );
  }
  const listed = (expr: Node) => {
    const dimension = dimensionOf(expr);
    return (
      dimension !== undefined &&
      dimension.cube === member.cube &&
      stage.dimensions.includes(dimension.cubeMember)
    );
  };
  const groups = groupExpressions(select);
  const partitions = groups.filter((expr) => (stage.kind === 'group_by' ? listed(expr) : !listed(expr)));
  if (stage.window === 'RANK') {
    const dir = stage.dir === 'desc' ? 'DESC' : 'ASC';
    return { ...call('RANK'), over: windowOver(partitions, { expr: base(), dir }) };
  }
  return aggregate(stage.window, base(), windowOver(partitions));
}
