/**
 * Conditions on per-entity aggregates (issue 29): "customers with more than 60 orders", "who spent over 10k",
 * "days with more than 30 orders", "repeat customers". Each finder claims the words it reads (`used`).
 */

import type { CatalogCube, CatalogMember } from './catalog';
import { averageBefore, averagedVerb, worthAfter } from './entity-measures';
import { DISTINCT_WORDS, dimensionKeys, nounOf } from './members';
import type { EntityCondition, Grain, Token } from './plan';
import { claimOneTimeBeside } from './repeat-split';
import { stem, words } from './text';
import { isIdentifier, MONEY_WORDS, NUMBER_WORDS } from './vocabulary';

/** Calendar units by their stem. */
export const UNITS: Record<string, Grain> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/** Comparison words before a number, longest first. */
const COMPARATORS: [string[], EntityCondition['op']][] = [
  [['more', 'than'], '>'],
  [['greater', 'than'], '>'],
  [['larger', 'than'], '>'],
  [['bigger', 'than'], '>'],
  [['higher', 'than'], '>'],
  [['fewer', 'than'], '<'],
  [['less', 'than'], '<'],
  [['lower', 'than'], '<'],
  [['smaller', 'than'], '<'],
  [['at', 'least'], '>='],
  [['at', 'most'], '<='],
  [['no', 'more', 'than'], '<='],
  [['over'], '>'],
  [['above'], '>'],
  [['exceeding'], '>'],
  [['under'], '<'],
  [['below'], '<'],
  [['exactly'], '='],
];

const NUMBER = /^\d+(\.\d+)?$/;
/** Words for a mean before the noun of a row ("average order", "avg order"). */
const AVERAGED = new Set(['average', 'avg', 'mean']);
/** Words between a number and the rows it counts ("11 of their orders", "12 of the orders"). */
const OF_THEIR = new Set(['of', 'their', 'its', 'the', 'our', 'his', 'her']);
/** Verbs between a measure and its comparison ("whose revenue is above", "with sales of over"). */
const LINKS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'of', 'totaling', 'totalling', 'total']);
/** Words that open a request for the entities themselves ("list ...", "show me ...", "give me ..."). */
const LIST_LEADS = new Set(['list', 'show', 'give', 'names', 'name']);
/** "10 or more orders", "5 or fewer". */
const OR_MORE: Record<string, EntityCondition['op']> = { more: '>=', fewer: '<=', less: '<=' };

interface Comparison {
  op: EntityCondition['op'];
  value: number;
  /** Index of the first comparison word and of the number. */
  start: number;
  at: number;
  /** The lower end of "between A and B": the same aggregate as the comparison before it. */
  paired?: boolean;
}

function comparisons(tokens: Token[]): Comparison[] {
  const found: Comparison[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const [phrase, op] of COMPARATORS) {
      if (!phrase.every((w, k) => tokens[i + k]?.raw === w && !tokens[i + k]?.used)) continue;
      const at = i + phrase.length;
      const number = tokens[at];
      // "at least one order": one is a number here.
      const value = number?.raw === 'one' ? 1 : Number(number?.raw);
      if (number && !number.used && (NUMBER.test(number.raw) || number.raw === 'one'))
        found.push({ op, value, start: i, at });
      break;
    }
    // "between 25000 and 35000": at least the one and at most the other.
    const low = tokens[i + 1];
    const high = tokens[i + 3];
    if (
      tokens[i]?.raw === 'between' &&
      !tokens[i]?.used &&
      low &&
      high &&
      !low.used &&
      !high.used &&
      NUMBER.test(low.raw) &&
      NUMBER.test(high.raw) &&
      tokens[i + 2]?.raw === 'and' &&
      Number(low.raw) <= Number(high.raw) &&
      !/^(19|20)\d\d$/.test(low.raw)
    ) {
      // The upper end first: its noun ("45 orders") names the aggregate of both.
      found.push({ op: '<=', value: Number(high.raw), start: i, at: i + 3 });
      found.push({ op: '>=', value: Number(low.raw), start: i, at: i + 1, paired: true });
    }
    const t = tokens[i];
    const more = OR_MORE[tokens[i + 2]?.raw ?? ''];
    if (t && !t.used && NUMBER.test(t.raw) && tokens[i + 1]?.raw === 'or' && more)
      found.push({ op: more, value: Number(t.raw), start: i, at: i });
  }
  return found;
}

/** A value of one of the cube's string dimensions ("cancelled", "electronics"). */
const isValueWord = (cube: CatalogCube, t: Token) =>
  cube.members.some(
    (m) =>
      m.kind === 'dimension' && m.values.some((v) => v.toLowerCase() === t.raw || v.toLowerCase() === t.stem),
  );

/** "returns", "cancellations": the noun of a one-word value of the cube. */
const valueNoun = (cube: CatalogCube, t: Token) =>
  cube.members.some(
    (m) =>
      m.kind === 'dimension' &&
      m.values.some((v) => nounOf([{ ...t, used: false }], words(v).map(stem)) !== undefined),
  );

/** The model's count of rows (Number of orders), named by a noun ("orders") or "times". */
export const countMeasureNamed = (cube: CatalogCube, word: Token | undefined): CatalogMember | undefined => {
  if (!word) return undefined;
  const counts = cube.members.filter((m) => m.kind === 'measure' && m.aggType === 'count');
  if (word.stem === 'time') return counts[0];
  return counts.find((m) => m.titleWords.includes(word.stem) || m.otherWords.includes(word.stem));
};

/** The measure named right before a comparison ("revenue is above", "total amount over"), skipping links. */
function measureBefore(
  tokens: Token[],
  start: number,
  cube: CatalogCube,
): { measure: CatalogMember; at: number[] } | undefined {
  let k = start - 1;
  while (k >= 0 && LINKS.has(tokens[k]?.raw ?? '') && tokens[k]?.raw !== 'total') k--;
  const word = tokens[k];
  if (!word || word.used) return undefined;
  const measures = cube.members.filter((m) => m.kind === 'measure' && m.aggType !== 'count_distinct');
  // "whose avg order size is above 550": the mean of the rows' number.
  const averaged = averageBefore(tokens, start, cube);
  if (averaged) return averaged;
  // A measure's phrase ending here ("an average order value above 500", "total amount over").
  for (const m of measures) {
    for (const phrase of [...m.phrases, m.titleWords.join(' ')]) {
      const stems = phrase.split(' ');
      if (stems.length < 2) continue;
      const at = stems.map((_, i) => k - stems.length + 1 + i);
      if (at.every((i, j) => !tokens[i]?.used && tokens[i]?.stem === stems[j])) return { measure: m, at };
    }
  }
  // The numeric dimension's own word ("amount over 900") is a condition on rows, not on an aggregate.
  const numeric = cube.members.find(
    (m) =>
      m.kind === 'dimension' && m.type === 'number' && !isIdentifier(m) && m.titleWords.includes(word.stem),
  );
  const before = tokens[k - 1];
  const totalled = before?.raw === 'total' || AVERAGED.has(before?.raw ?? '');
  if (numeric && !totalled) return undefined;
  // "whose average order is over 640", "an avg order above 500": the mean of the rows the noun counts.
  if (AVERAGED.has(before?.raw ?? '') && countMeasureNamed(cube, word)) {
    const mean = measures.find((m) => m.aggType === 'avg');
    if (mean) return { measure: mean, at: [k - 1, k] };
  }
  const measure =
    measures.find(
      (m) =>
        m.otherWords.includes(word.stem) &&
        !m.titleWords.includes(word.stem) &&
        (m.aggType === 'sum' || m.aggType === 'avg'),
    ) ??
    (totalled
      ? measures.find(
          (m) => m.titleWords.includes(word.stem) && m.aggType === (before?.raw === 'total' ? 'sum' : 'avg'),
        )
      : undefined);
  if (!measure) return undefined;
  return { measure, at: totalled ? [k - 1, k] : [k] };
}

/** Dimensions that can be entities: strings that are not identifiers, with the token that names them. */
export function findEntity(
  tokens: Token[],
  cube: CatalogCube,
  before: number,
): { member: CatalogMember; at: number } | undefined {
  let best: { member: CatalogMember; at: number } | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.type !== 'string' || isIdentifier(member)) continue;
    const keys = dimensionKeys(member);
    for (const key of [...keys.single, ...keys.derived]) {
      tokens.forEach((t, i) => {
        if (t.used || t.value || t.stem !== key) return;
        // "customers in my region with ...": a place the entities are in scopes them, it is not the subject.
        const scope = ['in', 'within', 'across'];
        const det = ['my', 'our', 'the', 'each', 'every', 'your'];
        const prev = tokens[i - 1]?.raw ?? '';
        if (scope.includes(prev) || (det.includes(prev) && scope.includes(tokens[i - 2]?.raw ?? ''))) return;
        // The subject is the nearest entity word before the condition ("customers with more than 60 orders").
        // A word after "per"/"by" is a breakdown of the entities ("customers per segment with ..."): the
        // subject only when no other entity word is there.
        const breakdown = ['per', 'by'].includes(prev) ? 50 : 0;
        const distance = (i < before ? before - i : 100 + i) + breakdown;
        if (distance < bestDistance) {
          best = { member, at: i };
          bestDistance = distance;
        }
      });
    }
  }
  return best;
}

const SHARE_NOUNS = new Set(['percent', 'percentage', 'share', 'proportion', 'fraction', 'pct']);
/** Words that open what is said of the entities' rows ("customers with ...", "customers who ...", "customers have ..."). */
const CLAUSE_STARTS = new Set([
  'with',
  'who',
  'that',
  'having',
  'whose',
  'which',
  'have',
  'has',
  'had',
  'placed',
  'made',
  'ordered',
  'bought',
]);

/** People named by their buying: the whole of a share of them is those who bought in the period asked. */
const BUYER_WORDS = new Set(['buyers', 'purchasers', 'shoppers', 'buyer', 'purchaser', 'shopper']);

/** What the question asks about the entities: how many, what share, or which. */
export function outputAsked(
  tokens: Token[],
  entityAt: number,
  cube?: CatalogCube,
): {
  output: EntityCondition['output'];
  total?: CatalogMember;
  wholeWords?: string[];
  periodWhole?: true;
} {
  const before = tokens.slice(Math.max(0, entityAt - 4), entityAt).map((t) => t.raw);
  // ("how much of our revenue comes from repeat customers": "how much of" asks a share too.)
  const ratio = tokens.some(
    (t, i) =>
      ['percent', 'percentage', 'share', 'proportion', 'fraction', 'pct'].includes(t.raw) ||
      (t.raw === 'of' && tokens[i - 1]?.raw === 'much' && tokens[i - 2]?.raw === 'how'),
  );
  if (ratio) {
    // ("share of customers with at least one cancelled order": the rows' kind after "with" narrows the part only;
    // the words before it, "of customers in the west", are said of the entities and narrow the whole too.)
    const share = tokens.findIndex((t, i) => SHARE_NOUNS.has(t.raw) && tokens[i + 1]?.raw === 'of');
    const clause = tokens.findIndex((t, i) => i > entityAt && CLAUSE_STARTS.has(t.raw));
    // ("what share of Q1 2025 buyers placed 3+ orders", "share of active customers with ..."): the whole is the
    // people with rows in the question's period, not every customer (was all of them: confidently wrong where
    // some did not buy then).
    const said = tokens[entityAt];
    const buyers =
      BUYER_WORDS.has(said?.asked ?? said?.raw ?? '') ||
      tokens.slice(Math.max(0, entityAt - 3), entityAt).some((t) => t.raw === 'active');
    const periodWhole = buyers ? { periodWhole: true as const } : {};
    if (share >= 0 && share < entityAt && clause > entityAt)
      return {
        output: 'share',
        wholeWords: tokens.slice(share + 2, clause).map((t) => t.raw),
        ...periodWhole,
      };
    return { output: 'share', ...periodWhole };
  }
  // "how many orders do customers with ... have": a total of that count over them, not how many of them.
  const raws = tokens.map((t) => t.raw);
  const asked = raws.findIndex(
    (w, i) =>
      (w === 'how' && raws[i + 1] === 'many') || (['number', 'no'].includes(w) && raws[i + 1] === 'of'),
  );
  // "list customers with 60+ orders, incl. number of orders", "names ... and how many each": a count asked
  // after the entities, beside a word asking for them, is each one's figure in the list, not a total.
  const each = asked >= 0 && ['each', 'apiece'].includes(raws[asked + 3] ?? '');
  const lead = raws.slice(0, 2).some((w) => LIST_LEADS.has(w)) || raws.includes('names');
  if (asked > entityAt && (each || lead)) return { output: 'list' };
  const noun = asked >= 0 ? tokens[asked + 2] : undefined;
  const counted = cube && noun && asked + 2 !== entityAt ? countMeasureNamed(cube, noun) : undefined;
  if (counted && noun && !noun.used) {
    noun.used = true;
    return { output: 'total', total: counted };
  }
  if (asked >= 0 || before.includes('count') || ['most', 'fewest', 'least'].includes(before.at(-1) ?? ''))
    return { output: 'count' };
  return { output: 'list' };
}

/**
 * "customers with more than 60 orders", "customers who spent over 10,000", "categories whose revenue is above
 * 2,000,000": a condition on an aggregate per value of an entity dimension. Claims its words when found.
 */
export function findEntityCondition(tokens: Token[], cube: CatalogCube): EntityCondition | undefined {
  let found: EntityCondition | undefined;
  for (const c of comparisons(tokens)) {
    // "bought from 3 or more categories": how many distinct values of a dimension their rows hold.
    const values = found || c.paired ? undefined : distinctValuesNamed(tokens, c, cube);
    if (values) return values;
    const named =
      c.paired && found ? { measure: found.measure, claimed: [] } : aggregateNamed(tokens, c, cube);
    if (!named) continue;
    const entity: { member: CatalogMember; at: number; grain?: Grain } | undefined = found
      ? undefined
      : (findEntity(tokens, cube, c.start) ?? periodEntity(tokens, c.start));
    if (!found && !entity) continue;
    const entityToken = entity ? tokens[entity.at] : undefined;
    if (entityToken) entityToken.used = true;
    for (let k = c.start; k <= c.at; k++) {
      const t = tokens[k];
      if (t) t.used = true;
    }
    for (const t of named.claimed) t.used = true;
    // "or more": the words after the number.
    if (tokens[c.at + 1]?.raw === 'or') {
      for (const k of [c.at + 1, c.at + 2]) {
        const t = tokens[k];
        if (t) t.used = true;
      }
      const noun = tokens[c.at + 3];
      if (noun && countMeasureNamed(cube, noun) === named.measure) noun.used = true;
    }
    const condition = { measure: named.measure, op: c.op, value: c.value };
    if (found) found.and = [...(found.and ?? []), condition];
    else if (entity) {
      const output = outputAsked(tokens, entity.at, cube);
      found = {
        entity: entity.member,
        ...condition,
        ...(entity.grain ? { grain: entity.grain } : {}),
        output: output.output,
        ...(output.total ? { total: output.total } : {}),
        ...(output.wholeWords ? { wholeWords: output.wholeWords } : {}),
        ...(output.periodWhole ? { periodWhole: true as const } : {}),
      };
    }
  }
  return found;
}

/**
 * "customers who bought from 3 or more categories", "customers that ordered in at least 2 regions": a number of
 * distinct values of a dimension (named by its noun right after the number) that an entity's rows hold, after a
 * verb of buying or a relative clause. Claims its words.
 */
function distinctValuesNamed(tokens: Token[], c: Comparison, cube: CatalogCube): EntityCondition | undefined {
  const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const after = tokens[c.at + 1]?.raw === 'or' ? c.at + 3 : c.at + 1;
  // ("at least 4 different categories": the adjective says again that they are distinct.)
  const k = DISTINCT_WORDS.has(tokens[after]?.raw ?? '') ? after + 1 : after;
  const noun = tokens[k];
  // (A plural noun, or a singular one after 1: "from exactly 1 category".)
  if (!rows || !noun || noun.used || (noun.stem === noun.raw && c.value !== 1)) return undefined;
  // ("customers who ordered in at least 10 months of 2024", "in 3 or more different quarters", "15 different
  // weeks": the distinct periods of the rows' time; a calendar unit is never a value of a derived dimension, such
  // as the day of the week, which no second-order query holds.)
  const grain = noun.stem === 'year' ? undefined : UNITS[noun.stem];
  const member = grain
    ? undefined
    : cube.members.find(
        (m) =>
          m.kind === 'dimension' &&
          m.type === 'string' &&
          !isIdentifier(m) &&
          !m.derived &&
          dimensionKeys(m).single.includes(noun.stem),
      );
  if (!member && !grain) return undefined;
  const entity = findEntity(tokens, cube, c.start);
  if (!entity || entity.at > c.start || entity.member === member) return undefined;
  const between = tokens.slice(entity.at + 1, c.start);
  if (!between.some((w) => RELATIVES.has(w.raw) || BUYING_VERBS.has(w.raw))) return undefined;
  for (const t of [tokens[entity.at], ...tokens.slice(c.start, k + 1)]) if (t) t.used = true;
  // ("from", "in", "across" just before the number.)
  const lead = tokens[c.start - 1];
  if (lead && ['from', 'in', 'across'].includes(lead.raw)) lead.used = true;
  const output = outputAsked(tokens, entity.at, cube).output;
  return {
    entity: entity.member,
    measure: rows,
    op: c.op,
    value: c.value,
    spread: member ? { member, compared: true } : { grain, compared: true },
    output: output === 'total' ? 'count' : output,
  };
}

/** The aggregate a comparison is about: a count noun after it, a money verb or a measure before it. */
function aggregateNamed(
  tokens: Token[],
  c: Comparison,
  cube: CatalogCube,
): { measure: CatalogMember; claimed: Token[] } | undefined {
  // "60 orders", "60 or more orders", "8 or more cancelled orders", "11 of their orders (cancelled)": a value
  // of the rows may sit before the noun; it stays a filter of the rows counted.
  let k = tokens[c.at + 1]?.raw === 'or' ? c.at + 3 : c.at + 1;
  const skipped: Token[] = [];
  while (k < tokens.length && k <= c.at + 5) {
    const t = tokens[k];
    if (!t || !(OF_THEIR.has(t.raw) || isValueWord(cube, t))) break;
    if (OF_THEIR.has(t.raw)) skipped.push(t);
    k++;
  }
  const after = tokens[k];
  const counted = countMeasureNamed(cube, after);
  if (counted && after) return { measure: counted, claimed: [after, ...skipped] };
  // "fewer than 10 returns": the noun of a value counts those rows (the value stays for the filters to read).
  const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (after && rows && valueNoun(cube, after)) return { measure: rows, claimed: skipped };
  // "with over 20k in sales", "more than 5,000 of revenue": the measure named after the amount.
  const link = tokens[c.at + 1];
  const word = tokens[c.at + 2];
  if (link && word && ['in', 'of'].includes(link.raw) && !word.used) {
    const measure = cube.members.find(
      (m) =>
        m.kind === 'measure' &&
        (m.aggType === 'sum' || m.aggType === 'avg') &&
        (m.otherWords.includes(word.stem) || m.titleWords.includes(word.stem)),
    );
    if (measure) return { measure, claimed: [link, word] };
  }
  const averaging = averagedVerb(tokens, c.start, c.at, cube) ?? worthAfter(tokens, c.at, cube);
  if (averaging) return averaging;
  const verb = tokens[c.start - 1];
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  if (verb && (MONEY_WORDS.has(verb.raw) || ['paid', 'pay', 'paying'].includes(verb.raw)) && sum)
    return { measure: sum, claimed: [] };
  const named = measureBefore(tokens, c.start, cube);
  if (!named) return undefined;
  return {
    measure: named.measure,
    claimed: named.at.flatMap((i) => (tokens[i] ? [tokens[i] as Token] : [])),
  };
}

/** "repeat customers": entities with more than one row. */
export function findRepeat(
  tokens: Token[],
  cube: CatalogCube,
  /** Only beside a one-time group ("repeat vs one-time customers"), read before any other count condition. */
  splitOnly = false,
): EntityCondition | undefined {
  const at = tokens.findIndex((t) => !t.used && (t.raw === 'repeat' || t.raw === 'recurring'));
  if (at < 0) return undefined;
  // "repeat buyers": people who buy are the customer entity, whatever word names them.
  const who = tokens[at + 1];
  if (who && ['buyer', 'shopper', 'purchaser'].includes(who.stem) && !who.used) {
    who.raw = who.raw === who.stem ? 'customer' : 'customers';
    who.stem = 'customer';
  }
  const entity = findEntity(tokens, cube, at + 2);
  // The rows counted per entity, not the entities themselves ("Number of orders", not "Number of customers").
  const keys = entity
    ? [...dimensionKeys(entity.member).single, ...dimensionKeys(entity.member).derived]
    : [];
  const measure = cube.members.find(
    (m) => m.kind === 'measure' && m.aggType === 'count' && !m.titleWords.some((w) => keys.includes(w)),
  );
  const token = tokens[at];
  if (!entity || !measure || !token || entity.at !== at + 1) return undefined;
  // "repeat customers vs one-time customers": both counted (repeat-split.ts).
  const split = claimOneTimeBeside(tokens, at);
  if (splitOnly && !split) return undefined;
  token.used = true;
  const named = tokens[entity.at];
  if (named) named.used = true;
  if (split) return { entity: entity.member, measure, op: '>', value: 1, output: 'count', alsoOnce: true };
  return { entity: entity.member, measure, op: '>', value: 1, output: outputAsked(tokens, entity.at).output };
}

/** "total orders", "total customers": the count a total of things asks for (not a sum of money). */
export function claimTotalCounts(tokens: Token[], cube: CatalogCube): CatalogMember[] {
  const claimed: CatalogMember[] = [];
  tokens.forEach((t, i) => {
    const noun = tokens[i + 1];
    if (t.used || t.raw !== 'total' || !noun || noun.used || noun.raw === noun.stem) return;
    const measure = countMeasureNamed(cube, noun);
    if (!measure || noun.stem === 'time' || claimed.includes(measure)) return;
    t.used = true;
    noun.used = true;
    claimed.push(measure);
  });
  return claimed;
}

/**
 * A ranking by a count named after "by" ("the best-selling category by order count", "by number of orders", "by
 * count of orders"): the count ranks, whatever a selling verb or another word would weigh towards.
 */
export function claimCountRankings(tokens: Token[], cube: CatalogCube): CatalogMember[] {
  const claimed: CatalogMember[] = [];
  tokens.forEach((t, i) => {
    if (t.used || t.raw !== 'by') return;
    const [a, b, c] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    // "by order count", "by orders count"; "by number of orders", "by count of orders".
    const words =
      a && b && b.raw === 'count' && a.raw !== 'count'
        ? [a, b]
        : a && b && c && ['number', 'count', '#'].includes(a.raw) && b.raw === 'of'
          ? [a, b, c]
          : undefined;
    const noun = words?.[0]?.raw === 'count' || words?.[0]?.raw === 'number' ? c : a;
    const measure = countMeasureNamed(cube, noun);
    if (!words || !measure || words.some((w) => w.used) || claimed.includes(measure)) return;
    for (const w of words) w.used = true;
    t.used = true;
    claimed.push(measure);
  });
  return claimed;
}

/** "days with more than 30 orders", "how many months had ...": the periods are the entities. */
function periodEntity(
  tokens: Token[],
  before: number,
): { member: CatalogMember; at: number; grain: Grain } | undefined {
  for (let i = before - 1; i >= 0; i--) {
    const t = tokens[i];
    const grain = t && !t.used ? UNITS[t.stem] : undefined;
    if (!t || !grain) continue;
    const title = grain.replace(/^./, (c) => c.toUpperCase());
    const member: CatalogMember = {
      column: grain,
      title,
      kind: 'dimension',
      type: 'time',
      titleWords: [grain],
      otherWords: [],
      phrases: [],
      values: [],
      names: [],
      namePhrases: [],
    };
    return { member, at: i, grain };
  }
  return undefined;
}

/** Words before "every"/"all" that say the rows spread over the periods or values ("ordered in every month"). */
const SPREAD_LEADS = new Set(['in', 'from', 'across', 'during', 'ordered', 'bought', 'purchased', 'placed']);
const RELATIVES = new Set(['who', 'that', 'with', 'which', 'whose']);
const BUYING_VERBS = new Set(['ordered', 'bought', 'purchased', 'placed', 'shopped', 'order', 'buy']);

/**
 * "customers who ordered in every month of 2025", "bought from all five categories", "across every region":
 * entities whose rows cover every period of the range or every value of a dimension. Claims its words.
 */
export function findSpread(tokens: Token[], cube: CatalogCube): EntityCondition | undefined {
  const count = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!count) return undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used || !['every', 'all'].includes(t.raw)) continue;
    const lead = [tokens[i - 1], tokens[i - 2]].find((b) => b && SPREAD_LEADS.has(b.raw));
    if (!lead || ['for', 'by', 'per'].includes(tokens[i - 1]?.raw ?? '')) continue;
    let k = i + 1;
    const claimed: Token[] = [t];
    // "every single month", "all five categories", "each of the 5 regions", "all the product categories"
    while (k < tokens.length && k <= i + 4) {
      const w = tokens[k];
      if (
        !w ||
        !(['single', 'of', 'the', 'our'].includes(w.raw) || /^\d{1,2}$/.test(w.raw) || NUMBER_WORDS[w.raw])
      )
        break;
      claimed.push(w);
      k++;
    }
    const noun = tokens[k];
    if (!noun || noun.used) continue;
    const grain = UNITS[noun.stem];
    const member = grain
      ? undefined
      : cube.members.find(
          (m) =>
            m.kind === 'dimension' &&
            m.type === 'string' &&
            !isIdentifier(m) &&
            dimensionKeys(m).single.includes(noun.stem),
        );
    if (!grain && !member) continue;
    const entity = findEntity(tokens, cube, lead === tokens[i - 1] ? i - 1 : i - 2);
    if (!entity || entity.at > i || entity.member === member) continue;
    // Only of entities a clause describes ("customers who ordered in every month", "customers with orders in
    // all categories"); "the top category in every region" is a ranking within groups.
    const clause = tokens
      .slice(entity.at + 1, i)
      .some((w) => RELATIVES.has(w.raw) || BUYING_VERBS.has(w.raw));
    if (!clause) continue;
    const entityToken = tokens[entity.at];
    if (entityToken) entityToken.used = true;
    for (const c of [...claimed, noun]) c.used = true;
    const previous = tokens[k - 1];
    if (member && previous && member.titleWords.includes(previous.stem)) previous.used = true;
    return noneOf(tokens, cube, entity, count, { spread: grain ? { grain } : member ? { member } : {} });
  }
  return undefined;
}

/**
 * A count of 0 per entity of the rows `which` names (those of a value, those of another value, or periods or
 * values not covered): how many such entities, their share, the list, as asked.
 */
export function noneOf(
  tokens: Token[],
  cube: CatalogCube,
  entity: { member: EntityCondition['entity']; at: number },
  measure: EntityCondition['measure'],
  which: Pick<EntityCondition, 'rows' | 'rowsAlso' | 'only' | 'spread'>,
): EntityCondition {
  const output = outputAsked(tokens, entity.at, cube).output;
  return {
    entity: entity.member,
    measure,
    op: '=',
    value: 0,
    ...which,
    output: output === 'total' ? 'count' : output,
  };
}
