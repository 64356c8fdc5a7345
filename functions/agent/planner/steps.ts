/**
 * The offline planner's steps within a turn once the question is read: which query runs next, and the answer
 * once the results are in. A plan whose period reaches today (or lies after the data) first asks for the
 * data's own date range, so an answer about a period the data does not reach says so and answers for the
 * latest period the data holds instead of a bare "(none)"; a plan whose named period returns nothing asks for
 * the range afterwards, for the same reason.
 */
import { addDays, addMonths, daysBetween } from './clock';
import { toDataEnd } from './data-span-growth';
import { periodBefore, shift, yearBefore } from './dates';
import { capitalise } from './names';
import { wholeUnitBack } from './periods-past';
import type { Period, Plan, ValueFilter } from './plan';
import { dateRangeQuery, latestPeriod, queryFor, VISIBLE_LIMIT, visibleValuesQuery } from './query';
import { answerFor, type ResultLike } from './respond';
import type { PlannedQuery } from './sql';
import { listText } from './text';

export type Step =
  | { kind: 'query'; query: PlannedQuery }
  | { kind: 'answer'; text: string }
  /** A query failed: `message` says which and why. */
  | { kind: 'failed'; message: string };

/** A coreSqlApi result, or the error it returned. */
export type SqlOutcome = ResultLike | { error: string };

const isError = (r: SqlOutcome | undefined): r is { error: string } => r !== undefined && 'error' in r;

/** The plan's period: its range, or the span of its compared periods. */
function periodOf(plan: Plan): Period | undefined {
  if (plan.range) return plan.range;
  const periods = plan.compare ?? plan.anyOf;
  const first = periods?.[0];
  const last = periods?.at(-1);
  return first && last
    ? { label: periods?.map((p) => p.label).join(' and ') ?? '', from: first.from, to: last.to }
    : undefined;
}

/** "for Q1 2026", "since January 2026 (through ...)": a period's label after "There is no data". */
const forPeriod = (period: Period) =>
  /^(since|before|after) /.test(period.label) ? period.label : `for ${period.label}`;

/**
 * A cohort plan whose window or cohort period is the data's own last units ("no order in the last 3 months of the
 * data", cohort-periods.ts): the plan with that period moved to end where the data ends, or undefined.
 */
function cohortAtDataEnd(plan: Plan): ((last: string) => Plan) | undefined {
  const c = plan.perEntity;
  if (c?.kind !== 'cohort') return undefined;
  const w = c.window.period;
  const p = c.cohort.period;
  if (!w?.ofData && !p?.ofData) return undefined;
  const move = (period: Period | undefined, last: string) => {
    if (!period?.ofData) return period;
    const moved = latestPeriod(period, last).period;
    return { ...moved, label: `${period.label} (${moved.from} to ${addDays(moved.to, -1)})` };
  };
  return (last) => ({
    ...plan,
    perEntity: {
      ...c,
      window: { ...c.window, period: move(w, last) },
      cohort: { ...c.cohort, period: move(p, last) },
    },
  });
}

/** Whether a period is read against today ("last quarter", "this year", "since May"): it may pass the data. */
function reachesToday(plan: Plan, today: string): boolean {
  const periods = plan.range ? [plan.range] : (plan.compare ?? plan.anyOf ?? []);
  // A period ending within the last year may pass the data's end too ("Dec 2025 to Feb 2026" when the data
  // stops in December): the data's range is read first so the answer says what it covers. (An older one is read
  // after its query, when its rows stop short of its end: endsEarly.)
  // A total over an older one, or its breakdown (no rows by period to show where they stop, no compared period to
  // go missing), is read against the data's range first while it ends within two years of today ("Oct 2025 through
  // Feb 2026" asked in May 2027, "revenue by region for the 30 days from 15 December 2025").
  const single = !plan.grain && !plan.compare;
  const recent = addDays(today, single ? -731 : -366);
  return periods.some((p) => p.relative === true || p.to > recent);
}

/** No rows, or one row whose numbers are all empty or zero. */
function empty(result: ResultLike, query: PlannedQuery): boolean {
  if (result.data.length === 0 || result.totalRows === 0) return true;
  if (result.data.length > 1) return false;
  const row = result.data[0] ?? [];
  const labels = new Set(['period', 'time', 'dimension']);
  return query.columns.every((c, i) => labels.has(c.role) || row[i] === null || Number(row[i]) === 0);
}

/** A compared period with no row in the result ("March 2026 vs March 2025" past the data's end). */
function comparedMissing(plan: Plan, result: ResultLike, query: PlannedQuery): boolean {
  const at = query.columns.findIndex((c) => c.role === 'period');
  if (!plan.compare || plan.compare.length < 2 || at < 0) return false;
  const seen = new Set(result.data.map((row) => String(row[at])));
  return plan.compare.some((p) => !seen.has(p.label));
}

const dateOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : undefined);

/** The data's first and last date from a date-range result. */
function rangeOf(result: SqlOutcome | undefined): { first: string; last: string } | undefined {
  if (!result || isError(result)) return undefined;
  const row = result.data[0] ?? [];
  const first = dateOf(row[0]);
  const last = dateOf(row[1]);
  return first && last ? { first, last } : undefined;
}

/** The plan moved to the latest period the data holds, and the words that say so. */
function latestPlan(plan: Plan, period: Period, data: { first: string; last: string }) {
  const pair = latestPair(plan, data.last);
  if (pair) {
    const time = plan.timeDimension?.title.toLowerCase() ?? 'date';
    const [a, b] = pair.periods;
    const note = `There is no data ${forPeriod(period)}: the ${time}s in the data run from ${data.first} to ${data.last}. Here is ${a.label} vs ${b.label}, the latest two ${pair.unit}s in the data.`;
    return { plan: { ...plan, compare: pair.periods }, note };
  }
  // (Periods compared with no pair found: the later one's latest, never one span over both.)
  const latest = latestPeriod(plan.compare?.at(-1) ?? period, data.last);
  const moved: Plan = { ...plan, range: latest.period };
  delete moved.compare;
  const time = plan.timeDimension?.title.toLowerCase() ?? 'date';
  const note = `There is no data ${forPeriod(period)}: the ${time}s in the data run from ${data.first} to ${data.last}. Here is ${latest.period.label}, the latest ${latest.unit} in the data.`;
  return { plan: moved, note };
}

/**
 * Two compared periods the data does not reach ("this month vs last month", "this year vs last" past its end): the
 * latest period of the later one's kind in the data, against the one before it or the same one a year before, as
 * the two were set apart (one total of both in their place answered another question).
 */
function latestPair(plan: Plan, last: string): { periods: [Period, Period]; unit: string } | undefined {
  const [a, b, more] = plan.compare ?? [];
  if (!a || !b || more) return undefined;
  const latest = latestPeriod(b, last);
  if (/\d+ days/.test(latest.unit)) return latestSpans(a, b, last);
  const back = yearBefore(b);
  // ("this May vs last May" past the data: the latest May the data holds and the one before it, not its latest
  // month, December, against the December before.)
  const month = /^\d{4}-(\d\d)-01/.exec(b.from)?.[1];
  if (!b.relative && month && latest.unit === 'month' && a.from === back.from && a.to === back.to) {
    let years = 1;
    while (yearBefore(b, years).from > last) years++;
    const named = yearBefore(b, years);
    if (named.from >= `${last.slice(0, 4)}-01-01` || years <= 1)
      return { periods: [yearBefore(b, years + 1), named], unit: named.label.split(' ')[0] ?? 'month' };
  }
  const before =
    a.to === b.from
      ? periodBefore(latest.period)
      : a.from === back.from && a.to === back.to
        ? yearBefore(latest.period)
        : undefined;
  return before ? { periods: [before, latest.period], unit: latest.unit } : latestSpans(a, b, last);
}

/** Months from the month of `a` to the month of `b`. */
const monthsFrom = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
/** `date` moved `months` months, its day of the month kept (a day past the month's end runs into the next). */
const movedMonths = (date: string, months: number) =>
  addDays(addMonths(date, months), Number(date.slice(8, 10)) - 1);
const spanOf = (from: string, to: string): Period => ({ label: `${from} to ${addDays(to, -1)}`, from, to });

/**
 * Two spans of days compared past the data ("MTD vs the same period last month", "the last 7 days vs the 7 before"):
 * the same two spans moved back together, by whole months (quarters, years) when they start a month that many
 * apart, else by days, to the latest place the data holds the later one; undefined when the earlier one would
 * fall before the data.
 */
function latestSpans(
  a: Period,
  b: Period,
  last: string,
): { periods: [Period, Period]; unit: string } | undefined {
  if (a.to > b.from) return undefined;
  const gap = monthsFrom(a.from, b.from);
  const aligned = b.from.endsWith('-01') && a.from.endsWith('-01') && [1, 3, 12].includes(gap);
  const end = addDays(last, 1);
  if (aligned) {
    let back = Math.ceil(monthsFrom(last, b.from) / gap) * gap;
    while (movedMonths(b.to, -back) > end) back += gap;
    if (back <= 0) return undefined;
    const move = (p: Period) => spanOf(movedMonths(p.from, -back), movedMonths(p.to, -back));
    return { periods: [move(a), move(b)], unit: 'matching span' };
  }
  const days = daysBetween(end, b.to);
  if (days <= 0) return undefined;
  return {
    periods: [spanOf(addDays(a.from, -days), addDays(a.to, -days)), spanOf(addDays(b.from, -days), end)],
    unit: 'matching span',
  };
}

/**
 * A period named by its dates that has passed ("2024", "April 2026"): outside the data it is answered with its
 * own figure, not moved to another period as a relative one ("last quarter") is.
 */
const named = (plan: Plan, period: Period, today: string) =>
  period.relative !== true && !plan.compare && period.to <= addDays(today, 1);

/** A named period the data does not reach: the data's range, and the latest period it holds to ask about. */
function noDataNote(plan: Plan, period: Period, data: { first: string; last: string }): string {
  const before = period.to <= data.first;
  const near = latestPeriod(period, before ? data.first : data.last);
  const time = plan.timeDimension?.title.toLowerCase() ?? 'date';
  return `There is no data ${forPeriod(period)}: the ${time}s in the data run from ${data.first} to ${data.last} (ask about ${near.period.label} for the ${before ? 'first' : 'latest'} ${near.unit} in the data).`;
}

/** The answer for a period outside the data: its own figure, without guessing at access or filters. */
const outsideAnswer = (plan: Plan, main: PlannedQuery, result: ResultLike) =>
  answerFor(plan, main, result).replace(/ If you expected some, [^\n]*/, '');

/** A note when the period runs past either end of the data ("the data ends on 2025-12-31"). */
function partialNote(plan: Plan, period: Period, data: { first: string; last: string }): string {
  // Compared periods: name the ones the data does not reach.
  const missing = (plan.compare ?? []).filter((p) => outside(p, data)).map((p) => p.label);
  // ("the 30 days before" the last 30, straddling the data's end: its figure is of the part the data covers.)
  const partly = (plan.compare ?? [])
    .filter((p) => !outside(p, data) && addDays(p.to, -1) > data.last)
    .map((p) => ` ${capitalise(p.label)} is covered from ${p.from} to ${data.last} only.`)
    .join('');
  if (missing.length > 0)
    return `There is no data for ${listText(missing)}: the data runs from ${data.first} to ${data.last}.${partly}`;
  if (partly) return `Note: the data ends on ${data.last}.${partly}`;
  const last = addDays(period.to, -1);
  const time = 'the data';
  if (last > data.last && period.from >= data.first)
    return `Note: ${time} ends on ${data.last}, so ${period.label} is covered from ${period.from} to ${data.last} only.`;
  if (period.from < data.first && last <= data.last && period.from > '0001-01-01')
    return `Note: ${time} starts on ${data.first}, so ${period.label} is covered from ${data.first} only.`;
  return '';
}

const outside = (period: Period, data: { first: string; last: string }) =>
  period.from > data.last || period.to <= data.first;

const withNote = (note: string, text: string) => (note ? `${note}\n\n${text}` : text);

/** The value filter whose values are checked when a question matches nothing ("revenue in the east"). */
const shownFilter = (plan: Plan) => plan.filters.find((f) => !f.negate);
/** The filters that keep rows with a value, one per dimension. */
const shownFilters = (plan: Plan) =>
  plan.filters.filter(
    (f, i) => !f.negate && plan.filters.findIndex((g) => !g.negate && g.member === f.member) === i,
  );

/**
 * A filtered question that matched nothing, for a value this user sees in no row at all (another region or
 * category under their access rules, or a value the data lacks: the user's rows cannot tell which). Sound for any
 * number of visible values: a value they can see that matched nothing in the asked period is a plain 0, and a
 * list too long to read whole says nothing.
 */
function hiddenValue(
  filters: readonly ValueFilter[],
  seen: SqlOutcome,
): { sentence: string; refuse: boolean; asked: string } | undefined {
  if (filters.length === 0 || isError(seen) || seen.data.length > VISIBLE_LIMIT) return undefined;
  for (const [i, f] of filters.entries()) {
    const visible = [...new Set(seen.data.map((row) => String(row[i] ?? '')))];
    const lower = new Set(visible.map((v) => v.toLowerCase()));
    const hidden = f.values.filter((v) => !lower.has(v.toLowerCase()));
    if (hidden.length === 0) continue;
    const name = f.member.title.toLowerCase();
    const asked = listText(hidden).replace(/ and /, ' or ');
    const yours =
      visible.length === 0
        ? 'you can see no rows here'
        : visible.length === 1
          ? `every row you can see has ${name} ${visible[0]}`
          : `the rows you can see have ${name} ${listText(visible).replace(/ and ([^,]*)$/, ' or $1')}`;
    // Refused where access is the likely reason: one visible value (access to one region), or several of the
    // model's listed values unseen (access to some categories). One listed value unseen beside all the others
    // is more likely a value the data lacks (a count is then its 0, stated with the same caveat).
    const unseen = f.member.values.filter((v) => !lower.has(v.toLowerCase()));
    return {
      sentence: `no rows where ${name} is ${asked} are visible to you (${yours}), so either there are none or your access does not include them`,
      refuse: visible.length <= 1 || unseen.length > 1,
      asked,
    };
  }
  return undefined;
}

const counts = (plan: Plan) => plan.measures.every((m) => /^count/.test(m.aggType ?? ''));

/**
 * An answer that matched nothing with a value filter: first the values this user can see (`results[at]`), then
 * the main query again (so the answer's query is last). An asked value they see in no row is named: refused
 * where every row they see has one other value (their access is to that one); otherwise (a manager's data may
 * simply lack a listed value) a count is given as the 0 it is among their rows, and no other figure is.
 */
function emptyFiltered(
  plan: Plan,
  main: PlannedQuery,
  results: readonly SqlOutcome[],
  at: number,
  answer: (result: ResultLike) => string,
): Step {
  const filters = shownFilters(plan);
  const seen = results[at];
  if (filters.length > 0 && !seen)
    return {
      kind: 'query',
      query: visibleValuesQuery(
        plan,
        filters.map((f) => f.member),
      ),
    };
  const hidden = seen ? hiddenValue(filters, seen) : undefined;
  if (hidden?.refuse)
    return { kind: 'answer', text: `I can't answer that for ${hidden.asked}: ${hidden.sentence}.` };
  const again = results[filters.length > 0 ? at + 1 : at];
  if (!again || isError(again)) return { kind: 'query', query: main };
  if (!hidden) return { kind: 'answer', text: answer(again) };
  const [first = '', ...rest] = hidden.sentence;
  if (counts(plan))
    return {
      kind: 'answer',
      text: `${first.toUpperCase()}${rest.join('')}. Among the rows you can see:\n\n${answer(again)}`,
    };
  return { kind: 'answer', text: `I can't give a figure for ${hidden.asked}: ${hidden.sentence}.` };
}

/** The next step of the turn, given the SQL results this turn has had so far (in order). */
export function nextStep(plan: Plan, results: readonly SqlOutcome[], today: string): Step {
  if (plan.byFirstOrder) return newCustomersStep(plan, plan.byFirstOrder, results, today);
  const main = queryFor(plan);
  const probe = dateRangeQuery(plan);
  const period = periodOf(plan);
  const failed = results.find(isError);
  if (failed) return { kind: 'failed', message: `The query "${main.title}" failed: ${failed.error}.` };
  const atEnd = cohortAtDataEnd(plan);
  if (atEnd) {
    // ("no order in the last 3 months of the data": the data's own last months, once its range is read.)
    if (!probe) return { kind: 'failed', message: 'The data has no date to find its last months by.' };
    if (results.length === 0) return { kind: 'query', query: probe };
    const data = rangeOf(results[0]);
    if (!data) return { kind: 'failed', message: 'The range of the data could not be read.' };
    const moved = atEnd(data.last);
    const query = queryFor(moved);
    const result = results[1];
    if (!result || isError(result)) return { kind: 'query', query };
    return {
      kind: 'answer',
      text: withNote(`The data ends on ${data.last}.`, answerFor(moved, query, result)),
    };
  }
  if (probe && period && reachesToday(plan, today)) {
    // Range first: [range, main or latest].
    const data = rangeOf(results[0]);
    if (results.length === 0) return { kind: 'query', query: probe };
    if (!data) return answerOrQuery(plan, main, results[1]);
    // ("this quarter vs the same quarter last year", this quarter past the data: that whole quarter, periods-past.ts.)
    const wide = wholeUnitBack(plan, data);
    if (wide) return nextStep(wide, results, today);
    // ("grew over the last 3 years of data" past its end: its first and last year moved back to the data's own,
    // data-span-growth.ts.)
    const ends = plan.compare && toDataEnd(plan.compare, data.last);
    if (ends) {
      const moved: Plan = { ...plan, compare: ends };
      const query = queryFor(moved);
      const result = results[1];
      if (!result || isError(result)) return { kind: 'query', query };
      const note = `The data ends on ${data.last}: here is ${ends.map((p) => p.label).join(' against ')}.`;
      return { kind: 'answer', text: withNote(note, answerFor(moved, query, result)) };
    }
    // ("the last 6 months in the data" past its end: the data's own last 6 months, said so.)
    if (period.ofData && addDays(period.to, -1) > data.last && !plan.compare) {
      const latest = latestPeriod(period, data.last);
      const moved: Plan = { ...plan, range: latest.period };
      const query = queryFor(moved);
      const result = results[1];
      if (!result || isError(result)) return { kind: 'query', query };
      const note = `The data ends on ${data.last}: here is ${latest.period.label}.`;
      return { kind: 'answer', text: withNote(note, answerFor(moved, query, result)) };
    }
    // ("revenue by signup quarter in 2024" with no signups in 2024: the orders' 2024, said so; as below.)
    const other = outside(period, data) ? otherDateStep(plan, period, data, results, 1) : undefined;
    if (other?.step) return other.step;
    // (The other date's range takes the second place of the results when asked.)
    const offset = other?.offset ?? 0;
    if (outside(period, data) && named(plan, period, today)) {
      const result = results[1 + offset];
      if (!result || isError(result)) return { kind: 'query', query: main };
      return {
        kind: 'answer',
        text: withNote(noDataNote(plan, period, data), outsideAnswer(plan, main, result)),
      };
    }
    if (outside(period, data)) {
      const latest = latestPlan(plan, period, data);
      const query = queryFor(latest.plan);
      const result = results[1 + offset];
      if (!result || isError(result)) return { kind: 'query', query };
      return { kind: 'answer', text: withNote(latest.note, answerFor(latest.plan, query, result)) };
    }
    const result = results[1 + offset];
    if (!result || isError(result)) return { kind: 'query', query: main };
    const note = partialNote(plan, period, data);
    if (empty(result, main) && shownFilter(plan))
      return emptyFiltered(plan, main, results, 2 + offset, (again) =>
        withNote(note, answerFor(plan, main, again)),
      );
    return { kind: 'answer', text: withNote(note, answerFor(plan, main, result)) };
  }
  // Main first: [main, range, latest or main again] when the main result is empty.
  const first = results[0];
  if (!first || isError(first)) return { kind: 'query', query: main };
  // ("Sep 2025 through Feb 2026 by month" asked in 2027, the data ending in December: its rows stop short of the
  // period's end, so the data's range is read and the same query runs again, the answer's query the last one.)
  if (probe && period && !empty(first, main) && endsEarly(plan, first, main, period)) {
    if (results.length === 1) return { kind: 'query', query: probe };
    const data = rangeOf(results[1]);
    const again = results[2];
    if (!again || isError(again)) return { kind: 'query', query: main };
    return {
      kind: 'answer',
      text: withNote(data ? partialNote(plan, period, data) : '', answerFor(plan, main, again)),
    };
  }
  if (!probe || !period || !(empty(first, main) || comparedMissing(plan, first, main))) {
    if (!empty(first, main) || !shownFilter(plan))
      return { kind: 'answer', text: answerFor(plan, main, first) };
    return emptyFiltered(plan, main, results, 1, (again) => answerFor(plan, main, again));
  }
  if (results.length === 1) return { kind: 'query', query: probe };
  const data = rangeOf(results[1]);
  // ("revenue by signup quarter in 2024": no signups in 2024, the orders' 2024 by signup quarter when the data
  // holds it, said so; was "0, no orders match".)
  const other =
    data && outside(period, data) && named(plan, period, today)
      ? otherDateStep(plan, period, data, results, 2)
      : undefined;
  if (other?.step) return other.step;
  const offset = other?.offset ?? 0;
  if (data && outside(period, data) && named(plan, period, today)) {
    // A named period before today that the data does not hold ("signups in 2024"): its own figure (0 for a
    // count or a sum) with the data's range, never another period's figure in its place. Its query runs again
    // (after the other date's range when that was asked and did not hold it either), so the answer's query is the
    // last one.
    const again = results[2 + offset];
    if (!again || isError(again)) return { kind: 'query', query: main };
    return {
      kind: 'answer',
      text: withNote(noDataNote(plan, period, data), outsideAnswer(plan, main, again)),
    };
  }
  if (data && outside(period, data)) {
    const latest = latestPlan(plan, period, data);
    const query = queryFor(latest.plan);
    const result = results[2];
    if (!result || isError(result)) return { kind: 'query', query };
    return { kind: 'answer', text: withNote(latest.note, answerFor(latest.plan, query, result)) };
  }
  // Inside the data: the empty answer stands (its query runs again, so the answer's query is the last one); a
  // compared period the data does not reach is named.
  const note = data ? partialNote(plan, period, data) : '';
  return emptyFiltered(plan, main, results, 2, (again) => withNote(note, answerFor(plan, main, again)));
}

/**
 * A named period the data does not hold on the plan's date, read on the cube's other date (onOtherDate) when that
 * one holds it ("revenue by signup quarter in 2024", no signups in 2024: the orders' 2024 by signup quarter, said
 * so): the other date's range asked at results[at], its query after it. No step when there is no other date or it
 * does not hold the period either; offset is 1 when its range was asked, so later places move by one.
 */
function otherDateStep(
  plan: Plan,
  period: Period,
  data: { first: string; last: string },
  results: readonly SqlOutcome[],
  at: number,
): { step?: Step; offset: number } | undefined {
  const otherDate = onOtherDate(plan, period);
  const otherMember = otherDate?.also?.member;
  const otherProbe =
    otherDate && otherMember ? dateRangeQuery({ ...otherDate, timeDimension: otherMember }) : undefined;
  if (!otherDate || !otherMember || !otherProbe) return undefined;
  if (results.length === at) return { step: { kind: 'query', query: otherProbe }, offset: 1 };
  const held = rangeOf(results[at]);
  if (!held || outside(period, held)) return { offset: 1 };
  const query = queryFor(otherDate);
  const result = results[at + 1];
  if (!result || isError(result)) return { step: { kind: 'query', query }, offset: 1 };
  const text = withNote(otherDateNote(plan, period, data, otherMember), answerFor(otherDate, query, result));
  return { step: { kind: 'answer', text }, offset: 1 };
}

/** The words that say a period was read on the cube's other date, the first one not holding it. */
function otherDateNote(
  plan: Plan,
  period: Period,
  data: { first: string; last: string },
  other: { title: string } | undefined,
): string {
  const time = (plan.timeDimension?.title ?? 'date').toLowerCase();
  const read = (other?.title ?? 'date').toLowerCase();
  return `There is no data for ${period.label} by ${time}: the ${time}s in the data run from ${data.first} to ${data.last}. I read ${period.label} as the ${read} instead.`;
}

/**
 * A breakdown by the grain of one date with its period read on that date ("revenue by signup quarter in 2024"), as
 * the same breakdown with the period on the cube's one other date (the orders' 2024), or undefined.
 */
function onOtherDate(plan: Plan, period: Period): Plan | undefined {
  if (!plan.grain || !plan.timeDimension || plan.also || plan.compare || plan.range !== period)
    return undefined;
  // (From a joined table's date, the signup date "customers_created_at", to the view's own date of the same name,
  // the orders' "created_at"; never the other way.)
  const time = plan.timeDimension;
  const other = plan.cube.members.find(
    (m) =>
      m.kind === 'dimension' &&
      m.type === 'time' &&
      m !== time &&
      time.column.length > m.column.length &&
      time.column.endsWith(`_${m.column}`),
  );
  if (!other) return undefined;
  const moved: Plan = { ...plan, also: { member: other, range: period } };
  delete moved.range;
  return moved;
}

/** A breakdown by a grain whose latest row is a whole unit or more before its period's end. */
function endsEarly(plan: Plan, result: ResultLike, query: PlannedQuery, period: Period): boolean {
  const at = query.columns.findIndex((c) => c.role === 'time');
  // (Rows cut off by the row limit may hold the latest: nothing is read from those shown.)
  if (!plan.grain || plan.compare || at < 0 || result.data.length < result.totalRows) return false;
  const dates = result.data.map((row) => dateOf(row[at]) ?? '').filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  const latest = dates.sort().at(-1);
  return latest !== undefined && shift(latest, plan.grain, 2) <= period.to;
}

function answerOrQuery(plan: Plan, main: PlannedQuery, result: SqlOutcome | undefined): Step {
  if (!result || isError(result)) return { kind: 'query', query: main };
  return { kind: 'answer', text: answerFor(plan, main, result) };
}

/**
 * "New customers" in a named period: the signup dates' range first; a period after every signup is answered by
 * the first order, and the answer says so (new-customers.ts). The steps after the probe are the chosen plan's.
 */
function newCustomersStep(plan: Plan, byFirst: Plan, results: readonly SqlOutcome[], today: string): Step {
  const own = { ...plan, byFirstOrder: undefined };
  const probe = dateRangeQuery(own);
  if (!probe || !plan.range) return nextStep(own, results, today);
  if (results.length === 0) return { kind: 'query', query: probe };
  const data = rangeOf(results[0]);
  const rest = results.slice(1);
  if (!data || plan.range.from <= data.last) return nextStep(own, rest, today);
  const step = nextStep(byFirst, rest, today);
  if (step.kind !== 'answer') return step;
  const time = plan.timeDimension?.title.toLowerCase() ?? 'signup date';
  const note = `Every ${time} in the data is on or before ${data.last}, so I counted a customer as new in ${plan.range.label} by their first order.`;
  return { ...step, text: `${note}\n\n${step.text}` };
}
