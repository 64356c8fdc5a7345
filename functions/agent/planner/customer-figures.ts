/**
 * A figure of each customer the asker defines or asks for in words of their own (issue 29, tuning-32-miss), said
 * again in the words the planner reads, before the definitions are read (definitions.ts):
 * - a word defined as one customer's figure and then averaged: "let category breadth be the number of distinct
 *   product categories a customer ordered from in 2024. what's the average category breadth?", "a customer's wallet
 *   is what they spend in one calendar year. what was the average wallet in 2024 by region?", "call a customer's
 *   2025 spend their wallet", "..., wallet meaning one customer's spend within that year": the average of that
 *   figure per customer ("average number of distinct product categories per customer in 2024", "average spend per
 *   customer in 2024 by region"). Only two figures are read so (distinct values of one breakdown a customer bought
 *   from, a customer's spend); a definition of anything else is left to definitions.ts (read there, or refused).
 * - "on average, how many different product categories did a customer buy from in Q1 2025?": the same average.
 * - "per region, what was the average number of distinct categories per customer ...": the group said first is the
 *   breakdown ("... by region"); read as it stood, "per region" was taken as the per-customer figure's own unit.
 * - no order in one period and one in the next ("one with no orders in Q2 2025 but at least one in Q3 2025",
 *   "they ordered nothing in Q1 2024 and then ordered in Q2 2024", "someone who didn't order in March 2025 but did in
 *   April 2025"): said as "a customer who ordered in Q3 2025 but not in Q2 2025", which definitions.ts and
 *   customer-ratios.ts read.
 */

const PERIOD = String.raw`(?:q[1-4]\s+20\d\d|h[12]\s+20\d\d|the\s+(?:first|second)\s+half\s+of\s+20\d\d|(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\s+20\d\d|20\d\d)`;
const PERSON = '(?:customer|client|buyer|shopper|account)';
const WHOSE = String.raw`(?:a|one|each|the|any)\s+${PERSON}['’]s`;
const TERM = String.raw`["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)["'’”]?`;

/** One customer's figure, in the planner's words, and the period the definition names, if any. */
interface Figure {
  words: string;
  period?: string;
  /** Said of one year with no year named ("what they spend in a calendar year"): the question must name the year. */
  yearly?: true;
}

/** "the number of distinct product categories a customer ordered from in 2024", "what a customer spends in a year". */
function figureOf(said: string): Figure | undefined {
  const text = said.trim().replace(/[.?!]+$/, '');
  const distinct = new RegExp(
    String.raw`^(?:the\s+)?(?:number|count)\s+of\s+(?:distinct|different|unique|separate)\s+((?:product\s+)?categor(?:y|ies))\s+(?:that\s+)?(?:a|an|each|one|the)\s+${PERSON}\s+(?:has\s+)?(?:bought|ordered|purchased|shopped|buys|orders|purchases|shops)(?:\s+(?:from|in|across))?(?:\s+(?:in|during)\s+(${PERIOD}))?$`,
    'i',
  ).exec(text);
  if (distinct?.[1])
    return {
      words: `number of distinct ${distinct[1].replace(/category$/i, 'categories')}`,
      ...(distinct[2] ? { period: distinct[2] } : {}),
    };
  const spends = new RegExp(
    String.raw`^(?:what|how\s+much)\s+(?:(?:a|an|each|one|the)\s+${PERSON}|they|he|she)\s+(?:spends?|spent)(?:\s+(?:in|within|during|over)\s+(?:(?:a|one|each|the|that|a\s+single)\s+(?:calendar\s+)?year|(${PERIOD})))?$`,
    'i',
  ).exec(text);
  if (spends)
    return {
      words: 'spend',
      ...(spends[1] ? { period: spends[1] } : /\byear\b/i.test(text) ? { yearly: true } : {}),
    };
  // ("a customer's yearly spend", "their annual spending": a year's spend, the year the question names.)
  if (
    new RegExp(String.raw`^(?:${WHOSE}|their|his|her)\s+(?:yearly|annual)\s+(?:spend|spending)$`, 'i').test(
      text,
    )
  )
    return { words: 'spend', yearly: true };
  const own = new RegExp(
    String.raw`^(?:${WHOSE}|their|his|her)\s+(?:total\s+)?(?:(20\d\d)\s+)?(?:spend|spending)(?:\s+(?:in|within|during|over)\s+(?:(?:a|one|the|that|a\s+single)\s+(?:calendar\s+)?year|(${PERIOD})))?$`,
    'i',
  ).exec(text);
  if (own) {
    const period = own[1] ?? own[2];
    return { words: 'spend', ...(period ? { period } : /\byear\b/i.test(text) ? { yearly: true } : {}) };
  }
  return undefined;
}

/** A definition of `term` as a figure, its sentence taken out: the rest of the question and the figure. */
interface Defined {
  term: string;
  figure: Figure;
  rest: string;
}

/** The definition forms read: "let X be F", "X means F", "X is F", "define X as F", "call F their X", ", X meaning F". */
function definedIn(question: string): Defined | undefined {
  const sentences = question.split(/(?<=[.?!;:])\s+/);
  for (const [i, sentence] of sentences.entries()) {
    const s = sentence.trim().replace(/[.;:]+$/, '');
    const forms: [RegExp, number, number][] = [
      [
        new RegExp(
          String.raw`^(?:let|let's\s+say|say)\s+(?:${WHOSE}\s+)?${TERM}\s+(?:be|mean|=)\s+(.+)$`,
          'i',
        ),
        1,
        2,
      ],
      [
        new RegExp(
          String.raw`^(?:(?:the|a|an|our)\s+)?(?:${WHOSE}\s+)?${TERM}\s+(?:means|is|=|stands\s+for|refers\s+to|is\s+defined\s+as)\s+(.+)$`,
          'i',
        ),
        1,
        2,
      ],
      [new RegExp(String.raw`^(?:define|defining)\s+(?:${WHOSE}\s+)?${TERM}\s+as\s+(.+)$`, 'i'), 1, 2],
      [
        new RegExp(
          String.raw`^(?:let's\s+|let\s+us\s+|we\s+)?call\s+(.+?)\s+(?:their|its|his|her|${WHOSE})\s+${TERM}$`,
          'i',
        ),
        2,
        1,
      ],
    ];
    for (const [re, t, f] of forms) {
      const m = re.exec(s);
      const term = m?.[t]?.toLowerCase();
      const figure = m?.[f] ? figureOf(m[f]) : undefined;
      if (!term || !figure) continue;
      return { term, figure, rest: sentences.filter((_, k) => k !== i).join(' ') };
    }
  }
  // ("what's the average wallet of my customers in 2023, wallet meaning one customer's spend within that year?")
  const trailing = new RegExp(
    String.raw`\s*[,(]\s*(?:where\s+|with\s+)?${TERM}\s+(?:meaning|being|=|i\.e\.|is|means)\s+([^,()?]+?)\s*\)?\s*([?.!]*)\s*$`,
    'i',
  ).exec(question);
  const figure = trailing?.[2] ? figureOf(trailing[2].replace(/\bthat\s+year\b/i, 'a year')) : undefined;
  if (trailing?.[1] && figure)
    return {
      term: trailing[1].toLowerCase(),
      figure,
      rest: `${question.slice(0, trailing.index)}${trailing[3] || '?'}`,
    };
  return undefined;
}

/** The question with a defined figure's average said in the planner's words, or undefined. */
function averagedFigure(question: string): string | undefined {
  const d = definedIn(question);
  if (!d) return undefined;
  const term = d.term.replace(/\s+/g, '\\s+');
  const use = new RegExp(
    String.raw`\b(?:the\s+)?(average|mean|typical|median)\s+["'‘“]?${term}["'’”]?(?:\s+(?:of|across|among|for)\s+(?:(?:my|our|all|the)\s+)*(?:customers|clients|buyers|accounts))?`,
    'gi',
  );
  let used = 0;
  const rest = d.rest.replace(use, (_all, avg: string) => {
    used++;
    return `${avg.toLowerCase() === 'typical' ? 'average' : avg.toLowerCase()} ${d.figure.words} per customer${d.figure.period ? ` in ${d.figure.period}` : ''}`;
  });
  // (The word must be used once, as an average, and nowhere else: any other use is left to definitions.ts.)
  if (used !== 1 || new RegExp(String.raw`\b${term}\b`, 'i').test(rest)) return undefined;
  // (A year's figure with no year said anywhere would be every year's spend together: left to definitions.ts.)
  if (d.figure.yearly && !/\b20\d\d\b/.test(rest)) return undefined;
  return rest;
}

/** "on average, how many different product categories did a customer buy from in Q1 2025?" */
const HOW_MANY_DISTINCT = new RegExp(
  String.raw`^\s*(?:on\s+average\s*,?\s*)?how\s+many\s+(?:distinct|different|unique|separate)\s+((?:product\s+)?categories)\s+(?:did|does|do)\s+(?:a|an|each|the\s+average|the\s+typical|our)\s+${PERSON}s?\s+(?:buy|order|purchase|shop)(?:\s+(?:from|in|across))?(\s+(?:in|during)\s+${PERIOD})?(\s*,?\s*on\s+average)?\s*\?*\s*$`,
  'i',
);

function averageDistinct(question: string): string | undefined {
  const m = HOW_MANY_DISTINCT.exec(question);
  if (!m?.[1]) return undefined;
  // ("on average" said before or after: an average over customers, not the count of one.)
  if (!/\bon\s+average\b|\bthe\s+(?:average|typical)\s+/i.test(question)) return undefined;
  return `average number of distinct ${m[1]} per customer${m[2] ?? ''}?`;
}

/** "per region, what was the average number of distinct categories per customer in December 2025?" */
const GROUP_FIRST =
  /^\s*(?:per|by|for\s+each|in\s+each)\s+(region|segment|category|status)\s*,\s*(.*\b(?:average|mean)\b.*\bper\s+(?:customer|client|buyer|account)\b.*?)\s*([?.!]*)\s*$/i;

function groupSaidFirst(question: string): string | undefined {
  const m = GROUP_FIRST.exec(question);
  if (!m?.[1] || !m[2] || /\b(?:by|per|each)\s+(?:region|segment|category|status)\b/i.test(m[2]))
    return undefined;
  return `${m[2]} by ${m[1]}${m[3] || '?'}`;
}

/** "no orders in Q2 2025 but at least one in Q3 2025": ordered in the second period and not in the first. */
const NONE_THEN_SOME = new RegExp(
  String.raw`\b(?:no\s+orders?|zero\s+orders|nothing|no\s+purchases?)\s+(?:in|during)\s+(${PERIOD})|\b(?:ordered|bought|purchased|placed)\s+nothing\s+(?:in|during)\s+(${PERIOD})|\b(?:did\s*n[o']?t|did\s+not|never)\s+(?:order|buy|purchase)(?:\s+anything)?\s+(?:in|during)\s+(${PERIOD})`,
  'i',
);
const THEN_SOME = new RegExp(
  String.raw`^\s*,?\s*(?:but|and|yet)(?:\s+then)?\s+(?:(?:had|has|placed|made)\s+)?(?:(?:at\s+least\s+one|an?|one\s+or\s+more|some)(?:\s+(?:order|purchase)s?)?|orders?|(?:then\s+)?(?:did(?:\s+(?:order|buy|purchase|place\s+(?:an?\s+)?orders?))?|ordered|bought|purchased|placed\s+(?:an?\s+)?orders?)(?:\s+again)?)\s+(?:in|during)\s+(${PERIOD})\b`,
  'i',
);
const SUBJECT =
  /\b(one|someone|anyone|somebody|anybody|a\s+customer|customers|people|those|they|he|she)\s+(?:(?:who|that)\s+)?(?:(?:with|had|has|placed|made)\s+)?$/i;
const OWN_SUBJECT = /\b(?:a|an|the)\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:had|has|with|placed|made)\s+$/i;

/** "ordered in Q4 2025 after having no orders in Q3 2025": the same, said the other way round. */
const SOME_AFTER_NONE = new RegExp(
  String.raw`\b(?:ordered|bought|purchased|placed\s+an?\s+order)\s+(?:in|during)\s+(${PERIOD})\s*,?\s+after\s+(?:having\s+)?(?:had\s+|placed\s+)?(?:no\s+orders?|nothing|no\s+purchases?)\s+(?:in|during)\s+(${PERIOD})\b`,
  'i',
);

function someAfterNone(question: string): string | undefined {
  const m = SOME_AFTER_NONE.exec(question);
  if (!m?.[1] || !m[2]) return undefined;
  return `${question.slice(0, m.index)}had no orders in ${m[2]} but at least one in ${m[1]}${question.slice(m.index + m[0].length)}`;
}

function noneThenSome(asked: string): string | undefined {
  const question = someAfterNone(asked) ?? asked;
  const none = NONE_THEN_SOME.exec(question);
  if (!none) return undefined;
  const first = none[1] ?? none[2] ?? none[3];
  const after = question.slice(none.index + none[0].length);
  const some = THEN_SOME.exec(after);
  if (!first || !some?.[1]) return undefined;
  const before = question.slice(0, none.index);
  const tail = after.slice(some[0].length);
  const clause = `ordered in ${some[1]} but not in ${first}`;
  const subject = SUBJECT.exec(before);
  if (subject?.[1]) {
    const who = subject[1].toLowerCase();
    const said = /^(?:they|he|she)$/.test(who)
      ? `${subject[1]} ${clause}`
      : `${/^(?:customers|people|those)$/.test(who) ? 'customers' : 'a customer'} who ${clause}`;
    return `${before.slice(0, subject.index)}${said}${tail}`;
  }
  // ("where a comeback customer had no order in Q3 2024 and an order in Q4 2024": is one who ordered ...)
  const own = OWN_SUBJECT.exec(before);
  if (own) {
    const cut = before.replace(/\s+(?:had|has|with|placed|made)\s+$/i, ' ');
    return `${cut}is a customer who ${clause}${tail}`;
  }
  return undefined;
}

/**
 * "comeback customers per region, where a comeback customer is a customer who ...": the definition said after its
 * use, a count per group asked by the noun alone; said as the definition, then "how many ... per region?".
 */
const WHERE_DEFINED =
  /^\s*(?:the\s+)?(?:number\s+of\s+|count\s+of\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s+(?:customers|clients|buyers|accounts))\s+(per|by|in\s+each|for\s+each)\s+(region|segment)\s*,?\s*(?:where|with|if)\s+((?:an?|one)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s+(?:customer|client|buyer|account)\s+is\s+.+?)\s*[?.!]*\s*$/i;

function whereDefined(question: string): string | undefined {
  const m = WHERE_DEFINED.exec(question);
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) return undefined;
  // (The noun used is the one defined: "comeback customers" for "a comeback customer".)
  const used = m[1].toLowerCase().replace(/s$/, '');
  const defined = m[4]
    .toLowerCase()
    .replace(/^(?:an?|one)\s+/, '')
    .replace(/\s+is\s+.*$/, '');
  if (used !== defined) return undefined;
  return `${m[4].charAt(0).toUpperCase()}${m[4].slice(1)}. How many ${m[1]} ${m[2]} ${m[3]}?`;
}

/** The question in the planner's words where it holds one of these shapes, or as it was. */
export function readCustomerFigures(question: string): string {
  let text = question;
  text = averagedFigure(text) ?? text;
  text = averageDistinct(text) ?? text;
  text = groupSaidFirst(text) ?? text;
  text = noneThenSome(text) ?? text;
  text = whereDefined(text) ?? text;
  return text;
}
