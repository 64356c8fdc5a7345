/** Answers to second-order plans (issue 29), stating the figures of their one query in the asker's words. */

import { LISTED_ALL, type ResultLike, timeLabel } from './answer';
import type { CatalogMember } from './catalog';
import { dayMeansChanged } from './day-means';
import { distributionText } from './distributions';
import { asNumber, formatChange, formatFigure, formatPercent } from './format';
import { capitalise, conditionWords, entityWord, nameOf, rowNoun as rowNounOf } from './names';
import { periodInWords } from './periods';
import { type Plan, rankedChange, shareChangeable } from './plan';
import { ratedWithin } from './rates-within';
import { reachText } from './reach-answer';
import { shareChangeText } from './share-change';
import type { PlannedQuery } from './sql';
import { formatValue } from './text';

const LISTED = 10;

type Row = unknown[];
const column = (query: PlannedQuery, role: string) => query.columns.findIndex((c) => c.role === role);

/** The labels of a row (dimensions and times, in column order). */
function labeler(plan: Plan, query: PlannedQuery, grain = plan.grain): (row: Row) => string {
  const at = query.columns.flatMap((c, i) => (['period', 'time', 'dimension'].includes(c.role) ? [i] : []));
  return (row) =>
    at
      .map((i) => {
        const role = query.columns[i]?.role;
        // (A period's label is its name: "2022", never the number 2,022.)
        if (role === 'period') return String(row[i] ?? '(none)');
        return role === 'time' ? timeLabel(row[i], grain) : formatValue(row[i]);
      })
      .join(', ');
}

/** At most LISTED rows as lines, and where the rest are. */
function lines(rows: Row[], total: number, line: (row: Row, k: number) => string): string {
  const shown = rows.length <= LISTED_ALL ? rows : rows.slice(0, LISTED);
  const more =
    total > shown.length
      ? `\n(the first ${shown.length} of ${total}; the table holds ${Math.min(rows.length, total) > shown.length ? 'more' : 'them all'}.)`
      : '';
  return `${shown.map(line).join('\n')}${more}`;
}

/** "1 customer", "2 customers": the people word after a count of them. */
export const counted = (n: unknown, people: string): string =>
  Number(n) === 1 ? people.replace(/s$/, '') : people;

function havingText(plan: Plan, query: PlannedQuery, result: ResultLike, scope: string): string {
  const h = plan.having;
  if (!h) return '';
  // (An upper bound counts only those with rows in the period: one with none is not among them.)
  const within =
    h.perPeriod && plan.grain
      ? ` within the ${plan.grain}${h.op === '<' || h.op === '<=' ? ` (of those with ${plan.cube.title.toLowerCase()} in it)` : ''}`
      : '';
  const who = `${capitalise(entityWord(h.entity))} ${conditionWords(plan)}${within}${scope}`;
  const label = labeler(plan, {
    ...query,
    columns: query.columns.map((c) => (c.member === h.entity ? { role: 'entities' } : c)),
  });
  const at = (role: string) => column(query, role);
  const count = (row: Row) => formatFigure(undefined, row[at('entities')] ?? 0);
  // ("peak days per month": periods against their container counted per a coarser period, period-relative.ts.)
  // ("how many customers spent over $1,000 in each quarter of 2025": each period's own count, per-period.)
  const perPeriod =
    (h.vsPeriod && plan.grain && plan.grain !== h.grain) || (h.perPeriod && plan.grain)
      ? plan.grain
      : undefined;
  const grouped = plan.dimensions.length > 0 || perPeriod !== undefined;
  if (h.output === 'total' && h.total && h.averaged) {
    // The average of each one's own figure: two decimals, whatever the figure's own format.
    const total = h.total;
    const one = entityWord(h.entity).replace(/s$/, '');
    const average = (r: Row) => {
      const v = Number(r[at('measure')] ?? Number.NaN);
      const shown =
        total.format === 'currency'
          ? formatFigure(total, v)
          : formatFigure(undefined, Math.round(v * 100) / 100);
      return `${Number.isNaN(v) ? 'no value' : shown} per ${one}, over ${count(r)} ${counted(r[at('entities')], entityWord(h.entity))}`;
    };
    const head = `Average ${nameOf(plan, total).toLowerCase()} per ${one} of ${who.replace(/^./, (c) => c.toLowerCase())}`;
    if (!grouped) return `${head}: ${average(result.data[0] ?? [])}.`;
    return `${head}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${average(r)}`)}`;
  }
  if (h.output === 'total' && h.total) {
    const total = h.total;
    const figure = (r: Row) =>
      `${formatFigure(total, r[at('measure')])} from ${count(r)} ${counted(r[at('entities')], entityWord(h.entity))}`;
    const head = `${capitalise(nameOf(plan, total))} from ${who.replace(/^./, (c) => c.toLowerCase())}`;
    if (!grouped) return `${head}: ${figure(result.data[0] ?? [])}.`;
    return `${head}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${figure(r)}`)}`;
  }
  if (h.output === 'count' && h.alsoOnce) {
    // "repeat vs one-time customers": both counts ("whole" holds the one-time ones).
    const people = entityWord(h.entity);
    const both = (r: Row) =>
      `${count(r)} repeat ${people} (more than 1 ${h.measure.titleWords.at(-1)?.replace(/s$/, '') ?? 'row'}), ${formatFigure(undefined, r[at('whole')] ?? 0)} one-time ${people} (exactly 1)`;
    const head = `Repeat and one-time ${people}${scope}`;
    if (!grouped) return `${head}: ${both(result.data[0] ?? [])}.`;
    return `${head}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${both(r)}`)}`;
  }
  if (h.output === 'count' && !grouped) return `${who}: ${count(result.data[0] ?? [])}.`;
  // ("by sales region" of conditions on each one's rows: each region's rows tested on their own, as the query does.)
  const entityPrefix = h.entity.column.slice(0, h.entity.column.lastIndexOf('_') + 1);
  const own =
    h.clauses && plan.dimensions.some((d) => !d.column.startsWith(entityPrefix))
      ? ` (each ${plan.dimensions.map((d) => nameOf(plan, d).toLowerCase()).join(' and ')} on its own ${plan.cube.title.toLowerCase()})`
      : '';
  if (h.output === 'count')
    return `${who}, by ${[...(perPeriod ? [perPeriod] : []), ...plan.dimensions.map((d) => nameOf(plan, d))].join(' and ')}${own}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${count(r)}`)}`;
  if (h.output === 'share' && h.total) {
    // The measure's share ("of revenue"), the part and the whole in its own format.
    const total = h.total;
    const head = `Share of ${nameOf(plan, total)} from ${who.replace(/^./, (c) => c.toLowerCase())}`;
    const share = (r: Row) =>
      `${formatPercent(r[at('share')] ?? 0)} (${formatFigure(total, r[at('measure')] ?? 0)} of ${formatFigure(total, r[at('whole')] ?? 0)})`;
    if (!grouped) return `${head}: ${share(result.data[0] ?? [])}.`;
    return `${head}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${share(r)}`)}`;
  }
  if (h.output === 'share' && h.clauses && !grouped) {
    // ("what % of 2025's customers had every order completed": of those with rows in the period, row-conditions.ts.)
    const r = result.data[0] ?? [];
    const all = r[at('whole')] ?? 0;
    const people = entityWord(h.entity);
    const row = plan.cube.title.toLowerCase().replace(/s$/, '');
    return `Of the ${formatFigure(undefined, all)} ${counted(all, people)} with ${/^[aeiou]/.test(row) ? 'an' : 'a'} ${row}${scope.replace(/^,/, '')}, ${formatPercent(r[at('share')] ?? 0)} (${count(r)}) are ${people} ${conditionWords(plan)}.`;
  }
  if (h.output === 'share') {
    const share = (r: Row) =>
      `${formatPercent(r[at('share')] ?? 0)} (${count(r)} of ${formatFigure(undefined, r[at('whole')] ?? 0)} ${counted(r[at('whole')], entityWord(h.entity))})`;
    if (!grouped) return `${who}: ${share(result.data[0] ?? [])}.`;
    return `${who}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${share(r)}`)}`;
  }
  if (result.totalRows === 0) return `${who}: none (0).`;
  // "which customers spent less in 2024 than in 2023": each one's figure in both periods (entity-versus.ts).
  if (h.versus) {
    const { earlier, later } = h.versus;
    const both = (r: Row) =>
      `${formatFigure(h.measure, r[1])} in ${earlier.label}, ${formatFigure(h.measure, r[2])} in ${later.label}`;
    return `${who} (${result.totalRows}):\n${lines(result.data, result.totalRows, (r, k) => `${k + 1}. ${formatValue(r[0])}: ${both(r)}`)}`;
  }
  const entityAt = query.columns.findIndex(
    (c) => c.member === h.entity || (h.grain !== undefined && c.role === 'time'),
  );
  const entityText = (v: unknown) => (h.grain ? timeLabel(v, h.grain) : formatValue(v));
  const measures = query.columns.flatMap((c, i) => (c.role === 'measure' ? [{ i, member: c.member }] : []));
  const figures = (r: Row) =>
    measures
      .map(
        ({ i, member }) =>
          `${formatFigure(member, r[i])}${measures.length > 1 && member?.aggType === 'count' ? ` ${member.titleWords.at(-1)}s` : ''}`,
      )
      .join('; ');
  const prefix = (r: Row) => (grouped ? `${label(r)}, ` : '');
  const body = lines(
    result.data,
    result.totalRows,
    (r, k) => `${k + 1}. ${prefix(r)}${entityText(r[entityAt])}: ${figures(r)}`,
  );
  return `${who} (${result.totalRows}):\n${body}`;
}

function firstText(plan: Plan, query: PlannedQuery, result: ResultLike, scope: string): string {
  const first = plan.first;
  if (!first) return '';
  const noun = plan.timeDimension ? 'first row' : 'first date';
  const entities = entityWord(first.entity);
  const period = plan.range
    ? ` was ${/^(since|before|after|the |last|this)/.test(plan.range.label) ? '' : 'in '}${plan.range.label}`
    : '';
  // The rows' own noun ("order"), not the measure asked (a count of customers).
  const rowNoun = rowNounOf(plan.cube);
  const later = first.later ? ` and who also had ${rowNoun}s in ${first.later.label}` : '';
  const head = `${capitalise(entities)} whose ${plan.timeDimension ? noun.replace('row', rowNoun) : noun}${period}${later}`;
  if (first.output === 'total' && first.total && first.range) {
    const range = first.range.label;
    const when = /^(since|before|after|the |last|this)/.test(range) ? range : `in ${range}`;
    const rows = plan.range
      ? `, ${/^(since|before|after|the |last|this)/.test(plan.range.label) ? '' : 'in '}${plan.range.label}`
      : '';
    return `${capitalise(nameOf(plan, first.total))} from ${entities} whose first ${rowNoun} was ${when}${rows}: ${formatFigure(first.total, result.data[0]?.[0] ?? 0)}.`;
  }
  if (plan.grain && plan.top) {
    const label = labeler(plan, query);
    const most = plan.top.direction === 'asc' ? 'fewest' : 'most';
    // ("which month in 2024 had the most first-time buyers": no first order in that span at all, said so.)
    if (result.totalRows === 0 || result.data.length === 0)
      return `${capitalise(plan.grain)} with the ${most} ${entities} by their first ${rowNoun}${scope}: none, as no ${entities.replace(/s$/, '')}'s first ${rowNoun} falls${scope || ' in the span asked'} (0 in every ${plan.grain}).`;
    return `${capitalise(plan.grain)} with the ${most} ${entities} by their first ${rowNoun}${scope}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${formatFigure(undefined, r[1])}`)}`;
  }
  if (plan.grain) {
    const label = labeler(plan, query);
    // ("each quarter of 2023": the query lists every period of a bounded range, one with none as 0; sql-second.ts.)
    return `${capitalise(entities)} by the ${plan.grain} of their first ${rowNoun}${scope}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${formatFigure(undefined, r[1])}`)}`;
  }
  if (first.output === 'share' && first.later) {
    const [share, later, all] = result.data[0] ?? [];
    const whose = `${entities} whose ${plan.timeDimension ? noun.replace('row', rowNoun) : noun}${period}`;
    return `Of the ${formatFigure(undefined, all ?? 0)} ${whose}, ${formatFigure(undefined, later ?? 0)} also had ${rowNoun}s in ${first.later.label}: ${formatPercent(share)}.`;
  }
  if (first.output === 'list' && first.rank) {
    // "the customer whose first order came last": named with its date, every tied one listed.
    const which = first.rank.direction === 'desc' ? 'latest' : 'earliest';
    const one = entities.replace(/s$/, '');
    const whose = `first ${plan.timeDimension ? rowNoun : 'date'}`;
    if (result.totalRows === 0) return `${capitalise(entities)} by their ${whose}${scope}: none (0).`;
    if (result.totalRows === 1) {
      const [who, when] = result.data[0] ?? [];
      return `The ${one} whose ${whose} came ${which}${period ? `, of those whose ${whose}${period}` : ''}${scope}: ${formatValue(who)}, on ${timeLabel(when, 'day')}.`;
    }
    return `The ${entities} whose ${whose} came ${which} (tied, ${result.totalRows})${scope}:\n${lines(result.data, result.totalRows, (r) => `- ${formatValue(r[0])}: ${timeLabel(r[1], 'day')}`)}`;
  }
  if (first.output === 'list') {
    if (result.totalRows === 0) return `${head}: none (0).`;
    return `${head} (${result.totalRows}):\n${lines(result.data, result.totalRows, (r) => `- ${formatValue(r[0])}: ${timeLabel(r[1], 'day')}`)}`;
  }
  return `${head}: ${formatFigure(undefined, result.data[0]?.[0] ?? 0)}.`;
}

/**
 * "how many months of 2025 had more orders than the month before": "Months of 2025 with more orders than the month
 * before: 6 of the 12 compared." (period-beats.ts).
 */
function countedPeriodsText(plan: Plan, result: ResultLike): string {
  const row = result.data[0] ?? [];
  const grain = plan.grain ?? 'period';
  const measure = plan.measures[0];
  const figure = measure ? nameOf(plan, measure).toLowerCase() : 'figure';
  const [a, b] = [plan.compare?.[0], plan.compare?.at(-1)];
  const paired = a && b && a !== b;
  const range = plan.range?.label;
  const span = paired
    ? ` of ${b.label}`
    : range
      ? /^(?:\d|q\d|h\d|[a-z]+ \d{4}$)/i.test(range)
        ? ` in ${range}`
        : `, ${range}`
      : '';
  const against = paired ? `the same ${grain} of ${a.label}` : `the ${grain} before`;
  const way = plan.change?.only === 'down' ? 'lower' : 'higher';
  const n = asNumber(row[0]) ?? 0;
  const of = asNumber(row[1]) ?? 0;
  if (of === 0)
    return `${capitalise(grain)}s${span}: no two ${grain}s with data to compare, so none ${plan.change?.only === 'down' ? 'fell' : 'rose'}.`;
  return `${capitalise(grain)}s${span} whose ${figure} was ${way} than ${against}: ${formatFigure(undefined, n)} (of the ${formatFigure(undefined, of)} ${grain}s compared).`;
}

/** "how many times bigger": the later figure over the earlier one, to two decimals (", 1.05 times as much (1.05x)"). */
function timesText(plan: Plan, now: unknown, before: unknown): string {
  const [b, a] = [asNumber(now), asNumber(before)];
  if (!plan.change?.times || a === undefined || b === undefined || a === 0) return '';
  const ratio = (b / a).toFixed(2);
  return `, ${ratio} times as much (${ratio}x)`;
}

function changeText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  if (plan.change?.countPeriods) return countedPeriodsText(plan, result);
  // (A mean per day of a count is no whole count: "926.55 orders a day", not 927.)
  const counted = plan.measures[0]?.aggType === 'count' || plan.measures[0]?.aggType === 'count_distinct';
  const measure = counted && dayMeansChanged(plan) ? undefined : plan.measures[0];
  const [now, before, change, percent] = ['measure', 'previous', 'change', 'change_percent'].map((r) =>
    column(query, r),
  );
  const label = labeler(plan, query);
  // ("the CAGR from 2023 to 2025": the yearly rate beside the change.)
  const cagrAt = column(query, 'cagr_percent');
  const cagrText = (row: Row) =>
    cagrAt >= 0 && asNumber(row[cagrAt]) !== undefined
      ? `; compound annual growth rate ${formatPercent(row[cagrAt], true)} a year`
      : '';
  // ("indexed to 2023 (2023 = 100)": 100 times the later figure over the earlier one, beside the change.)
  const indexAt = column(query, 'index');
  const indexText = (row: Row) =>
    indexAt >= 0 && asNumber(row[indexAt]) !== undefined
      ? `; index ${formatFigure(undefined, row[indexAt])} (on ${plan.compare?.[0]?.label ?? 'the first period'} as the base)`
      : '';
  const moved = (row: Row) =>
    asNumber(row[now ?? -1]) === undefined
      ? `${formatFigure(measure, row[before ?? -1])}, then no data to compare`
      : asNumber(row[before ?? -1]) === undefined
        ? `${formatFigure(measure, row[now ?? -1])} (first period: nothing before it to compare)`
        : `${formatFigure(measure, row[before ?? -1])} → ${formatFigure(measure, row[now ?? -1])}, ${formatChange(measure, row[change ?? -1])} (${formatPercent(row[percent ?? -1], true)})${timesText(plan, row[now ?? -1], row[before ?? -1])}${cagrText(row)}${indexText(row)}`;
  // ("which regions sold more in 2025 than in 2024" when none did: say so, not that nothing was compared.)
  const only = plan.change?.only;
  const [a, b] = [plan.compare?.[0], plan.compare?.at(-1)];
  if (result.data.length === 0 && only && a && b && plan.dimensions[0])
    return `${query.title}: none ${only === 'up' ? 'rose' : 'fell'} from ${a.label} to ${b.label} (each ${plan.dimensions[0].title.toLowerCase()} was ${only === 'up' ? 'lower or the same' : 'higher or the same'} in ${b.label}).`;
  if (result.data.length === 0 && only && plan.change?.every && plan.dimensions[0])
    return `${query.title}: none (no ${plan.dimensions[0].title.toLowerCase()} ${only === 'up' ? 'rose' : 'fell'} in every ${plan.grain ?? 'period'} against the one before).`;
  if (result.data.length === 0) return `${query.title}: no rows to compare.`;
  // (A CAGR with a year of no data is no rate: said so, with no figure.)
  const gap = result.data.find(
    (r) => asNumber(r[now ?? -1]) === undefined || asNumber(r[before ?? -1]) === undefined,
  );
  if (cagrAt >= 0 && gap && a && b)
    return `I can't give a compound annual growth rate from ${a.label} to ${b.label}: the data has no figure for ${asNumber(gap[before ?? -1]) === undefined ? a.label : b.label}${plan.dimensions.length > 0 ? ` for ${label(gap)}` : ''}, so there is no rate to compound.`;
  const top = rankedChange(plan);
  if (top && top.n === 1 && result.data.length === 1) {
    const row = result.data[0] ?? [];
    const named = plan.dimensions.length === 0 ? periodInWords(row[column(query, 'time')], plan.grain) : '';
    // The largest rise asked for when every row fell: say so, and that this one fell least (and the reverse).
    const value = asNumber(row[change ?? -1]);
    // (A swing is ranked by its size either way: a fall can be the largest.)
    const none =
      value === undefined || plan.change?.magnitude
        ? ''
        : top.direction === 'desc' && value < 0
          ? ' (none rose: this one fell the least)'
          : top.direction === 'asc' && value > 0
            ? ' (none fell: this one rose the least)'
            : '';
    return `${query.title}: ${label(row)}${named}, ${moved(row)}${none}.`;
  }
  const labels = query.columns.some((c) => ['time', 'dimension'].includes(c.role));
  if (!labels) return `${query.title}: ${moved(result.data[0] ?? [])}.`;
  const rows =
    top || plan.compare
      ? result.data
      : result.data.length > LISTED_ALL
        ? result.data.slice(-LISTED)
        : result.data;
  const body = rows.map((r, k) => `${top ? `${k + 1}.` : '-'} ${label(r)}: ${moved(r)}`).join('\n');
  const more =
    rows.length < result.totalRows
      ? `\n(${top || plan.compare ? 'the first' : 'the latest'} ${rows.length} of ${result.totalRows} rows; the table holds them.)`
      : '';
  // The first period's change reaches back before the range ("in 2024": January against December 2023).
  const first = rows[0];
  const reached =
    !top && !plan.compare && plan.range && first && asNumber(first[before ?? -1]) !== undefined
      ? `\n(${label(first)} is compared with the ${plan.grain ?? 'period'} before it, just before ${plan.range.label}.)`
      : '';
  // ("each year's growth over the year before": the data's first period has none before it, so it is not listed.)
  const firstLeft = plan.change?.afterFirst
    ? `\n(The data's first ${plan.grain ?? 'period'} has no ${plan.grain ?? 'period'} before it to compare, so it is not listed.)`
    : '';
  return `${query.title}:\n${body}${more}${reached}${firstLeft}`;
}

function perGroupText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const measure = plan.measures[0];
  if (plan.perGroup?.inEvery) return inEveryText(plan, query, result);
  if (plan.perGroup?.onTop) return onTopText(plan, query, result);
  const m = column(query, 'measure');
  const labelAt = query.columns.flatMap((c, i) => (['time', 'dimension'].includes(c.role) ? [i] : []));
  const itemAt = labelAt.at(-1) ?? 0;
  const groupAt = labelAt.slice(0, -1);
  // A time group is bucketed by the plan's grain (items are members) or by the coarser group unit (items are
  // periods: "the best month of each year").
  const groupGrain = plan.perGroup?.item ? plan.grain : (plan.perGroup?.groupGrain ?? plan.grain);
  const text = (row: Row, i: number) =>
    query.columns[i]?.role === 'time'
      ? timeLabel(row[i], i === itemAt ? plan.grain : groupGrain)
      : formatValue(row[i]);
  // With both ends, each row says which end it is (the top rank is 1; the bottom one is the next rank column).
  const ranks = query.columns.flatMap((c, i) => (c.role === 'rank' ? [i] : []));
  const both = plan.perGroup?.both === true && ranks.length === 2;
  const [high, low] = plan.top?.direction === 'asc' ? ['lowest', 'highest'] : ['highest', 'lowest'];
  const end = (row: Row) =>
    !both
      ? ''
      : asNumber(row[ranks[0] ?? -1]) === 1
        ? `${high}: `
        : asNumber(row[ranks[1] ?? -1]) === 1
          ? `${low}: `
          : '';
  // ("... and its share of that region": the row's percent of its group, or of all.)
  const shareAt = query.columns.findIndex((c) => c.role === 'share');
  const groupMembers = plan.dimensions.filter((d) => d !== plan.perGroup?.item);
  const groupWord =
    groupAt.length !== 1
      ? 'group'
      : groupMembers.length === 1 && groupMembers[0]
        ? nameOf(plan, groupMembers[0]).toLowerCase()
        : (groupGrain ?? 'period');
  const whole =
    plan.perGroup?.share === 'all'
      ? `of all ${measure ? nameOf(plan, measure).toLowerCase() : 'rows'}`
      : `of that ${groupWord}`;
  const shareText = (row: Row) => (shareAt >= 0 ? `, ${formatPercent(row[shareAt] ?? 0)} ${whole}` : '');
  // (A rate ranked within each group, rates-within.ts: the rate first, its part of its whole beside.)
  const wholeAt = query.columns.findIndex((c) => c.role === 'whole');
  const figure = (row: Row) =>
    ratedWithin(plan) && shareAt >= 0 && wholeAt >= 0
      ? `${formatPercent(row[shareAt] ?? 0)}, ${formatFigure(measure, row[m])} of ${formatFigure(measure, row[wholeAt])}`
      : `${formatFigure(measure, row[m])}${shareText(row)}`;
  // (Another measure beside each row: "with their order count".)
  const beside = plan.measures[1];
  const besideAt = query.columns.findLastIndex((c) => c.role === 'measure');
  const besideText = (row: Row) =>
    beside && besideAt > m
      ? `; ${nameOf(plan, beside).toLowerCase()} ${formatFigure(beside, row[besideAt])}`
      : '';
  // ("worst month of each year": the month said by its name too, "2024-02 (February, ...)".)
  const monthNamed = (row: Row, i: number) => {
    const at =
      query.columns[i]?.role === 'time' && plan.grain === 'month' ? Date.parse(String(row[i])) : Number.NaN;
    return Number.isNaN(at)
      ? ''
      : `${new Date(at).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })}, `;
  };
  const groups = new Map<string, string[]>();
  for (const row of result.data) {
    const key = groupAt.map((i) => text(row, i)).join(', ');
    const items = groups.get(key) ?? [];
    items.push(
      `${end(row)}${text(row, itemAt)} (${monthNamed(row, itemAt)}${figure(row)}${besideText(row)})`,
    );
    groups.set(key, items);
  }
  const body = [...groups].map(([key, items]) => `- ${key}: ${items.join('; ')}`).join('\n');
  return `${query.title}:\n${body}`;
}

/** "which category was the top seller in the most months of 2023", "in how many months was toys the top category". */
function onTopText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const onTop = plan.perGroup?.onTop;
  const item = plan.perGroup?.item;
  const measure = plan.measures[0];
  const unit = plan.grain ?? 'period';
  const noun = item ? nameOf(plan, item).toLowerCase() : 'value';
  const by = measure ? ` by ${nameOf(plan, measure).toLowerCase()}` : '';
  const scope = scopeOf(query.title);
  const of = (n: unknown, all: unknown) =>
    `${formatValue(n)} of ${formatValue(all)} ${unit}${asNumber(all) === 1 ? '' : 's'}`;
  if (onTop && 'value' in onTop) {
    const row = result.data[0] ?? [];
    return `${capitalise(onTop.value)} was the top ${noun}${by} in ${of(row[0] ?? 0, row[1] ?? 0)}${scope} (a ${unit} where it tied for first counts).`;
  }
  if (result.data.length === 0) return `No ${noun} came first in any ${unit}${scope}.`;
  const rows = result.data.map((r) => `${formatValue(r[0])} (first in ${of(r[1], r[2])})`);
  const tie = rows.length > 1 ? ` (${rows.length} tie)` : '';
  return `The ${noun} first${by} in the most ${unit}s${scope}${tie}: ${rows.join('; ')}.`;
}

/** "which customers were in the top 50 by spend in both 2024 and 2025": the ones in every group's top rows. */
function inEveryText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const item = plan.perGroup?.item;
  const measure = plan.measures[0];
  const groups = plan.dimensions.filter((d) => d !== item);
  const every = groups[0]
    ? `every ${nameOf(plan, groups[0]).toLowerCase()}`
    : plan.range
      ? `every ${plan.grain ?? 'period'} of ${plan.range.label}`
      : `every ${plan.grain ?? 'period'}`;
  const items = item ? entityWord(item) : `${plan.grain ?? 'period'}s`;
  const top = `the ${plan.top?.direction === 'asc' ? 'bottom' : 'top'} ${plan.top?.n ?? 1}`;
  const by = measure ? ` by ${nameOf(plan, measure).toLowerCase()}` : '';
  const scope = groups[0] ? scopeOf(query.title) : '';
  const head = `${capitalise(items)} in ${top}${by} in ${every}${scope}`;
  if (plan.perGroup?.inEvery === 'count') return `${head}: ${formatValue(result.data[0]?.[0] ?? 0)}.`;
  if (result.data.length === 0) return `${head}: none (not one is in ${top} of each).`;
  const rows = result.data
    .map((r) => `- ${formatValue(r[0])} (its lowest place: ${formatValue(r[1])})`)
    .join('\n');
  return `${head}: ${result.data.length}.\n${rows}\n(Ties at a place share it.)`;
}

/** The scope a title ends with (", in 2025"), if any. */
const scopeOf = (title: string) => /,\s[^,]*$/.exec(title)?.[0] ?? '';

function topShareText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const measure = plan.measures[0];
  const row = result.data[0] ?? [];
  const top = plan.share?.top;
  if (plan.share?.total && top && measure) {
    const entity = plan.dimensions[0];
    const who = `${top.direction === 'desc' ? 'top' : 'bottom'} ${top.n}${entity ? ` ${entityWord(entity)}` : plan.grain ? ` ${plan.grain}s` : ''} by ${nameOf(plan, measure)}${scopeOf(query.title)}`;
    const label = (v: unknown) =>
      query.columns[0]?.role === 'time' ? timeLabel(v, plan.grain) : formatValue(v);
    // (Another measure added up over the rows ranked: each row with both figures, that measure's sum and share.)
    const sumOf = plan.share.sumOf;
    if (sumOf && query.columns.length === 6) {
      const rows = result.data
        .map(
          (r, i) =>
            `${i + 1}. ${label(r[0])}: ${formatFigure(measure, r[1])}; ${nameOf(plan, sumOf)} ${formatFigure(sumOf, r[2])}`,
        )
        .join('\n');
      // (Over every row of theirs, top-total.ts: not only the rows that ranked them.)
      const every = plan.share.allRows ? ' over all their rows (every status and date)' : '';
      const one = top.n === 1 && result.data.length === 1;
      return `${one ? 'In all, the' : 'Together, the'} ${who}: ${nameOf(plan, sumOf)}${every} ${formatFigure(sumOf, row[3])} (${formatPercent(row[5] ?? 0)} of all ${formatFigure(sumOf, row[4])}).\n${rows}`;
    }
    // (Listed: each row with its figure, the sum and share beside every row.)
    if (query.columns.length === 5) {
      const rows = result.data
        .map((r, i) => `${i + 1}. ${label(r[0])}: ${formatFigure(measure, r[1])}`)
        .join('\n');
      return `Together, the ${who}: ${formatFigure(measure, row[2])} (${formatPercent(row[4] ?? 0)} of all ${formatFigure(measure, row[3])}).\n${rows}`;
    }
    return `Together, the ${who}: ${formatFigure(measure, row[0])} (${formatPercent(row[2] ?? 0)} of all ${formatFigure(measure, row[1])}).`;
  }
  // (Another measure summed over the rows ranked: its figure, of its whole.)
  const summed = plan.share?.sumOf ?? measure;
  const figure = `${query.title}: ${formatPercent(row[2] ?? 0)} (${formatFigure(summed, row[0])} of ${formatFigure(summed, row[1])}).`;
  const counted = plan.share?.counted;
  const entity = plan.dimensions[0];
  const who = entity ? entityWord(entity) : 'rows';
  // ("how many customers is that?": the data's count of the top rows, of all of them.)
  if (!counted && top && plan.share?.countAsked && query.columns.length === 5)
    return `${figure}\nThe ${top.direction === 'desc' ? 'top' : 'bottom'} ${top.fraction ?? `${top.n}%`} is ${Number(row[3]).toLocaleString('en-US')} of the ${Number(row[4]).toLocaleString('en-US')} ${who}.`;
  if (!counted || !top) return figure;
  // The asker's counts are a check: the data's own are stated, and a difference is said before the figure.
  const kept = Number(row[3]);
  const entities = Number(row[4]);
  const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(1, b * 0.005);
  const said = `${counted.part.toLocaleString('en-US')}${counted.whole !== undefined ? ` of ${counted.whole.toLocaleString('en-US')}` : ''}`;
  const data = `${kept.toLocaleString('en-US')} of the ${entities.toLocaleString('en-US')} ${who}`;
  // (Matched: the note's own numbers, which are the data's, and no count the asker did not give.)
  if (near(kept, counted.part) && (counted.whole === undefined || near(entities, counted.whole)))
    return `${figure}\nThe ${top.direction === 'desc' ? 'top' : 'bottom'} ${top.fraction ?? `${top.n}%`} here is ${said} ${who}, as your note says.`;
  return `Your note counts ${said}, but the data has ${data} in the ${top.direction === 'desc' ? 'top' : 'bottom'} ${top.fraction ?? `${top.n}%`}: the figure below is over the data's ${kept.toLocaleString('en-US')}, not the note's numbers.\n${figure}`;
}

/** "median", "p90", "p25" as a figure's label. */
const percentileWord = (q: number) => (q === 0.5 ? 'median' : `p${Math.round(q * 1000) / 10}`);

function percentileText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const p = plan.percentile;
  if (!p) return '';
  const member: CatalogMember | undefined = p.of ?? plan.measures[0];
  const m = column(query, 'measure');
  // An average or a percentile of counts is seldom whole ("51.87 orders per customer"): two decimals.
  const counted = member?.aggType === 'count' || member?.aggType === 'count_distinct';
  const figure = (value: unknown) => {
    const n = asNumber(value);
    return counted && n !== undefined
      ? formatFigure(undefined, Math.round(n * 100) / 100)
      : formatFigure(member, value);
  };
  const label = labeler(plan, query);
  if (result.data.length === 0) return `${query.title}: no ${plan.cube.title.toLowerCase()}, so no value.`;
  const labels = query.columns.some((c) => ['period', 'time', 'dimension'].includes(c.role));
  // No rows in scope give no value (NULL), never a zero.
  const stated = (value: unknown) =>
    value === null || value === undefined
      ? `no value (no ${plan.cube.title.toLowerCase()} match)`
      : figure(value);
  // "25th and 75th percentile": each one named beside its figure.
  const ps = [p.p, ...(p.more ?? [])];
  const at = query.columns.flatMap((c, i) => (c.role === 'measure' ? [i] : []));
  // "IQR": the gap first, then the two percentiles it is between.
  const gapAt = p.gap ? column(query, 'change') : -1;
  // ("the median and the average": the mean is named last.)
  const words = [...ps.map(percentileWord), ...(p.mean ? ['average'] : [])];
  const each = (r: Row) => at.map((i, k) => `${words[k] ?? 'median'} ${stated(r[i])}`).join(', ');
  // ("customers per segment and their average spend": how many each average is over.)
  const entitiesAt = p.withCount && p.per ? column(query, 'entities') : -1;
  const over = (r: Row) =>
    entitiesAt >= 0 && p.per ? ` over ${formatFigure(undefined, r[entitiesAt])} ${entityWord(p.per)}` : '';
  // ("average minus median": signed, its direction also in words, "-$1.21, the average lower than the median"; a minus
  // before a currency sign alone misreads, format.ts.)
  const signedWords = (value: unknown) => {
    const n = asNumber(value);
    if (!p.signed || n === undefined || n === 0) return stated(value);
    const [first, second] =
      p.signed === 'mean' ? ['average', percentileWord(p.p)] : [percentileWord(p.p), 'average'];
    return `${n < 0 ? '-' : ''}${figure(Math.abs(n))}, the ${first} ${n < 0 ? 'lower' : 'higher'} than the ${second}`;
  };
  const values = (r: Row) =>
    (gapAt >= 0
      ? `${signedWords(r[gapAt])} (${each(r)})`
      : words.length > 1 && at.length === words.length
        ? each(r)
        : stated(r[m])) + over(r);
  // ("the median order in Q4 2025 vs Q4 2024, by what percent?": the two figures and the change, sql-second.ts.)
  const percentAt = column(query, 'change_percent');
  if (percentAt >= 0) {
    const r = result.data[0] ?? [];
    const [before, now, change] = ['previous', 'measure', 'change'].map((role) => r[column(query, role)]);
    const [a, b] = [plan.compare?.[0]?.label, plan.compare?.at(-1)?.label];
    if (asNumber(now) === undefined || asNumber(before) === undefined)
      return `${query.title}: ${a} ${stated(before)}, ${b} ${stated(now)}, so no change to give.`;
    return `${query.title}: ${a} ${figure(before)} → ${b} ${figure(now)}, ${formatChange(member, change)} (${formatPercent(r[percentAt], true)}).`;
  }
  if (!labels) return `${query.title}: ${values(result.data[0] ?? [])}.`;
  return `${query.title}:\n${lines(result.data, result.totalRows, (r) => `- ${label(r)}: ${values(r)}`)}`;
}

/** The answer to a second-order plan, or undefined for a first-order one. */
export function secondOrderAnswer(
  plan: Plan,
  query: PlannedQuery,
  result: ResultLike,
  scope: string,
): string | undefined {
  if (plan.reach) return reachText(plan, query, result);
  if (plan.distribution) return distributionText(plan, query, result);
  if (plan.having) return havingText(plan, query, result, scope);
  if (plan.first && plan.timeDimension) return firstText(plan, query, result, scope);
  if (plan.percentile && !dayMeansChanged(plan)) return percentileText(plan, query, result);
  if (plan.change && plan.timeDimension)
    return shareChangeable(plan)
      ? shareChangeText(plan, query, result.data)
      : changeText(plan, query, result);
  if (plan.share?.top) return topShareText(plan, query, result);
  if (plan.perGroup) return perGroupText(plan, query, result);
  return undefined;
}
