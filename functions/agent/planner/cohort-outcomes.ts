/**
 * The outcome half of a cohort question (cohort-reader.ts): what each member did with which of their rows ("ordered
 * in Dec 2025", "came back within 30 days of their first order", "ordered at least 20 times in 2025", "had an order
 * returned", "didn't order at all in December 2025", "spent over 8k in 2024"), or their spend or order count over a window ("in H1 2025",
 * "since", "altogether", "in their first 3 months"), and a row attribute's value named in either half.
 */
import type { CatalogMember } from './catalog';
import { cohortPeriod, namedPeriod } from './cohort-periods';
import type { CohortReading, ValueFilter } from './plan';
import { NUMBER_WORDS } from './vocabulary';

interface Span {
  at: number;
  end: number;
}

/** A row attribute's value named at the start of `text` ("furniture", "the east region", "returned"). */
export function valueAt(
  text: string,
  attrs: CatalogMember[],
): { filter: ValueFilter; length: number } | undefined {
  for (const member of attrs)
    for (const value of member.values) {
      const v = value.toLowerCase();
      const m = new RegExp(
        `^(?:(?:was|were|is|got|had been|being|came back)\\s+)?(not\\s+|n t\\s+|never\\s+)?(?:(?:a|an|in the|in|from the|from|for|of|the)\\s+)?${v.replace(/\s+/g, '\\s+')}(?:\\s+(?:one|order|orders|purchase|region|category|item|items|product|products|status))?\\b`,
      ).exec(text);
      // ("whose first order was not returned": the value negated.)
      if (m) return { filter: { member, values: [value], negate: m[1] !== undefined }, length: m[0].length };
    }
  return undefined;
}

export type Window = CohortReading['window'];
/** Counts of a window in words: the counts written out (vocabulary.ts), "a"/"one", and thirty and ninety days. */
const WINDOW_COUNTS: Record<string, number> = { a: 1, one: 1, ...NUMBER_WORDS, thirty: 30, ninety: 90 };

/** The rows an outcome counts, said right after it: a period, "since", "altogether", a span after the first row. */
export function windowAt(text: string): { window: Window; length: number; all?: boolean } | undefined {
  const rel =
    /^(within|in)\s+(?:the\s+)?(?:their\s+)?(?:first\s+)?(\d+|a|one|two|three|four|five|six|twelve|thirty|ninety)\s+(days?|weeks?|months?)(?:\s+(?:of|after|from|since|counting from)\s+(?:their|the|a)\s+first\s+(?:order|purchase))?/.exec(
      text,
    );
  if (rel) {
    const n = Number(rel[2]) || WINDOW_COUNTS[rel[2] ?? ''] || 0;
    const week = /^week/.test(rel[3] ?? '');
    const unit: 'day' | 'month' = /^month/.test(rel[3] ?? '') ? 'month' : 'day';
    const first = /first/.test(rel[0]);
    if (n <= 0 || (rel[1] === 'in' && !first)) return undefined;
    return { window: { within: { n: week ? n * 7 : n, unit } }, length: rel[0].length };
  }
  const all =
    /^(?:(?:since(?:\s+then|\s+their\s+first\s+(?:order|purchase)|\s+they\s+(?:joined|signed up|started)|(?=\s*$))|altogether|in\s+total|overall|all\s+time|to\s+date|so\s+far|ever|in\s+their\s+lifetime|over\s+their\s+lifetime|lifetime|in\s+all)\b\s*)+/.exec(
      text,
    );
  // ("since September 2025": a period from then on, read below; "since then", "since" alone: every row.)
  if (all) {
    // ("in total in 2025": the period says which rows.)
    const rest = text.slice(all[0].length);
    const p = cohortPeriod(rest.trimStart());
    if (p)
      return {
        window: { period: p.period },
        length: all[0].length + rest.length - rest.trimStart().length + p.length,
      };
    return { window: {}, length: all[0].length, all: true };
  }
  const p = cohortPeriod(text);
  return p ? { window: { period: p.period }, length: p.length } : undefined;
}

export type Outcome = {
  kind: 'spend' | 'orders' | 'test';
  window: Window;
  test?: CohortReading['test'];
  span: Span;
  windowed: boolean;
  /** The text with the outcome's other matches blanked. */
  said: string;
  /** An average's words said inside the outcome ("spend per head"). */
  avg: boolean;
};

/** The outcome phrase of the text left after the cohort, with its window; undefined when none is said. */
export function findOutcome(said: string, attrs: CatalogMember[]): Outcome | 'unread' | undefined {
  let text = said;
  const tries: [
    RegExp,
    (m: RegExpExecArray) => (Pick<Outcome, 'kind' | 'test'> & { window?: Window }) | undefined,
  ][] = [
    [
      /\b(?:didn t|didnt|did not|never|haven t|have not|hasn t|has not|havent)\s+(?:order(?:ed)?|buy|bought|purchased?|shop(?:ped)?|placed?\s+(?:an?\s+|any\s+)?orders?|made\s+(?:a|any)\s+purchases?)(?:\s+(?:anything|at all|again))*|\b(?:placed|made|had)\s+no\s+(?:orders|purchases)/,
      () => ({ kind: 'test', test: { none: true } }),
    ],
    [
      /\b(?:ordered|bought|purchased|shopped)\s+at\s+least\s+(\d+)\s+times|\b(?:placed|made|had)\s+at\s+least\s+(\d+)\s+(?:orders|purchases)|\b(?:placed|made|had)\s+(\d+)\s+or\s+more\s+(?:orders|purchases)|\b(\d+)\s*\+\s+orders|\b(?:ordered|bought|purchased|shopped|placed|made|had)\s+(?:more\s+than|over)\s+(\d+)\s+(?:times|orders|purchases)/,
      (m) => {
        // ("more than 50 times": at least 51.)
        const n = m[5] ? Number(m[5]) + 1 : Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
        return n > 0 ? { kind: 'test', test: { min: n } } : undefined;
      },
    ],
    [
      // "spent over 8000 in 2024", "spent more than 12k in 2025", "spent at least 5k": a threshold on the window's spend.
      /\b(?:spent|spend|spends|spending)\s+(?:(more\s+than|over|above|upwards\s+of|in\s+excess\s+of)|(at\s+least))\s+(\d+(?:\.\d+)?)\s*(k|m)?(?=\s|$)/,
      (m) => {
        const n = Number(m[3]) * (m[4] === 'k' ? 1e3 : m[4] === 'm' ? 1e6 : 1);
        return n > 0 ? { kind: 'test', test: { spent: n, orEqual: m[2] !== undefined } } : undefined;
      },
    ],
    [
      /\b(?:came back|come back|coming back|ordered again|order again|bought again|buy again|purchased again|shopped again|reordered|placed (?:a second|another|a repeat) (?:order|purchase)|made (?:a second|another|a repeat) (?:order|purchase)|repeat (?:purchase|order)d?)(?:\s+(?:for|with)\s+(?:a\s+second|another|a\s+repeat|more)(?:\s+(?:order|purchase|one))?)?/,
      () => ({ kind: 'test', test: { min: 1 }, window: { afterFirst: true } }),
    ],
    [
      /\b(?:how\s+many\s+orders|number\s+of\s+orders|orders?\s+count|count\s+of\s+orders|orders\s+per\s+(?:customer|head|person|buyer|client))(?:\s+(?:have|did|do)\s+(?:they|those|these|them)(?:\s+customers)?\s+(?:placed|place|made|make))?/,
      () => ({ kind: 'orders' }),
    ],
    [
      /\b(?:spend|spent|spending|revenue|sales|brought\s+in|bring\s+in|earn|earned|generated?|turnover|worth)\b(?:\s+with\s+us)?/,
      () => ({ kind: 'spend' }),
    ],
    [
      /\b(?:had|placed|made)\s+(?:an?|any|at\s+least\s+one)\s+(?:order|purchase)\s+(\w+)\b/,
      (m) => valueTest(m[1] ?? '', attrs),
    ],
    [
      /\b(?:ordered|bought|purchased|shopped\s+for)\s+(?:any\s+|some\s+)?(\w+)(?:\s+(?:items?|products?|goods))?/,
      (m) => valueTest(m[1] ?? '', attrs),
    ],
    [
      /\b(?:had|placed|made|bought)\s+(?:an?|any|at\s+least\s+one)\s+(\w+)\s+(?:order|purchase)s?\b/,
      (m) => valueTest(m[1] ?? '', attrs),
    ],
    [
      /\breturned\s+(?:an?|any|at\s+least\s+one)\s+(?:order|purchase|item)s?\b/,
      () => valueTest('returned', attrs),
    ],
    [
      /\b(?:ordered|placed\s+(?:an?|any|at\s+least\s+(?:one|1)|one)\s+orders?|placed\s+orders|bought|purchased|shopped|made\s+(?:a|any)\s+purchases?|were\s+active|(?:were|was)\s+(?:still\s+)?(?:buying|ordering|shopping|purchasing|active)|had\s+(?:an?|any)\s+orders?)(?:\s+(?:anything|something|at\s+all|again|with\s+us))*/,
      () => ({ kind: 'test', test: { min: 1 } }),
    ],
  ];
  for (const [pattern, make] of tries) {
    // Of several matches ("revenue ... bring in during 2024"), the one its window follows; the others are fillers.
    const matches = [...text.matchAll(new RegExp(pattern.source, 'g'))].filter((m) => make(m) !== undefined);
    const m =
      matches.find((x) => windowAt(text.slice((x.index ?? 0) + x[0].length).trimStart()) !== undefined) ??
      matches[0];
    if (!m) continue;
    const made = make(m);
    if (!made) continue;
    const others = matches.filter((x) => x !== m);
    if (others.length > 0 && made.kind !== 'spend') return 'unread';
    for (const x of others)
      text = `${text.slice(0, x.index)}${' '.repeat(x[0].length)}${text.slice((x.index ?? 0) + x[0].length)}`;
    let at = m.index ?? 0;
    let end = at + m[0].length;
    // ("spend per head in 2024": the average's words between the figure and its window.)
    const per = /^\s*(?:per\s+(?:customer|head|person|capita|buyer|client)|on\s+average)\b/.exec(
      text.slice(end),
    );
    if (per) end += per[0].length;
    const rest = text.slice(end);
    let w = windowAt(rest.trimStart());
    // "how many orders did they place in 2024", "what did they spend in H1 2025": the window after the verb.
    if (!w && (made.kind === 'orders' || made.kind === 'spend')) {
      const verb =
        /\b(?:place|placed|make|made|spend|spent|bring in|brought in|earn|earned|generate|generated)\s+/.exec(
          rest,
        );
      const after = verb ? windowAt(rest.slice((verb.index ?? 0) + verb[0].length)) : undefined;
      if (verb && after) {
        const from = end + (verb.index ?? 0);
        const to = from + verb[0].length + after.length;
        text = `${text.slice(0, from)}${' '.repeat(to - from)}${text.slice(to)}`;
        w = { window: after.window, length: 0 };
      }
    }
    // "2025 spend", "lifetime spend", "q4 2025 revenue": the window said before the figure.
    if (!w && made.kind === 'spend') {
      const before = windowBefore(text.slice(0, at));
      if (before) {
        at -= before.length;
        w = { window: before.window, length: 0 };
      }
    }
    let window: Window = { ...made.window };
    let windowed = false;
    if (w) {
      if (w.length > 0) end += rest.length - rest.trimStart().length + w.length;
      windowed = true;
      // ("ordered again in 2025": rows in 2025; "came back within 30 days of their first order": after the first.)
      if (w.window.period) window = { ...window, period: w.window.period, afterFirst: undefined };
      if (w.window.within) window = { ...window, within: w.window.within };
    }
    if (made.window?.filter) window.filter = made.window.filter;
    return {
      kind: made.kind,
      ...(made.test ? { test: made.test } : {}),
      window,
      span: { at, end },
      windowed,
      said: text,
      avg: per !== null,
    };
  }
  return undefined;
}

/** A window said right before a figure ("2025 spend", "lifetime revenue"): the window and how long it is. */
function windowBefore(text: string): { window: Window; length: number } | undefined {
  const all = /(?:^|\s)(lifetime|all time|total|overall)\s*$/.exec(text);
  if (all) return { window: {}, length: text.length - all.index };
  const starts = [...text.matchAll(/\b\w/g)].map((m) => m.index ?? 0).filter((i) => i >= text.length - 30);
  for (const i of starts) {
    const p = namedPeriod(text.slice(i));
    if (p && text.slice(i + p.length).trim() === '')
      return { window: { period: p.period }, length: text.length - i };
  }
  return undefined;
}

const valueTest = (word: string, attrs: CatalogMember[]) => {
  const v = valueAt(word, attrs);
  if (!v || v.length !== word.length) return undefined;
  return { kind: 'test' as const, test: { min: 1 }, window: { filter: v.filter } };
};
