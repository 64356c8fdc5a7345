/** Column roles the chart choice looks at. */
export type Role = 'temporal' | 'quantitative' | 'nominal';

const NUMERIC =
  /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|INT2|INT4|INT8|FLOAT4|FLOAT8)/i;
const TEMPORAL = /^(DATE|TIMESTAMP|TIME|TIMESTAMPTZ)/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/** A result column's role from its type (and, for text, its values: ISO dates are times). */
export function roleOf(type: string, values: unknown[]): Role {
  if (TEMPORAL.test(type)) return 'temporal';
  if (NUMERIC.test(type)) return 'quantitative';
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length > 0 && present.every((v) => typeof v === 'string' && ISO_DATE.test(v)))
    return 'temporal';
  return 'nominal';
}

/** Vega-Lite reads `.` and `[]` in field names as nested access: escape them. */
export const field = (name: string) => name.replace(/([.[\]\\])/g, '\\$1');

/**
 * An axis title from a column name, as a member title reads: `orders_view.total_amount` -> `Total amount`. The
 * planner names result columns after members, so this is the member's title; an LLM's alias reads as written.
 */
export function titleOf(name: string): string {
  const last = name
    .slice(name.lastIndexOf('.') + 1)
    .replace(/[_\s]+/g, ' ')
    .trim();
  return last ? last.charAt(0).toUpperCase() + last.slice(1) : name;
}

type Grain = 'year' | 'quarter' | 'month' | 'day';

/** The grain of a time column from its values: every value a year's, quarter's or month's first day. */
function grainOf(values: unknown[]): Grain {
  const dates = values.filter((v): v is string => typeof v === 'string' && ISO_DATE.test(v));
  if (dates.length === 0) return 'day';
  const parts = dates.map((d) => ({
    month: Number(d.slice(5, 7)),
    day: Number(d.slice(8, 10)),
    time: d.slice(11),
  }));
  const midnight = parts.every((p) => p.time === '' || /^00:00(:00(\.0+)?)?(Z|[+-]00(:?00)?)?$/.test(p.time));
  if (!midnight || parts.some((p) => p.day !== 1)) return 'day';
  if (parts.every((p) => p.month === 1)) return 'year';
  if (parts.every((p) => (p.month - 1) % 3 === 0)) return 'quarter';
  return 'month';
}

/** A time axis at the data's grain: Vega-Lite's `timeUnit`, ticks no finer than the grain, labels that read. */
export function timeAxis(name: string, values: unknown[]): Record<string, unknown> {
  const grain = grainOf(values);
  const unit = { year: 'year', quarter: 'yearquarter', month: 'yearmonth', day: 'yearmonthdate' }[grain];
  const format = { year: '%Y', quarter: 'Q%q %Y', month: '%b %Y', day: '%d %b %Y' }[grain];
  const periods = new Set(values.map(String)).size;
  const interval = { year: 'year', quarter: 'month', month: 'month', day: 'day' }[grain];
  const base = { year: 1, quarter: 3, month: 1, day: 1 }[grain];
  // About 12 labels at most: every period, or every 2nd, 3rd, ... at the grain.
  const step = base * Math.max(1, Math.ceil(periods / 12));
  return {
    field: field(name),
    type: 'temporal',
    timeUnit: unit,
    title: titleOf(name),
    axis: { format, labelAngle: 0, tickCount: { interval, step } },
  };
}

/** Horizontal labels when the categories fit side by side; Vega-Lite's slant otherwise. */
export function categoryAxis(values: unknown[]): Record<string, unknown> {
  const labels = [...new Set(values.map((v) => String(v ?? '')))];
  const fits = labels.length <= 8 && labels.every((label) => label.length <= 12);
  return fits ? { labelAngle: 0 } : {};
}

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/**
 * A Vega-Lite v5 spec that fits the result's shape, without data (`data: {name: 'table'}`, filled from
 * `result.data` by the client), or undefined when a table says it better (one value, no measure, too wide).
 */
export function chartFor(
  schema: readonly { name: string; column_type: string }[],
  rows: readonly unknown[][],
  title?: string,
): Record<string, unknown> | undefined {
  if (rows.length < 2 || schema.length < 2) return undefined;
  const columns = schema.map((c, i) => ({
    name: c.name,
    role: roleOf(
      c.column_type,
      rows.map((r) => r[i]),
    ),
  }));
  const temporal = columns.filter((c) => c.role === 'temporal');
  const measures = columns.filter((c) => c.role === 'quantitative');
  const nominal = columns.filter((c) => c.role === 'nominal');
  if (measures.length === 0) return undefined;
  const base = {
    $schema: SCHEMA,
    ...(title ? { title } : {}),
    data: { name: 'table' },
  };
  const tooltip = columns.map((c) => ({ field: field(c.name), type: c.role, title: titleOf(c.name) }));
  const folded = (names: string[]) => ({ transform: [{ fold: names.map(field), as: ['measure', 'value'] }] });

  // A measure over time: one line, one line per category, or one line per measure.
  if (temporal.length === 1 && nominal.length <= 1) {
    const [time] = temporal;
    if (!time) return undefined;
    const x = timeAxis(
      time.name,
      rows.map((r) => r[columns.indexOf(time)]),
    );
    const line = { type: 'line', point: rows.length <= 60 };
    if (nominal.length === 1 && measures.length === 1) {
      const [series] = nominal;
      const [measure] = measures;
      if (!series || !measure) return undefined;
      return {
        ...base,
        mark: line,
        encoding: {
          x,
          y: { field: field(measure.name), type: 'quantitative', title: titleOf(measure.name) },
          color: { field: field(series.name), type: 'nominal', title: titleOf(series.name) },
          tooltip,
        },
      };
    }
    if (nominal.length === 0 && measures.length === 1) {
      const [measure] = measures;
      if (!measure) return undefined;
      return {
        ...base,
        mark: line,
        encoding: {
          x,
          y: { field: field(measure.name), type: 'quantitative', title: titleOf(measure.name) },
          tooltip,
        },
      };
    }
    if (nominal.length === 0) {
      return {
        ...base,
        ...folded(measures.map((m) => m.name)),
        mark: line,
        encoding: {
          x,
          y: { field: 'value', type: 'quantitative', title: null },
          color: { field: 'measure', type: 'nominal', title: null },
        },
      };
    }
    return undefined;
  }
  if (temporal.length > 0) return undefined;

  // Categories: bars; a second category groups side by side when it is a comparison of a few values (periods,
  // named values), and stacks when it has many; several measures group side by side.
  const valuesOf = (column: (typeof columns)[number]) => rows.map((r) => r[columns.indexOf(column)]);
  if (nominal.length === 1) {
    const [category] = nominal;
    if (!category) return undefined;
    const many = rows.length > 12;
    const axis = { field: field(category.name), type: 'nominal', title: titleOf(category.name) };
    if (measures.length === 1) {
      const [measure] = measures;
      if (!measure) return undefined;
      const value = { field: field(measure.name), type: 'quantitative', title: titleOf(measure.name) };
      const sorted = {
        ...axis,
        sort: many ? '-x' : '-y',
        ...(many ? {} : { axis: categoryAxis(valuesOf(category)) }),
      };
      return {
        ...base,
        mark: 'bar',
        encoding: many ? { y: sorted, x: value, tooltip } : { x: sorted, y: value, tooltip },
      };
    }
    return {
      ...base,
      ...folded(measures.map((m) => m.name)),
      mark: 'bar',
      encoding: {
        x: { ...axis, axis: categoryAxis(valuesOf(category)) },
        xOffset: { field: 'measure', type: 'nominal' },
        y: { field: 'value', type: 'quantitative', title: null },
        color: { field: 'measure', type: 'nominal', title: null },
      },
    };
  }
  if (nominal.length === 2 && measures.length === 1) {
    const [outer, inner] = nominal;
    const [measure] = measures;
    if (!outer || !inner || !measure) return undefined;
    const series = new Set(valuesOf(inner).map(String)).size;
    const compare = series <= 6;
    return {
      ...base,
      mark: 'bar',
      encoding: {
        x: {
          field: field(outer.name),
          type: 'nominal',
          title: titleOf(outer.name),
          axis: categoryAxis(valuesOf(outer)),
        },
        ...(compare ? { xOffset: { field: field(inner.name), type: 'nominal' } } : {}),
        y: {
          field: field(measure.name),
          type: 'quantitative',
          title: titleOf(measure.name),
          ...(compare ? {} : { stack: 'zero' }),
        },
        color: { field: field(inner.name), type: 'nominal', title: titleOf(inner.name) },
        tooltip,
      },
    };
  }
  // Two measures and nothing else: how they relate.
  if (nominal.length === 0 && measures.length === 2) {
    const [a, b] = measures;
    if (!a || !b) return undefined;
    return {
      ...base,
      mark: 'point',
      encoding: {
        x: { field: field(a.name), type: 'quantitative', title: titleOf(a.name) },
        y: { field: field(b.name), type: 'quantitative', title: titleOf(b.name) },
        tooltip,
      },
    };
  }
  return undefined;
}
