/**
 * Ratios of customer counts over one or two periods (issue 29, tuning set 21): a question read as tests on each
 * customer's own rows, each "had at least N rows (of a kind) in a period" or "had none", the first (or the one said
 * after "out of" / "as a % of") the whole and the others the part: "what % of customers who bought in November 2025
 * ordered again in December 2025" (retention), "of customers who bought electronics in December 2025, what % also
 * bought toys" (attach), "customers with 2 or more orders in December 2025 as a % of customers who ordered in
 * December 2025" (repeat), "ordered in Q3 2025 but didn't order at all in Q4 2025" (lapsed), "no orders in November
 * but at least one in December" (reactivated), "retention from Oct 2025 to Nov 2025". The customers are counted, or
 * the part taken as a share of the whole, in one total or per value of a dimension ("per region"), narrowed by values
 * ("enterprise customers", "east region"). Every word must be a test, a period, a filler or one of these; otherwise
 * the question is left to the other readings. A negation ("didn't", "no", "nothing", "not", "skipped") is a test of
 * its own, never dropped. The query and the answer: customer-ratios-sql.ts.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { normalise as cohortNormalise } from './cohort-reader';
import { breakdownOf, entityRows, ofEntity } from './per-entity';
import type { Period, Plan, RatioTest, ValueFilter } from './plan';
import { kindWords } from './row-conditions';
import { STOPWORDS, words } from './text';

const MONTHS = [
  'jan(?:uary)?',
  'feb(?:ruary)?',
  'mar(?:ch)?',
  'apr(?:il)?',
  'may',
  'june?',
  'july?',
  'aug(?:ust)?',
  'sep(?:t(?:ember)?)?',
  'oct(?:ober)?',
  'nov(?:ember)?',
  'dec(?:ember)?',
];
const MONTH = `(?:${MONTHS.join('|')})`;
/** A period named: a month (its year may be another's), a quarter, a half, a year, or "that month". */
const MENTION = new RegExp(
  String.raw`\b(?:(${MONTH})(?:\s+(?:of\s+)?(20\d\d))?|q([1-4])(?:\s+(?:of\s+)?(20\d\d))?|h([12])\s+(?:of\s+)?(20\d\d)|(20\d\d)|(?:that|the\s+same)\s+(month|quarter|year|period))\b`,
  'g',
);
const ROWS = '(?:orders?|purchases?)';
/**
 * A span of months said right after a verb of buying or the rows ("bought from January to September 2025", "zero
 * orders from July through September 2025"): one period. ("retention from Oct to Nov", with no such word before, is
 * two periods, one after the other.)
 */
const SPAN = new RegExp(
  String.raw`(?<=\b(?:ordered|bought|purchased|shopped|orders?|purchases?|anything|something)\s+)(?:from\s+(${MONTH})(?:\s+(20\d\d))?\s+(?:to|through|thru|until|till)|between\s+(${MONTH})(?:\s+(20\d\d))?\s+and)\s+(${MONTH})\s+(20\d\d)\b`,
  'g',
);
const BUY = String.raw`(?:ordered|bought|purchased|shopped|placed\s+(?:an?\s+|any\s+)?(?:orders?|purchases?)|made\s+(?:an?\s+|any\s+)?purchases?)`;
const NOT_BUY = String.raw`(?:order|buy|purchase|shop|place\s+(?:an?\s+|any\s+)?(?:orders?|purchases?)|make\s+(?:an?\s+|any\s+)?purchases?)`;
const NUMBER: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, twice: 2, once: 1 };

/** Words a ratio question may hold beside its tests (never a negation, "only", "first" or "new"). */
const FILLER = new Set([
  ...[...STOPWORDS].filter((w) => !['than', 'every', 'each', 'much', 'any', 'some'].includes(w)),
  ...'customers customer people buyers buyer shoppers clients accounts everyone everybody percent percentage pct share proportion fraction rate ratio number count out among amongst but also then still again entirely just was were it we us our do have total'.split(
    ' ',
  ),
]);

interface Mention {
  at: number;
  end: number;
  period: Period;
}

/** A test read with the words it was read from taken out. */
interface Read {
  test: Omit<RatioTest, 'period'>;
  /** "but not in": the kind and verb of the test before. */
  shared?: true;
}

/** The question's words as this reader takes them: lower case, negations in one form, "%" as "percent". */
function normalise(question: string): string {
  return (
    cohortNormalise(
      question
        .replace(/[’‘]/g, "'")
        .replace(/\b(?:didn'?t|did\s+not)\b/gi, ' did not ')
        .replace(/\b(?:don'?t|do\s+not)\b/gi, ' did not ')
        .replace(/\b(?:haven'?t|hasn'?t)\b/gi, ' have not ')
        .replace(/(\d)\s*\+/g, '$1 or more ')
        .replace(/\bre[\s-]?ordered\b/gi, 'ordered again')
        // ("the first half of 2025": H1 2025.)
        .replace(
          /\b(?:the\s+)?(first|second)\s+half\s+(?:of\s+)?(20\d\d)\b/gi,
          (_all, which: string, year: string) => `h${which.toLowerCase() === 'first' ? 1 : 2} ${year}`,
        ),
    )
      // ("returning customers, i.e. had ordered before 2024": the words glossed stand for the test after them.)
      .replace(/\b[a-z]+\s+(customers|buyers)\s+i\s+e\b/g, ' $1 ')
      .replace(/\bi\s+e\b/g, ' ')
      .replace(/\bmonth\s+to\s+month\b/g, ' ')
  );
}

/** Each period named in the text, a month without a year taking the year of the nearest one said with it. */
export function mentionsOf(
  text: string,
  periodOf: (text: string) => Period | undefined,
): Mention[] | undefined {
  const spans: Mention[] = [];
  for (const m of text.matchAll(SPAN)) {
    const [, from = m[3], fromYear = m[4], to, year] = [m[0], m[1], m[2], m[5], m[6]];
    const period = periodOf(`${from} ${fromYear ?? year} through ${to} ${year}`);
    if (!period || period.from >= period.to) return undefined;
    spans.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, period });
  }
  // (The span's words are no mentions of their own: blanked, the places of the others kept.)
  const rest = spans.reduce(
    (t, s) => `${t.slice(0, s.at)}${' '.repeat(s.end - s.at)}${t.slice(s.end)}`,
    text,
  );
  const raw = [...rest.matchAll(MENTION)].map((m) => ({
    m,
    at: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const yearOf = (i: number): string | undefined => {
    const own = raw[i]?.m;
    const year = own?.[2] ?? own?.[4] ?? own?.[6] ?? own?.[7];
    if (year) return year;
    // ("November or December 2025": the year said after; "of October buyers" after "Oct 2025": the one before.)
    for (let k = i + 1; k < raw.length && k <= i + 1; k++) {
      const next = raw[k]?.m;
      if (next?.[1] && next[2] && /^\s+(?:or|and|to|through)\s+$/.test(text.slice(raw[i]?.end, raw[k]?.at)))
        return next[2];
    }
    for (let k = i - 1; k >= 0; k--) {
      const before = raw[k]?.m;
      const y = before?.[2] ?? before?.[4] ?? before?.[6] ?? before?.[7];
      if (y) return y;
    }
    return undefined;
  };
  const out: Mention[] = [];
  for (const [i, { m, at, end }] of raw.entries()) {
    if (m[8]) {
      const previous = out.at(-1);
      if (!previous) return undefined;
      out.push({ at, end, period: previous.period });
      continue;
    }
    // ("may" is a month only with its year.)
    if (m[1] === 'may' && !m[2]) continue;
    const year = yearOf(i);
    if (!year) return undefined;
    const said = m[1] ? `${m[1]} ${year}` : m[3] ? `q${m[3]} ${year}` : m[5] ? `h${m[5]} ${year}` : year;
    let period = periodOf(said);
    // ("of customers who ordered in Q4 2024, what % ordered again in march": the first March after the period
    // before; one said again, "October buyers" after "Oct 2025", is that one.)
    const previous = out.at(-1)?.period;
    if (
      period &&
      m[1] &&
      !m[2] &&
      previous &&
      period.from < previous.from &&
      !out.some((o) => o.period.from === period?.from && o.period.to === period?.to)
    )
      period = periodOf(`${m[1]} ${Number(year) + 1}`);
    if (!period) return undefined;
    out.push({ at, end, period });
  }
  return [...out, ...spans].sort((a, b) => a.at - b.at);
}

/** Words that say the test after them is who the whole is: "of", "among", "of the customers who". */
const WHOLE_BEFORE = /\b(?:of|among|amongst)\s+(?:the\s+|all\s+(?:the\s+)?|those\s+)?$/;
const WHO_BEFORE =
  /\b(?:of|among|amongst)\s+(?:the\s+|all\s+(?:the\s+)?|those\s+)?(?:[a-z]+\s+){0,2}?(?:customers|people|buyers|shoppers|clients|accounts|everyone|everybody)\s+(?:who|that|with)\s*$/;

/** The kind a word names ("electronics", "cancelled"), or undefined. */
type KindOf = (word: string | undefined) => ValueFilter | undefined;

/**
 * The test said just before a period ("who ordered in", "did not buy any electronics in", "placed no order in", "2
 * or more orders in", "but not in"), and the words before it; or undefined when the words end in no test.
 */
function testBefore(segment: string, kindOf: KindOf, KIND: string): { read: Read; rest: string } | undefined {
  const s = segment.replace(/\s+(?:in|during|for|of|throughout|over)\s*$/, ' ').trimEnd();
  const kindsOf = (w: string | undefined): ValueFilter[] | false => {
    if (!w) return [];
    const k = kindOf(w);
    return k ? [k] : false;
  };
  const tries: [RegExp, (m: RegExpExecArray) => Read | false][] = [
    // "did not order at all", "did not buy any electronics", "never ordered"
    [
      new RegExp(
        String.raw`\b(?:did\s+not|have\s+not|never)\s+(?:${NOT_BUY}|${BUY})(?:\s+(?:anything|at\s+all))?(?:\s+(?:any\s+)?${KIND})?(?:\s+(?:anything|at\s+all))?$`,
      ),
      (m) => {
        const kind = kindsOf(m[1]);
        return kind && { test: { kind, op: '=', value: 0 } };
      },
    ],
    // "placed no orders", "had no completed order", "no orders", "and then nothing", "skipped"
    [
      new RegExp(
        String.raw`\b(?:(?:placed|had|made|with)\s+)?(?:no|zero)\s+(?:${KIND}\s+)?${ROWS}(?:\s+(?:at\s+all|whatsoever))?$|\b(?:(?:and\s+)?then\s+)?nothing(?:\s+at\s+all)?$|\bskipped$`,
      ),
      (m) => {
        const kind = kindsOf(m[1]);
        return kind && { test: { kind, op: '=', value: 0 } };
      },
    ],
    // "but not", "and not": the test before, negated
    [/\b(?:but|and)\s+(?:not|never|none)$/, () => ({ test: { kind: [], op: '=', value: 0 }, shared: true })],
    // "were not active", "inactive": no order
    [
      /\b(?:(?:were|was|are|is)\s+not\s+active|(?:were|was|are|is|went)?\s*inactive)$/,
      () => ({ test: { kind: [], op: '=', value: 0 } }),
    ],
    // "2 or more orders", "at least 3 orders", "at least one cancelled order", "exactly 5 orders", "ordered at least twice"
    [
      new RegExp(
        String.raw`\b(?:(?:placed|had|made|with|having)\s+)?(at\s+least|exactly|more\s+than|over)?\s*(\d+|one|two|three|four|five)\s*(or\s+more)?\s+(?:${KIND}\s+)?${ROWS}$|\b${BUY}\s+(at\s+least|exactly|more\s+than)?\s*(\d+\s+times?|once|twice)$`,
      ),
      (m) => {
        const [, op, n, more, kindWord, op2, times] = m;
        const said = (op ?? op2) || more;
        if (!said || (more && (op ?? op2))) return false;
        const counted = times
          ? (NUMBER[times] ?? Number.parseInt(times, 10))
          : (NUMBER[n ?? ''] ?? Number(n));
        // ("more than 20 orders": at least 21.)
        const value = /more|over/.test(said) && !more ? counted + 1 : counted;
        const kind = kindsOf(kindWord);
        if (!kind || !Number.isInteger(value) || value < 1) return false;
        return { test: { kind, op: said === 'exactly' ? '=' : '>=', value } };
      },
    ],
    // "had an order returned", "had a cancelled order", "with a completed order"
    [
      new RegExp(
        String.raw`\b(?:had|has|with|having|placed|made)\s+(?:an?|any|some)\s+(?:${ROWS}\s+${KIND}|${KIND}\s+${ROWS})$`,
      ),
      (m) => {
        const kind = kindsOf(m[1] ?? m[2]);
        return kind && kind.length > 0 && { test: { kind, op: '>=', value: 1 } };
      },
    ],
    // "ordered", "also bought toys", "came back", "ordered again", "bought something"
    [
      new RegExp(
        String.raw`\b(?:(?:also|again|then|still)\s+)*(?:${BUY}|(?:came|come|were)\s+back(?:\s+and\s+${BUY})?|(?:(?:were|was|are|is)\s+)?active)(?:\s+(?:again|something|anything))?(?:\s+(?:any\s+|some\s+)?${KIND})?(?:\s+(?:again|as\s+well|too))?$`,
      ),
      (m) => {
        const kind = kindsOf(m[1]);
        return kind && { test: { kind, op: '>=', value: 1 } };
      },
    ],
    // "the furniture buyers of", "buyers in"
    [
      new RegExp(String.raw`\b(?:${KIND}\s+)?(?:buyers|shoppers|purchasers)$`),
      (m) => {
        const kind = kindsOf(m[1]);
        return kind && { test: { kind, op: '>=', value: 1 } };
      },
    ],
  ];
  for (const [pattern, read] of tries) {
    const m = pattern.exec(s);
    if (!m) continue;
    const got = read(m);
    if (!got) return undefined;
    return { read: got, rest: s.slice(0, m.index) };
  }
  return undefined;
}

/** A reading of the question as a ratio (or count) of customers meeting tests over periods, or undefined. */
export function readCustomerRatio(
  question: string,
  cube: CatalogCube,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const rows = entityRows(cube);
  const measure = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count_distinct');
  if (!rows || !measure) return undefined;
  const kinds = kindWords(cube);
  const KIND = `(${[...kinds.keys()].sort((a, b) => b.length - a.length).join('|')})`;
  const kindOf: KindOf = (w) => (w ? kinds.get(w.trim()) : undefined);
  let text = ` ${normalise(question)} `
    .replace(/\b(?:in|for|within|across|from)\s+my\s+(?:region|territory)\b/g, ' ')
    .replace(/\bmy\s+(customers|clients|accounts)\b/g, ' $1 ');
  if (/\bmy\b/.test(text)) return undefined;
  // "retention from Oct 2025 to Nov 2025": those of the first period who ordered in the second.
  const retention = /\bretention(?:\s+rate)?\s+from\s+(\S+(?:\s+20\d\d)?)\s+to\s+(\S+(?:\s+20\d\d)?)\b/.exec(
    text,
  );
  if (retention)
    text = text.replace(
      retention[0],
      ` share of customers who ordered in ${retention[1]} ; ordered in ${retention[2]} ; `,
    );
  // A rate's name before its definition ("attach rate for toys:", "lapse rate:", "cancel rate per customer:").
  const label =
    /^\s*(?:the\s+)?(?:[a-z]+\s+){0,2}(rate|ratio)(?:\s+(?:for|of)\s+([a-z]+))?(?:\s+per\s+customer)?\s+(?=of\b|share\b|what\b|out\b|the\b|among\b|customers\b)/.exec(
      text,
    );
  // ("what's the attach rate of clothing among furniture buyers in Q4 2025": the kind attached, in the whole's period.)
  const attach = label
    ? null
    : new RegExp(
        String.raw`\b(?:what\s+(?:s|is|was)\s+)?(?:the\s+)?attach\s+rate\s+(?:of|for)\s+${KIND}\s+(?=among|amongst|for|of|in)`,
      ).exec(text);
  const labelKind = label?.[2] ? kindOf(label[2]) : attach ? kindOf(attach[1]) : undefined;
  if ((label?.[2] || attach) && !labelKind) return undefined;
  if (label) text = ` ${text.slice(label[0].length)} `;
  if (attach) text = text.replace(attach[0], ' share ');
  const share =
    label !== null || /\b(?:percent|percentage|pct|share|proportion|fraction|rate|ratio)\b/.test(text);
  const counted = /\b(?:how\s+many|number\s+of|count\s+of|count)\b/.test(text);
  // ("customers who ordered in Q2 but not in Q3, by region": a breakdown with no figure asked is their count.)
  const perValue = /\b(?:by|per)\s+(?:region|segment)s?\b/.test(text);
  const output = share ? 'share' : counted || perValue ? 'count' : undefined;
  if (!output) return undefined;
  const mentions = mentionsOf(text, periodOf);
  if (!mentions || mentions.length < 1) return undefined;
  const tests: RatioTest[] = [];
  const left: string[] = [];
  let wholeAt: number | undefined;
  // The tests said as who the whole is ("of the customers who ordered in", "of Q2 2025 buyers").
  const named: number[] = [];
  // ("what share of all our customers ...": the whole is every customer.)
  const allOf = /\b(?:of|among)\s+all\s+(?:of\s+)?(?:our\s+|the\s+)?customers\b/.test(text);
  let from = 0;
  for (const [i, m] of mentions.entries()) {
    let segment = text.slice(from, m.at);
    from = m.end;
    // ("Q3 2025 buyers", "October buyers", "December 2025 furniture buyers": the test said after its period.)
    const after = new RegExp(String.raw`^\s+(?:${KIND}\s+)?(?:buyers|shoppers|purchasers)\b`).exec(
      text.slice(m.end),
    );
    if (after) {
      const kind = after[1] ? kindOf(after[1]) : undefined;
      if (after[1] && !kind) return undefined;
      from = m.end + after[0].length;
      tests.push({ period: m.period, kind: kind ? [kind] : [], op: '>=', value: 1 });
      if (/\b(?:out\s+of|as\s+a\s+percent\s+of|among|amongst)\s+(?:the\s+|all\s+)?$/.test(segment))
        wholeAt = tests.length - 1;
      if (WHOLE_BEFORE.test(segment)) named.push(tests.length - 1);
      left.push(segment);
      continue;
    }
    // ("in both November and December 2025": each its own test, the verb of the second's.)
    const both = /\bboth\s+(?:in\s+)?$/.test(segment);
    if (both) segment = segment.replace(/\bboth\s+(?:in\s+)?$/, ' ');
    const next = mentions[i + 1];
    const joined = next ? text.slice(m.end, next.at) : '';
    if (/^\s+(?:and|or)\s+(?:in\s+)?$/.test(joined) && next) {
      // "not in November or December 2025": one test over both; "in November and December": a test in each.
      const or = /^\s+or\s+/.test(joined) && !both;
      const found = testBefore(segment, kindOf, KIND);
      if (!found) return undefined;
      left.push(found.rest);
      const test = found.read.shared ? sharedOf(tests, found.read) : found.read.test;
      if (!test) return undefined;
      if (or) {
        if (m.period.to !== next.period.from) return undefined;
        tests.push({
          ...test,
          period: {
            label: `${m.period.label} or ${next.period.label}`,
            from: m.period.from,
            to: next.period.to,
          },
        });
      } else tests.push({ ...test, period: m.period }, { ...test, period: next.period });
      if (/\b(?:out\s+of|as\s+a\s+percent\s+of)\b/.test(found.rest)) wholeAt = tests.length - 2;
      mentions.splice(i + 1, 1);
      from = next.end;
      continue;
    }
    if (both) return undefined;
    // ("had ordered before 2024": every row before the period's start.)
    const before = /\s+before\s*$/.test(segment);
    const found = testBefore(before ? segment.replace(/\s+before\s*$/, ' ') : segment, kindOf, KIND);
    if (!found) return undefined;
    const test = found.read.shared ? sharedOf(tests, found.read) : found.read.test;
    if (!test) return undefined;
    const period = before
      ? { label: `before ${m.period.label}`, from: '1900-01-01', to: m.period.from }
      : m.period;
    tests.push({ ...test, period });
    if (/\b(?:out\s+of|as\s+a\s+percent\s+of)\b/.test(found.rest)) wholeAt = tests.length - 1;
    if (WHOLE_BEFORE.test(found.rest) || WHO_BEFORE.test(found.rest)) named.push(tests.length - 1);
    left.push(found.rest);
  }
  left.push(text.slice(from));
  // The words left: fillers, "per region", values narrowing the rows ("enterprise", "east region").
  let rest = left.join(' ; ');
  let by: CatalogMember | undefined;
  rest = rest.replace(
    /\b(?:by|per|for\s+each|each|split\s+by|broken\s+down\s+by|break\s+down\s+by)\s+([a-z]+)\b/g,
    (all, w: string) => {
      const member = breakdownOf(cube, w.replace(/s$/, ''));
      if (!member || by) return all;
      by = member;
      return ' ';
    },
  );
  const filters: ValueFilter[] = [];
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.type !== 'string') continue;
    for (const value of member.values) {
      const said = words(value).join('\\s+');
      // (A value of the rows, "east", narrows every row only when said as such: "east region", "in the east".)
      const own = ofEntity(rows, member);
      const re = own
        ? new RegExp(String.raw`\b${said}(?:\s+(?:region|segment|customers|accounts|clients))?\b`)
        : new RegExp(
            String.raw`\b(?:${said}\s+(?:region|customers|accounts|clients)|(?:in|from)\s+the\s+${said})\b`,
          );
      if (!re.test(rest)) continue;
      if (tests.some((t) => t.kind.some((k) => k.member === member))) return undefined;
      if (filters.some((f) => words(f.values[0] ?? '').join(' ') === words(value).join(' ')))
        return undefined;
      filters.push({ member, values: [value], negate: false });
      rest = rest.replace(re, ' ');
    }
  }
  rest = rest.replace(/\bhow\s+many\b|\bwhat\s+is\b|\bwhat\s+was\b/g, ' ');
  if (rest.split(/[\s;]+/).some((w) => w && !FILLER.has(w))) return undefined;
  // Tests said twice (a rate's name glossed) are one.
  const unique = tests.filter(
    (t, i) =>
      tests.findIndex(
        (u) =>
          u.op === t.op &&
          u.value === t.value &&
          u.period?.from === t.period?.from &&
          u.period?.to === t.period?.to &&
          JSON.stringify(u.kind.map((k) => k.values)) === JSON.stringify(t.kind.map((k) => k.values)),
      ) === i,
  );
  // (A share is of a whole said as such: "what % of customers ordered in both November and December" is of every
  // customer or of November's, and is left to the other readings.)
  const first = named[0] !== undefined ? tests[named[0]] : undefined;
  const wholeTest = allOf
    ? undefined
    : wholeAt !== undefined
      ? tests[wholeAt]
      : output === 'share'
        ? first?.op === '>=' && first.value === 1
          ? first
          : undefined
        : unique.find((t) => t.op === '>=' && t.value === 1);
  if (!allOf && !wholeTest) return undefined;
  const part = unique.filter((t) => t !== wholeTest);
  if (attach && labelKind && part.length === 0 && wholeTest && mentions.length === 1)
    part.push({ period: wholeTest.period, kind: [labelKind], op: '>=', value: 1 });
  if (part.length === 0) return undefined;
  if (labelKind && !part.some((t) => t.kind.some((k) => k.values[0] === labelKind.values[0])))
    return undefined;
  // ("by category" beside a test of a category: each category's own rows would change the tests.)
  if (by && tests.some((t) => t.kind.some((k) => k.member === by))) return undefined;
  return {
    cube,
    measures: [measure],
    dimensions: by ? [by] : [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    perEntity: {
      kind: 'ratio',
      rows,
      whole: wholeTest ? [wholeTest] : [],
      part,
      output,
      ...(by ? { by } : {}),
      filters,
    },
  };
}

/** "but not in": the test before, with no row of its kind. */
function sharedOf(tests: RatioTest[], read: Read): Omit<RatioTest, 'period'> | undefined {
  const before = tests.at(-1);
  if (before?.op !== '>=' || before.value !== 1) return undefined;
  return { ...read.test, kind: before.kind };
}

/** The first cube of the catalog that reads the question as a ratio of customers. */
export function customerRatioPlan(
  question: string,
  catalog: readonly CatalogCube[],
  periodOf: (text: string, cube: CatalogCube) => Period | undefined,
): Plan | undefined {
  for (const cube of catalog) {
    const plan = readCustomerRatio(question, cube, (text) => periodOf(text, cube));
    if (plan) return plan;
  }
  return undefined;
}

/** A period as a definition's words stand alone: its words, one day each (the definition is read, not run). */
const said = (text: string): Period => ({ label: text, from: text, to: text });

/**
 * A definition's words read as tests over periods (definition-meanings.ts): "ordered in Q3 2025 but didn't order at
 * all in Q4 2025" (the customers they pick out), "customers with 2 or more orders in December 2025 as a % of
 * customers who ordered in December 2025" (a share); the words that stand for them in the question, or undefined when
 * this reader does not read them whole.
 */
export function ratioDefinition(
  text: string,
  catalog: readonly CatalogCube[],
): { kind: 'people' | 'share'; noun: string } | undefined {
  // (A question is no definition: "how many ordered in 2024 but not 2025" asks, it does not define.)
  if (/\b(?:how|what|which|who\s+are|whats|list|show)\b|\?/.test(text)) return undefined;
  const bare = text.replace(/^(?:the\s+)?(?:customers|clients|accounts|buyers|people)\s+/, '');
  const who = /^(?:who|with|that)\b/.test(bare)
    ? bare
    : /^(?:no|zero|at\s+least|\d)/.test(bare)
      ? `with ${bare}`
      : `who ${bare}`;
  const people = `customers ${who}`;
  const ratio = /\b(?:as\s+a\s+(?:%|percent|percentage|share)\s+of|out\s+of)\b/.test(text);
  const asked = ratio ? `what share of ${people}` : `how many ${people}`;
  const plan = catalog.map((cube) => readCustomerRatio(asked, cube, said)).find((p) => p !== undefined);
  const read = plan?.perEntity?.kind === 'ratio' ? plan.perEntity : undefined;
  if (!read || read.output !== (ratio ? 'share' : 'count')) return undefined;
  return ratio ? { kind: 'share', noun: `share of ${people}` } : { kind: 'people', noun: people };
}
