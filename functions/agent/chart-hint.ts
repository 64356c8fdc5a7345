import { categoryAxis, field, type Role, roleOf, SCHEMA, timeAxis, titleOf } from './charts';
import type { ChartHint } from './types';

type Column = { name: string; role: Role; index: number };

/** Addresses in text: a URL scheme browsers load or run, a protocol-relative or a www. address. */
const ADDRESS = /\b(?:(?:https?|data|javascript|vbscript|blob|file|ftp|wss?):|\/\/|www\.)\S*/gi;

/**
 * A Vega-Lite v5 spec built by the service from the model's chart hint, checked against the result: every
 * column named must be in it, values must be numbers. The spec has a fixed shape (mark, encodings of the named
 * columns, a title, `data: {name: 'table'}`): nothing the model writes can become a URL, an image or a link.
 * Returns why not when the hint does not fit the result (the model reads it and may try again).
 */
export function chartFromHint(
  hint: ChartHint,
  schema: readonly { name: string; column_type: string }[],
  rows: readonly unknown[][],
  fallbackTitle?: string,
): { spec: Record<string, unknown> } | { error: string } {
  const columns: Column[] = schema.map((c, index) => ({
    name: c.name,
    index,
    role: roleOf(
      c.column_type,
      rows.map((r) => r[index]),
    ),
  }));
  const find = (name: string) =>
    columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
  const names = columns.map((c) => c.name).join(', ');
  const wanted = [
    hint.x,
    ...(Array.isArray(hint.y) ? hint.y : [hint.y]),
    ...(hint.color ? [hint.color] : []),
  ];
  const missing = wanted.filter((name) => !find(name));
  if (missing.length > 0)
    return { error: `chart: no column ${missing.join(', ')} in the result (columns: ${names})` };
  const x = find(hint.x) as Column;
  const ys = (Array.isArray(hint.y) ? hint.y : [hint.y]).map((name) => find(name) as Column);
  const color = hint.color ? find(hint.color) : undefined;
  const notNumbers = ys.filter((y) => y.role !== 'quantitative');
  if (notNumbers.length > 0)
    return {
      error: `chart: ${notNumbers.map((y) => y.name).join(', ')} holds no numbers (y must be values)`,
    };
  if (rows.length === 0) return { error: 'chart: the result has no rows' };
  // A title is text: an address written into it (a model following text injected into the data) is left out.
  const title = (hint.title ?? fallbackTitle)?.replace(ADDRESS, '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const base = { $schema: SCHEMA, ...(title ? { title } : {}), data: { name: 'table' } };
  const valuesOf = (c: Column) => rows.map((r) => r[c.index]);
  const quantity = (c: Column) => ({ field: field(c.name), type: 'quantitative', title: titleOf(c.name) });
  const tooltip = columns.map((c) => ({ field: field(c.name), type: c.role, title: titleOf(c.name) }));
  const [y] = ys;
  if (!y) return { error: 'chart: y names no column' };
  if (hint.type === 'arc') {
    return {
      spec: {
        ...base,
        mark: { type: 'arc' },
        encoding: {
          theta: quantity(y),
          color: { field: field(x.name), type: 'nominal', title: titleOf(x.name) },
          tooltip,
        },
      },
    };
  }
  const xEncoding =
    x.role === 'temporal'
      ? timeAxis(x.name, valuesOf(x))
      : x.role === 'quantitative' && hint.type === 'point'
        ? quantity(x)
        : {
            field: field(x.name),
            type: x.role === 'quantitative' ? 'ordinal' : 'nominal',
            title: titleOf(x.name),
            axis: categoryAxis(valuesOf(x)),
          };
  const mark =
    hint.type === 'line' || hint.type === 'area'
      ? { type: hint.type, point: rows.length <= 60 }
      : { type: hint.type };
  if (ys.length > 1) {
    // Several value columns: one series each.
    return {
      spec: {
        ...base,
        transform: [{ fold: ys.map((c) => field(c.name)), as: ['measure', 'value'] }],
        mark,
        encoding: {
          x: xEncoding,
          y: { field: 'value', type: 'quantitative', title: null },
          color: { field: 'measure', type: 'nominal', title: null },
          ...(hint.type === 'bar' && x.role !== 'temporal'
            ? { xOffset: { field: 'measure', type: 'nominal' } }
            : {}),
        },
      },
    };
  }
  const series = color
    ? { color: { field: field(color.name), type: 'nominal', title: titleOf(color.name) } }
    : {};
  // Bars of a few series side by side; of many, stacked.
  const grouped =
    color && hint.type === 'bar' && x.role !== 'temporal' && new Set(valuesOf(color).map(String)).size <= 6
      ? { xOffset: { field: field(color.name), type: 'nominal' } }
      : {};
  return {
    spec: { ...base, mark, encoding: { x: xEncoding, y: quantity(y), ...series, ...grouped, tooltip } },
  };
}
