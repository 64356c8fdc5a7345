/**
 * Each period's mean per calendar day, ranked or listed across periods (tuning set 32, velocity): "which month of
 * 2024 had the lowest average number of orders per day", "rank the quarters of 2024 by average revenue per day,
 * highest first", "the top 3 months of 2025 by average daily orders", "average orders per day for each quarter of
 * 2025 - which quarter was slowest?" (a word the asker defined as orders or revenue per day arrives so, definitions.ts).
 * Each month, quarter or year's total is divided by its own calendar days (29 in February 2024, 92 in Q3), a day
 * without rows counting as a day of zero, as day-means.ts does for one period. Every word must be read: the figure,
 * one unit (month, quarter or year), at most one year to rank within (ended by today), and a ranking (which one, the
 * top or bottom N, ranked highest or lowest first) or each period listed. Anything else (a breakdown, a filter, a
 * second figure) leaves the question to the other readers and their refusals.
 */
import type { CatalogCube } from './catalog';
import type { Grain, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery } from './sql';
import { titleOf } from './titles';

/** The per-day figure: orders (a count) or revenue (a sum). */
const FIGURE =
  /\b(?:the\s+)?(?:(?:average|avg|mean)\s+(?:daily\s+)?(number\s+of\s+orders|orders|order\s+count|revenue|sales)\s+(?:per|a)\s+(?:calendar\s+)?day|(?:average\s+|avg\s+|mean\s+)?daily\s+(orders|order\s+count|revenue|sales)|(orders|revenue|sales)\s+per\s+(?:calendar\s+)?day)\b/;
const UNIT = '(month|quarter|year)';
const HIGH = /^(?:highest|most|fastest|best|top|busiest|biggest|largest|greatest|strongest)$/;
const LOW = /^(?:lowest|least|slowest|worst|bottom|quietest|smallest|weakest)$/;
const EXTREME =
  '(highest|most|fastest|best|top|busiest|biggest|largest|greatest|strongest|lowest|least|slowest|worst|bottom|quietest|smallest|weakest)';

interface Asked {
  unit: Grain;
  direction?: 'desc' | 'asc';
  n?: number;
  /** Ranked and listed whole ("rank the quarters ... highest first"). */
  ordered?: true;
}

/** Pieces of the question that ask for the periods, each read into `Asked` and taken out of the text. */
const PIECES: [RegExp, (m: RegExpExecArray, asked: Partial<Asked>) => boolean][] = [
  // "which month of 2024 had the lowest", "which quarter was slowest".
  [
    new RegExp(
      String.raw`\bwhich\s+${UNIT}(?:\s+(?:of|in)\s+(20\d\d))?\s+(?:had|has|saw|showed|was|is|came\s+in)\s+(?:the\s+)?${EXTREME}\b`,
    ),
    (m, a) => direction(a, m[1], m[3]) && year(a, m[2]),
  ],
  // "rank the quarters of 2024 by", "rank 2024's quarters by".
  [
    new RegExp(String.raw`\brank\s+(?:the\s+)?${UNIT}s(?:\s+(?:of|in)\s+(20\d\d))?\s+by\b`),
    (m, a) => {
      a.ordered = true;
      return unit(a, m[1]) && year(a, m[2]);
    },
  ],
  // "highest first", "lowest first".
  [
    /,?\s*\b(highest|lowest|fastest|slowest|biggest|smallest)\s+first\b/,
    (m, a) => {
      if (a.direction !== undefined) return false;
      a.direction = HIGH.test(m[1] ?? '') ? 'desc' : 'asc';
      return true;
    },
  ],
  // "the top 3 months of 2025 by", "bottom 2 quarters by".
  [
    new RegExp(String.raw`\b(top|bottom)\s+(\d{1,2})\s+${UNIT}s(?:\s+(?:of|in)\s+(20\d\d))?\s+by\b`),
    (m, a) => {
      a.n = Number(m[2]);
      return a.n >= 1 && direction(a, m[3], m[1]) && year(a, m[4]);
    },
  ],
  // "for each quarter of 2025", "in each month of 2024", "by quarter", "per month".
  [
    new RegExp(String.raw`\b(?:(?:for|in)\s+(?:each|every)|by|per)\s+${UNIT}(?:\s+(?:of|in)\s+(20\d\d))?\b`),
    (m, a) => unit(a, m[1]) && year(a, m[2]),
  ],
];

const unit = (a: Partial<Asked> & { year?: number }, said: string | undefined) => {
  const u = said as Grain | undefined;
  if (!u || (a.unit && a.unit !== u)) return false;
  a.unit = u;
  return true;
};
const direction = (a: Partial<Asked>, u: string | undefined, word: string | undefined) => {
  const way = HIGH.test(word ?? '') ? 'desc' : LOW.test(word ?? '') ? 'asc' : undefined;
  if (!way || !unit(a, u) || (a.direction && a.direction !== way)) return false;
  a.direction = way;
  if (a.n === undefined) a.n = 1;
  return true;
};
const year = (a: Partial<Asked> & { year?: number }, said: string | undefined) => {
  if (!said) return true;
  if (a.year !== undefined && a.year !== Number(said)) return false;
  a.year = Number(said);
  return true;
};

/** Words a question may hold beside what is read. */
const FILLER =
  /^(?:[\s,.:;?!()\-–—]|\b(?:my|our|the|what|which|was|were|is|are|and|it|show|list|give|me|please|of|in|for|by|then|tell|us|had|has|did|so|overall|one|period|periods|calendar)\b)*$/;

/** The plan of a question asking each period's mean per calendar day, or undefined. */
export function readPeriodDayMeans(question: string, cube: CatalogCube, today: string): Plan | undefined {
  let text = ` ${question
    .toLowerCase()
    .replace(/[’']s\b/g, 's')
    .replace(/\s+/g, ' ')} `;
  const figure = FIGURE.exec(text);
  if (!figure) return undefined;
  const word = figure[1] ?? figure[2] ?? figure[3] ?? '';
  const revenue = /^(?:revenue|sales)$/.test(word);
  text = `${text.slice(0, figure.index)} ${text.slice(figure.index + figure[0].length)}`;
  const asked: Partial<Asked> & { year?: number } = {};
  for (const [pattern, read] of PIECES) {
    const m = pattern.exec(text);
    if (!m) continue;
    if (!read(m, asked)) return undefined;
    text = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`;
  }
  // A year said apart ("in 2025", "of 2024").
  const apart = /\b(?:(?:of|in|for|during)\s+)?(20\d\d)\b/.exec(text);
  if (apart) {
    if (!year(asked, apart[1])) return undefined;
    text = `${text.slice(0, apart.index)} ${text.slice(apart.index + apart[0].length)}`;
  }
  if (!asked.unit || !FILLER.test(text)) return undefined;
  if (asked.ordered && asked.n !== undefined) return undefined;
  if (asked.year !== undefined && asked.unit === 'year') return undefined;
  // (With no year, the periods that have ended by today: the one under way has days still to come.)
  const month = Number(today.slice(5, 7));
  const current =
    asked.unit === 'year'
      ? `${today.slice(0, 4)}-01-01`
      : asked.unit === 'quarter'
        ? `${today.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`
        : `${today.slice(0, 7)}-01`;
  const range =
    asked.year !== undefined
      ? { label: String(asked.year), from: `${asked.year}-01-01`, to: `${asked.year + 1}-01-01` }
      : { label: `every complete ${asked.unit}`, from: '1900-01-01', to: current };
  // (Only over periods whose days are all known by today.)
  if (range && range.to > today) return undefined;
  const measure = cube.members.find((m) => m.kind === 'measure' && m.aggType === (revenue ? 'sum' : 'count'));
  const timeDimension = cube.members.find(
    (m) => m.kind === 'dimension' && m.type === 'time' && !m.column.startsWith('customers_'),
  );
  if (!measure || !timeDimension) return undefined;
  const direction = asked.direction ?? 'desc';
  return {
    cube,
    measures: [measure],
    dimensions: [],
    filters: [],
    numberFilters: [],
    grain: asked.unit,
    timeDimension,
    range,
    ...(asked.n !== undefined && !asked.ordered ? { top: { n: asked.n, direction } } : {}),
    dayMeans: asked.ordered ? { order: direction } : {},
  };
}

/** The first cube of the catalog that reads the question as each period's mean per calendar day. */
export function periodDayMeansPlan(
  question: string,
  catalog: readonly CatalogCube[],
  today: string,
): Plan | undefined {
  for (const cube of catalog) {
    const plan = readPeriodDayMeans(question, cube, today);
    if (plan) return plan;
  }
  return undefined;
}

/** Months in one unit, for the interval to the next period. */
const MONTHS: Record<string, number> = { month: 1, quarter: 3, year: 12 };

/** Each period's total over its calendar days, ranked (the top n, ties kept) or in order. */
export function periodDayMeansQuery(plan: Plan): PlannedQuery {
  const grain = plan.grain ?? 'month';
  const at = plan.timeDimension ? ident(plan.timeDimension.column) : 'created_at';
  const measure = plan.measures[0];
  const name = ident(`average_${measure?.column ?? 'count'}_per_day`);
  const days = `(CAST(${grain} + INTERVAL '${MONTHS[grain] ?? 1} months' AS DATE) - CAST(${grain} AS DATE))`;
  const parts = conditions(plan, at);
  const inner = `SELECT date_trunc('${grain}', ${at}) AS ${grain}, date_trunc('day', ${at}) AS per, MEASURE(${ident(measure?.column ?? 'count')}) AS v FROM ${ident(plan.cube.name)}${parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : ''} GROUP BY 1, 2`;
  const outer = `SELECT ${grain}, SUM(v) / ${days} AS ${name} FROM t GROUP BY 1`;
  const top = plan.top;
  const sql = top
    ? `WITH t AS (${inner}), r AS (${outer}) SELECT ${grain}, ${name} FROM (SELECT *, RANK() OVER (ORDER BY ${name} ${top.direction === 'asc' ? 'ASC' : 'DESC'}) AS row_rank FROM r) AS q WHERE row_rank <= ${top.n} ORDER BY 2 ${top.direction === 'asc' ? 'ASC' : 'DESC'}, 1`
    : `WITH t AS (${inner}) ${outer} ORDER BY ${plan.dayMeans?.order ? `2 ${plan.dayMeans.order === 'asc' ? 'ASC' : 'DESC'}, 1` : '1'}`;
  // (A mean, never added up across periods, and shown with its decimals: the measure as an average.)
  return plannedQuery(plan, sql, titleOf(plan), [
    { role: 'time' },
    { role: 'measure', ...(measure ? { member: { ...measure, aggType: 'avg' } } : {}) },
  ]);
}
