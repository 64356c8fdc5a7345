/**
 * The query and the answer of a window over a series (series-windows.ts): each period's own figure by the grain
 * (within each value of the other breakdowns), and beside it the running total from the range's first period (from
 * each year's first for a year to date) or the average of the period and the `n - 1` before it. A moving average
 * reads the periods before the range its first ones reach back to, as the data has them, and says how many
 * periods each average is over where the data has fewer (its start).
 */
import { LISTED_ALL, type ResultLike, timeLabel } from './answer';
import { shift, unitStart } from './dates';
import { formatFigure } from './format';
import { nameOf } from './names';
import type { Plan, SeriesWindow } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, quote } from './sql';
import { formatValue } from './text';
import { titleOf } from './titles';

const LISTED = 10;

/** The window's frame: the row of each period and the `n - 1` rows before it (the periods with rows). */
const frame = (n: number) => `ROWS BETWEEN ${n - 1} PRECEDING AND CURRENT ROW`;

/** The series' query with its window column (and, for a moving average, how many periods each is over). */
export function windowQuery(plan: Plan): PlannedQuery {
  const window = plan.window as SeriesWindow;
  const grain = plan.grain ?? 'month';
  const time = plan.timeDimension;
  if (!time) throw new Error('a window needs a time dimension');
  const at = ident(time.column);
  const measure = plan.measures[0];
  const m = measure ? ident(measure.column) : 'count';
  const dims = plan.dimensions.map((d) => ident(d.column));
  const lead = dims.map((d) => `${d}, `).join('');
  const range = plan.range;
  // ("3-month moving average in 2025": January's reaches back to November 2024, read as the data has it.)
  const back =
    window.kind === 'moving' &&
    range &&
    range.from > '0001-01-01' &&
    unitStart(range.from, grain) === range.from
      ? shift(range.from, grain, -(window.n - 1))
      : undefined;
  const read = back && range ? { ...plan, range: { ...range, from: back } } : plan;
  const where = conditions(read, at);
  const groups = dims.length + 1;
  const t = `SELECT ${lead}date_trunc('${grain}', ${at}) AS ${grain}, MEASURE(${m}) AS v FROM ${ident(plan.cube.name)}${
    where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  } GROUP BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  const partition = [
    ...dims,
    ...(window.kind === 'running' && window.reset ? [`date_trunc('year', ${grain})`] : []),
  ];
  const over = `${partition.length > 0 ? `PARTITION BY ${partition.join(', ')} ` : ''}ORDER BY ${grain}`;
  const kept = back ? ` WHERE ${grain} >= ${quote(range?.from ?? back)}` : '';
  const order = ` ORDER BY ${[...dims, grain].join(', ')}`;
  // (A running average: every row to date over their count, the count of each period read as its sum over its
  // average, which counts the rows the average is over.)
  const sumOf = window.kind === 'running' ? window.sumOf : undefined;
  const averaged = sumOf
    ? `WITH t AS (${t.replace(' AS v FROM', ` AS v, MEASURE(${ident(sumOf)}) AS s FROM`)}) SELECT ${lead}${grain}, v AS ${m}, round(SUM(s) OVER (${over} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) / NULLIF(SUM(s / NULLIF(v, 0)) OVER (${over} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), 0), 2) AS running_${label(m)} FROM t${order}`
    : undefined;
  const sql =
    averaged ??
    (window.kind === 'running'
      ? `WITH t AS (${t}) SELECT ${lead}${grain}, v AS ${m}, SUM(v) OVER (${over} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running_${label(m)} FROM t${order}`
      : `WITH t AS (${t}), w AS (SELECT ${lead}${grain}, v, ${
          window.total
            ? `SUM(v) OVER (${over} ${frame(window.n)}) AS rolling_total`
            : `round(AVG(v) OVER (${over} ${frame(window.n)}), 2) AS moving_average`
        }, COUNT(*) OVER (${over} ${frame(window.n)}) AS periods, MIN(${grain}) OVER (${over} ${frame(window.n)}) AS window_from FROM t) SELECT ${lead}${grain}, v AS ${m}, ${window.total ? 'rolling_total' : 'moving_average'}, periods, window_from FROM w${kept}${order}`);
  const title = `${titleOf(plan)}, ${windowWords(plan, window)}`;
  return plannedQuery(plan, sql, title, [
    ...plan.dimensions.map((d) => ({ role: 'dimension' as const, member: d })),
    { role: 'time' },
    { role: 'measure', ...(measure ? { member: measure } : {}) },
    { role: 'measure', ...(measure ? { member: measure } : {}) },
    ...(window.kind === 'moving' ? [{ role: 'entities' as const }, { role: 'time' as const }] : []),
  ]);
}

const label = (column: string) => column.replace(/[^a-z0-9_]/gi, '').toLowerCase() || 'figure';

/** What the window column holds, in words ("with the running total from 2025-01"). */
function windowWords(plan: Plan, window: SeriesWindow): string {
  const grain = plan.grain ?? 'month';
  const first = plan.range && plan.range.from > '0001-01-01' ? timeLabel(plan.range.from, grain) : undefined;
  if (window.kind === 'running' && window.sumOf)
    return window.reset
      ? `with the year-to-date average at the end of each ${grain} (every row from the year's first ${grain} over their count)`
      : `with the running average${first ? ` from ${first}` : ` from the data's first ${grain}`} (every row to date over their count, not an average of the ${grain}s' averages)`;
  if (window.kind === 'running')
    return window.reset
      ? `with the year to date at the end of each ${grain} (a running total from each year's first ${grain})`
      : `with the running total${first ? ` from ${first}` : ` from the data's first ${grain}`}`;
  if (window.total)
    return `with the rolling ${window.n}-${grain} total (each ${grain}'s figure added to the ${window.n - 1} ${grain}${window.n - 1 === 1 ? '' : 's'} before it${
      first ? `; the first ones reach back before ${first} as far as the data goes` : ''
    })`;
  return `with the ${window.n}-${grain} moving average (each ${grain}'s average with the ${window.n - 1} ${grain}${window.n - 1 === 1 ? '' : 's'} before it${
    first ? `; the first ones reach back before ${first} as far as the data goes` : ''
  })`;
}

/** The answer: each period's figure and its window figure, the first rows where there are many. */
export function windowAnswer(plan: Plan, query: PlannedQuery, result: ResultLike): string | undefined {
  const window = plan.window;
  if (!window) return undefined;
  const grain = plan.grain ?? 'month';
  const measure = plan.measures[0];
  const dims = plan.dimensions.length;
  const name = measure ? nameOf(plan, measure) : 'figure';
  if (result.data.length === 0) return `${query.title}: no ${plan.cube.title.toLowerCase()} match.`;
  const shown = result.data.length <= LISTED_ALL ? result.data : result.data.slice(0, LISTED);
  const windowName =
    window.kind === 'running'
      ? window.sumOf
        ? window.reset
          ? 'year-to-date average'
          : 'running average'
        : window.reset
          ? 'year to date'
          : 'running total'
      : `${window.n}-${grain} ${window.total ? 'total' : 'average'}`;
  const line = (row: unknown[]) => {
    const labels = [...row.slice(0, dims).map(formatValue), timeLabel(row[dims], grain)].join(', ');
    const own = formatFigure(measure, row[dims + 1]);
    // (An average of counts keeps its decimals: 28,499.67 orders a month, never rounded to a count.)
    const value = formatFigure(
      window.kind === 'moving' && !window.total && measure?.format !== 'currency' ? undefined : measure,
      row[dims + 2],
    );
    const periods = Number(row[dims + 3]);
    // (A period with no rows is no row of the series: the window then reaches further back than its n periods.)
    const from = String(row[dims + 4] ?? '').slice(0, 10);
    const start = shift(
      String(row[dims] ?? '').slice(0, 10),
      grain,
      -(window.kind === 'moving' ? window.n - 1 : 0),
    );
    const fewer =
      window.kind !== 'moving'
        ? ''
        : from < start
          ? ` (over the ${periods} ${grain}s with rows back to ${timeLabel(from, grain)}: a ${grain} between had none)`
          : periods < window.n
            ? ` (over ${periods} ${grain}${periods === 1 ? '' : 's'}: the data has no earlier ones)`
            : '';
    return `- ${labels}: ${name} ${own}; ${windowName} ${value}${fewer}`;
  };
  const more =
    result.totalRows > shown.length
      ? `\n(the first ${shown.length} of ${result.totalRows} rows; the table holds them all.)`
      : '';
  return `${query.title}:\n${shown.map(line).join('\n')}${more}`;
}
