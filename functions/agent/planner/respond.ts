/** The planner's final answer to a plan's result: second-order plans first, then the first-order answer. */
import { answerText, type ResultLike } from './answer';
import { secondOrderAnswer } from './answer-second';
import type { CatalogCube, CatalogMember } from './catalog';
import { twoMeasuresAnswer } from './filtered-measures-sql';
import { formatPercent } from './format';
import { dimensionKeys } from './members';
import { perEntityAnswer } from './per-entity-sql';
import type { Plan } from './plan';
import { roundFigures } from './rounding';
import { windowAnswer } from './series-window-sql';
import { saidBack } from './spelled-amounts';
import { type PlannedQuery, planTitle, scopeText } from './sql';
import { listText } from './text';

export type { ResultLike } from './answer';

export function answerFor(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const special =
    twoMeasuresAnswer(plan, query, result) ??
    windowAnswer(plan, query, result) ??
    perEntityAnswer(plan, query, result) ??
    secondOrderAnswer(plan, query, result, scopeText(plan));
  const answered = special ?? answerText(plan, query, result);
  // ("over five hundred dollars": the bound in the asker's words, spelled-amounts.ts.)
  const text = plan.spelled ? saidBack(answered, plan.spelled) : answered;
  const ignored =
    plan.ignored && plan.ignored.length > 0
      ? `\n\n(I left out ${plan.ignored.map((w) => `"${w}"`).join(', ')}: nothing in the data model matches ${plan.ignored.length > 1 ? 'them' : 'it'}.)`
      : '';
  // ("best" of a rate read as its lowest end is the planner's reading, not a word of the model: rate-direction.ts.)
  const pairs = Object.entries(plan.readAs ?? {});
  // ("how did each region do": the change in revenue, performance.ts.)
  const ends = pairs.filter(([, as]) => /^the (?:lowest|highest|change in) /.test(as));
  // ("FY2025": the calendar year, asker.ts; the data has no fiscal calendar.)
  const fiscal = pairs.filter(([, as]) => as === 'calendar year');
  const read = pairs.filter((pair) => !ends.includes(pair) && !fiscal.includes(pair));
  const readAs =
    (read.length > 0
      ? `\n\n(I read ${read.map(([asked, as]) => `"${asked}" as ${as}`).join(', ')}: the data model's word.)`
      : '') +
    ends.map(([asked, as]) => `\n\n(I read "${asked}" as ${as}.)`).join('') +
    fiscal
      .map(
        ([asked]) =>
          `\n\n(I read "${asked.toUpperCase()}" as the calendar year: the data has no fiscal calendar.)`,
      )
      .join('');
  const missing =
    plan.missing && plan.missing.length > 0
      ? `The data model has nothing for ${listText(plan.missing.map((w) => `"${w}"`))}, so that part is left out; here is the rest.\n\n`
      : '';
  const note = plan.share?.note ? `\n\n(${plan.share.note})` : '';
  // ("what was our refund exposure ... refund exposure = ...": the figure by the asker's name.)
  const defined = (plan.definedAs ?? [])
    .map(
      ([term, noun]) =>
        `\n\n(${term.charAt(0).toUpperCase()}${term.slice(1)}, as you defined it: the ${noun}.)`,
    )
    .join('');
  // ("our CRM export says ... - what do you have?": the asker's figure is their source's, never read.)
  const quoted = plan.quoted ? quotedNote(plan, query, result) : '';
  const cells = plan.rounding
    ? result.data.flatMap((row) =>
        row.flatMap((v) => (typeof v === 'number' || typeof v === 'bigint' ? [Number(v)] : [])),
      )
    : [];
  const figures = plan.rounding ? roundFigures(text, plan.rounding, cells) : text;
  const said = plan.spelled ? saidBack(defined, plan.spelled) : defined;
  return `${missing}${figures}${said}${ignored}${readAs}${note}${quoted}${special === undefined ? oneValueSeen(plan, query, result) : ''}`;
}

/**
 * A plain breakdown that shows one of the values the model lists ("revenue across all regions" asked by a user whose
 * access shows the west only): said, so one row is not read as every group's. (Not of a second-order answer, whose
 * rows a change, a condition or a rank may cut: "which categories grew" keeps those that grew.)
 */
function oneValueSeen(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  // (Only of a plain breakdown: a ranking, a top per group or a condition may keep one row of many groups.)
  const plain =
    !plan.top &&
    !plan.perGroup &&
    !plan.having &&
    !plan.first &&
    !plan.percentile &&
    !plan.perEntity &&
    !plan.rankedIn &&
    !plan.withinWinner &&
    // (The groups kept by a condition over their periods, or one row per group figured over its periods.)
    !plan.mostPeriods &&
    !plan.groupSpread &&
    !plan.sameDay &&
    !plan.monthsOver;
  if (
    !plain ||
    plan.numberFilters.length > 0 ||
    result.data.length === 0 ||
    result.data.length < result.totalRows
  )
    return '';
  for (const [i, column] of query.columns.entries()) {
    const member = column.role === 'dimension' ? column.member : undefined;
    if (!member || member.values.length < 2 || plan.filters.some((f) => f.member === member)) continue;
    const seen = [...new Set(result.data.map((row) => String(row[i] ?? '')))];
    if (seen.length === 1 && seen[0] !== '')
      return `\n\n(Only ${seen[0]} appears: every row you can see has ${member.title.toLowerCase()} ${seen[0]}.)`;
  }
  return '';
}

/**
 * The quoted figure is the asker's source's; a quoted change is checked against the data's one change ("does not
 * hold: the data shows +0.29%"), without restating the quoted figure as if it were the data's.
 */
function quotedNote(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const at = query.columns.findIndex((c) => c.role === 'change_percent');
  const value = at >= 0 && result.data.length === 1 ? result.data[0]?.[at] : undefined;
  const actual = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  if (plan.quotedChange === undefined || !Number.isFinite(actual))
    return "\n\n(This is the data's own figure; the one you quoted is your source's, and I did not use it.)";
  const told = plan.quotedChange;
  const holds =
    Math.sign(told) === Math.sign(actual) && Math.abs(actual - told) <= Math.max(0.5, Math.abs(told) * 0.1);
  const way = actual > 0 ? 'up' : actual < 0 ? 'down' : 'flat';
  const against = Math.sign(told) !== Math.sign(actual) ? `, ${way}, not ${told > 0 ? 'up' : 'down'}` : '';
  return holds
    ? `\n\n(The change you were told roughly holds: the data shows ${formatPercent(actual, true)}.)`
    : `\n\n(The change you were told does not hold: the data shows ${formatPercent(actual, true)}${against}.)`;
}

/** Up to three questions the model can answer that stay close to a refused one (its breakdown, filters, dates). */
export function closeQuestions(near: Plan | undefined, catalog: readonly CatalogCube[]): string[] {
  const views = catalog.filter((c) => c.isView);
  const cubes = [...new Set([...(near ? [near.cube] : []), ...(views.length > 0 ? views : catalog)])];
  const rank = (m: CatalogMember) => ['sum', 'count', 'avg'].indexOf(m.aggType ?? '') + 1 || 9;
  const key = (m: CatalogMember) => dimensionKeys(m).single[0] ?? dimensionKeys(m).derived[0];
  const questions: string[] = [];
  for (const cube of cubes) {
    const has = (m: CatalogMember) => cube.members.includes(m);
    // The refused question's breakdown and filters, as this cube names them (a region is a region).
    const same = (m: CatalogMember) =>
      has(m) ? m : cube.members.find((x) => x.kind === 'dimension' && x.type === m.type && key(x) === key(m));
    const dimensions = (near?.dimensions ?? []).map(same).filter((m): m is CatalogMember => m !== undefined);
    const filters = (near?.filters ?? []).flatMap((f) => {
      const member = same(f.member);
      return member ? [{ ...f, member }] : [];
    });
    const time = cube.members.find((m) => m.kind === 'dimension' && m.type === 'time');
    const fallback = cube.members.find(
      (m) => m.kind === 'dimension' && m.type === 'string' && m.values.length > 0,
    );
    const base: Plan = {
      cube,
      measures: [],
      dimensions:
        dimensions.length > 0 || near?.grain || filters.length > 0 || !fallback ? dimensions : [fallback],
      filters,
      numberFilters: [],
      ...(near?.grain && time ? { grain: near.grain, timeDimension: time } : {}),
      ...(near?.range && time ? { range: near.range, timeDimension: time } : {}),
    };
    const measures = cube.members.filter((m) => m.kind === 'measure').sort((a, b) => rank(a) - rank(b));
    for (const m of measures) {
      const question = `"${planTitle({ ...base, measures: [m] })}"`;
      if (!questions.includes(question)) questions.push(question);
      if (questions.length === 3) return questions;
    }
  }
  return questions;
}

/**
 * The words missing, without the asker's numbers ("under 40 40-59" and "60" -> "under"): a refusal names what the
 * model lacks, never figures that read as an answer. Unchanged when nothing but numbers is quoted.
 */
function wordsMissing(missing: string): string {
  const quoted = [...missing.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
  if (quoted.length === 0) return missing;
  const kept = [
    ...new Set(
      quoted
        .map((w) =>
          w
            .split(/\s+/)
            .filter((x) => !/\d/.test(x))
            .join(' '),
        )
        .filter((w) => w !== ''),
    ),
  ];
  return kept.length > 0 ? listText(kept.map((w) => `"${w}"`)) : missing;
}

/** A refusal: what is missing in one sentence, then at most three close questions that can be answered. */
export function refusalText(
  reading: { missing: string; future?: boolean; near?: Plan; reason?: string; said?: string },
  catalog: readonly CatalogCube[],
): string {
  const why = reading.said
    ? `${reading.said}.`
    : reading.reason
      ? `I can't answer that as one question: ${reading.reason}.`
      : reading.future
        ? "I can't answer that from this data: it records what happened, not forecasts or future dates."
        : `I can't answer that from this data: the data model has nothing for ${wordsMissing(reading.missing)}.`;
  // A future period answers nothing: the close questions drop it ("by product category", not "... in Q3 2026").
  const near =
    reading.future && reading.near ? (({ range: _, ...rest }) => rest)(reading.near) : reading.near;
  // (A whole beyond the asker's access: questions by region would show their own region alone.)
  const close = reading.said ? [] : closeQuestions(near, catalog);
  return close.length > 0
    ? `${why}\nClose questions I can answer:\n${close.map((q) => `- ${q}`).join('\n')}`
    : why;
}
