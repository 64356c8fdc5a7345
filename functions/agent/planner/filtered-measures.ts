/**
 * A measure built from two filtered measures of the same rows (issue 29): one divided by the other ("return ratio =
 * returned orders / completed orders, per region in 2025", "cancelled revenue as a % of all revenue by quarter", "the
 * ratio of weekend to weekday orders"), one minus the other ("net revenue = completed amounts minus returned
 * amounts"), or a rate among rows of a size ("what % of orders under $25 were cancelled"). The question is cut into
 * the expression's two sides and the rest (its scope: periods, breakdowns, filters of both sides), and each part is
 * read by the ordinary reading on its own: a side must read as one sum or count with only conditions, the rest as a
 * plain figure or breakdown. Anything else is left to the other readers, so no condition is dropped; three terms
 * ("completed minus returned minus cancelled") are refused.
 */
import type { CatalogCube } from './catalog';
import { type FilteredMeasure, type Plan, secondOrder, type TwoMeasures } from './plan';

/** The ordinary reading of a text on its own: a plan, or undefined when it is refused or not understood. */
export type PlainReader = (text: string) => Plan | undefined;

/** What the reader found: a plan, a refusal with its reason, or nothing of its shape. */
export type TwoMeasuresReading = { plan: Plan } | { refuse: string } | undefined;

/** Words for "percent of" after "as a" ("as a % of", "as a share of"), and before "of" in a rate of rows. */
const SHARE_WORDS = new Set(['%', 'percent', 'percentage', 'pct', 'share', 'proportion', 'fraction']);
/** Verbs between a rate's rows and its part ("orders under $25 that WERE cancelled"). */
const BE_WORDS = new Set(['were', 'was', 'got', 'get', 'are', 'is', 'went', 'ended']);
/** Words that end a side: periods, breakdowns, clause words. */
const STOPS = new Set(
  'in for during per by each every across within to vs versus against and or as what whats how many much the ratio rate is was were are did does do there we my our this last that which got get went been have had it a an if with when since between minus plus times divided / q1 q2 q3 q4 h1 h2 year years quarter quarters month months week weeks day days ytd mtd qtd ever always'.split(
    ' ',
  ),
);
/** Punctuation that ends a side. */
const BREAKS = new Set(['(', ')', ',', '?', ':', '=', ';', '-', '.', '!']);
/** Words that name a side's measure. */
const NOUNS = new Set([
  'orders',
  'order',
  'revenue',
  'sales',
  'dollars',
  'spend',
  'turnover',
  'ones',
  'one',
  'aov',
]);
/** Comparison words before an amount, which keep the side going ("orders OVER $800", "of $100 or more"). */
const BOUNDS = new Set(['over', 'under', 'above', 'below', 'of', 'than', 'least', 'most', 'exactly']);
/** The last word of a name the asker gives the figure ("return ratio = ...", "net revenue (...)"). */
const NAME_ENDS = new Set([
  'ratio',
  'rate',
  'revenue',
  'sales',
  'spend',
  'orders',
  'count',
  'total',
  'margin',
  'share',
  'figure',
  'metric',
  'kpi',
]);
const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$/;

/** Whether a name the asker gives a figure is read here before its sides ("net revenue (...)"; not "net kept"). */
export const namesFigure = (name: string): boolean =>
  NAME_ENDS.has(name.trim().toLowerCase().split(/\s+/).at(-1) ?? '');

const isAmount = (w: string | undefined) => w !== undefined && /^\$?\d[\d,.]*k?$/.test(w);
const stops = (w: string, next: string | undefined) =>
  BREAKS.has(w) ||
  /^(?:19|20)\d\d$/.test(w) ||
  MONTH.test(w) ||
  ((w === 'of' || w === 'over' || w === 'under') && !isAmount(next)) ||
  STOPS.has(w);

/** Splits a question into lowercase words, with punctuation, "$" and "%" as words of their own. */
export function tokens(question: string): string[] {
  return question
    .toLowerCase()
    .replace(/\bw\/(?=\s)/g, 'with')
    .replace(/[‘’]/g, "'")
    .replace(/\bwhat's\b/g, 'whats')
    .replace(/÷/g, ' / ')
    .replace(/(?<!\d)\/|\/(?!\d)/g, ' / ')
    .replace(/%/g, ' % ')
    .replace(/\$(?!\d)/g, ' $ ')
    .replace(/([(),?:=;!])/g, ' $1 ')
    .replace(/\s-\s|\s--?\s/g, ' - ')
    .replace(/\.(?=\s|$)/g, ' . ')
    .split(/\s+/)
    .filter((w) => w !== '');
}

/**
 * A size glossed in place becomes its condition ("small orders (amount under $25)": orders under $25), and the
 * nouns of a side are the model's ("completed $", "returned amounts": revenue; "returns": returned orders).
 */
export function sideWords(question: string): string {
  return question
    .replace(
      /\b[a-z-]+\s+(orders?)\s*\(\s*(?:amount|value|total|=)?\s*((?:over|under|above|below|less than|more than|at least|at most)\s+\$?\d[\d,.]*k?)\s*\)/gi,
      '$1 $2',
    )
    .replace(/\$(?=\s|[),?.]|$)/g, 'revenue')
    .replace(/\b(?:amounts|dollars)\b/gi, 'revenue')
    .replace(/\bamount\b(?!\s+(?:over|under|above|below|of|less|more|at))/gi, 'revenue')
    .replace(/\breturns\b/gi, 'returned orders')
    .replace(/\b(?:cancellations|cancels)\b/gi, 'cancelled orders')
    .replace(/\bcompletions\b/gi, 'completed orders');
}

interface Span {
  start: number;
  end: number;
}

/** The side ending just before `at` (walking back over its words), or undefined when there is none. */
function leftSide(words: readonly string[], at: number): Span | undefined {
  let start = at;
  while (start > 0) {
    const w = words[start - 1] ?? '';
    if (stops(w, words[start]) && !(BOUNDS.has(w) && isAmount(words[start]))) break;
    start -= 1;
  }
  return start < at ? { start, end: at } : undefined;
}

/** The side starting at `at` (walking on over its words), or undefined when there is none. */
function rightSide(words: readonly string[], at: number): Span | undefined {
  // ("as a % of the total revenue": the article is the side's.)
  let end = words[at] === 'the' ? at + 1 : at;
  while (end < words.length) {
    const w = words[end] ?? '';
    // "$100 or more", "$750 and up": the bound's own words.
    if (
      (w === 'or' || w === 'and') &&
      isAmount(words[end - 1]) &&
      /^(?:more|less|above|below|up|over|under)$/.test(words[end + 1] ?? '')
    ) {
      end += 2;
      continue;
    }
    if (stops(w, words[end + 1]) && !(BOUNDS.has(w) && isAmount(words[end + 1]))) break;
    end += 1;
  }
  return end > at ? { start: at, end } : undefined;
}

/** A found expression: its two sides, its operator and the words it spans (the operator's included). */
interface Found {
  a: Span;
  b: Span;
  op: '/' | '-';
  percent?: true;
  span: Span;
  /** A rate of rows: `a` is the rows, `b` the part among them ("% of orders under $25 that were cancelled"). */
  among?: true;
  /** Said "B rate among A" ("return rate among completed or returned orders"). */
  rateAmong?: true;
  /** "how many returned orders per cancelled order": both sides must carry a condition. */
  per?: true;
  /** The operator is a word ("minus", "divided by", "as a % of"), not a slash or a ratio's "to". */
  word?: true;
  /** The operator is a slash. */
  slash?: true;
  /** Words of the expression after the scope's ("of A in Q4 2025, WHAT FRACTION GOT B"). */
  tail?: Span;
}

/** The operators of two sides at word `i`, with how many words each takes. */
function operatorAt(
  words: readonly string[],
  i: number,
): { op: '/' | '-'; length: number; percent?: true; kind: string } | undefined {
  const w = words[i];
  // ("completed / returned / cancelled" lists values: a slash is chained into no arithmetic.)
  if (w === '/') return { op: '/', length: 1, kind: 'slash' };
  if (w === 'divided' && words[i + 1] === 'by') return { op: '/', length: 2, kind: 'word' };
  if (w === 'minus') return { op: '-', length: 1, kind: 'word' };
  if (
    w === 'as' &&
    ['a', 'an'].includes(words[i + 1] ?? '') &&
    SHARE_WORDS.has(words[i + 2] ?? '') &&
    words[i + 3] === 'of'
  )
    return { op: '/', length: 4, percent: true, kind: 'word' };
  if (w === 'as' && SHARE_WORDS.has(words[i + 1] ?? '') && words[i + 2] === 'of')
    return { op: '/', length: 3, percent: true, kind: 'word' };
  if (w === 'per') return { op: '/', length: 1, kind: 'per' };
  if (w === 'to' || w === 'vs' || w === 'versus' || w === 'against')
    return { op: '/', length: 1, kind: 'ratio' };
  if (w === 'exceed' || w === 'exceeded' || w === 'outsell' || w === 'beat')
    return { op: '-', length: 1, kind: 'exceed' };
  return undefined;
}

/** Words that join a side to more of it ("cancelled OR returned"). */
const JOINS = new Set(['or', 'and', 'nor', 'not', 'but', 'except', 'excluding', 'plus', '+', '&']);
/** Words that ask for a ratio, beside which a slash divides. */
const RATIO_WORDS = /\b(?:ratio|rate|percent|percentage|pct|share|proportion|fraction|divided|relative)\b|%/i;

/** Verbs said between "how many" and a rate's "per" ("how many returned orders WERE THERE per cancelled order"). */
const PER_FILLERS = new Set(['were', 'was', 'there', 'did', 'do', 'we', 'have', 'had', 'get', 'got']);

/** The expressions of two sides the words hold ("A / B", "ratio of A to B", "% of A that were B", ...). */
function expressions(words: readonly string[]): Found[] {
  const found: Found[] = [];
  for (let i = 0; i < words.length; i++) {
    const operator = operatorAt(words, i);
    if (!operator) continue;
    let before = i;
    if (operator.kind === 'per') while (before > 0 && PER_FILLERS.has(words[before - 1] ?? '')) before -= 1;
    const a = leftSide(words, before);
    const b = rightSide(words, i + operator.length);
    if (!a || !b) continue;
    let start = a.start;
    let end = b.end;
    if (operator.kind === 'ratio') {
      // "ratio of A to B", "A to B ratio", "A vs B as a ratio": only with the word ratio.
      const ofRatio = words[start - 1] === 'of' && words[start - 2] === 'ratio';
      const ratioAfter = words[end] === 'ratio';
      const asRatio = words[end] === 'as' && words[end + 1] === 'a' && words[end + 2] === 'ratio';
      if (!ofRatio && !ratioAfter && !asRatio) continue;
      if (ofRatio) start -= 2;
      end += ratioAfter ? 1 : asRatio ? 3 : 0;
    }
    if (operator.kind === 'exceed') {
      // "by how much did A exceed B": only as a question of how much.
      const how = words.slice(0, start).join(' ');
      const asked = /(?:^|\s)(?:by\s+)?how\s+much\s+(?:did|does|do|has|have|was|were)$/.exec(how);
      if (!asked) continue;
      start -= asked[0].trim().split(/\s+/).length;
    }
    if (operator.kind === 'per') start = Math.min(start, before);
    const how = words.slice(0, start).join(' ');
    const many = operator.kind === 'per' ? /(?:^|\s)how\s+many$/.exec(how) : null;
    if (many) start -= 2;
    found.push({
      a,
      b,
      op: operator.op,
      ...(operator.percent ? { percent: true as const } : {}),
      ...(operator.kind === 'per' ? { per: true as const } : {}),
      ...(operator.kind === 'word' ? { word: true as const } : {}),
      ...(operator.kind === 'slash' ? { slash: true as const } : {}),
      span: { start, end },
    });
    // (A side is never the start of another expression: "A / B" is one.)
    i = b.end - 1;
  }
  return found.concat(rates(words));
}

/** "what % of A were B", "share of A that got returned", "of A, what fraction got B": B among A. */
function rates(words: readonly string[]): Found[] {
  const found: Found[] = [];
  for (let i = 0; i < words.length; i++) {
    // "return rate among completed or returned orders": the word before the rate is its part among the rows.
    if ((words[i] === 'rate' || words[i] === 'rates') && words[i + 1] === 'among') {
      const a = rightSide(words, i + 2);
      const b = i > 0 && !stops(words[i - 1] ?? '', words[i]) ? { start: i - 1, end: i } : undefined;
      if (a && b)
        found.push({
          a,
          b,
          op: '/',
          percent: true,
          span: { start: b.start, end: a.end },
          among: true,
          rateAmong: true,
        });
      continue;
    }
    if (!SHARE_WORDS.has(words[i] ?? '')) continue;
    // "what % of A (that) were B"
    if (words[i + 1] === 'of') {
      const a = rightSide(words, i + 2);
      if (!a) continue;
      let at = a.end;
      if (words[at] === 'that' || words[at] === 'which') at += 1;
      if (!BE_WORDS.has(words[at] ?? '')) continue;
      const b = rightSide(words, at + 1);
      if (!b) continue;
      const start = ['what', 'the'].includes(words[i - 1] ?? '') ? i - 1 : i;
      found.push({ a, b, op: '/', percent: true, span: { start, end: b.end }, among: true });
    }
    // "of A, what fraction got B"
    if (words[i - 1] === 'what' && BE_WORDS.has(words[i + 1] ?? '') && words[i - 2] === ',') {
      let of = i - 3;
      while (of >= 0 && words[of] !== 'of') of -= 1;
      if (of < 0 || (of > 0 && !BREAKS.has(words[of - 1] ?? ''))) continue;
      const a = rightSide(words, of + 1);
      const b = rightSide(words, i + 2);
      if (!a || !b || a.end > i - 2) continue;
      // (The words between the rows and the comma, "in Q4 2025", stay in the scope.)
      found.push({
        a,
        b,
        op: '/',
        percent: true,
        span: { start: of, end: a.end },
        among: true,
        tail: { start: i - 1, end: b.end },
      });
    }
  }
  return found;
}

const text = (words: readonly string[], span: Span) => words.slice(span.start, span.end).join(' ');
const nounOf = (side: string) => side.split(' ').find((w) => NOUNS.has(w));

/** An average order's value ("aov", "average order value", "avg order amount"): a side's revenue per order. */
const AVERAGE_ORDER = /\b(?:aov|(?:average|avg|mean)\s+order\s+(?:value|amount|size|revenue|total))\b/;

/** A side that is the rows' largest or smallest order amount, with no other words. */
const EXTREME_SIDE =
  /^(?:the\s+)?(largest|biggest|max|maximum|highest|smallest|min|minimum|lowest)\s+(?:single\s+)?order\s+(?:amount|value|revenue)s?$/;

/** Words of another aggregate than a side's sum or count ("average returned order amount"). */
const OTHER_AGGREGATES =
  /\b(?:average|avg|mean|median|typical|per|aov|largest|biggest|smallest|max|min|maximum|minimum|distinct|unique)\b/;

/**
 * A side read as one sum or count with only conditions, or undefined: its noun says which ("orders" a count,
 * "revenue" a sum), and a word of another aggregate is never read away.
 */
function side(said: string, read: PlainReader): FilteredMeasure | undefined {
  // ("enterprise AOV", "the west's average order value": the rows' revenue over their orders.)
  const averaged = AVERAGE_ORDER.test(said);
  const words = averaged ? said.replace(AVERAGE_ORDER, 'revenue') : said;
  // ("the largest order amount minus the smallest": the rows' largest (smallest) amount, one side of a range.)
  const extreme = EXTREME_SIDE.exec(words.trim());
  if (extreme) {
    // (Read in the model's words, "largest order amount": "order revenue" is a sum's.)
    const plan = read(`${extreme[1]} order amount`);
    const [measure] = plan?.measures ?? [];
    const agg = /^(?:largest|biggest|max|maximum|highest)$/.test(extreme[1] ?? '') ? 'max' : 'min';
    if (!plan || !measure || plan.measures.length !== 1 || measure.aggType !== agg) return undefined;
    if (plan.dimensions.length > 0 || plan.grain || plan.range || plan.also || secondOrder(plan))
      return undefined;
    if ((plan.ignored?.length ?? 0) > 0) return undefined;
    return {
      measure,
      filters: plan.filters,
      numbers: plan.numberFilters,
      words: `${extreme[1]} order amount`,
    };
  }
  if (OTHER_AGGREGATES.test(words)) return undefined;
  // ("cancellations per 1000 orders": a bare number is no condition of a side.)
  if (
    words
      .split(' ')
      .some(
        (w, k, all) =>
          /^\d/.test(w) && !BOUNDS.has(all[k - 1] ?? '') && !/^(?:more|less)$/.test(all[k - 1] ?? ''),
      )
  )
    return undefined;
  // ("completed+returned orders": the values a divisor adds up, either of them, summedValues.)
  const either = words.replace(/\b([a-z]+)\+([a-z]+)\b/g, '$1 or $2');
  const plan = read(either);
  const [measure] = plan?.measures ?? [];
  if (!plan || !measure || plan.measures.length !== 1) return undefined;
  const noun = nounOf(words);
  const counted = noun === 'orders' || noun === 'order';
  if (measure.aggType !== (counted ? 'count' : 'sum')) return undefined;
  if (plan.dimensions.length > 0 || plan.grain || plan.range || plan.also || secondOrder(plan))
    return undefined;
  if ((plan.ignored?.length ?? 0) > 0) return undefined;
  const per = averaged
    ? plan.cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count')
    : undefined;
  if (averaged && !per) return undefined;
  return {
    measure,
    filters: plan.filters,
    numbers: plan.numberFilters,
    words: averaged ? said : either,
    ...(per ? { per } : {}),
  };
}

/**
 * The words before the expression that name it ("return ratio =", "net revenue defined as", "retrun ratio ("): the
 * name and the word before it when that word is no value of the model ("furniture return ratio": furniture stays).
 */
function nameBefore(
  words: readonly string[],
  start: number,
  cubes: readonly CatalogCube[],
): { start: number; name?: string } {
  let at = start;
  const marks = [['='], [':'], ['('], ['defined', 'as'], ['as'], ['means'], ['is', 'defined', 'as']];
  const mark = marks.find((m) => m.every((w, k) => words[at - m.length + k] === w));
  if (!mark) return { start };
  at -= mark.length;
  const values = new Set(
    cubes.flatMap((c) => c.members.flatMap((m) => m.values.map((v) => v.toLowerCase()))),
  );
  // ("return rate of fulfilled orders (returned / ...)": the rows a rate is of, in words no value or period is.)
  const plainWord = (w: string) => /^[a-z]+$/.test(w) && !values.has(w) && !STOPS.has(w) && !MONTH.test(w);
  const rateOf = [2, 3, 4].find((n) => {
    const k = at - n - 1;
    return (
      /^(?:rate|ratio)$/.test(words[k] ?? '') &&
      ['of', 'among', 'on'].includes(words[k + 1] ?? '') &&
      ['orders', 'order'].includes(words[at - 1] ?? '') &&
      words.slice(k + 2, at - 1).every(plainWord)
    );
  });
  if (!NAME_ENDS.has(words[at - 1] ?? '') && rateOf === undefined) return { start };
  const end = rateOf === undefined ? at : at - rateOf;
  let from = end - 1;
  const previous = words[from - 1];
  if (
    previous &&
    !values.has(previous) &&
    !BREAKS.has(previous) &&
    !/^\d/.test(previous) &&
    !['the', 'a', 'my', 'our', 'in', 'for', 'by', 'per', 'what', 'whats'].includes(previous)
  )
    from -= 1;
  return { start: from, name: words.slice(from, at).join(' ') };
}

/** Words of money that name a figure ("net sales", "net revenue") or its unit after it ("in dollars": "in revenue"). */
const MONEY_NAME = /\b(?:revenue|sales|spend|turnover|dollars?|value)\b/;

/**
 * Whether the figure of two sides is said to be money: by its name ("net sales = completed orders minus returns")
 * or a unit written just after the sides ("completed orders minus returns, in dollars", "... in $ terms").
 */
function moneyFigure(words: readonly string[], span: Span, named: { name?: string }): boolean {
  if (named.name && MONEY_NAME.test(named.name)) return true;
  const next = words.slice(span.end, span.end + 3).filter((w) => w !== ',');
  return ['in', 'by'].includes(next[0] ?? '') && (next[1] === 'revenue' || (next[1] === 'value' && !next[2]));
}

/** A name in quotes before the expression ("toys 'return ratio' for 2025 - returned $ as a % of completed $"). */
function quotedName(words: readonly string[], before: number): Span | undefined {
  for (let from = 0; from < before; from++) {
    if (!/^['"]/.test(words[from] ?? '')) continue;
    const to = words.findIndex((w, k) => k >= from && k < before && /['"]$/.test(w));
    const last = words[to]?.replace(/['"]/g, '');
    if (to >= from && last && NAME_ENDS.has(last)) return { start: from, end: to + 1 };
  }
  return undefined;
}

/** Whether `b` is one value of a member `a` holds several values of, `b`'s among them (and nothing else). */
function valueAmongValues(a: FilteredMeasure, b: FilteredMeasure): boolean {
  const [part] = b.filters;
  const whole = a.filters.find((f) => f.member.column === part?.member.column);
  return (
    b.filters.length === 1 &&
    b.numbers.length === 0 &&
    part !== undefined &&
    whole !== undefined &&
    !part.negate &&
    !whole.negate &&
    whole.values.length > 1 &&
    part.values.every((v) => whole.values.includes(v))
  );
}

/**
 * A divisor that adds values of one member up ("returned / (completed + returned)", "divided by completed plus
 * returned"), or rows of either ("among completed or returned orders", "% of completed and returned orders"): the
 * values as one word ("completed+returned"), which a side reads as either value. Values of different
 * members, or words that are no value, are left as written (and the expression refused).
 */
export function summedValues(question: string, cubes: readonly CatalogCube[]): string {
  const memberOf = (value: string) =>
    cubes
      .flatMap((c) => c.members)
      .find((m) => m.values.some((v) => v.toLowerCase() === value.toLowerCase()));
  const summed = (a: string, b: string) => {
    const member = memberOf(a);
    return member !== undefined && member === memberOf(b) && a.toLowerCase() !== b.toLowerCase();
  };
  return question
    .replace(
      /(\/|÷|\bdivided\s+by|\bover)\s*\(\s*([a-z]+)\s*(?:\+|\bplus\b)\s*([a-z]+)\s*\)/gi,
      (m, op, a, b) => (summed(a, b) ? `${op} ${a}+${b}` : m),
    )
    .replace(/(\bdivided\s+by)\s+([a-z]+)\s+plus\s+([a-z]+)\b/gi, (m, op, a, b) =>
      summed(a, b) ? `${op} ${a}+${b}` : m,
    )
    .replace(
      /\b(among|of)\s+(?:the\s+)?([a-z]+)\s+(?:or|and|plus|\+|&)\s+([a-z]+)\s+(orders?)\b/gi,
      (m, among, a, b, noun) => (summed(a, b) ? `${among} ${a}+${b} ${noun}` : m),
    );
}

/** "the enterprise to consumer revenue ratio per year (enterprise revenue / consumer revenue)". */
const NAMED_THEN_SPELLED =
  /\b([a-z]+)\s+to\s+([a-z]+)(?:\s+[a-z]+)?\s+ratio\b([^()]*?)\s*\(\s*([^()]+?)\s*(?:\/|÷|\bdivided\s+by\b)\s*([^()]+?)\s*\)/i;

/**
 * A ratio named and then spelled out in brackets: the spelled one in the name's place, when its sides are of the two
 * the name says ("enterprise" in "enterprise revenue"); the question as it was otherwise.
 */
function spelledRatio(question: string): string {
  const m = NAMED_THEN_SPELLED.exec(question);
  const [all, a, b, between, x, y] = m ?? [];
  if (!all || !a || !b || !x || !y) return question;
  const has = (side: string, word: string) => side.toLowerCase().split(/\s+/).includes(word.toLowerCase());
  return has(x, a) && has(y, b) && !has(x, b) && !has(y, a)
    ? question.replace(all, `${x} / ${y}${between ?? ''}`)
    : question;
}

/**
 * Reads a question whose measure is built from two filtered measures. `read` is the ordinary reading of a text on its
 * own; the cubes give the model's values (a name's words are never one).
 */
export function readTwoMeasures(
  question: string,
  cubes: readonly CatalogCube[],
  read: PlainReader,
): TwoMeasuresReading {
  const words = tokens(sideWords(summedValues(spelledRatio(question), cubes)));
  const found = expressions(words);
  // ("completed minus returned minus cancelled amounts": a chain of word operators, each side read.)
  const chained = found.some(
    (f, k) =>
      f.word && found[k + 1]?.word && found[k + 1]?.a.start === f.b.start && found[k + 1]?.a.end === f.b.end,
  );
  const ends = [found[0]?.a, found.at(-1)?.b].map((s) => (s ? text(words, s) : ''));
  const read3 = (w: string) => side(nounOf(w) ? w : `${w} ${nounOf(ends.join(' ')) ?? 'orders'}`, read);
  if (chained && ends.every((w) => read3(w) !== undefined))
    return {
      refuse:
        'I can build a figure from two measures (one divided by or minus the other), not from three or more: please ask for each part',
    };
  const [first] = found;
  if (!first || found.length > 1) return undefined;
  // ("which category had the most returns as a share of its orders": a ranking of a rate, not a figure named
  // "most returns", phrases.ts.)
  if (/^(?:most|highest|biggest|fewest|least|lowest|smallest)$/.test(words[first.a.start] ?? ''))
    return undefined;
  // ("cancelled or returned", "and not ...": a side joined to more words is not the side read.)
  const joined = (w: string | undefined) => w !== undefined && JOINS.has(w);
  if (joined(words[first.span.end]) || joined(words[first.span.start - 1])) return undefined;
  if (first.tail && (joined(words[first.tail.end]) || joined(words[first.tail.start - 1]))) return undefined;
  // ("returned/cancelled orders": a slash between bare values lists them, unless a ratio is asked.)
  if (first.slash && !nounOf(text(words, first.a)) && !RATIO_WORDS.test(question)) return undefined;
  const tail = first.tail;
  // ("the number of returned orders divided by the number of all orders": the orders counted are the side.)
  // ("the number of returned orders divided by the number of all orders": the orders counted are the side; a side
  // read as "the number" alone is all orders when "of all orders" follows, and no side read otherwise, "the number of
  // completed orders" was read as all orders of the completed ones.)
  const counted = (w: string) =>
    w.replace(/^(?:the\s+)?(?:total\s+)?(?:number|count)\s+(?:of\s+)?(?=\S)/, '');
  const bare = (w: string) => /^(?:the\s+)?(?:total\s+)?(?:number|count)$/.test(w);
  const ofAll = (at: number) =>
    words[at] === 'of' &&
    (words[at + 1] === 'orders' ||
      (['all', 'total'].includes(words[at + 1] ?? '') && words[at + 2] === 'orders'));
  if (bare(text(words, first.a))) return undefined;
  if (bare(text(words, first.b)) && !ofAll(first.b.end)) return undefined;
  let aWords = counted(text(words, first.a));
  let bWords = bare(text(words, first.b)) ? 'all' : counted(text(words, first.b));
  if (first.among) {
    // The part among the rows: the rows' noun ("cancelled" of "orders under $25": cancelled orders).
    const noun = nounOf(aWords) ?? 'orders';
    if (!nounOf(bWords)) bWords = `${bWords} ${noun}`;
  } else {
    const aNoun = nounOf(aWords);
    const bNoun = nounOf(bWords);
    const fallback =
      aNoun && aNoun !== 'ones' && aNoun !== 'one'
        ? aNoun
        : bNoun && bNoun !== 'ones' && bNoun !== 'one'
          ? bNoun
          : 'orders';
    if (!aNoun) aWords = `${aWords} ${fallback}`;
    if (!bNoun) bWords = `${bWords} ${fallback}`;
    aWords = aWords.replace(/\b(?:ones|one)\b/, fallback);
    bWords = bWords.replace(/\b(?:ones|one)\b/, fallback);
  }
  // ("net sales (completed orders minus returns, in dollars)": a figure of money sums both sides' amounts.)
  if (
    !first.among &&
    !first.per &&
    moneyFigure(words, first.span, nameBefore(words, first.span.start, cubes))
  ) {
    aWords = aWords.replace(/\borders?\b/, 'revenue');
    bWords = bWords.replace(/\borders?\b/, 'revenue');
  }
  const a = side(aWords, read);
  const b = side(bWords, read);
  if (!a || !b) return undefined;
  // ("the largest order amount minus the smallest": a range, one extreme minus the other; never a ratio or a rate.)
  const extreme = (s: FilteredMeasure) => s.measure.aggType === 'max' || s.measure.aggType === 'min';
  const range = extreme(a) && extreme(b) && a.measure !== b.measure && first.op === '-' && !first.among;
  if ((extreme(a) || extreme(b)) && !range) return undefined;
  // A ratio of two sides with no condition either way is a plain measure's ("revenue per order"): not this one.
  const conditioned = (s: FilteredMeasure) => s.filters.length + s.numbers.length > 0;
  if (!range && !first.among && !conditioned(a) && !conditioned(b)) return undefined;
  if (first.per && (!conditioned(a) || !conditioned(b))) return undefined;
  // (A rate among rows of a size only: other rates of rows are the share readers', share-parts.ts.)
  // ("return rate among completed orders": a part of the rows' own member that is none of their values is no rate.)
  const clash = a.filters.find((f) => b.filters.some((g) => g.member.column === f.member.column));
  if (first.among && clash && !valueAmongValues(a, b))
    return {
      refuse: `no ${text(words, first.b)} order is among the ${aWords.replace(/\+/g, ' or ')}: please name the rows the rate is of`,
    };
  // ("% of completed or returned orders that were returned": a value among the values of its own member, too.)
  if (first.among && (!conditioned(b) || (a.numbers.length === 0 && !valueAmongValues(a, b))))
    return undefined;
  const named = nameBefore(words, first.span.start, cubes);
  const measureWord = a.measure.aggType === 'count' ? 'orders' : 'revenue';
  // ("returned/(completed+returned) ratio": the word after a slash's sides names the figure.)
  const trailing =
    first.slash && !named.name && /^(?:ratio|rate)$/.test(words[first.span.end] ?? '')
      ? words[first.span.end]
      : undefined;
  // ("returned ÷ (returned + completed) as a %": the percent asked after a slash's sides.)
  const asPercent =
    first.slash && !trailing && words[first.span.end] === 'as'
      ? [['a', '%'], ['a', 'percent'], ['a', 'percentage'], ['%'], ['percent'], ['a', 'pct']].find((m) =>
          m.every((w, k) => words[first.span.end + 1 + k] === w),
        )
      : undefined;
  const skipped = trailing ? 1 : asPercent ? asPercent.length + 1 : 0;
  const after = words
    .map((w, k) => ({ w, k }))
    .filter(
      ({ k }) =>
        (k < first.span.end || k >= first.span.end + skipped) &&
        k >= first.span.end &&
        !(tail && k >= tail.start && k < tail.end),
    );
  const quoted = named.name ? undefined : quotedName(words, named.start);
  const before = words.slice(0, named.start).filter((_, k) => !quoted || k < quoted.start || k >= quoted.end);
  const scopeWords = [...before, measureWord, ...after.map(({ w }) => w)];
  const name = named.name ?? (quoted ? text(words, quoted).replace(/['"]/g, '') : trailing);
  const scope = read(scopeWords.join(' '));
  if (!scope || secondOrder(scope) || (scope.ignored?.length ?? 0) > 0) return undefined;
  const pair: TwoMeasures = first.among
    ? {
        a: {
          ...b,
          measure: a.measure,
          filters: [...a.filters, ...b.filters],
          numbers: [...a.numbers, ...b.numbers],
          words: first.rateAmong
            ? `${bWords} among ${aWords}`
                .replace(/\+/g, ' or ')
                .replace(/^return\b/, 'returned')
                .replace(/^cancel(?:lation)?\b/, 'cancelled')
                .replace(/^completion\b/, 'completed')
            : `${aWords} that were ${text(words, first.b)}`.replace(/\+/g, ' or '),
        },
        b: a,
        op: '/',
        percent: true,
      }
    : {
        a,
        b,
        op: first.op,
        // ("return rate (returned orders / all orders)": a rate is said in percent.)
        // ("by problem rate I mean ... divided by ...": the rate the asker names, wherever they name it.)
        ...(first.percent || asPercent || (first.op === '/' && /\brate\b/i.test(name ?? question))
          ? { percent: true as const }
          : {}),
        ...(name ? { name } : {}),
      };
  return { plan: { ...scope, measures: [pair.a.measure], twoMeasures: pair } };
}
