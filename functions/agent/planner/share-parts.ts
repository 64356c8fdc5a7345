/**
 * The part of a share that is not a value of a dimension (issue 29, README "Evaluating the analyst"): rows meeting
 * a number condition ("share of revenue from orders of $900 or more", "what fraction of 2025 orders were over
 * $750") and a part of the period the share is of ("how much of 2025's sales came in Q4", "what fraction of 2024
 * orders were placed in December", "H2 vs the full year"). The whole is everything else the question scopes.
 * Only an additive measure (a sum or a count) splits into parts that add up to its whole.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { NumberFilter, Parsed, Period, Plan, Token, ValueFilter } from './plan';
import { day, isYear, yearPeriod } from './vocabulary';

/** Words that introduce the part after the whole ("share of revenue FROM orders over $900", "orders WERE over"). */
export const PART_WORDS = new Set([
  'from',
  'came',
  'come',
  'comes',
  'were',
  'was',
  'are',
  'is',
  'placed',
  'made',
  // ("what share of 2024 revenue did orders of $750 or more bring in")
  'did',
  'do',
  'does',
]);
/** Words that scope the whole rather than name its part ("for orders over $500", "among orders under $50"). */
const SCOPE_WORDS = new Set(['for', 'among', 'within', 'across']);
/** Words of a whole year named again ("as a share of the full year", "the whole of 2025", "the year's"). */
const WHOLE_WORDS = new Set(['full', 'whole', 'entire', 'total']);

type Found = { period: Period; at: number };

const yearToken = (t: Token | undefined) => t !== undefined && isYear(t.raw);
const shiftYear = (date: string, by: number) => `${Number(date.slice(0, 4)) + by}${date.slice(4)}`;

/**
 * With a share asked of one year, a quarter, month or half named without its own year is of that year ("what pct
 * of my 2024 revenue came in Q3": Q3 2024, not the latest Q3), "H2" and "the first half of the year" are read in
 * it, and "the full year", "the year's", "the whole of 2025" name that year again (claimed, not a grain).
 */
export function anchorPartPeriods(tokens: Token[], periods: Found[]): void {
  const named = () => [
    ...new Set(periods.filter((p) => /^\d{4}$/.test(p.period.label)).map((p) => p.period.label)),
  ];
  // "Nov 2025's share of the year's order count": the year is the one period's own.
  const only = periods[0];
  const yearAt = tokens.findIndex(
    (t, i) =>
      !t.used &&
      t.stem === 'year' &&
      ['the', 'full', 'whole', 'entire', 'that'].includes(tokens[i - 1]?.raw ?? ''),
  );
  if (named().length === 0 && periods.length === 1 && only && yearAt >= 0) {
    const y = Number(only.period.from.slice(0, 4));
    if (only.period.to <= `${y + 1}-01-01`) periods.push({ period: yearPeriod(y), at: yearAt });
  }
  const years = named();
  if (years.length !== 1) return;
  const year = Number(years[0]);
  for (const p of periods) {
    if (/^\d{4}$/.test(p.period.label)) continue;
    // A year of its own beside it ("Q4 2025", "Dec '24" read as "dec 2024") stays.
    if ([p.at - 1, p.at + 1, p.at + 2, p.at + 3].some((k) => yearToken(tokens[k]))) continue;
    const by = year - Number(p.period.from.slice(0, 4));
    if (by === 0) continue;
    p.period = {
      label: p.period.label.replace(/\b\d{4}\b/, String(year)),
      from: shiftYear(p.period.from, by),
      to: shiftYear(p.period.to, by),
    };
  }
  // "H2", "the second half (of the year)": a half with no year of its own.
  tokens.forEach((t, i) => {
    if (t.used) return;
    const half =
      /^h([12])$/.exec(t.raw)?.[1] ??
      (tokens[i + 1]?.raw === 'half' ? { first: '1', second: '2', last: '2' }[t.raw] : undefined);
    if (!half) return;
    const claimed = [t, ...(tokens[i + 1]?.raw === 'half' ? [tokens[i + 1]] : [])];
    // "(the first half) of the year": the year is the one named.
    const of = tokens.slice(i + claimed.length, i + claimed.length + 3);
    if (of[0]?.raw === 'of' && of[1]?.raw === 'the' && of[2]?.stem === 'year') claimed.push(...of);
    for (const c of claimed) if (c) c.used = true;
    const start = half === '1' ? 0 : 6;
    const period = { label: `H${half} ${year}`, from: day(year, start), to: day(year, start + 6) };
    periods.push({ period, at: i });
  });
  periods.sort((a, b) => a.at - b.at);
  // "the full year", "the year's revenue", "the whole of 2025": the one year again.
  tokens.forEach((t, i) => {
    if (t.used) return;
    const before = tokens[i - 1];
    if (
      t.stem === 'year' &&
      before &&
      (WHOLE_WORDS.has(before.raw) || ['the', 'that'].includes(before.raw))
    ) {
      t.used = true;
      if (WHOLE_WORDS.has(before.raw)) before.used = true;
    } else if (
      WHOLE_WORDS.has(t.raw) &&
      (yearToken(tokens[i + 1]) || (tokens[i + 1]?.raw === 'of' && yearToken(tokens[i + 2])))
    ) {
      t.used = true;
    }
  });
}

/** Words that set periods side by side rather than join them into one part. */
const APART = new Set(['vs', 'versus', 'v', 'compared', 'against', 'each', 'respectively', 'separately']);

/**
 * The period of two that lies within the other (and is not it): the part of a share of the larger one. Of three or
 * more, the back-to-back periods joined by "and", "plus" or "+" within the last ("what % of 2025 revenue came from
 * Q3 and Q4 together", "in Jun, Jul and Aug", "Nov + Dec") are one part, their span; apart ("Q3 vs Q4") or with a
 * gap ("Q1 and Q3") they are no one part.
 */
export function periodPart(
  compare: Period[] | undefined,
  tokens: readonly Pick<Token, 'raw'>[] = [],
): { part: Period; whole: Period } | undefined {
  const within = (x: Period, y: Period) =>
    x.from >= y.from && x.to <= y.to && (x.from !== y.from || x.to !== y.to);
  if (compare && compare.length >= 3) {
    const whole = compare.find((w) => compare.every((p) => p === w || within(p, w)));
    const parts = compare.filter((p) => p !== whole).sort((x, y) => x.from.localeCompare(y.from));
    const joined =
      tokens.some((t) => ['and', 'plus', '&', '+'].includes(t.raw)) && !tokens.some((t) => APART.has(t.raw));
    const [a] = parts;
    const b = parts.at(-1);
    const touching = parts.every((p, k) => k === 0 || parts[k - 1]?.to === p.from);
    if (!whole || !a || !b || !touching || !joined) return undefined;
    const label = `${parts
      .slice(0, -1)
      .map((p) => p.label)
      .join(', ')} and ${b.label}`;
    return { part: { label, from: a.from, to: b.to }, whole };
  }
  if (compare?.length !== 2) return undefined;
  const [a, b] = compare;
  if (!a || !b) return undefined;
  if (within(a, b)) return { part: a, whole: b };
  if (within(b, a)) return { part: b, whole: a };
  return undefined;
}

/** Words that join periods into one outright ("Jan and Feb combined", "Q3 plus Q4", "Nov + Dec"). */
const OUTRIGHT = new Set(['combined', 'together', 'altogether', 'plus', '+']);

/**
 * Whether three or more periods are joined outright, as a share's part may be beside a breakdown ("share of 2023
 * revenue from Jan and Feb combined, by region"); "and" alone there may list the periods each row is shown in.
 */
export const joinedOutright = (compare: Period[] | undefined, tokens: readonly Pick<Token, 'raw'>[]) =>
  (compare?.length ?? 0) >= 3 && tokens.some((t) => OUTRIGHT.has(t.raw));

/** Where a number filter's value was written (its token), or -1. */
const numberAt = (tokens: readonly Token[], f: NumberFilter) =>
  tokens.findIndex((t) => /^\d+(\.\d+)?$/.test(t.raw) && Number(t.raw) === f.value);

/**
 * The number conditions that are the part of a share: those written after the word that introduces the part
 * ("share of revenue from orders over $900"); one written between the share word and that word qualifies the
 * whole ("what % of orders over $500 were toys"). A value part written before that word qualifies the whole
 * too ("share of toy revenue from orders above $900": of toy revenue). Undefined when no number is a part.
 */
export function rowsPart(
  tokens: readonly Token[],
  ratioAt: number,
  numbers: readonly NumberFilter[],
  part: ValueFilter | undefined,
  valueAt: (f: ValueFilter) => number[],
): { numbers: NumberFilter[]; keepPart: boolean } | undefined {
  if (ratioAt < 0 || numbers.length === 0) return undefined;
  const intro = tokens.findIndex((t, i) => i > ratioAt && PART_WORDS.has(t.raw));
  // ("orders over $500 as a share of revenue": a part before the share word.)
  const isPart = (at: number) => at >= 0 && (at < ratioAt || (intro >= 0 && at > intro));
  // "(what % of 2025 orders were returned,) for orders over $500": a scope of the whole, not its part.
  const scoped = (at: number) =>
    tokens.slice(Math.max(0, at - 4), at).some((t) => SCOPE_WORDS.has(t.raw)) &&
    !tokens.slice(Math.max(0, at - 4), at).some((t) => PART_WORDS.has(t.raw));
  const parts = numbers.filter((f) => isPart(numberAt(tokens, f)) && !scoped(numberAt(tokens, f)));
  if (parts.length === 0) return undefined;
  const keepPart = part !== undefined && valueAt(part).some(isPart);
  return { numbers: parts, keepPart };
}

/** Words that join two parts into one ("under $50 or over $950", "..., together", "combined"). */
const EITHER_WORDS = new Set(['or', 'either', 'together', 'combined', 'altogether', 'jointly']);
/** Words that keep two parts apart ("under $50 vs over $950", "each", "separately"). */
const APART_WORDS = new Set([
  'vs',
  'versus',
  'compared',
  'against',
  'each',
  'respectively',
  'separately',
  'split',
]);

/**
 * "orders under $50 plus orders over $950, together what %", "revenue from orders below $100 or over $900": two
 * size ranges that do not meet, joined into one part (rows in either). Only with a word that joins them and none
 * that keeps them apart; otherwise the two stay two parts (refused by partsUnresolved).
 */
export function eitherRange(tokens: readonly Token[], numbers: readonly NumberFilter[]): boolean {
  if (numbers.length !== 2) return false;
  const below = numbers.find((f) => f.op === '<' || f.op === '<=');
  const above = numbers.find((f) => f.op === '>' || f.op === '>=');
  if (!below || !above || below.member !== above.member || below.value > above.value) return false;
  if (tokens.some((t) => APART_WORDS.has(t.raw))) return false;
  const [a, b] = [numberAt(tokens, below), numberAt(tokens, above)].sort((x, y) => x - y);
  if (a === undefined || b === undefined || a < 0) return false;
  const joined = tokens.slice(a + 1, b).some((t) => ['or', 'and', 'plus'].includes(t.raw));
  if (!joined || !tokens.some((t) => EITHER_WORDS.has(t.raw))) return false;
  for (const t of tokens) if (EITHER_WORDS.has(t.raw) && t.raw !== 'or') t.used = true;
  return true;
}

const additive = (m: CatalogMember | undefined) => m?.aggType === 'sum' || m?.aggType === 'count';

/** Why the parts cannot be read as one share, or undefined: a share of a ratio or an average does not add up. */
export function partsUnresolved(plan: Pick<Plan, 'share' | 'measures'>): string | undefined {
  const rows = plan.share?.rows;
  if (!rows) return undefined;
  if (plan.measures.length !== 1 || !additive(plan.measures[0]))
    return 'a share of a figure that does not add up';
  // Two parts at once ("orders over $500 vs under $100") are two shares, not one: only a range of one is read.
  const lows = rows.numbers.filter((f) => f.op === '>' || f.op === '>=');
  const highs = rows.numbers.filter((f) => f.op === '<' || f.op === '<=');
  const low = lows[0];
  const high = highs[0];
  if (lows.length > 1 || highs.length > 1 || (low && high && low.value >= high.value && !rows.either))
    return 'a share of two parts at once';
  return undefined;
}

/** Does the cube answer a number part (a number column)? */
export const hasNumbers = (cube: CatalogCube) =>
  cube.members.some((m) => m.kind === 'dimension' && m.type === 'number');

/** Nouns of the previous figure's whole ("of the year", "of the total"). */
export const WHOLE_NOUNS = new Set(['year', 'total', 'whole']);
/** "of the year", "of the total", "of the whole": the previous figure's whole, named by its kind. */
export const ofTheWhole = (raws: readonly string[]) =>
  raws.some((w, i) => w === 'of' && raws[i + 1] === 'the' && WHOLE_NOUNS.has(raws[i + 2] ?? ''));

/**
 * "what share of it came in Q4?" after "revenue for 2025": the previous total's share in a part of its period
 * (a follow-up with a period within the previous one and nothing else of its own).
 */
export function periodPartOfPrevious(
  previous: Plan,
  own: Parsed,
  asked: boolean,
  raws: readonly string[],
): Plan | undefined {
  const whole = previous.range;
  // Only of the previous figure ("of it", "of that", "of the year" after a year's figures): a share of something
  // else is a question of its own.
  if (!raws.some((w) => ['it', 'that', 'this', 'those'].includes(w)) && !ofTheWhole(raws)) return undefined;
  // A quarter or month written without a year is of the previous year ("what percent of that was in December").
  const year = whole && /^\d{4}$/.test(whole.label) ? Number(whole.label) : undefined;
  const inYear = (p: Period): Period => {
    const by = year !== undefined ? year - Number(p.from.slice(0, 4)) : 0;
    return by !== 0 && !raws.some((w) => isYear(w))
      ? {
          label: p.label.replace(/\b\d{4}\b/, String(year)),
          from: shiftYear(p.from, by),
          to: shiftYear(p.to, by),
        }
      : p;
  };
  // ("what share of the year did Q3 and Q4 make up together?": two back-to-back periods are one part.)
  const joined =
    own.compare?.length === 2 && whole
      ? periodPart(
          [...own.compare.map(inYear), whole],
          raws.map((raw) => ({ raw })),
        )?.part
      : undefined;
  const part = joined ?? (own.range && !own.compare ? inYear(own.range) : undefined);
  if (!asked || !whole || !part || previous.compare || previous.share || previous.top) return undefined;
  // (A breakdown by period, "revenue by quarter for 2025", is of the same whole: the share replaces it.)
  if (previous.dimensions.length > 0 || previous.having || previous.first) return undefined;
  if (previous.change || previous.percentile || previous.perGroup || previous.reach) return undefined;
  if (own.dimensions.length > 0 || own.grain || own.filters.length > 0 || own.measureNamed) return undefined;
  if (!periodPart([part, whole]) || !additive(previous.measures[0]) || previous.measures.length !== 1)
    return undefined;
  const { grain: _grain, ...rest } = previous;
  return { ...rest, share: { rows: { numbers: [], period: part } } };
}

/**
 * Whether a value said between the share word and the word that introduces the part qualifies the whole ("what
 * fraction of the east's 2025 orders were placed in Q4": of the east's orders), not the part.
 */
export function valueOfWhole(
  tokens: readonly Token[],
  ratioAt: number,
  part: ValueFilter | undefined,
  valueAt: (f: ValueFilter) => number[],
): boolean {
  if (!part || ratioAt < 0) return false;
  const intro = tokens.findIndex((t, i) => i > ratioAt && PART_WORDS.has(t.raw));
  const at = valueAt(part);
  return intro >= 0 && at.length > 0 && at.every((a) => a > ratioAt && a < intro);
}
