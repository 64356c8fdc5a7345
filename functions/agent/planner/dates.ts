import { addDays, addMonths, daysBetween, weekStart } from './clock';
import type { Grain, Period, Token } from './plan';
import {
  day,
  FUTURE_WORDS,
  GRAIN_WORDS,
  isSuperlative,
  isYear,
  LAST_WORDS,
  monthIndex,
  monthPeriod,
  NUMBER_WORDS,
  ORDINALS,
  pad,
  quarterPeriod,
  THIS_WORDS,
  UNITS,
  type Unit,
  yearPeriod,
} from './vocabulary';
import { findYearParts } from './year-parts';

/** Words before a year that make it a period of its own, set against others ("vs 2024", "since 2023"). */
const OWN_PERIOD = new Set(
  'vs versus than against to through thru from since before after until till and or compared with between over'.split(
    ' ',
  ),
);
/** Words between two periods that list them side by side (the second takes the first's year when it has none). */
const LISTING = new Set(['vs', 'versus', 'and', 'or', 'compare', 'compared', 'comparing', 'against']);
const LIST_WORDS = new Set([
  'compare',
  'comparing',
  'vs',
  'versus',
  'and',
  'to',
  'through',
  'thru',
  'or',
  'compared',
  'with',
  'against',
  'until',
  'till',
  'the',
  'of',
  'v',
]);

/** Periods named in the question (years, months, quarters), in order, with the tokens they used. */
export function findPeriods(tokens: Token[], today: string): { period: Period; at: number }[] {
  // ("Q1 revenue in 2024 vs 2025": that quarter of each year, year-parts.ts.)
  const parts = findYearParts(tokens);
  if (parts) return parts;
  const found: { period: Period; at: number }[] = [];
  const currentYear = Number(today.slice(0, 4));
  // A year written out, or "this year" / "last year" right after ("Q2 this year").
  const yearAround = (i: number): number | undefined => {
    for (const k of [i + 1, i + 2, i - 1]) {
      const t = tokens[k];
      if (t && !t.used && isYear(t.raw)) {
        t.used = true;
        return Number(t.raw);
      }
    }
    // ("the first half of this year": "of" may come between.)
    const of = tokens[i + 1]?.raw === 'of' ? tokens[i + 1] : undefined;
    const which = tokens[i + (of ? 2 : 1)];
    const unit = tokens[i + (of ? 3 : 2)];
    if (which && unit?.stem === 'year' && (THIS_WORDS.has(which.raw) || LAST_WORDS.has(which.raw))) {
      which.used = true;
      unit.used = true;
      if (of) of.used = true;
      return THIS_WORDS.has(which.raw) ? currentYear : currentYear - 1;
    }
    return undefined;
  };
  // "Q3 vs Q4 2024", "first quarter vs second quarter of 2025", "February through June 2024": a period without
  // its own year in a list of periods takes the year written after the list (not claimed: its own period's).
  const sharedYear = (i: number): number | undefined => {
    for (let k = i + 1; k < tokens.length && k <= i + 8; k++) {
      const t = tokens[k];
      if (!t) return undefined;
      if (isYear(t.raw)) return Number(t.raw);
      const periodWord =
        /^q[1-4]$|^h[12]$/.test(t.raw) ||
        monthIndex(t.raw) !== undefined ||
        ORDINALS[t.raw] !== undefined ||
        ['quarter', 'half'].includes(t.raw);
      if (!periodWord && !LIST_WORDS.has(t.raw)) return undefined;
    }
    return undefined;
  };
  // "H1 2022 versus the second half": a half or quarter listed after a period takes that period's year.
  const listedYear = (i: number): number | undefined => {
    const previous = found.at(-1);
    if (!previous) return undefined;
    const gap = tokens.slice(previous.at + 1, i);
    // ("the second half of 2025 compared with the first half": a comparison lists the two as well.)
    const listed = gap.some((w) => LISTING.has(w.raw));
    return listed && gap.every((w) => w.used || LIST_WORDS.has(w.raw))
      ? Number(previous.period.from.slice(0, 4))
      : undefined;
  };
  // "how did H2 compare to H1 in orders, 2024?", "Q4 over Q3 growth, last year": a half or quarter without a year
  // of its own takes the question's one year said apart at its end (no period set against the others: "vs 2024").
  let apart: number | null | undefined = null;
  const yearApart = (): number | undefined => {
    if (apart !== null) return apart;
    const years = tokens.flatMap((t, k) => (!t.used && isYear(t.raw) ? [k] : []));
    const relative = tokens.flatMap((t, k) =>
      !t.used && (THIS_WORDS.has(t.raw) || LAST_WORDS.has(t.raw)) && tokens[k + 1]?.stem === 'year'
        ? [k]
        : [],
    );
    const at = [...years, ...relative];
    const k = at[0];
    const length = k !== undefined && years.includes(k) ? 1 : 2;
    const before = k === undefined ? undefined : tokens[k - 1];
    const beside = (w: Token | undefined) =>
      w !== undefined &&
      (/^q[1-4]$|^h[12]$/.test(w.raw) ||
        monthIndex(w.raw) !== undefined ||
        ['quarter', 'half'].includes(w.raw));
    // (Only at the end, an aside: "what % of 2025 revenue came from Q3 and Q4" has 2025 as the whole.)
    apart =
      k === undefined ||
      at.length !== 1 ||
      k + length !== tokens.length ||
      OWN_PERIOD.has(before?.raw ?? '') ||
      before?.raw === 'of' ||
      beside(before)
        ? undefined
        : years.includes(k)
          ? Number(tokens[k]?.raw)
          : THIS_WORDS.has(tokens[k]?.raw ?? '')
            ? currentYear
            : currentYear - 1;
    if (apart !== undefined && k !== undefined) for (const w of tokens.slice(k, k + length)) w.used = true;
    return apart;
  };
  // Without a year, a quarter or month is the latest one that has started.
  const latest = (from: (y: number) => string) =>
    from(currentYear) <= today ? currentYear : currentYear - 1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const quarter = /^q([1-4])$/.exec(t.raw);
    if (quarter) {
      const q = Number(quarter[1]);
      const y =
        yearAround(i) ??
        sharedYear(i) ??
        listedYear(i) ??
        yearApart() ??
        latest((year) => quarterPeriod(year, q).from);
      t.used = true;
      found.push({ period: quarterPeriod(y, q), at: i });
      continue;
    }
    // "H1 2022", "the first half of 2024", "second half of last year".
    const half =
      /^h([12])$/.exec(t.raw)?.[1] ??
      (tokens[i + 1]?.raw === 'half' ? { first: '1', second: '2', last: '2' }[t.raw] : undefined);
    if (half) {
      // ("H1 revenue vs H1 last year": an "H1" or "H2" without a year of its own is the latest one that has
      // started, as a quarter's is; "H1 vs H2 2024" takes the year written after the list.)
      const short = /^h[12]$/.test(t.raw);
      // ("what share of it came in the second half?": "the first/second half" with no "of" after is one too.)
      const bare = !short && tokens[i - 1]?.raw === 'the' && tokens[i + 2]?.raw !== 'of';
      // ("second half vs first half of 2023": a half listed before the year takes it too.)
      const y =
        yearAround(short ? i : i + 1) ??
        listedYear(i) ??
        sharedYear(i) ??
        (short || bare ? (yearApart() ?? latest((year) => day(year, half === '1' ? 0 : 6))) : undefined);
      if (y !== undefined) {
        t.used = true;
        const word = tokens[i + 1];
        if (word?.raw === 'half') word.used = true;
        const start = half === '1' ? 0 : 6;
        found.push({ period: { label: `H${half} ${y}`, from: day(y, start), to: day(y, start + 6) }, at: i });
      }
      continue;
    }
    const ordinal = ORDINALS[t.raw];
    if (ordinal !== undefined && tokens[i + 1]?.raw === 'quarter') {
      const y = yearAround(i + 1) ?? sharedYear(i + 1) ?? listedYear(i);
      if (y !== undefined) {
        t.used = true;
        const q = tokens[i + 1];
        if (q) q.used = true;
        found.push({ period: quarterPeriod(y, ordinal), at: i });
      }
      continue;
    }
    const month = monthIndex(t.raw);
    const dayToken = tokens[i + 1];
    const dayOfMonth = dayToken && /^\d{1,2}$/.test(dayToken.raw) ? Number(dayToken.raw) : 0;
    if (month !== undefined && dayToken && dayOfMonth >= 1 && dayOfMonth <= 31) {
      // "March 1", "March 31, 2025": one day; a year written later in the question dates the earlier days too.
      let at = i + 2;
      if (/^(st|nd|rd|th)$/.test(tokens[at]?.raw ?? '')) at++;
      const own = tokens[at];
      const later = tokens.slice(at).find((k) => isYear(k.raw));
      const dateIn = (y: number) => `${y}-${pad(month + 1)}-${pad(dayOfMonth)}`;
      // ("since october 31 last year", "february 14 this year": the day in that year.)
      const which = tokens[at + 1]?.stem === 'year' && !tokens[at + 1]?.used ? own?.raw : undefined;
      const relativeYear =
        which && LAST_WORDS.has(which)
          ? currentYear - 1
          : which && THIS_WORDS.has(which)
            ? currentYear
            : undefined;
      if (relativeYear !== undefined) for (const k of [own, tokens[at + 1]]) if (k) k.used = true;
      const y =
        relativeYear ??
        (own && isYear(own.raw)
          ? Number(own.raw)
          : later
            ? Number(later.raw)
            : dateIn(currentYear) <= today
              ? currentYear
              : currentYear - 1);
      for (let k = i; k < at; k++) {
        const used = tokens[k];
        if (used) used.used = true;
      }
      if (own && isYear(own.raw)) own.used = true;
      const date = dateIn(y);
      found.push({ period: { label: date, from: date, to: addDays(date, 1) }, at: i });
      continue;
    }
    if (month !== undefined) {
      // "may" is also a verb: a month without a year needs a preposition before it ("in March").
      // ("December sales YoY": a full month name other than a verb's needs none.)
      const bare =
        ['in', 'since', 'for', 'during', 'of', 'from', 'after', 'before', 'until'].includes(
          tokens[i - 1]?.raw ?? '',
        ) ||
        (t.raw.length >= 4 && !['march', 'sept'].includes(t.raw));
      const listed = sharedYear(i);
      const y =
        yearAround(i) ??
        (bare || (listed !== undefined && tokens[i + 1]?.raw !== 'may')
          ? (listed ?? latest((year) => monthPeriod(year, month).from))
          : undefined);
      if (y !== undefined) {
        t.used = true;
        found.push({ period: monthPeriod(y, month), at: i });
      }
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t && !t.used && isYear(t.raw)) {
      t.used = true;
      // "the year 2024", "calendar year 2024": the word names the period's kind ("each year 2023-2025", "per
      // year 2023-2025": a grain before the span, read as a breakdown).
      const kind = tokens[i - 1];
      const grain = ['each', 'every', 'per', 'by', 'a'].includes(tokens[i - 2]?.raw ?? '');
      if (kind && !kind.used && kind.stem === 'year' && !grain) kind.used = true;
      found.push({ period: yearPeriod(Number(t.raw)), at: i });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

export const unitOf = (t: Token | undefined): Unit | undefined =>
  t && UNITS.has(t.stem) ? (t.stem as Unit) : undefined;

/** Start of the unit containing `today`. */
export function unitStart(today: string, unit: Unit): string {
  switch (unit) {
    case 'day':
      return today;
    case 'week':
      return weekStart(today);
    case 'month':
      return addMonths(today, 0);
    case 'quarter':
      return addMonths(today, -((Number(today.slice(5, 7)) - 1) % 3));
    default:
      return `${today.slice(0, 4)}-01-01`;
  }
}

/** `n` units before (negative) or after the unit start `start`. */
export function shift(start: string, unit: Unit, n: number): string {
  switch (unit) {
    case 'day':
      return addDays(start, n);
    case 'week':
      return addDays(start, 7 * n);
    case 'month':
      return addMonths(start, n);
    case 'quarter':
      return addMonths(start, 3 * n);
    default:
      return addMonths(start, 12 * n);
  }
}

/** Words for a complete unit ("full months"). */
const WHOLE = new Set(['full', 'complete', 'completed', 'whole', 'entire']);

export const relativePeriod = (phrase: string, from: string, to: string): Period => {
  const last = addDays(to, -1);
  return { label: `${phrase} (${from === last ? from : `${from} to ${last}`})`, from, to, relative: true };
};

/**
 * Periods relative to today: today, yesterday, this/last week|month|quarter|year, the last N days|weeks|
 * months|years (complete units before the current one), year/month/quarter to date. "this …" runs through
 * today. A period after today (next month) is reported as `future`.
 */
export function findRelative(
  tokens: Token[],
  today: string,
): { found: { period: Period; at: number }[]; future: boolean } {
  const found: { period: Period; at: number }[] = [];
  let future = false;
  const use = (...ts: (Token | undefined)[]) => {
    for (const t of ts) if (t) t.used = true;
  };
  const tomorrow = addDays(today, 1);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const next = tokens[i + 1];
    if (unitOf(t) && next?.raw === 'before' && tokens[i + 2]?.raw === 'last' && !tokens[i + 2]?.used) {
      // "the year before last", "the month before last": the unit two before the current one.
      const unit = unitOf(t) ?? 'year';
      const start = unitStart(today, unit);
      use(...(tokens[i - 1]?.raw === 'the' ? [tokens[i - 1]] : []), t, next, tokens[i + 2]);
      found.push({
        period: relativePeriod(`the ${unit} before last`, shift(start, unit, -2), shift(start, unit, -1)),
        at: i,
      });
    } else if (
      ['today', 'now'].includes(t.raw) &&
      tokens[i - 1]?.raw === 'of' &&
      tokens[i - 2]?.raw === 'as'
    ) {
      // "as of today": everything up to now, not today's rows.
      use(t, tokens[i - 1], tokens[i - 2]);
    } else if (t.raw === 'today' || t.raw === 'tonight') {
      use(t);
      found.push({ period: relativePeriod('today', today, tomorrow), at: i });
    } else if (t.raw === 'yesterday') {
      use(t);
      found.push({ period: relativePeriod('yesterday', addDays(today, -1), today), at: i });
    } else if (t.raw === 'tomorrow' || (FUTURE_WORDS.has(t.raw) && t.raw !== 'will')) {
      use(t);
      future = true;
    } else if (
      /^(ytd|mtd|qtd)$/.test(t.raw) ||
      (unitOf(t) && next?.raw === 'to' && tokens[i + 2]?.raw === 'date')
    ) {
      const unit: Unit = t.raw === 'mtd' ? 'month' : t.raw === 'qtd' ? 'quarter' : (unitOf(t) ?? 'year');
      use(t, ...(t.raw.length === 3 ? [] : [next, tokens[i + 2]]));
      found.push({
        period: { ...relativePeriod(`${unit} to date`, unitStart(today, unit), tomorrow), unit },
        at: i,
      });
    } else if (
      (t.raw === 'start' || t.raw === 'beginning') &&
      ['since', 'from'].includes(
        tokens[i - 1]?.raw === 'the' ? (tokens[i - 2]?.raw ?? '') : (tokens[i - 1]?.raw ?? ''),
      ) &&
      next?.raw === 'of' &&
      unitOf(
        THIS_WORDS.has(tokens[i + 2]?.raw ?? '') || tokens[i + 2]?.raw === 'the' ? tokens[i + 3] : undefined,
      )
    ) {
      // "since the start of the year", "from the beginning of this month": the unit to date.
      const unit = unitOf(tokens[i + 3]) ?? 'year';
      const since = tokens[i - 1]?.raw === 'the' ? [tokens[i - 2], tokens[i - 1]] : [tokens[i - 1]];
      use(...since, t, next, tokens[i + 2], tokens[i + 3]);
      found.push({
        period: { ...relativePeriod(`${unit} to date`, unitStart(today, unit), tomorrow), unit },
        at: i,
      });
    } else if (
      (THIS_WORDS.has(t.raw) || t.raw === 'previous' || t.raw === 'prior') &&
      next?.raw === 'half' &&
      tokens[i + 2]?.raw !== 'of'
    ) {
      // "so far this half", "the previous half": the half-year of today (through today) or the one before it.
      // ("the last half" is the second half of a year, read with the halves.)
      const own = addMonths(today, -((Number(today.slice(5, 7)) - 1) % 6));
      const last = !THIS_WORDS.has(t.raw);
      const year = tokens[i + 2]?.raw === 'year' || tokens[i + 2]?.raw === 'yr' ? [tokens[i + 2]] : [];
      use(t, next, ...year);
      if (!last && tokens[i + 2 + year.length]?.raw === 'so' && tokens[i + 3 + year.length]?.raw === 'far')
        use(tokens[i + 2 + year.length], tokens[i + 3 + year.length]);
      found.push({
        period: last
          ? relativePeriod('the previous half', addMonths(own, -6), own)
          : relativePeriod('this half', own, tomorrow),
        at: i,
      });
    } else if (THIS_WORDS.has(t.raw) && unitOf(next)) {
      const unit = unitOf(next) ?? 'year';
      use(t, next);
      if (tokens[i + 2]?.raw === 'so' && tokens[i + 3]?.raw === 'far') use(tokens[i + 2], tokens[i + 3]);
      found.push({
        period: { ...relativePeriod(`this ${unit}`, unitStart(today, unit), tomorrow), unit },
        at: i,
      });
      // "this year vs last", "this quarter compared with the previous one": the unit left unsaid is this one's.
      const last = elidedLast(tokens, i + 2);
      if (last !== undefined) {
        const start = unitStart(today, unit);
        found.push({ period: relativePeriod(`last ${unit}`, shift(start, unit, -1), start), at: last });
      }
    } else if (LAST_WORDS.has(t.raw) && next) {
      const count = /^\d{1,3}$/.test(next.raw) ? Number(next.raw) : undefined;
      // "the last 6 full months", "the past 3 complete quarters": complete units, as "the last 6 months" are.
      const full = count !== undefined && WHOLE.has(tokens[i + 2]?.raw ?? '') ? 1 : 0;
      const word = count !== undefined ? tokens[i + 2 + full] : next;
      // "the past fortnight", "the last 2 fortnights": two weeks each.
      const fortnight = /^fortnights?$/.test(word?.raw ?? '');
      const unit = fortnight ? 'week' : unitOf(word);
      if (!unit || count === 0) continue;
      const n = (count ?? 1) * (fortnight ? 2 : 1);
      use(t, next, ...(count !== undefined ? tokens.slice(i + 2, i + 3 + full) : []));
      const phrase = fortnight
        ? `the last ${count ?? ''} fortnight${count ? 's' : ''}`.replace('  ', ' ')
        : count !== undefined
          ? `the last ${n} ${unit}s`
          : `last ${unit}`;
      if (unit === 'week' && (count !== undefined || fortnight) && !full && !weekGrain(tokens)) {
        // "the past 2 weeks" are the 14 days before today, as "the last 14 days" are (README.md, "What the
        // analyst understands"); complete calendar weeks only when asked per week or for full weeks.
        found.push({ period: relativePeriod(phrase, addDays(today, -7 * n), today), at: i });
        continue;
      }
      const start = unitStart(today, unit);
      // "the last 5 quarters in the data", "the most recent 3 months of data": the data's own last units.
      const ofData = claimOfData(tokens, i + (count !== undefined ? 3 + full : 2));
      found.push({
        period: { ...relativePeriod(phrase, shift(start, unit, -n), start), ...(ofData ? { ofData } : {}) },
        at: i,
      });
    }
  }
  return { found, future };
}

/**
 * "(this year) vs last", "(this month) compared to the previous one": "last" with its unit left unsaid, after a word
 * that sets one period against another; its words claimed and its place returned.
 */
function elidedLast(tokens: Token[], from: number): number | undefined {
  for (let k = from; k < tokens.length; k++) {
    const w = tokens[k];
    if (!w || w.used || !['vs', 'versus', 'v', 'against', 'than', 'with', 'to'].includes(w.raw)) continue;
    const the = tokens[k + 1]?.raw === 'the' ? 1 : 0;
    const last = tokens[k + 1 + the];
    if (!last || last.used || !['last', 'previous', 'prior'].includes(last.raw)) return undefined;
    const one = tokens[k + 2 + the]?.raw === 'one' ? 1 : 0;
    const after = tokens[k + 2 + the + one];
    // ("vs last year", "vs last quarter's": the unit said, read by the last-period reader.)
    if (after && (unitOf(after) || /^\d+$/.test(after.raw))) return undefined;
    for (const x of tokens.slice(k + 1, k + 3 + the + one)) x.used = true;
    return k + 1 + the;
  }
  return undefined;
}

/** "in the data", "of data", "in our data" at `at`: claimed, and true. */
function claimOfData(tokens: Token[], at: number): true | undefined {
  const [link, article] = [tokens[at], tokens[at + 1]];
  if (!link || !['in', 'of'].includes(link.raw)) return undefined;
  const skip = article && ['the', 'our', 'my'].includes(article.raw) ? 1 : 0;
  const noun = tokens[at + 1 + skip];
  if (noun?.raw !== 'data' || noun.used) return undefined;
  for (const t of tokens.slice(at, at + 2 + skip)) t.used = true;
  return true;
}

/** The question asks per week ("weekly", "by week", "each week"): its windows are complete weeks. */
const weekGrain = (tokens: Token[]) =>
  tokens.some(
    (x, k) =>
      x.raw === 'weekly' ||
      (/^weeks?$/.test(x.raw) && ['per', 'by', 'each', 'every', 'a'].includes(tokens[k - 1]?.raw ?? '')),
  );

/**
 * "revenue by month for 2025, and which month was the best?": a listed breakdown's own leader asked after it. The
 * list's summary names the highest and the lowest, so the clause's words are claimed (they were left unread, and
 * the refusal said the model had nothing for "month" while offering "by month").
 */
export function claimListedLeader(tokens: Token[]): Token | undefined {
  const listed = tokens.findIndex(
    (t, i) => t.used && GRAIN_WORDS[t.stem] && ['by', 'per'].includes(tokens[i - 1]?.raw ?? ''),
  );
  const grainStem = tokens[listed]?.stem;
  if (listed < 0 || !grainStem) return undefined;
  for (let i = listed + 1; i < tokens.length - 2; i++) {
    const which = tokens[i];
    const noun = tokens[i + 1];
    if (!which || !noun || !['which', 'what'].includes(which.raw) || noun.used || noun.stem !== grainStem)
      continue;
    let k = i + 2;
    const claimed = [which, noun];
    while (['was', 'is', 'were', 'the', 'had', 'has'].includes(tokens[k]?.raw ?? ''))
      claimed.push(tokens[k++] as Token);
    const superlative = tokens[k];
    if (!superlative || superlative.used || !isSuperlative(superlative)) return undefined;
    // Only at the question's end (what follows would be a measure or a period of its own).
    if (tokens.slice(k + 1).some((t) => !t.used)) return undefined;
    for (const t of [...claimed, superlative]) t.used = true;
    return superlative;
  }
  return undefined;
}

/**
 * Where the words after a time unit at `at` go on: past the year it is of ("the month of 2025 with the most
 * orders", "the quarter of 2024 that had ..."), else the next word.
 */
export const linkAfter = (tokens: readonly Token[], at: number): number =>
  tokens[at + 1]?.raw === 'of' && /^\d{4}$/.test(tokens[at + 2]?.raw ?? '') ? at + 3 : at + 1;

export function findGrain(tokens: Token[]): Grain | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const grain = GRAIN_WORDS[t.stem];
    if (!grain) continue;
    const before = tokens[i - 1]?.raw ?? '';
    const adjective = t.raw !== t.stem || /ly$|annual/.test(t.raw);
    // "best month", "busiest day": a ranking of the periods names the grain too.
    // "best performing month": one verb form may come between.
    // ("the lowest revenue month", "highest sales quarter": a measure word may come between too.)
    const ranker = /ing$/.test(before) ? tokens[i - 2] : tokens[i - 1];
    const ranks = (w: Token | undefined) =>
      isSuperlative(w) || ['busiest', 'quietest', 'bottom'].includes(w?.raw ?? '');
    const modifier = tokens[i - 1];
    const ranked =
      ranks(ranker) ||
      (modifier !== undefined &&
        /^[a-z]{3,}$/.test(modifier.raw) &&
        !GRAIN_WORDS[modifier.stem] &&
        ranks(tokens[i - 2]));
    // ("the month with the most orders", "the quarter that had the lowest revenue": a ranked period.)
    const after = linkAfter(tokens, i);
    const rankedAfter =
      ['with', 'that', 'having', 'had', 'where'].includes(tokens[after]?.raw ?? '') &&
      tokens.slice(after + 1, after + 4).some((w) => ranks(w));
    if (
      adjective ||
      ranked ||
      ['by', 'per', 'each', 'every', 'over', 'a', 'the', 'which', 'what'].includes(before) ||
      // ("month with the lowest revenue in 2024": the question's first word, its "which" left out.)
      (i === 0 && rankedAfter)
    ) {
      // "over the last year" is not a grain, but "per year" and "yearly" are.
      if (
        before === 'the' &&
        !adjective &&
        !rankedAfter &&
        !['by', 'per', 'over'].includes(tokens[i - 2]?.raw ?? '')
      )
        continue;
      t.used = true;
      if (['by', 'per', 'each', 'every'].includes(before)) {
        const b = tokens[i - 1];
        if (b) b.used = true;
        // "month by month"
        const same = tokens[i - 2];
        if (before === 'by' && same && GRAIN_WORDS[same.stem] === grain) same.used = true;
      }
      return grain;
    }
  }
  const text = tokens.map((t) => t.raw).join(' ');
  if (/\b(over time|trend|trends|trending|trended|timeline|time series|evolution|history)\b/.test(text))
    return 'month';
  return undefined;
}

/** A period named by its place before another ("the same quarter last year", "the previous 3 months"). */
export interface PeriodBack {
  at: number;
  words: Token[];
  /** A unit: "the same period last month", the same days of the unit before (a period to date's). */
  back: 'year' | 'window' | 'month' | 'quarter' | 'week';
  /** "the same nine months of 2024": the year the same span is taken in (else the year before). */
  year?: number;
  /** "the same quarter last year": the unit named. */
  unit?: Unit;
  /** "the same quarter two years earlier": how many years back (1 unless said). */
  years?: number;
}

/** "2 years ago", "two years earlier", "3 yrs back": a count of years back, 2 or more (one is YEAR_BACK's). */
function yearsBack(tokens: Token[], from: number): number | undefined {
  const [count, unit, word] = [tokens[from], tokens[from + 1], tokens[from + 2]];
  if (!count || !unit || !word || [count, unit, word].some((t) => t.used)) return undefined;
  const n = /^\d{1,2}$/.test(count.raw) ? Number(count.raw) : NUMBER_WORDS[count.raw];
  if (!n || n < 2 || !['years', 'yrs'].includes(unit.raw)) return undefined;
  return ['ago', 'earlier', 'before', 'prior', 'back', 'previously'].includes(word.raw) ? n : undefined;
}

/** Words after "same …" that name a year back ("the same quarter last year", "the same month a year ago"). */
const YEAR_BACK: readonly (readonly string[])[] = [
  ['last', 'year'],
  ['previous', 'year'],
  ['prior', 'year'],
  ['the', 'year', 'before'],
  ['the', 'previous', 'year'],
  ['the', 'prior', 'year'],
  ['the', 'year', 'prior'],
  ['a', 'year', 'ago'],
  ['a', 'year', 'earlier'],
  ['a', 'year', 'before'],
  ['one', 'year', 'ago'],
  ['one', 'year', 'earlier'],
  ['1', 'year', 'ago'],
  ['ly'],
];
/** Kinds of period "the same …" names: a unit, or the period itself ("the same period", "the same time"). */
const SAME_KINDS = new Set([
  // ("this half vs the same half last year": a half is no unit, so the same dates a year back.)
  'half',
  'period',
  'time',
  'stretch',
  'window',
  'range',
  'span',
  'days',
  'weeks',
  'months',
]);

/**
 * "this quarter vs the same quarter last year", "ytd vs the same period a year ago", "last ytd": a period a
 * year before the period named just before. Claims its words before the other readers run (so "last year" is not
 * read as a period of its own); `resolveSame` adds the period once the others are found.
 */
export function findSameYearBack(tokens: Token[]): PeriodBack[] {
  const found: PeriodBack[] = [];
  const matches = (from: number, words: readonly string[]) =>
    words.every((w, k) => !tokens[from + k]?.used && tokens[from + k]?.raw === w);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    if (t.raw === 'same') {
      // ("the same nine months of 2024", "the same days in 2023": a span of that many units, in that year.)
      const counted = /^\d{1,2}$/.test(tokens[i + 1]?.raw ?? '') ? 1 : 0;
      const kind = tokens[i + 1 + counted];
      const named = kind && (unitOf(kind) !== undefined || SAME_KINDS.has(kind.raw)) ? 1 + counted : 0;
      const inYear = tokens[i + 1 + named];
      const year = tokens[i + 2 + named];
      if (named > 0 && ['of', 'in'].includes(inYear?.raw ?? '') && year && !year.used && isYear(year.raw)) {
        const claimed = tokens.slice(i - (tokens[i - 1]?.raw === 'the' ? 1 : 0), i + 3 + named);
        for (const c of claimed) c.used = true;
        found.push({ at: i, words: claimed, back: 'year', year: Number(year.raw) });
        continue;
      }
      const back = YEAR_BACK.find((words) => matches(i + 1 + named, words));
      // ("MTD vs the same period last month": the same days of the month before.)
      const step = tokens[i + 2 + named];
      const unitBack =
        !back &&
        named === 1 &&
        SAME_KINDS.has(kind?.raw ?? '') &&
        ['last', 'previous', 'prior'].includes(tokens[i + 1 + named]?.raw ?? '') &&
        ['month', 'quarter', 'week'].includes(step?.raw ?? '') &&
        !step?.used
          ? (step?.raw as 'month' | 'quarter' | 'week')
          : undefined;
      if (unitBack) {
        const claimed = tokens.slice(i - (tokens[i - 1]?.raw === 'the' ? 1 : 0), i + 3 + named);
        if (claimed.some((c) => c.used && c !== t)) continue;
        for (const c of claimed) c.used = true;
        found.push({ at: i, words: claimed, back: unitBack });
        continue;
      }
      // ("the same quarter two years earlier": that many years back.)
      const years = back ? undefined : yearsBack(tokens, i + 1 + named);
      if (years) {
        const claimed = tokens.slice(i - (tokens[i - 1]?.raw === 'the' ? 1 : 0), i + 4 + named);
        for (const c of claimed) c.used = true;
        const unit = named === 1 ? unitOf(kind) : undefined;
        found.push({ at: i, words: claimed, back: 'year', years, ...(unit ? { unit } : {}) });
        continue;
      }
      if (!back) continue;
      const claimed = tokens.slice(i - (tokens[i - 1]?.raw === 'the' ? 1 : 0), i + 1 + named + back.length);
      for (const c of claimed) c.used = true;
      const unit = named === 1 ? unitOf(kind) : undefined;
      found.push({ at: i, words: claimed, back: 'year', ...(unit ? { unit } : {}) });
    } else if (['last', 'prior', 'previous', 'ly'].includes(t.raw) && tokens[i + 1]?.raw === 'ytd') {
      // "ytd vs last ytd": year to date of the year before ("ytd ly" too, after it).
      t.used = true;
      found.push({ at: i + 1, words: [t], back: 'year' });
    } else if (
      t.raw === 'ytd' &&
      tokens[i + 1]?.raw === 'ly' &&
      tokens.slice(0, i).some((k) => k.raw === 'ytd')
    ) {
      const ly = tokens[i + 1];
      if (ly) ly.used = true;
      found.push({ at: i, words: ly ? [ly] : [], back: 'year' });
    }
  }
  return found;
}

/** Words for the window just before another: "the previous 3 months", "the 60 days before that". */
const BACK_WORDS = new Set(['previous', 'prior', 'preceding']);
const BEFORE_WORDS = new Set(['before', 'earlier', 'prior']);
const THAT_WORDS = new Set(['that', 'it', 'then', 'those']);

/**
 * "the last 3 months vs the previous 3 months", "the last 60 days vs the 60 days before that", "the last 30
 * days versus the period before": the window of the same length just before the period named before it (a
 * lone "the quarter before" is the change's own reading, periods.ts). Claimed before the other readers run.
 */
export function findWindowBack(tokens: Token[]): PeriodBack[] {
  const found: PeriodBack[] = [];
  const free = (k: number) => tokens[k] !== undefined && !tokens[k]?.used;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used || !tokens.slice(0, i).some((k) => LAST_WORDS.has(k.raw))) continue;
    const counted = (k: number) =>
      /^\d{1,3}$/.test(tokens[k]?.raw ?? '') && unitOf(tokens[k + 1]) !== undefined;
    const periodWord = (k: number) => ['period', 'window', 'stretch', 'span'].includes(tokens[k]?.raw ?? '');
    let claimed: Token[] | undefined;
    if (BACK_WORDS.has(t.raw) && free(i + 1) && (counted(i + 1) || periodWord(i + 1))) {
      // "the previous 3 months", "the prior period"
      claimed = tokens.slice(i, i + (counted(i + 1) ? 3 : 2));
    } else if (
      (counted(i) || periodWord(i)) &&
      BEFORE_WORDS.has(tokens[i + (counted(i) ? 2 : 1)]?.raw ?? '')
    ) {
      // "the 60 days before (that)", "the period before"
      const end = i + (counted(i) ? 3 : 2);
      claimed = tokens.slice(i, end + (THAT_WORDS.has(tokens[end]?.raw ?? '') ? 1 : 0));
    }
    if (!claimed || claimed.some((c) => c.used)) continue;
    if (tokens[i - 1]?.raw === 'the' && !tokens[i - 1]?.used) claimed.unshift(tokens[i - 1] as Token);
    for (const c of claimed) c.used = true;
    found.push({ at: i, words: claimed, back: 'window' });
  }
  return found;
}

/** A date's month counted from year 0 (January 2025 is 2025 * 12): months between two dates by subtraction. */
const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;

/** How many whole months `period` spans, from a first of the month to one; undefined when it is no such span. */
export function monthsLong(period: Period): number | undefined {
  if (!period.from.endsWith('-01') || !period.to.endsWith('-01')) return undefined;
  return months(period.to) - months(period.from);
}

/** The window of the same length just before `period` (whole months by months, else by days). */
export function windowBefore(period: Period): Period {
  const long = monthsLong(period);
  const days = daysBetween(period.from, period.to);
  const from = long !== undefined ? addMonths(period.from, -long) : addDays(period.from, -days);
  return relativePeriod('the period before', from, period.from);
}

/**
 * The period of the same kind just before (step -1) or after (step 1) `period`: the month, quarter, half or year
 * beside a whole one, by its name ("Q1 2025" before "Q2 2025"); a span of another length, the window of the same
 * length. Undefined for a period so far ("this year"), whose neighbour is no period of the same kind.
 */
export function periodBeside(period: Period, step: -1 | 1): Period | undefined {
  if (period.unit) return undefined;
  const length = monthsLong(period);
  const start = months(period.from) + step * (length ?? 0);
  const [y, m] = [Math.floor(start / 12), start % 12];
  if (length === 12 && m === 0) return yearPeriod(y);
  if (length === 6 && m % 6 === 0) return { label: `H${m / 6 + 1} ${y}`, from: day(y, m), to: day(y, m + 6) };
  if (length === 3 && m % 3 === 0) return quarterPeriod(y, m / 3 + 1);
  if (length === 1) return monthPeriod(y, m);
  if (step === -1) return windowBefore(period);
  const days = daysBetween(period.from, period.to);
  return relativePeriod('the period after', period.to, addDays(period.to, days));
}

/** The period just before: the one beside it of the same length, or, where it has none (a unit period), a year before. */
export function periodBefore(period: Period): Period {
  return periodBeside(period, -1) ?? yearBefore(period);
}

/** The same period `years` years earlier: a whole month, quarter or year by its name, else by its dates. */
export function yearBefore(period: Period, years = 1): Period {
  // (February 29th has no day a year before: the day after February 28th stands for it.)
  const back = (date: string) => {
    const shifted = `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
    return shifted.endsWith('-02-29') ? `${shifted.slice(0, 4)}-03-01` : shifted;
  };
  const from = back(period.from);
  const to = back(period.to);
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7)) - 1;
  const whole = [
    yearPeriod(year),
    quarterPeriod(year, Math.floor(month / 3) + 1),
    monthPeriod(year, month),
  ].find((p) => p.from === from && p.to === to);
  if (whole) return whole;
  return relativePeriod(
    years === 1 ? 'the same period a year earlier' : `the same period ${years} years earlier`,
    from,
    to,
  );
}

/**
 * Adds, for each "same … last year", the period a year before the period named closest before it (or after
 * it, "the same month last year vs this month"); a "last ytd" replaces the year to date it stands before.
 * Without a period to be the same as, its words are left unread (the question is refused for them).
 */
export function resolveSame(
  periods: { period: Period; at: number }[],
  same: PeriodBack[],
  tokens: Token[] = [],
): { period: Period; at: number }[] {
  const out = [...periods];
  for (const { at, words, back, year, unit, years: yearsSaid } of same) {
    const own = out.findIndex((p) => p.at === at);
    const mine = out[own];
    if (mine && back === 'year') {
      // "last ytd": the year to date found at its own token is the one a year back.
      out[own] = { period: yearBefore(mine.period), at };
      continue;
    }
    const base =
      spanBefore(out, at, tokens) ??
      [...out].reverse().find((p) => p.at < at) ??
      (back === 'year' ? out.find((p) => p.at > at) : undefined);
    const years =
      year === undefined ? (yearsSaid ?? 1) : base ? Number(base.period.from.slice(0, 4)) - year : 0;
    if (base && years > 0 && back === 'year') {
      // ("this quarter vs the same quarter last year": the whole quarter a year back waits beside the same days.)
      const so = base.period;
      const whole =
        unit && so.unit === unit && so.relative
          ? yearBefore({ label: '', from: so.from, to: shift(so.from, unit, 1) }, years)
          : undefined;
      const period = yearBefore(so, years);
      out.push({ period: whole && whole.to !== period.to ? { ...period, whole } : period, at });
    } else if (base && back !== 'year' && back !== 'window') {
      // (Only of a period to date: "this month so far vs the same period last month".)
      const so = base.period;
      if (so.unit !== back || !so.relative) {
        for (const w of words) w.used = false;
        continue;
      }
      const from = sameDayBack(so.from, back);
      const to = sameDayBack(so.to, back);
      out.push({ period: relativePeriod(`the same period last ${back}`, from, to), at });
    } else if (base && years > 0) out.push({ period: windowBefore(base.period), at });
    else for (const w of words) w.used = false;
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The same day of the month a unit back ("August 21" a month back is July 21; a quarter back, May 21); a day the
 * earlier month lacks ends it (March 31 a month back is March 1, the end of February).
 */
function sameDayBack(date: string, unit: 'month' | 'quarter' | 'week'): string {
  if (unit === 'week') return addDays(date, -7);
  const start = addMonths(`${date.slice(0, 8)}01`, unit === 'month' ? -1 : -3);
  const day = Number(date.slice(8, 10));
  const next = addMonths(start, 1);
  const shifted = addDays(start, day - 1);
  return shifted.localeCompare(next) < 0 ? shifted : next;
}

/** Words that join the two ends of one span ("jan through sep 2025", "from march 3 to march 9"). */
const SPAN_WORDS = new Set(['through', 'thru', 'to', 'until', 'till']);

/**
 * "Jan through Sep 2025 vs the same nine months of 2024": the two periods named just before "same" that are the
 * ends of one span are replaced by that span (in `periods`), which is what the same months are the same as.
 */
function spanBefore(
  periods: { period: Period; at: number }[],
  at: number,
  tokens: Token[],
): { period: Period; at: number } | undefined {
  const before = periods.filter((p) => p.at < at);
  const end = before.at(-1);
  const start = before.at(-2);
  if (!start || !end || start.period.from >= end.period.from) return undefined;
  const between = tokens.slice(start.at + 1, end.at);
  if (!between.some((t) => SPAN_WORDS.has(t.raw)) || !between.every((t) => t.used || SPAN_WORDS.has(t.raw)))
    return undefined;
  for (const t of between) t.used = true;
  const span = {
    period: {
      label: `${start.period.label} to ${end.period.label}`,
      from: start.period.from,
      to: end.period.to,
    },
    at: start.at,
  };
  periods.splice(periods.indexOf(start), 1);
  periods.splice(periods.indexOf(end), 1, span);
  return span;
}
