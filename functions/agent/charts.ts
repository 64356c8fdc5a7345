/** Column roles the chart choice looks at. */
type Role = 'temporal' | 'quantitative' | 'nominal';

const NUMERIC =
  /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|INT2|INT4|INT8|FLOAT4|FLOAT8)/i;
const TEMPORAL = /^(DATE|TIMESTAMP|TIME|TIMESTAMPTZ)/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

function roleOf(type: string, values: unknown[]): Role {
  if (TEMPORAL.test(type)) return 'temporal';
  if (NUMERIC.test(type)) return 'quantitative';
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length > 0 && present.every((v) => typeof v === 'string' && ISO_DATE.test(v)))
    return 'temporal';
  return 'nominal';
}

/** Vega-Lite reads `.` and `[]` in field names as nested access: escape them. */
const field = (name: string) => name.replace(/([.[\]\\])/g, '\\$1');

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

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
  const tooltip = columns.map((c) => ({ field: field(c.name), type: c.role }));
  const folded = (names: string[]) => ({ transform: [{ fold: names.map(field), as: ['measure', 'value'] }] });

  // A measure over time: one line, one line per category, or one line per measure.
  if (temporal.length === 1 && nominal.length <= 1) {
    const [time] = temporal;
    if (!time) return undefined;
    const x = { field: field(time.name), type: 'temporal', title: time.name };
    if (nominal.length === 1 && measures.length === 1) {
      const [series] = nominal;
      const [measure] = measures;
      if (!series || !measure) return undefined;
      return {
        ...base,
        mark: { type: 'line', point: rows.length <= 60 },
        encoding: {
          x,
          y: { field: field(measure.name), type: 'quantitative', title: measure.name },
          color: { field: field(series.name), type: 'nominal', title: series.name },
          tooltip,
        },
      };
    }
    if (nominal.length === 0 && measures.length === 1) {
      const [measure] = measures;
      if (!measure) return undefined;
      return {
        ...base,
        mark: { type: 'line', point: rows.length <= 60 },
        encoding: {
          x,
          y: { field: field(measure.name), type: 'quantitative', title: measure.name },
          tooltip,
        },
      };
    }
    if (nominal.length === 0) {
      return {
        ...base,
        ...folded(measures.map((m) => m.name)),
        mark: { type: 'line', point: rows.length <= 60 },
        encoding: {
          x,
          y: { field: 'value', type: 'quantitative' },
          color: { field: 'measure', type: 'nominal' },
        },
      };
    }
    return undefined;
  }
  if (temporal.length > 0) return undefined;

  // Categories: bars; a second category stacks; several measures group side by side.
  if (nominal.length === 1) {
    const [category] = nominal;
    if (!category) return undefined;
    const many = rows.length > 12;
    const axis = { field: field(category.name), type: 'nominal', title: category.name };
    if (measures.length === 1) {
      const [measure] = measures;
      if (!measure) return undefined;
      const value = { field: field(measure.name), type: 'quantitative', title: measure.name };
      const sorted = { ...axis, sort: many ? '-x' : '-y' };
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
        x: { field: field(category.name), type: 'nominal', title: category.name },
        xOffset: { field: 'measure', type: 'nominal' },
        y: { field: 'value', type: 'quantitative' },
        color: { field: 'measure', type: 'nominal' },
      },
    };
  }
  if (nominal.length === 2 && measures.length === 1) {
    const [outer, inner] = nominal;
    const [measure] = measures;
    if (!outer || !inner || !measure) return undefined;
    return {
      ...base,
      mark: 'bar',
      encoding: {
        x: { field: field(outer.name), type: 'nominal', title: outer.name },
        y: { field: field(measure.name), type: 'quantitative', title: measure.name, stack: 'zero' },
        color: { field: field(inner.name), type: 'nominal', title: inner.name },
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
        x: { field: field(a.name), type: 'quantitative', title: a.name },
        y: { field: field(b.name), type: 'quantitative', title: b.name },
        tooltip,
      },
    };
  }
  return undefined;
}
