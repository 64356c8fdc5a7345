import type { CatalogCube, CatalogMember } from './catalog';
import { addDays, addMonths, weekStart } from './clock';
import { nearlyEqual, STOPWORDS, stem, words } from './text';

export const GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Grain = (typeof GRAINS)[number];

/** A span of time: `from` inclusive, `to` exclusive, as YYYY-MM-DD. */
export interface Period {
  label: string;
  from: string;
  to: string;
  /** Read against today's date ("last month"): the label already says which dates. */
  relative?: boolean;
}

export interface ValueFilter {
  member: CatalogMember;
  values: string[];
  negate: boolean;
}

export interface NumberFilter {
  member: CatalogMember;
  op: '>' | '>=' | '<' | '<=';
  value: number;
}

/** What a question asks for, resolved onto one cube or view. */
export interface Plan {
  cube: CatalogCube;
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  grain?: Grain;
  timeDimension?: CatalogMember;
  filters: ValueFilter[];
  numberFilters: NumberFilter[];
  range?: Period;
  compare?: Period[];
  /** n = 0 ranks every row ("which categories sell best"). */
  top?: { n: number; direction: 'desc' | 'asc' };
  /** A share of the total in percent: of the rows matching `part`, or of each group when there is none. */
  share?: { part?: ValueFilter };
}

/** The pieces one question names, before a follow-up is merged into the previous plan. */
interface Parsed extends Plan {
  measureScore: number;
  /** Adds to the previous breakdown rather than replacing it ("also by status"). */
  additive: boolean;
  score: number;
  /** Content words no member, value or period explains ("rep", "profit"). */
  unexplained: string[];
  /** Asks about the future ("next quarter", "forecast"): the data only holds the past. */
  future: boolean;
}

interface Token {
  raw: string;
  stem: string;
  used: boolean;
  /** Used as a filter value ("enterprise" in "enterprise customers"). */
  value?: boolean;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_ABBREVIATIONS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: 4 };
const GRAIN_WORDS: Record<string, Grain> = {
  day: 'day',
  daily: 'day',
  week: 'week',
  weekly: 'week',
  month: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
};
const GROUP_TRIGGERS = new Set([
  'by',
  'per',
  'each',
  'every',
  'across',
  'which',
  'top',
  'bottom',
  'best',
  'worst',
  'compare',
]);
const GROUP_AFTER = new Set(['breakdown', 'wise', 'split', 'distribution', 'mix']);
const CLAUSE_BREAKS = new Set([
  'in',
  'for',
  'with',
  'where',
  'during',
  'from',
  'on',
  'at',
  'when',
  'excluding',
  'except',
  'of',
]);
const COMPARE_WORDS = new Set([
  'vs',
  'versus',
  'compare',
  'compared',
  'comparing',
  'comparison',
  'against',
  'than',
  'change',
  'growth',
  'difference',
]);
const DESC_SUPERLATIVES = new Set([
  'most',
  'highest',
  'largest',
  'biggest',
  'best',
  'max',
  'maximum',
  'greatest',
  'strongest',
  'top',
]);
const ASC_SUPERLATIVES = new Set([
  'least',
  'lowest',
  'fewest',
  'smallest',
  'worst',
  'weakest',
  'poorest',
  'min',
  'minimum',
]);
const FOLLOW_UP_START = [
  'and',
  'what about',
  'how about',
  'now',
  'same',
  'also',
  'only',
  'just',
  'then',
  'ok',
  'okay',
  'but',
  'what if',
  'instead',
];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number) => `${m > 11 ? y + 1 : y}-${pad((m % 12) + 1)}-01`;
const yearPeriod = (y: number): Period => ({ label: String(y), from: `${y}-01-01`, to: `${y + 1}-01-01` });
const monthPeriod = (y: number, m: number): Period => ({
  label: `${MONTHS[m]?.replace(/^./, (c) => c.toUpperCase()) ?? m} ${y}`,
  from: day(y, m),
  to: day(y, m + 1),
});
const quarterPeriod = (y: number, q: number): Period => ({
  label: `Q${q} ${y}`,
  from: day(y, (q - 1) * 3),
  to: day(y, q * 3),
});

const isYear = (raw: string) => /^(19|20)\d\d$/.test(raw);
/** A small whole number that counts things (not a year, not already a date or a threshold). */
const isCount = (t: Token | undefined) =>
  t !== undefined && !t.used && /^\d{1,3}$/.test(t.raw) && Number(t.raw) > 0;
const isSuperlative = (t: Token | undefined) =>
  t !== undefined && (DESC_SUPERLATIVES.has(t.raw) || ASC_SUPERLATIVES.has(t.raw));
const monthIndex = (raw: string): number | undefined => {
  const full = MONTHS.indexOf(raw);
  if (full >= 0) return full;
  return MONTH_ABBREVIATIONS[raw];
};

/** A member that identifies rows rather than describing them (ids): never a breakdown. */
const isIdentifier = (m: CatalogMember) =>
  m.column === 'id' || m.column.endsWith('_id') || m.titleWords.at(-1) === 'id';

/** Words that name a dimension: the head noun of its title and name, plus the full title. */
function dimensionKeys(m: CatalogMember): { single: string[]; derived: string[]; phrases: string[][] } {
  const single = new Set<string>();
  const derived = new Set<string>();
  const titleHead = m.titleWords.at(-1);
  const columnWords = m.column.split('_').map(stem);
  const columnHead = columnWords.at(-1);
  for (const head of [titleHead, columnHead]) {
    if (!head) continue;
    if (head === 'name' || head === 'id' || head === 'at') {
      // "Customer name" is asked for as "customer"; "created_at" is a time, not a word.
      const before = head === titleHead ? m.titleWords.at(-2) : columnWords.at(-2);
      if (before && head !== 'at') derived.add(before);
      continue;
    }
    single.add(head);
  }
  const phrases = [m.titleWords, columnWords].filter((p) => p.length > 1 && !p.includes('at'));
  return { single: [...single], derived: [...derived].filter((w) => !single.has(w)), phrases };
}

/** Finds `sequence` (stems) among unused tokens; returns the start index or -1. */
function findSequence(tokens: Token[], sequence: string[], skipStopwords: boolean): number[] | undefined {
  if (sequence.length === 0) return undefined;
  const indices = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => !t.used && (!skipStopwords || !STOPWORDS.has(t.raw)));
  for (let start = 0; start + sequence.length <= indices.length; start++) {
    const slice = indices.slice(start, start + sequence.length);
    if (slice.every(({ t }, k) => t.stem === sequence[k] || nearlyEqual(t.stem, sequence[k] ?? ''))) {
      return slice.map(({ i }) => i);
    }
  }
  return undefined;
}

function inGroupingContext(tokens: Token[], index: number, allowPlural = true): boolean {
  // "the 3 customers", "5 largest regions": a count of things asks for them one by one.
  const counted = (k: number) => /^\d{1,3}$/.test(tokens[k]?.raw ?? '');
  if (counted(index - 1) || (counted(index - 2) && isSuperlative(tokens[index - 1]))) return true;
  for (let k = index - 1; k >= Math.max(0, index - 4); k--) {
    const raw = tokens[k]?.raw ?? '';
    // A superlative ranks what it qualifies ("least popular product category").
    if (GROUP_TRIGGERS.has(raw) || isSuperlative(tokens[k])) return true;
    if (raw === 'what' && k === index - 1) return true;
    if (CLAUSE_BREAKS.has(raw)) return false;
  }
  const next = tokens[index + 1]?.raw;
  if (next && GROUP_AFTER.has(next)) return true;
  const token = tokens[index];
  const previous = tokens[index - 1]?.raw ?? '';
  // A plural dimension word ("regions", "categories") asks for the breakdown, unless it is counted.
  return (
    allowPlural &&
    !['many', 'number', 'count', 'of'].includes(previous) &&
    token !== undefined &&
    token.raw !== token.stem &&
    token.raw.endsWith('s')
  );
}

/** Periods named in the question (years, months, quarters), in order, with the tokens they used. */
function findPeriods(tokens: Token[], today: string): { period: Period; at: number }[] {
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
    const which = tokens[i + 1];
    const unit = tokens[i + 2];
    if (which && unit?.stem === 'year' && (THIS_WORDS.has(which.raw) || LAST_WORDS.has(which.raw))) {
      which.used = true;
      unit.used = true;
      return THIS_WORDS.has(which.raw) ? currentYear : currentYear - 1;
    }
    return undefined;
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
      const y = yearAround(i) ?? latest((year) => quarterPeriod(year, q).from);
      t.used = true;
      found.push({ period: quarterPeriod(y, q), at: i });
      continue;
    }
    const ordinal = ORDINALS[t.raw];
    if (ordinal !== undefined && tokens[i + 1]?.raw === 'quarter') {
      const y = yearAround(i + 1);
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
      const y =
        own && isYear(own.raw)
          ? Number(own.raw)
          : later
            ? Number(later.raw)
            : dateIn(currentYear) <= today
              ? currentYear
              : currentYear - 1;
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
      const bare = ['in', 'since', 'for', 'during', 'of', 'from', 'after', 'before', 'until'].includes(
        tokens[i - 1]?.raw ?? '',
      );
      const y = yearAround(i) ?? (bare ? latest((year) => monthPeriod(year, month).from) : undefined);
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
      found.push({ period: yearPeriod(Number(t.raw)), at: i });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

const UNITS = new Set(['day', 'week', 'month', 'quarter', 'year']);
type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';
const LAST_WORDS = new Set(['last', 'previous', 'past', 'prior', 'preceding']);
const THIS_WORDS = new Set(['this', 'current']);
const FUTURE_WORDS = new Set([
  'forecast',
  'forecasts',
  'predict',
  'prediction',
  'projected',
  'projection',
  'will',
  'next',
  'upcoming',
  'future',
]);
/** Words asking for an amount of money (the model's sum measure when no measure is named). */
const MONEY_WORDS = new Set(['money', 'spend', 'spent', 'spending', 'earn', 'earned', 'earnings', 'income']);
/** Words that turn a measure into a share of a total. */
const RATIO_WORDS = new Set([
  'percentage',
  'percent',
  'pct',
  'share',
  'fraction',
  'proportion',
  'portion',
  'rate',
  'ratio',
]);
/**
 * General English that carries no data meaning (verbs of selling and asking, fillers): left over, these do
 * not make a question unanswerable. Anything else left over names something the model lacks.
 */
const FILLER = new Set(
  `sell sold selling sale make made bring brought come comes came get got gets getting generate generated do
  done did doing go went see look find want need know like break down up out off into over so far overall
  currently now ever since total value worth money much single individual each per we us our your they them
  were are be been being had has have just only also too well then ok okay please thanks hi show display
  chart graph table plot give tell list compare compared comparing versus against vs between among within
  across during excluding except without not non including include included only what which who whom whose
  where when why how much many ever top bottom best worst most least more less highest lowest largest
  biggest smallest number amount figure figures data stats statistics numbers breakdown split per cent
  place placed put bought buy buying spend spent spending earn earned earning receive received receiving
  take took taken record recorded happen happened occur occurred size volume typical usual normal
  strongest weakest poorest good bad overview summary summarize summarise quick brief report reporting trend
  trends trending trended analysis analyse analyze insight insights detail details detailed info information
  performance perform performing performed doing going looking change changes changed metric metrics kpi kpis
  view views result results overall altogether whole entire full complete currently right exactly roughly
  approximately about around popular rank ranked ranking rankings sort sorted different
  distinct dollar dollars usd eur euro euros bucks currency`.split(/\s+/),
);

const unitOf = (t: Token | undefined): Unit | undefined =>
  t && UNITS.has(t.stem) ? (t.stem as Unit) : undefined;

/** Start of the unit containing `today`. */
function unitStart(today: string, unit: Unit): string {
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
function shift(start: string, unit: Unit, n: number): string {
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

const relativePeriod = (phrase: string, from: string, to: string): Period => {
  const last = addDays(to, -1);
  return { label: `${phrase} (${from === last ? from : `${from} to ${last}`})`, from, to, relative: true };
};

/**
 * Periods relative to today: today, yesterday, this/last week|month|quarter|year, the last N days|weeks|
 * months|years (complete units before the current one), year/month/quarter to date. "this …" runs through
 * today. A period after today (next month) is reported as `future`.
 */
function findRelative(
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
    if (t.raw === 'today' || t.raw === 'tonight') {
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
      found.push({ period: relativePeriod(`${unit} to date`, unitStart(today, unit), tomorrow), at: i });
    } else if (THIS_WORDS.has(t.raw) && unitOf(next)) {
      const unit = unitOf(next) ?? 'year';
      use(t, next);
      if (tokens[i + 2]?.raw === 'so' && tokens[i + 3]?.raw === 'far') use(tokens[i + 2], tokens[i + 3]);
      found.push({ period: relativePeriod(`this ${unit}`, unitStart(today, unit), tomorrow), at: i });
    } else if (LAST_WORDS.has(t.raw) && next) {
      const count = /^\d{1,3}$/.test(next.raw) ? Number(next.raw) : undefined;
      const unit = count !== undefined ? unitOf(tokens[i + 2]) : unitOf(next);
      if (!unit || count === 0) continue;
      const n = count ?? 1;
      const start = unitStart(today, unit);
      use(t, next, ...(count !== undefined ? [tokens[i + 2]] : []));
      const phrase = count !== undefined ? `the last ${n} ${unit}s` : `last ${unit}`;
      found.push({ period: relativePeriod(phrase, shift(start, unit, -n), start), at: i });
    }
  }
  return { found, future };
}

/** Measures named by their full title ("total amount", "average amount"): claimed before anything else. */
function claimMeasureTitles(tokens: Token[], cube: CatalogCube): CatalogMember[] {
  const claimed: CatalogMember[] = [];
  const titled = cube.members
    .filter((m) => m.kind === 'measure' && m.titleWords.length > 1)
    .sort((a, b) => b.titleWords.length - a.titleWords.length);
  for (const m of titled) {
    const at = findSequence(tokens, m.titleWords, true);
    if (!at) continue;
    for (const i of at) {
      const t = tokens[i];
      if (t) t.used = true;
    }
    claimed.push(m);
  }
  return claimed;
}

/** The length of the common start of two words. */
const commonPrefix = (a: string, b: string) => {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
};

/** In a ratio question, "return rate" and "cancellation rate" name the values returned and cancelled. */
function findValueStems(tokens: Token[], cube: CatalogCube): ValueFilter | undefined {
  for (const t of tokens) {
    if (t.used || t.raw.length < 5 || STOPWORDS.has(t.raw)) continue;
    for (const member of cube.members) {
      if (member.kind !== 'dimension') continue;
      const value = member.values.find((v) => !v.includes(' ') && commonPrefix(v, t.raw) >= 5);
      if (value) {
        t.used = true;
        t.value = true;
        return { member, values: [value], negate: false };
      }
    }
  }
  return undefined;
}

function findGrain(tokens: Token[]): Grain | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const grain = GRAIN_WORDS[t.stem];
    if (!grain) continue;
    const before = tokens[i - 1]?.raw ?? '';
    const adjective = t.raw !== t.stem || /ly$|annual/.test(t.raw);
    if (adjective || ['by', 'per', 'each', 'every', 'over', 'a', 'the', 'which', 'what'].includes(before)) {
      // "over the last year" is not a grain, but "per year" and "yearly" are.
      if (before === 'the' && !adjective && !['by', 'per', 'over'].includes(tokens[i - 2]?.raw ?? ''))
        continue;
      t.used = true;
      if (['by', 'per', 'each', 'every'].includes(before)) {
        const b = tokens[i - 1];
        if (b) b.used = true;
      }
      return grain;
    }
  }
  const text = tokens.map((t) => t.raw).join(' ');
  if (/\b(over time|trend|trends|timeline|time series|evolution|history)\b/.test(text)) return 'month';
  return undefined;
}

/** How many rows a ranking asks for when a count names them ("which 3 regions", "the 5 largest"). */
function countAsked(tokens: Token[]): { n: number; token: Token } | undefined {
  const LEAD = new Set(['which', 'what', 'the', 'show', 'list', 'give', 'me', 'our', 'name', 'find']);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isCount(t) || !t) continue;
    if (LEAD.has(tokens[i - 1]?.raw ?? '') || isSuperlative(tokens[i + 1]))
      return { n: Number(t.raw), token: t };
  }
  return undefined;
}

function findTop(tokens: Token[]): (Parsed['top'] & { superlative?: Token; counted?: boolean }) | undefined {
  const asked = countAsked(tokens);
  const counted = asked ? { counted: true } : {};
  const take = (n: number) => {
    if (!asked) return n;
    asked.token.used = true;
    return asked.n;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t) continue;
    // "Rank regions by revenue": every row, highest first.
    if (t.stem === 'rank' || t.raw === 'ranked' || t.raw === 'ranking') {
      t.used = true;
      return { n: take(0), direction: 'desc', ...counted };
    }
    const direction = ['top', 'best', 'highest', 'largest', 'biggest', 'strongest'].includes(t.raw)
      ? 'desc'
      : ['bottom', 'worst', 'lowest', 'smallest', 'weakest', 'poorest'].includes(t.raw)
        ? 'asc'
        : undefined;
    if (!direction) continue;
    const next = tokens[i + 1];
    if (next && /^\d{1,3}$/.test(next.raw) && Number(next.raw) > 0) {
      t.used = true;
      next.used = true;
      return { n: Number(next.raw), direction, counted: true };
    }
    if (t.raw === 'top' || t.raw === 'bottom') {
      t.used = true;
      return { n: take(next && next.raw !== next.stem ? 5 : 1), direction, ...counted };
    }
    // "the 5 largest customers" counts the rows; "largest order" alone names a measure (decided later).
    if (asked && tokens[i - 1] === asked.token) {
      t.used = true;
      return { n: take(1), direction, superlative: t, ...counted };
    }
  }
  const raws = tokens.map((t) => t.raw);
  const question = raws.includes('which') || raws.includes('what') || raws.includes('who');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || !isSuperlative(t)) continue;
    // "best region for furniture", "least popular category": a superlative leading the question ranks
    // what follows it, as a which-question does.
    const leading = tokens.slice(0, i).every((b) => STOPWORDS.has(b.raw) || b.used || isCount(b));
    if (question || asked || leading) {
      t.used = true;
      return {
        n: take(1),
        direction: DESC_SUPERLATIVES.has(t.raw) ? 'desc' : 'asc',
        superlative: t,
        ...counted,
      };
    }
  }
  return undefined;
}

function findNumberFilters(tokens: Token[], cube: CatalogCube): NumberFilter[] {
  const numeric = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'number' && !isIdentifier(m),
  );
  if (numeric.length === 0) return [];
  const named = numeric.find((m) => tokens.some((t) => m.titleWords.includes(t.stem) || m.column === t.stem));
  const member = named ?? numeric[0];
  if (!member) return [];
  const filters: NumberFilter[] = [];
  const ops: [string[], NumberFilter['op']][] = [
    [['over'], '>'],
    [['above'], '>'],
    [['more', 'than'], '>'],
    [['greater', 'than'], '>'],
    [['bigger', 'than'], '>'],
    [['larger', 'than'], '>'],
    [['exceeding'], '>'],
    [['at', 'least'], '>='],
    [['under'], '<'],
    [['below'], '<'],
    [['less', 'than'], '<'],
    [['smaller', 'than'], '<'],
    [['at', 'most'], '<='],
  ];
  for (let i = 0; i < tokens.length; i++) {
    for (const [phrase, op] of ops) {
      const matches = phrase.every((w, k) => tokens[i + k]?.raw === w);
      const value = tokens[i + phrase.length];
      if (matches && value && !value.used && /^\d+(\.\d+)?$/.test(value.raw)) {
        for (let k = 0; k <= phrase.length; k++) {
          const used = tokens[i + k];
          if (used) used.used = true;
        }
        filters.push({ member, op, value: Number(value.raw) });
      }
    }
    const t = tokens[i];
    const low = tokens[i + 1];
    const high = tokens[i + 3];
    if (
      t?.raw === 'between' &&
      low &&
      high &&
      tokens[i + 2]?.raw === 'and' &&
      !low.used &&
      !isYear(low.raw)
    ) {
      if (/^\d+(\.\d+)?$/.test(low.raw) && /^\d+(\.\d+)?$/.test(high.raw)) {
        for (let k = 0; k < 4; k++) {
          const used = tokens[i + k];
          if (used) used.used = true;
        }
        filters.push(
          { member, op: '>=', value: Number(low.raw) },
          { member, op: '<=', value: Number(high.raw) },
        );
      }
    }
  }
  return filters;
}

function findValues(tokens: Token[], cube: CatalogCube): ValueFilter[] {
  const filters: ValueFilter[] = [];
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.values.length === 0) continue;
    const matched: string[] = [];
    let negate = false;
    for (const value of member.values) {
      const sequence = words(value).map(stem);
      const at = findSequence(tokens, sequence, false);
      if (!at) continue;
      const first = at[0] ?? 0;
      const before = [tokens[first - 1]?.raw, tokens[first - 2]?.raw];
      if (
        before.some(
          (w) => w === 'not' || w === 'excluding' || w === 'except' || w === 'without' || w === 'non',
        )
      ) {
        negate = true;
      }
      for (const i of at) {
        const t = tokens[i];
        if (t) {
          t.used = true;
          t.value = true;
        }
      }
      matched.push(value);
    }
    if (matched.length > 0) filters.push({ member, values: matched, negate });
  }
  return filters;
}

function findDimensions(tokens: Token[], cube: CatalogCube): { member: CatalogMember; at: number }[] {
  const found: { member: CatalogMember; at: number }[] = [];
  const candidates = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type !== 'time' && !isIdentifier(m),
  );
  // A number is a breakdown only when asked for one ("by order amount"); otherwise it names a measure.
  const breakdownAsked = tokens.some((t) => t.raw === 'by' || t.raw === 'per');
  // Full titles first ("product category"), then single head words.
  for (const member of candidates) {
    if (member.type === 'number' && !breakdownAsked) continue;
    for (const phrase of dimensionKeys(member).phrases) {
      // Contiguous only: "sales by region" is a measure by a dimension, not the "sales region" title.
      const at = findSequence(tokens, phrase, false);
      if (at && inGroupingContext(tokens, at[0] ?? 0)) {
        for (const i of at) {
          const t = tokens[i];
          if (t) t.used = true;
        }
        found.push({ member, at: at[0] ?? 0 });
      }
    }
  }
  for (const member of candidates) {
    if (found.some((f) => f.member === member)) continue;
    if (member.type === 'number' && !breakdownAsked) continue;
    const keys = dimensionKeys(member);
    for (const key of [...keys.single, ...keys.derived]) {
      const index = tokens.findIndex((t) => !t.used && (t.stem === key || nearlyEqual(t.stem, key)));
      const derived = !keys.single.includes(key);
      // "customer" names "Customer name" only when it is not qualifying another dimension ("customer segment").
      const next = tokens[index + 1];
      if (
        derived &&
        next &&
        candidates.some((c) => c !== member && dimensionKeys(c).single.includes(next.stem))
      )
        continue;
      // "enterprise customers": a word right after a filter value qualifies it, it is no breakdown (nor a measure).
      const qualified = tokens[index];
      if (index > 0 && tokens[index - 1]?.value && qualified) {
        qualified.used = true;
        continue;
      }
      if (index >= 0 && inGroupingContext(tokens, index, !derived)) {
        const t = tokens[index];
        if (t) t.used = true;
        found.push({ member, at: index });
        break;
      }
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

function matchMeasures(
  tokens: Token[],
  cube: CatalogCube,
  preset: CatalogMember[],
): { measures: CatalogMember[]; score: number } {
  const measures = cube.members.filter((m) => m.kind === 'measure');
  const frequency = new Map<string, number>();
  for (const m of measures) {
    for (const w of new Set([...m.titleWords, ...m.otherWords]))
      frequency.set(w, (frequency.get(w) ?? 0) + 1);
  }
  const idf = (w: string) => 1 / (frequency.get(w) ?? 1);
  const chosen: CatalogMember[] = [...preset];
  let total = 4 * preset.length;
  for (let round = preset.length; round < 3; round++) {
    let best: { member: CatalogMember; score: number; used: number[] } | undefined;
    for (const m of measures) {
      if (chosen.includes(m)) continue;
      let score = 0;
      // Phrases and title words claim their tokens; description words only add weight.
      const used = new Set<number>();
      const weak = new Set<number>();
      for (const phrase of m.phrases) {
        const ws = phrase.split(' ');
        const at = findSequence(tokens, ws, false) ?? findSequence(tokens, ws, true);
        if (at && !at.some((i) => used.has(i))) {
          score += 1.5 * ws.length + 1.5;
          for (const i of at) used.add(i);
        }
      }
      tokens.forEach((t, i) => {
        if (t.used || used.has(i) || STOPWORDS.has(t.raw)) return;
        if (m.titleWords.includes(t.stem)) {
          score += 2 * idf(t.stem);
          used.add(i);
        } else if (m.otherWords.includes(t.stem)) {
          score += idf(t.stem);
          weak.add(i);
        }
      });
      if (!best || score > best.score) best = { member: m, score, used: [...(used.size > 0 ? used : weak)] };
    }
    // A measure named by its title leaves others to phrases, not single leftover words ("of cancelled orders").
    const threshold = round === 0 ? 0.35 : preset.length > 0 ? 3.5 : 2.5;
    if (!best || best.score < threshold) break;
    chosen.push(best.member);
    total += best.score;
    for (const i of best.used) {
      const t = tokens[i];
      if (t) t.used = true;
    }
  }
  return { measures: chosen, score: total };
}

/** Aggregation words before a measure's word ("average revenue"): general English, not a model's. */
const AGGREGATION_WORDS: Record<string, string> = {
  average: 'avg',
  avg: 'avg',
  mean: 'avg',
  median: 'median',
  maximum: 'max',
  max: 'max',
  minimum: 'min',
  min: 'min',
};
const AGGREGATION_TITLE_WORDS = new Set([
  'total',
  'sum',
  'number',
  'count',
  ...Object.keys(AGGREGATION_WORDS),
]);

/**
 * "average revenue" when revenue names a sum: the measure of the same quantity with the asked aggregation
 * (its title without the aggregation word covers the sum's, "Average amount" for "Total amount").
 */
function aggregatedAs(measure: CatalogMember, tokens: Token[], cube: CatalogCube): CatalogMember {
  if (measure.aggType !== 'sum') return measure;
  const names = new Set([...measure.titleWords, ...measure.otherWords, ...measure.phrases]);
  const asked = tokens.findIndex(
    (t, i) => AGGREGATION_WORDS[t.raw] !== undefined && names.has(tokens[i + 1]?.stem ?? ''),
  );
  const agg = AGGREGATION_WORDS[tokens[asked]?.raw ?? ''];
  if (!agg) return measure;
  const core = (m: CatalogMember) => m.titleWords.filter((w) => !AGGREGATION_TITLE_WORDS.has(w));
  const mine = core(measure);
  const sibling = cube.members.find(
    (m) =>
      m.kind === 'measure' &&
      m.aggType === agg &&
      (mine.every((w) => core(m).includes(w)) || core(m).every((w) => mine.includes(w))),
  );
  const token = tokens[asked];
  if (sibling && token) token.used = true;
  return sibling ?? measure;
}

/**
 * Two words the model writes as one ("signed up" for a `signup` synonym, "check out" for "checkout"): joined
 * when the joined word names a member and the first word alone does not.
 */
function joinCompounds(tokens: Token[], cube: CatalogCube): Token[] {
  const vocabulary = new Set(cube.members.flatMap((m) => [...m.titleWords, ...m.otherWords]));
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (!t) continue;
    if (next && /^[a-z]+$/.test(t.raw) && /^[a-z]+$/.test(next.raw) && !vocabulary.has(t.stem)) {
      const bases = [t.raw, t.raw.replace(/ed$/, ''), t.raw.replace(/d$/, ''), t.raw.replace(/ing$/, '')];
      const joined = bases.map((b) => `${b}${next.raw}`).find((w) => vocabulary.has(stem(w)));
      if (joined) {
        out.push({ raw: joined, stem: stem(joined), used: false });
        i++;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

/** Reads one question against one cube; relative periods are counted from `today` (YYYY-MM-DD). */
function parseAgainst(question: string, cube: CatalogCube, today: string): Parsed {
  const tokens = joinCompounds(
    words(question).map((raw) => ({ raw, stem: stem(raw), used: false })),
    cube,
  );
  const raws = tokens.map((t) => t.raw);
  const named = findPeriods(tokens, today);
  const relative = findRelative(tokens, today);
  const periods = [...named, ...relative.found].sort((a, b) => a.at - b.at);
  const future = relative.future || raws.includes('will');
  const ratio = tokens.filter((t) => RATIO_WORDS.has(t.raw) || (t.raw === 'cent' && t.stem === 'cent'));
  for (const t of ratio) t.used = true;
  // "by how many percent": a percentage is asked for, not a count.
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (
      t.raw === 'how' &&
      next &&
      ['many', 'much'].includes(next.raw) &&
      ratio.includes(tokens[i + 2] as Token)
    ) {
      t.used = true;
      next.used = true;
    }
  });
  const claimed = claimMeasureTitles(tokens, cube);
  const grain = findGrain(tokens);
  const found = findTop(tokens);
  const numberFilters = findNumberFilters(tokens, cube);
  const filters = findValues(tokens, cube);
  if (ratio.length > 0) {
    const stemmed = findValueStems(tokens, cube);
    if (stemmed && !filters.some((f) => f.member === stemmed.member)) filters.push(stemmed);
  }
  const dimensionsFound = findDimensions(tokens, cube);
  const dimensions = dimensionsFound.map((d) => d.member);
  // Comparing named values ("electronics vs furniture") keeps one series per value.
  if (raws.some((w) => COMPARE_WORDS.has(w) && w !== 'change' && w !== 'growth' && w !== 'than')) {
    for (const f of filters) {
      if (f.values.length > 1 && !f.negate && !dimensions.includes(f.member)) dimensions.unshift(f.member);
    }
  }
  // "What is the largest order?" names a measure, not a ranking: without a breakdown the word goes back.
  let top: Parsed['top'];
  if (found?.superlative && dimensions.length === 0 && !grain) found.superlative.used = false;
  else if (found) {
    // "Which categories sell best": a plural breakdown ranks them all rather than picking one.
    const first = dimensionsFound[0];
    const token = first ? tokens[first.at] : undefined;
    const plural =
      found.superlative !== undefined && !found.counted && token !== undefined && token.raw !== token.stem;
    top = { n: plural ? 0 : found.n, direction: found.direction };
  }
  const matched = matchMeasures(tokens, cube, claimed);
  let { measures, score: measureScore } = matched;
  measures = measures.map((m) => aggregatedAs(m, tokens, cube));
  // "How much money did we make": an amount of money is the model's sum, when nothing else named a measure.
  const money = raws.some((w) => MONEY_WORDS.has(w)) || /\bhow much\b/.test(raws.join(' '));
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  if (money && measures.length === 0 && sum) {
    measures = [sum];
    measureScore = 2;
  }

  let share: Parsed['share'];
  if (ratio.length > 0) {
    // The part is the value the share is of ("returned", "from electronics"); "in the west" only scopes.
    const scoped = (f: ValueFilter) => {
      const index = tokens.findIndex(
        (t) => t.value && f.values.some((v) => words(v).map(stem)[0] === t.stem),
      );
      return ['in', 'for', 'within', 'among', 'during'].includes(tokens[index - 1]?.raw ?? '');
    };
    const part = filters.find((f) => !scoped(f) && !dimensions.includes(f.member));
    if (part || dimensions.length > 0 || grain) share = part ? { part } : {};
  }

  let range: Period | undefined;
  let compare: Period[] | undefined;
  const first = periods[0];
  const last = periods.at(-1);
  if (periods.length >= 2 && first && last) {
    const spanning =
      raws.includes('between') ||
      raws.includes('through') ||
      (raws.includes('from') && raws.includes('to')) ||
      raws.includes('until');
    if (spanning && !raws.some((w) => COMPARE_WORDS.has(w))) {
      range = {
        label: `${first.period.label} to ${last.period.label}`,
        from: first.period.from,
        to: last.period.to,
      };
    } else {
      const unique = new Map(periods.map((p) => [p.period.label, p.period]));
      compare = [...unique.values()].sort((a, b) => a.from.localeCompare(b.from));
    }
  } else if (first) {
    const before = raws[first.at - 1];
    if (first.period.relative) {
      range = first.period;
    } else if (before === 'since' || before === 'after' || (before === 'from' && !raws.includes('to'))) {
      // Through today: rows dated after today (planned, mistyped) are not part of "since".
      const tomorrow = addDays(today, 1);
      range = {
        label: `since ${first.period.label} (through ${today})`,
        from: before === 'after' ? first.period.to : first.period.from,
        to: tomorrow,
      };
    } else if (before === 'before' || before === 'until') {
      range = { label: `before ${first.period.label}`, from: '0001-01-01', to: first.period.from };
    } else {
      range = first.period;
    }
  }

  const timeDimensions = cube.members.filter((m) => m.kind === 'dimension' && m.type === 'time');
  const timeDimension =
    timeDimensions.find((m) => tokens.some((t) => !STOPWORDS.has(t.raw) && m.titleWords.includes(t.stem))) ??
    timeDimensions[0];
  const cubeWords = tokens.filter((t) => cube.words.includes(t.stem)).length;
  const timeUseful = (grain || range || compare) && timeDimension ? 0.5 : 0;
  // Words this reading leaves unexplained ("revenue" read against customers) make it a worse reading.
  const memberWords = new Set(cube.members.flatMap((m) => [...m.titleWords, ...m.otherWords]));
  const leftover = tokens.filter(
    (t) => !t.used && !STOPWORDS.has(t.raw) && !cube.words.includes(t.stem) && /^[a-z]{3,}$/.test(t.raw),
  );
  const unexplained = leftover
    .filter((t) => !FILLER.has(t.raw) && !memberWords.has(t.stem))
    .map((t) => t.raw);
  const score =
    -0.5 * leftover.length +
    (cube.isView ? 0.25 : 0) +
    1.5 * measureScore +
    2 * dimensions.length +
    2 * filters.length +
    numberFilters.length +
    1.5 * cubeWords +
    timeUseful -
    (grain || range || compare ? (timeDimension ? 0 : 5) : 0);
  const text = ` ${raws.join(' ')} `;
  return {
    cube,
    measures,
    measureScore,
    dimensions,
    ...(grain ? { grain } : {}),
    ...(timeDimension && (grain || range || compare) ? { timeDimension } : {}),
    filters: share?.part ? filters.filter((f) => f !== share?.part) : filters,
    numberFilters,
    ...(range ? { range } : {}),
    ...(compare ? { compare } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
    additive: / (also|too|as well|additionally) /.test(text),
    score,
    unexplained,
    future,
  };
}

const nothingFound = (p: Parsed) =>
  p.measures.length === 0 &&
  p.dimensions.length === 0 &&
  p.filters.length === 0 &&
  p.numberFilters.length === 0 &&
  !p.grain &&
  !p.range &&
  !p.compare;

const defaultMeasure = (cube: CatalogCube): CatalogMember | undefined =>
  cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count') ??
  cube.members.find((m) => m.kind === 'measure');

/** Whether the question leans on the previous one ("and by status?", "what about 2024?"). */
export function looksLikeFollowUp(question: string, parsed?: { measures: unknown[] }): boolean {
  const text = words(question).join(' ');
  if (FOLLOW_UP_START.some((start) => text === start || text.startsWith(`${start} `))) return true;
  return parsed !== undefined && parsed.measures.length === 0 && words(question).length <= 6;
}

const additive = (m: CatalogMember) => m.aggType === 'sum' || m.aggType === 'count';

function toPlan(p: Parsed): Plan | undefined {
  let measures = p.measures.length > 0 ? p.measures : [defaultMeasure(p.cube)].filter((m) => m !== undefined);
  // A share adds up its parts: only a sum or a count can be shared out.
  if (p.share) measures = [measures.find(additive) ?? defaultMeasure(p.cube)].filter((m) => m !== undefined);
  if (measures.length === 0) return undefined;
  return {
    cube: p.cube,
    measures,
    dimensions: p.dimensions,
    ...(p.grain ? { grain: p.grain } : {}),
    ...(p.timeDimension ? { timeDimension: p.timeDimension } : {}),
    filters: p.filters,
    numberFilters: p.numberFilters,
    ...(p.range ? { range: p.range } : {}),
    ...(p.compare ? { compare: p.compare } : {}),
    ...(p.top ? { top: p.top } : {}),
    ...(p.share ? { share: p.share } : {}),
  };
}

/** A follow-up keeps what it does not change from the previous plan. */
function merge(previous: Plan, next: Parsed): Plan {
  const breakdownChanged = next.dimensions.length > 0 || next.grain !== undefined;
  const dimensions = breakdownChanged
    ? next.additive
      ? [...previous.dimensions, ...next.dimensions.filter((d) => !previous.dimensions.includes(d))]
      : next.dimensions
    : previous.dimensions;
  const grain = breakdownChanged
    ? (next.grain ?? (next.additive ? previous.grain : undefined))
    : previous.grain;
  const filters = [
    ...previous.filters.filter((f) => !next.filters.some((n) => n.member === f.member)),
    ...next.filters,
  ];
  const numberFilters = next.numberFilters.length > 0 ? next.numberFilters : previous.numberFilters;
  const timeChanged = next.range !== undefined || next.compare !== undefined;
  const range = timeChanged ? next.range : previous.range;
  const compare = timeChanged ? next.compare : previous.compare;
  const top = next.top ?? (breakdownChanged ? undefined : previous.top);
  const timeDimension = next.timeDimension ?? previous.timeDimension;
  const share = next.share ?? previous.share;
  return {
    cube: previous.cube,
    measures: next.measures.length > 0 ? next.measures : previous.measures,
    dimensions,
    ...(grain ? { grain } : {}),
    ...(timeDimension && (grain || range || compare) ? { timeDimension } : {}),
    filters,
    numberFilters,
    ...(range ? { range } : {}),
    ...(compare ? { compare } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
  };
}

/** The best reading of a question over the catalog (highest score; the earlier cube on ties). */
function parseBest(question: string, catalog: readonly CatalogCube[], today: string): Parsed | undefined {
  let best: Parsed | undefined;
  for (const cube of catalog) {
    const parsed = parseAgainst(question, cube, today);
    if (!best || parsed.score > best.score) best = parsed;
  }
  return best;
}

/** What the planner makes of a thread's last question. */
export type Reading =
  | { kind: 'plan'; plan: Plan }
  /** Part of the question is outside the data (a person, a forecast): say what is missing. */
  | { kind: 'refuse'; missing: string }
  /** Nothing in the question matches the model. */
  | { kind: 'none' };

/**
 * Reads the last question of a thread: earlier questions are replayed so that follow-ups reuse what they
 * do not change. A question whose meaning leans on words the model cannot explain, or on the future, is
 * refused rather than answered as a different question.
 */
export function readQuestions(
  questions: readonly string[],
  catalog: readonly CatalogCube[],
  today: string,
): Reading {
  let plan: Plan | undefined;
  let reading: Reading = { kind: 'none' };
  for (const question of questions) {
    const best = parseBest(question, catalog, today);
    if (!best) return { kind: 'none' };
    let parsed = best;
    if (plan && looksLikeFollowUp(question, best)) {
      parsed = parseAgainst(question, plan.cube, today);
      plan = nothingFound(parsed) ? undefined : merge(plan, parsed);
    } else {
      plan = nothingFound(parsed) ? undefined : toPlan(parsed);
    }
    if (plan && parsed.future) {
      reading = {
        kind: 'refuse',
        missing: 'forecasts or future dates (the data only records what happened)',
      };
      plan = undefined;
    } else if (plan && parsed.unexplained.length > 0) {
      reading = { kind: 'refuse', missing: listQuoted(parsed.unexplained) };
      plan = undefined;
    } else {
      reading = plan ? { kind: 'plan', plan } : { kind: 'none' };
    }
  }
  return reading;
}

const listQuoted = (items: string[]) => {
  const quoted = [...new Set(items)].map((w) => `"${w}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

/** The plan for the last question of a thread, or undefined when it cannot be answered from the model. */
export function planFor(
  questions: readonly string[],
  catalog: readonly CatalogCube[],
  today = new Date().toISOString().slice(0, 10),
): Plan | undefined {
  const reading = readQuestions(questions, catalog, today);
  return reading.kind === 'plan' ? reading.plan : undefined;
}

/** Whether the last question matched nothing of its own (for the help answer). */
export function questionMatches(
  question: string,
  catalog: readonly CatalogCube[],
  today = new Date().toISOString().slice(0, 10),
): boolean {
  const parsed = parseBest(question, catalog, today);
  return parsed !== undefined && !nothingFound(parsed);
}
