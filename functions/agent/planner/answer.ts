import type { CatalogCube, CatalogMember } from './catalog';
import { customerRateText } from './customer-rate';
import { asNumber, formatChange, formatFigure } from './format';
import { groupSpreadText } from './group-spread';
import { monthsOverText } from './months-over';
import { mostPeriodsText } from './most-periods';
import { capitalise, isOrAre, nameOf } from './names';
import { ownPeriodCutText } from './own-period-cut';
import { sameDayText } from './same-day';
import type { PlannedQuery } from './sql';
import { scopeText, topPerPeriod } from './sql';
import { formatNumber, formatValue, listText } from './text';
import { tieNote } from './ties';
import { REST_LABEL } from './top-rest';
import type { Grain, Plan } from './understand';

/** What the planner reads of a coreSqlApi result. */
export interface ResultLike {
  schema: { name: string; column_type: string }[];
  data: unknown[][];
  totalRows: number;
}

/**
 * Figures an answer lists: every row up to LISTED_ALL (a year of months reads well), else LISTED_ROWS of them; the
 * table and the chart carry the rest (people read a summary, not rows).
 */
export const LISTED_ALL = 12;
const LISTED_ROWS = 10;

/** Measures whose values add up across rows (a total over a grouping means something). */
const ADDITIVE = new Set(['sum', 'count']);

export function timeLabel(value: unknown, grain: Grain | undefined): string {
  if (typeof value !== 'string') return formatValue(value);
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!date) return value;
  const [, y, m, d] = date;
  switch (grain) {
    case 'year':
      return `${y}`;
    case 'quarter':
      return `${y}-Q${Math.floor((Number(m) - 1) / 3) + 1}`;
    case 'month':
      return `${y}-${m}`;
    case 'week':
      return `week of ${y}-${m}-${d}`;
    default:
      return `${y}-${m}-${d}`;
  }
}

function percentChange(from: number, to: number): string {
  if (from === 0) return '';
  const change = ((to - from) / Math.abs(from)) * 100;
  // Two decimals, as the change queries round their percent (sql-second.ts).
  return ` (${change >= 0 ? '+' : ''}${formatNumber(Math.round(change * 100) / 100)}%)`;
}

/** A share answer: each percentage with the part and the whole it was computed from. */
function shareText(
  plan: Plan,
  query: PlannedQuery,
  result: ResultLike,
  label: (row: unknown[]) => string,
): string {
  const at = (role: string) => query.columns.findIndex((c) => c.role === role);
  const [part, whole, share] = [at('measure'), at('whole'), at('share')];
  const member = plan.measures[0];
  const measure = member ? nameOf(plan, member) : 'rows';
  const percent = (row: unknown[], at = share) => {
    const value = asNumber(row[at]) ?? 0;
    return `${formatNumber(Math.round(value * 100) / 100)}%`;
  };
  const ofWhole = (row: unknown[]) =>
    `${formatFigure(member, row[part])} of ${formatFigure(member, row[whole])}`;
  const hasLabels = query.columns.some(
    (c) => c.role === 'period' || c.role === 'time' || c.role === 'dimension',
  );
  if (!hasLabels) {
    const row = result.data[0] ?? [];
    // (Two figures' shares: each with its part and whole.)
    const second = plan.share?.second;
    const at2 = query.columns.findLastIndex((c) => c.role === 'share');
    if (second && at2 > share) {
      return `${query.title}: ${percent(row)} of the ${measure} (${ofWhole(row)}) and ${percent(row, at2)} of the ${nameOf(plan, second)} (${formatFigure(second, row[at2 - 2])} of ${formatFigure(second, row[at2 - 1])}).`;
    }
    return `${query.title}: ${percent(row)} (${ofWhole(row)} ${measure}).`;
  }
  const rows = result.data.length <= LISTED_ALL ? result.data : result.data.slice(0, LISTED_ROWS);
  const lines = rows.map((row) => `- ${label(row)}: ${percent(row)} (${ofWhole(row)})`);
  const more =
    result.totalRows > rows.length
      ? `\n(the first ${rows.length} of ${result.totalRows} rows; the table holds the rest.)`
      : '';
  // ("the return rate for electronics vs overall": the rate over all of them, from the last three columns.)
  const first = result.data[0];
  const n = query.columns.length;
  const overall =
    plan.overall &&
    first &&
    n >= 3 &&
    query.columns.slice(n - 3).every((c) => c.role === 'whole' && !c.member)
      ? `\nOver all of them together: ${percent(first, n - 1)} (${formatFigure(member, first[n - 3])} of ${formatFigure(member, first[n - 2])}).`
      : '';
  return `${query.title}:\n${lines.join('\n')}${more}${overall}`;
}

/** The final answer: states the numbers of the result in words. */
export function answerText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const measureIndexes = query.columns.flatMap((c, i) => (c.role === 'measure' ? [i] : []));
  const labelIndexes = query.columns.flatMap((c, i) =>
    c.role === 'period' || c.role === 'time' || c.role === 'dimension' ? [i] : [],
  );
  const label = (row: unknown[]) =>
    labelIndexes
      .map((i) =>
        query.columns[i]?.role === 'time' ? timeLabel(row[i], plan.grain) : String(row[i] ?? '(none)'),
      )
      .join(', ');
  const values = (row: unknown[]) =>
    measureIndexes
      .map((i) => {
        const member = query.columns[i]?.member;
        const name = measureIndexes.length > 1 && member ? `${nameOf(plan, member)} ` : '';
        return `${name}${formatFigure(member, row[i])}`;
      })
      .join('; ');
  const measureNames = listText(plan.measures.map((m) => nameOf(plan, m)));
  const scope = scopeText(plan);

  if (result.totalRows === 0 || result.data.length === 0) return noRows(plan, measureNames, scope);
  // ("how many orders per month does an average customer place": one figure and its parts.)
  if (plan.customerRate) return customerRateText(plan, query, result.data);
  // ("for each segment, how far apart were the best and worst month": each group's gap, both ends beside it.)
  if (plan.groupSpread) return groupSpreadText(plan, query, result.data);
  // ("orders in each month above that month's 90th percentile": each period's count, its cut beside.)
  if (plan.ownPeriodCut) return ownPeriodCutText(plan, query, result.data, label);
  if (plan.sameDay) return sameDayText(plan, query, result.data);
  if (plan.monthsOver) return monthsOverText(plan, query, result.data);
  if (plan.mostPeriods) return mostPeriodsText(plan, query, result.data);
  // ("new vs returning customers per quarter": each period's two counts.)
  if (plan.newReturning && measureIndexes.length === 2) {
    const [n, r] = measureIndexes;
    const lines = result.data.map(
      (row) =>
        `- ${label(row)}: ${formatFigure(undefined, row[n ?? -1])} new, ${formatFigure(undefined, row[r ?? -1])} returning`,
    );
    return `${query.title} (new: first order in that ${plan.grain ?? 'period'}; returning: ordered in it and earlier):\n${lines.join('\n')}`;
  }
  // ("the annual run rate from the latest quarter": the period's figure, times the periods in a year.)
  const rate = plan.runRate;
  if (rate && measureIndexes.length === 2 && labelIndexes.length === 1) {
    // ("annual revenue run rate by region, based on Q4 2025": each row's figure times the periods in a year.)
    const member = plan.measures[0];
    const lines = result.data.map((row) => {
      const [one, annual] = measureIndexes.map((i) => row[i]);
      return `- ${label(row)}: ${formatFigure(member, annual)} (${formatFigure(member, one)} × ${rate.factor})`;
    });
    const by = plan.dimensions[0];
    return `Annual run rate of ${measureNames}${scope}${by ? ` by ${nameOf(plan, by).toLowerCase()}` : ''} (the ${rate.unit}'s figure times ${rate.factor}):\n${lines.join('\n')}`;
  }
  if (rate && measureIndexes.length === 2) {
    const row = result.data[0] ?? [];
    const member = plan.measures[0];
    const [one, annual] = measureIndexes.map((i) => row[i]);
    return `Annual run rate of ${measureNames}${scope} (the ${rate.unit}'s figure times ${rate.factor}): ${formatFigure(member, annual)} (${formatFigure(member, one)} × ${rate.factor}).`;
  }
  if (plan.share) return shareText(plan, query, result, label);
  // ("0 (no orders match)": the rows by the model's own noun, never the word "rows" nor "(none)".)
  const none = `no ${plan.cube.title.toLowerCase()} match`;
  if (labelIndexes.length === 0) {
    const row = result.data[0] ?? [];
    const parts = plan.measures.map((m, k) => {
      const figure = formatFigure(m, row[measureIndexes[k] ?? -1]);
      const name = nameOf(plan, m);
      // Zero as 0, with why (no orders match), never "(none)".
      if (figure === 'no value')
        return `the ${name} ${isOrAre(name, m) === 'are' ? 'have' : 'has'} no value (${none})`;
      return asNumber(row[measureIndexes[k] ?? -1]) === 0 &&
        ['sum', 'count', 'count_distinct'].includes(m.aggType ?? '')
        ? `the ${name} ${isOrAre(name, m)} ${figure} (${none})`
        : `the ${name} ${isOrAre(name, m)} ${figure}`;
    });
    return `For ${plan.cube.title.toLowerCase()}${scope}, ${listText(parts)}.`;
  }
  if (plan.compare && labelIndexes.length === 1) {
    const lines = result.data.map((row) => `- ${label(row)}: ${values(row)}`);
    let change = '';
    const first = result.data[0];
    const last = result.data.at(-1);
    const index = measureIndexes[0];
    if (first && last && first !== last && index !== undefined) {
      const a = asNumber(first[index]);
      const b = asNumber(last[index]);
      const member = plan.measures[0];
      if (a !== undefined && b !== undefined && member) {
        const delta = Math.round((b - a) * 100) / 100;
        // ("Between January to March 2024 and January to March 2025": spans are not read as one "from ... to".)
        const [x, y] = [label(first), label(last)];
        const between =
          x.includes(' to ') || y.includes(' to ') ? `Between ${x} and ${y}` : `From ${x} to ${y}`;
        change = `\n\n${between} the ${nameOf(plan, member)} went ${formatChange(member, delta)}${percentChange(a, b)}.`;
      }
    }
    return `${query.title}:\n${lines.join('\n')}${change}`;
  }
  return `${query.title}:\n${listed(plan, query, result, label, values)}${summary(plan, query, result, label)}`;
}

/** No rows: sums and counts are 0; other aggregates have no value. */
function noRows(plan: Plan, names: string, scope: string): string {
  const zero = plan.measures.every((m: CatalogMember) =>
    ['sum', 'count', 'count_distinct'].includes(m.aggType ?? ''),
  );
  const rows = plan.cube.title.toLowerCase();
  const what = zero
    ? `${capitalise(names)}${scope}: 0 (no ${rows} match).`
    : `There are no ${rows} for ${names}${scope}, so it has no value.`;
  return `${what} If you expected some, you may not have access to them, or the filters exclude everything.`;
}

/** The tie notes of a ranking: of its one cut, or of each compared period's ("In 2025, the cut at 1 ..."). */
function tiesOf(
  plan: Plan,
  rows: unknown[][],
  total: number,
  perPeriod: boolean,
  figure: (row: unknown[]) => string,
): string {
  if (!perPeriod) {
    const last = rows.at(-1);
    return last ? tieNote(plan.top, total, figure(last), 'rows') : '';
  }
  return [...new Set(rows.map((r) => r[0]))]
    .map((period) => {
      const own = rows.filter((r) => r[0] === period);
      const last = own.at(-1);
      const note = last ? tieNote(plan.top, own.length, figure(last), 'rows') : '';
      return note.replace(/^\n\(The/, `\n(In ${String(period)}, the`);
    })
    .join('');
}

/** The figures: every row up to LISTED_ALL, else LISTED_ROWS (the first of a ranking, the latest of a time series). */
function listed(
  plan: Plan,
  query: PlannedQuery,
  result: ResultLike,
  label: (row: unknown[]) => string,
  values: (row: unknown[]) => string,
): string {
  const timeSeries = query.columns.some((c) => c.role === 'time');
  const all = result.data;
  const shown =
    all.length <= LISTED_ALL ? all : timeSeries ? all.slice(-LISTED_ROWS) : all.slice(0, LISTED_ROWS);
  // (Both ends of a long ranking are no consecutive places: no numbers.)
  const numbered = plan.top && !plan.top.span;
  // (The top of each compared period, sql.ts topPerPeriod: placed within its period, the first column.)
  const perPeriod = topPerPeriod(plan) && query.columns[0]?.role === 'period';
  const placeOf = (row: unknown[], k: number) =>
    perPeriod ? all.slice(0, all.indexOf(row)).filter((r) => r[0] === row[0]).length : k;
  const lines = shown.map((row, k) => {
    // ("everything else" past a top N is no place of the ranking.)
    const place = numbered && !(plan.top?.rest && label(row) === REST_LABEL);
    return `${place ? `${placeOf(row, k) + 1}.` : '-'} ${label(row)}: ${values(row)}`;
  });
  const index = query.columns.findIndex((c) => c.role === 'measure');
  const measure = plan.measures[0];
  const tie =
    measure && index >= 0
      ? tiesOf(plan, all, result.totalRows, perPeriod, (row) => formatFigure(measure, row[index]))
      : '';
  if (result.totalRows <= shown.length) return `${lines.join('\n')}${tie}`;
  const which = timeSeries ? `the latest ${shown.length}` : `the first ${shown.length}`;
  const held =
    result.data.length < result.totalRows
      ? `the table holds the first ${result.data.length} of ${result.totalRows}`
      : 'the table and the chart hold them all';
  return `${lines.join('\n')}\n(${which} of ${result.totalRows} rows; ${held}.)${tie}`;
}

/** After the figures: the total, the top and bottom, and the change from the first period to the last. */
function summary(
  plan: Plan,
  query: PlannedQuery,
  result: ResultLike,
  label: (row: unknown[]) => string,
): string {
  const index = query.columns.findIndex((c) => c.role === 'measure');
  const measure = plan.measures[0];
  if (index < 0 || !measure || result.data.length < 2) return '';
  // (Each period's own top: no highest and lowest across them.)
  if (topPerPeriod(plan)) return '';
  const numbers = result.data.flatMap((row) => {
    const value = asNumber(row[index]);
    return value === undefined ? [] : [{ row, value }];
  });
  if (numbers.length < 2) return '';
  const name = nameOf(plan, measure);
  // A total only where it is the total of everything asked: every row, and no top N cutting the rest off.
  // Periods compared side by side are never added up ("2023 next to 2024" has no total of both years).
  // (Both ends of a ranking are its ends only, bothEndsSql: no total of them either.)
  const complete =
    result.data.length >= result.totalRows &&
    !(plan.top && plan.top.n > 0 && !plan.top.rest) &&
    !plan.top?.span &&
    !plan.compare;
  const parts: string[] = [];
  // "and the total for that quarter": the total of every row, from its own column (not the rows shown).
  for (const [i, c] of query.columns.entries())
    if (c.role === 'whole' && plan.top?.withTotal && c.member)
      parts.push(
        // ("and also the year's overall revenue": the total, named so, of every row and not of those shown.)
        `Total ${nameOf(plan, c.member)} overall${scopeText(plan)}: ${formatFigure(c.member, result.data[0]?.[i])} (not only the ${result.data.length} shown).`,
      );
  // "avg order value by category, and the total": the figure over every row, not a sum of the rows' figures.
  for (const [i, c] of query.columns.entries())
    if (c.role === 'whole' && plan.overall && c.member)
      parts.push(
        `${capitalise(nameOf(plan, c.member))} over all of them together${scopeText(plan)}: ${formatFigure(c.member, result.data[0]?.[i])}.`,
      );
  // (Each period's mean per day, period-day-means.ts, adds up to nothing.)
  const additive = ADDITIVE.has(measure.aggType ?? '') && !plan.dayMeans;
  const total = numbers.reduce((sum, n) => sum + n.value, 0);
  if (additive && complete)
    parts.push(`${capitalise(name)} in all: ${formatFigure(measure, Math.round(total * 100) / 100)}.`);
  // ("top 10 customers vs all the rest": the top rows together, and the rest, each as a part of the whole.)
  const rest = plan.top?.rest ? numbers.find((n) => label(n.row) === REST_LABEL) : undefined;
  if (rest && complete && total > 0) {
    const together = Math.round((total - rest.value) * 100) / 100;
    const percent = (v: number) => `${formatNumber(Math.round((v / total) * 1000) / 10)}%`;
    parts.push(
      `Together, the top ${plan.top?.n}: ${formatFigure(measure, together)} (${percent(together)}); ${REST_LABEL}: ${formatFigure(measure, rest.value)} (${percent(rest.value)}).`,
    );
  }
  const high = numbers.reduce((a, b) => (b.value > a.value ? b : a));
  const low = numbers.reduce((a, b) => (b.value < a.value ? b : a));
  // (Rows cut off by the row limit hide the true lowest, and the highest too unless ranked: no ends are named.)
  const cut = result.data.length < result.totalRows;
  if (!cut && (!plan.top || plan.top.span || result.data.length > LISTED_ALL)) {
    const share =
      additive && complete && total > 0 && !query.columns.some((c) => c.role === 'time')
        ? `, ${formatNumber(Math.round((high.value / total) * 1000) / 10)}% of the total`
        : '';
    // ("number of buyers per region": every row the same figure has no highest or lowest of its own.)
    if (high.value === low.value && numbers.length > 1)
      parts.push(`All ${numbers.length} have the same figure (${formatFigure(measure, high.row[index])}).`);
    else
      parts.push(
        `Highest: ${label(high.row)} (${formatFigure(measure, high.row[index])}${share}); lowest: ${label(low.row)} (${formatFigure(measure, low.row[index])}).`,
      );
    if (plan.top?.span) {
      parts.push(
        `The highest is ${formatFigure(measure, Math.round((high.value - low.value) * 100) / 100)} above the lowest.`,
      );
      // ("how many more orders did electronics get than toys": the two values named, the first minus the second, its
      // sign said in words; the highest above the lowest alone left the direction asked unsaid.)
      const named = plan.filters.find((f) => f.values.length === 2 && !f.negate);
      const first = plan.top.first;
      const order = named && first ? [first, ...named.values.filter((v) => v !== first)] : [];
      const [a, b] = order.map((v) => numbers.find((n) => label(n.row) === v));
      if (a && b && numbers.length === 2) {
        const gap = Math.round((a.value - b.value) * 100) / 100;
        const counted = measure.aggType === 'count' || measure.aggType === 'count_distinct';
        const how =
          gap === 0
            ? 'the same as'
            : `${formatFigure(measure, Math.abs(gap))} ${gap > 0 ? 'more' : counted ? 'fewer' : 'less'} than`;
        parts.push(
          `${capitalise(label(a.row))} minus ${label(b.row)}: ${formatFigure(measure, gap)} (${label(a.row)} is ${how} ${label(b.row)}).`,
        );
      }
    }
  }
  if (plan.eachReading) parts.push(leaders(plan, query, result, label));
  // (Periods ranked by their figure are not in time order: their first and last rows are no change.)
  if (
    !plan.top &&
    query.columns.some((c) => c.role === 'time') &&
    query.columns.filter((c) => c.role !== 'measure').length === 1
  ) {
    const first = numbers[0];
    const last = numbers.at(-1);
    if (first && last && first !== last) {
      const delta = Math.round((last.value - first.value) * 100) / 100;
      parts.push(
        `From ${label(first.row)} to ${label(last.row)} the ${name} went ${formatChange(measure, delta)}${percentChange(first.value, last.value)}.`,
      );
    }
  }
  return parts.length > 0 ? `\n\n${parts.join(' ')}` : '';
}

/** The answer when nothing in the question matches: what can be asked, from the metadata. */
export function helpText(catalog: readonly CatalogCube[], reason?: string): string {
  const lines: string[] = [];
  lines.push(
    reason ??
      "I could not match that question to the data model, so I can't answer it from this data. Here is what I can answer:",
  );
  const views = catalog.filter((c) => c.isView);
  for (const cube of (views.length > 0 ? views : catalog).slice(0, 4)) {
    const measures = cube.members.filter((m) => m.kind === 'measure').map((m) => m.title.toLowerCase());
    const dimensions = cube.members
      .filter((m) => m.kind === 'dimension' && m.type !== 'time' && !/(^|_)id$/.test(m.column))
      .map((m) => m.title.toLowerCase());
    const hasTime = cube.members.some((m) => m.kind === 'dimension' && m.type === 'time');
    if (measures.length === 0) continue;
    lines.push(
      `- ${cube.title}: ${listText(measures)}${dimensions.length > 0 ? `, by ${listText(dimensions)}` : ''}${hasTime ? ', over time' : ''}.`,
    );
  }
  const first = (views.length > 0 ? views : catalog).find((c) => c.members.some((m) => m.kind === 'measure'));
  const measure = first?.members.find((m) => m.kind === 'measure');
  const dimension = first?.members.find(
    (m) => m.kind === 'dimension' && m.type === 'string' && m.values.length > 0,
  );
  const examples: string[] = [];
  if (measure) examples.push(`"What is the ${measure.title.toLowerCase()}?"`);
  if (measure && dimension) examples.push(`"${measure.title} by ${dimension.title.toLowerCase()} by month"`);
  if (measure && dimension?.values[0]) examples.push(`"${measure.title} in ${dimension.values[0]}"`);

  if (examples.length > 0) lines.push(`For example: ${examples.join(', ')}.`);
  return lines.join('\n');
}

/** "best-selling" read both ways: the leader (or, ranked upward, the last) by each measure. */
function leaders(
  plan: Plan,
  query: PlannedQuery,
  result: ResultLike,
  label: (row: unknown[]) => string,
): string {
  const indexes = query.columns.flatMap((c, i) => (c.role === 'measure' ? [i] : []));
  const each = plan.measures.flatMap((m, k) => {
    const index = indexes[k];
    if (index === undefined) return [];
    // ("worst-selling": the lowest by each reading.)
    const low = plan.top?.direction === 'asc' ? -1 : 1;
    const best = result.data.reduce<unknown[] | undefined>(
      (a, row) =>
        a === undefined || low * (asNumber(row[index]) ?? 0) > low * (asNumber(a[index]) ?? 0) ? row : a,
      undefined,
    );
    return best ? [`by ${nameOf(plan, m)}, ${label(best)} (${formatFigure(m, best[index])})`] : [];
  });
  return `${capitalise(plan.eachReading ?? '')}, read two ways: ${each.join('; ')}.`;
}
