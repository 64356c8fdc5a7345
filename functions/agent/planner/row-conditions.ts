/**
 * Conditions on each customer's own rows, read as a small algebra (issue 29, tuning set 20): a condition is
 * - a count of the customer's rows of a kind compared to a number ("exactly one return", "2 or more returns",
 *   "at least 3 completed orders", "10+ orders", "no cancellations", "never had a single order cancelled");
 * - the largest, smallest, average or total of their amounts compared to a number ("whose largest single order was
 *   below $900", "spent over 10k");
 * - every or none of their rows ("every single order over $100", "all of whose orders were completed", "never
 *   placed an order under $20"), rows of a kind ("bought toys"), rows of a kind in each of two years ("had a return
 *   in both 2023 and 2025"), or two kinds' counts against each other ("more returns than cancellations");
 * joined by "and" / "but"; the customers then counted, listed, or ranked by another measure among those that
 * qualify ("top 5 by AOV in 2025, min 10 orders"). Every word must be one of these roles or a filler: otherwise the
 * question is left to the other readings (a negation, "exactly", "both" or "ever" is never dropped here).
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { breakdownOf, entityRows, ofEntity } from './per-entity';
import type {
  EntityCondition,
  NumberFilter,
  Period,
  Plan,
  RowAggregate,
  RowCondition,
  ValueFilter,
} from './plan';
import { stem, words } from './text';

type Op = EntityCondition['op'];

const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  'one two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((w, i) => [w, String(i + 1)]),
);
const OP = String.raw`(exactly|at\s+least|at\s+most|no\s+more\s+than|no\s+fewer\s+than|no\s+less\s+than|more\s+than|fewer\s+than|less\s+than|over|under|above|below|min(?:imum)?)`;
const N = String.raw`(\d+(?:\.\d+)?)`;
const ROW = '(?:orders?|purchases?)';
const OPS: Record<string, Op> = {
  exactly: '=',
  'at least': '>=',
  min: '>=',
  minimum: '>=',
  'no fewer than': '>=',
  'no less than': '>=',
  'at most': '<=',
  'no more than': '<=',
  'more than': '>',
  over: '>',
  above: '>',
  'fewer than': '<',
  'less than': '<',
  under: '<',
  below: '<',
};
const opOf = (w: string | undefined): Op | undefined => OPS[(w ?? '').replace(/\s+/g, ' ')];

/** Words a reading may hold beside its roles. */
const FILLER = new Set(
  'how many number count the a an of who whose that which with had have has did do does and but customers customer clients client buyers buyer shoppers accounts is are was were in year ever single'.split(
    ' ',
  ),
);
/** Further fillers of a ranking ("among those with", "counting only customers with"). */
const RANK_FILLER = new Set(
  'those ones top which among counting only have had the by customers of show list me'.split(' '),
);

/** Each value word of the rows' own string dimensions, by the words it is said with ("returns", "cancellations"). */
export function kindWords(cube: CatalogCube): Map<string, ValueFilter> {
  const rows = entityRows(cube);
  const map = new Map<string, ValueFilter>();
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.type !== 'string' || member.values.length === 0) continue;
    if (rows && (member === rows.entity || ofEntity(rows, member))) continue;
    for (const value of member.values) {
      const said = words(value).join(' ');
      const filter = { member, values: [value], negate: false };
      const forms = [said, stem(said)];
      if (/ed$/.test(said)) {
        const base = said.replace(/l?ed$/, '');
        forms.push(`${base}s`, base, `${base}lation`, `${base}lations`, `${base}ation`, `${base}ations`);
      }
      for (const f of forms) if (!map.has(f)) map.set(f, filter);
    }
  }
  return map;
}

/** Each one-word value of a string dimension, by its word ("enterprise", "west"); none where two dimensions share it. */
function valueFilters(cube: CatalogCube): Map<string, ValueFilter | undefined> {
  const map = new Map<string, ValueFilter | undefined>();
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.type !== 'string') continue;
    for (const value of member.values) {
      const said = words(value);
      const [word] = said;
      if (!word || said.length !== 1) continue;
      map.set(word, map.has(word) ? undefined : { member, values: [value], negate: false });
    }
  }
  return map;
}

/** The question's words as this reader takes them: lower case, amounts as numbers, counts as digits. */
function normalise(question: string): string {
  return ` ${question.toLowerCase()} `
    .replace(/[’']/g, "'")
    .replace(/\bno\.\s*of\b/g, 'number of')
    .replace(/\bcusts\b/g, 'customers')
    .replace(/\bsent\s+back\b/g, 'returned')
    .replace(/\ball-time\b/g, 'all time')
    .replace(/\bfor\s+whom\b/g, 'whose')
    .replace(/\bour\s+(customers|clients|accounts)\b/g, '$1')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/\$\s*/g, '')
    .replace(/(\d+(?:\.\d+)?)k\b/g, (_, n: string) => String(Number(n) * 1000))
    .replace(
      /\b(exactly|least|most|than|only|with|had|min)\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g,
      (_, a: string, n: string) => `${a} ${NUMBER_WORDS[n]}`,
    )
    .replace(/(\d)\s*\+/g, '$1 plus ')
    .replace(/[?!.,:;()\-–—]/g, ' ; ')
    .replace(/\s+/g, ' ');
}

/** What the reader found so far: the conditions read, and the question's words with theirs taken out. */
interface Found {
  clauses: RowCondition[];
  text: string;
}

/** Takes each match of `pattern` out of the words, its groups read by `read` (false: the match is not read whole). */
function take(found: Found, pattern: RegExp, read: (m: RegExpExecArray) => RowCondition[] | false): boolean {
  let ok = true;
  found.text = found.text.replace(pattern, (...args) => {
    const m = args.slice(0, -2) as unknown as RegExpExecArray;
    const got = read(m);
    if (got === false) {
      ok = false;
      return args[0] as string;
    }
    found.clauses.push(...got);
    return ' ; ';
  });
  return ok;
}

/** A reading of the question as conditions on each customer's own rows, or undefined to leave it to the others. */
export function readRowConditions(
  question: string,
  cube: CatalogCube,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const rows = entityRows(cube);
  const measures = cube.members.filter((m) => m.kind === 'measure');
  const byAgg = (agg: string) => measures.find((m) => m.aggType === agg);
  const count = byAgg('count');
  const amount = cube.members.find(
    (m) => m.kind === 'dimension' && m.type === 'number' && m.format === 'currency',
  );
  if (!rows || !count) return undefined;
  const kinds = kindWords(cube);
  const KIND = `(${[...kinds.keys()].sort((a, b) => b.length - a.length).join('|')})`;
  const kindOf = (w: string | undefined) => (w ? kinds.get(w.trim()) : undefined);
  const countOf = (kind: ValueFilter[] = [], extra: Partial<RowAggregate> = {}): RowAggregate => ({
    measure: count,
    ...(kind.length > 0 ? { kind } : {}),
    ...extra,
  });
  let text = normalise(question);
  // "60 orders or more", "12 returns or more": the bound said after the rows, as "60 or more orders"; "sit at 60 or
  // more orders", "customers on 70 orders": a count the customers are at, as "with".
  const anyKind = `(?:${KIND.slice(1)}`;
  const counted = String.raw`(?:${anyKind}\s+)?(?:${ROW}|${anyKind})`;
  text = text
    .replace(
      new RegExp(String.raw`\b(\d+)\s+(${counted})\s+or\s+(more|fewer|less)\b`, 'g'),
      (_all, n: string, rows: string, side: string) => `${n} or ${side} ${rows}`,
    )
    .replace(
      new RegExp(
        String.raw`\b(?:(?:who\s+)?(?:sit|sits|sitting|are|is|stand|stands)\s+)?(?:at|on)\s+(?=\d+\s+(?:or\s+(?:more|fewer|less)\s+|plus\s+)?${counted}\b)`,
        'g',
      ),
      'with ',
    );
  // ("in my region", "my customers": the asker's access keeps their own rows already.)
  text = text
    .replace(/\b(?:in|for|within|across|from)\s+my\s+region\b/g, ' ')
    .replace(/\b(?:of\s+)?my\s+(customers|clients|accounts)\b/g, ' $1 ');
  if (/\bmy\b|\bour\b/.test(text)) return undefined;
  const found: Found = { clauses: [], text };
  // "in both 2023 and 2025": one condition in each year, read before the years of every condition.
  const both = new RegExp(
    String.raw`\b(?:(?:had|have|has|placed|made)\s+(?:an?|any|at\s+least\s+1)\s+${KIND}(?:\s+${ROW})?|${KIND}\s+(?:an?|any)\s+${ROW}|(?:ordered|bought|purchased)(?:\s+something)?)\s+(?:in\s+)?both\s+(?:in\s+)?(20\d\d)\s+and\s+(?:in\s+)?(20\d\d)\b`,
    'g',
  );
  if (
    !take(found, both, (m) => {
      const kind = kindOf(m[1] ?? m[2]);
      const periods = [m[3], m[4]].map((y) => (y ? periodOf(y) : undefined));
      if ((m[1] ?? m[2]) && !kind) return false;
      if (periods.some((p) => !p) || m[3] === m[4]) return false;
      return periods.map((p) => ({
        ...countOf(kind ? [kind] : [], p ? { period: p } : {}),
        op: '>=',
        value: 1,
      }));
    })
  )
    return undefined;
  // The period every condition is in ("in 2025", "2025 orders", "Q4 2025 orders", "during H2 2025"), and "ever",
  // "all time", "lifetime", "overall".
  const years = new Set<string>();
  found.text = found.text.replace(
    /(?:\b(?:in|during|for|over)\s+)?\b((?:(?:q[1-4]|h[12])\s+(?:of\s+)?)?20\d\d)\b/g,
    (_, y: string) => {
      years.add(y.replace(/\s+of\s+/, ' '));
      return ' ';
    },
  );
  // ("across all three years", "over all the years": every year's rows pooled, as all-time.ts reads it.)
  const allTime =
    /\b(?:ever|all[\s-]time|lifetime|overall|(?:across|over)\s+all\s+(?:the\s+|three\s+|3\s+)?years)\b/.test(
      found.text,
    );
  found.text = found.text
    .replace(/\b(?:over\s+|of\s+|in\s+)?all[\s-]time\b/g, ' ')
    .replace(/\b(?:across|over)\s+all\s+(?:the\s+|three\s+|3\s+)?years\b/g, ' ')
    .replace(
      /\b(?:over|across|in)\s+(?:their|the)\s+(?:whole\s+|entire\s+)?lifetime\b|\b(?:lifetime|overall)\b/g,
      ' ',
    );
  if (years.size > 1 || (years.size === 1 && allTime)) return undefined;
  if (years.size === 0 && /\bthat\s+year\b/.test(found.text)) return undefined;
  // A ranking by another measure ("top 5 by AOV", "which 5 customers had the lowest average order value").
  const rankMeasure = String.raw`(revenue|sales|spend|aov|average\s+order\s+value|avg\s+order\s+value|average\s+order|order\s+count)`;
  let rankBy: EntityCondition['rankBy'];
  const rank = new RegExp(
    String.raw`\b(?:(highest|biggest|largest|best|top|lowest|smallest|worst|bottom)\s+${rankMeasure}|by\s+${rankMeasure})\b`,
  ).exec(found.text);
  if (rank) {
    const n = /\b(?:top|which|bottom)\s+(\d+)\b|\b(\d+)\s+customers\b/.exec(found.text);
    const measureWords = rank[2] ?? rank[3] ?? '';
    const measure = /aov|average|avg/.test(measureWords)
      ? byAgg('avg')
      : /count/.test(measureWords)
        ? count
        : byAgg('sum');
    const size = Number(n?.[1] ?? n?.[2]);
    if (!measure || !n || !(size > 0)) return undefined;
    rankBy = {
      measure,
      n: size,
      direction: /lowest|smallest|worst|bottom/.test(rank[1] ?? '') ? 'asc' : 'desc',
    };
    found.text = found.text.replace(rank[0], ' ; ').replace(n[0], ' ');
  }
  const aggregateMeasure = (w: string) =>
    /largest|biggest|highest|max/.test(w)
      ? byAgg('max')
      : /smallest|lowest|min/.test(w)
        ? byAgg('min')
        : byAgg('avg');
  const readers: [RegExp, (m: RegExpExecArray) => RowCondition[] | false][] = [
    // "more returns than cancellations", "fewer cancelled orders than returned ones"
    [
      new RegExp(
        String.raw`\b(more|fewer|less)\s+${KIND}(?:\s+${ROW})?\s+than\s+${KIND}(?:\s+(?:${ROW}|ones))?`,
        'g',
      ),
      (m) => {
        const [a, b] = [kindOf(m[2]), kindOf(m[3])];
        if (!a || !b || a.values[0] === b.values[0]) return false;
        return [{ ...countOf([a]), op: m[1] === 'more' ? '>' : '<', value: 0, against: countOf([b]) }];
      },
    ],
    // "whose largest single order was below 900", "a smallest order above 150 and a biggest one below 950"
    [
      new RegExp(
        String.raw`\b(?:whose|with\s+(?:an?|their)|had\s+(?:an?|their)|their|an?)?\s*(largest|biggest|highest|max(?:imum)?|smallest|lowest|min(?:imum)?|average|avg|mean)\s+(?:single\s+)?(?:${ROW}(?:\s+(?:value|amount|size))?|one)(?:\s+ever)?\s+(?:was\s+|is\s+|were\s+)?${OP}\s+${N}\b`,
        'g',
      ),
      (m) => {
        const measure = aggregateMeasure(m[1] ?? '');
        const op = opOf(m[2]);
        if (!measure || !op || op === '=' || /min/.test(m[2] ?? '')) return false;
        return [{ measure, op, value: Number(m[3]) }];
      },
    ],
    // "spent over 10000", "spending of at least 5000 in total"
    [
      new RegExp(
        String.raw`\b(?:(?:whose|with\s+an?|with)\s+(?:(?:total|lifetime)\s+)?spend(?:ing)?\s+(?:was\s+|is\s+|of\s+)?|spent\s+|spend(?:ing)?\s+(?:of\s+)?)${OP}\s+${N}(?:\s+in\s+total)?\b`,
        'g',
      ),
      (m) => {
        const measure = byAgg('sum');
        const op = opOf(m[1]);
        if (!measure || !op || op === '=' || /min/.test(m[1] ?? '')) return false;
        return [{ measure, op, value: Number(m[2]) }];
      },
    ],
    // "every single order over 100", "each order above 50": the smallest above (the largest below) the amount.
    [
      new RegExp(
        String.raw`\b(?:had\s+)?(?:every|each)\s+(?:single\s+)?${ROW}\s+(?:was\s+|were\s+)?${OP}\s+${N}\b`,
        'g',
      ),
      (m) => {
        const op = opOf(m[1]);
        if (!op || op === '=' || /min/.test(m[1] ?? '')) return false;
        const measure = op === '>' || op === '>=' ? byAgg('min') : byAgg('max');
        return measure ? [{ measure, op, value: Number(m[2]) }] : false;
      },
    ],
    // "never placed an order under 20": no row of that amount.
    [
      new RegExp(
        String.raw`\bnever\s+(?:placed|made|had)\s+(?:a\s+single|an?|any)\s+${ROW}\s+${OP}\s+${N}\b`,
        'g',
      ),
      (m) => {
        const op = opOf(m[1]);
        if (!amount || !op || op === '=' || /min/.test(m[1] ?? '')) return false;
        const bound: NumberFilter = { member: amount, op, value: Number(m[2]) };
        return [{ ...countOf([], { bound }), op: '=', value: 0 }];
      },
    ],
    // "all of whose orders were completed", "every order was completed": no row of another value.
    [
      new RegExp(
        String.raw`\b(?:all\s+(?:of\s+)?(?:whose|their)\s+${ROW}\s+(?:were|was)|(?:whose|their)\s+${ROW}\s+(?:were|was)\s+all|(?:every|each)(?:\s+and\s+every)?\s+(?:single\s+)?${ROW}\s+(?:was|were|ended\s+up|got)?)\s*${KIND}\b`,
        'g',
      ),
      (m) => {
        const kind = kindOf(m[1]);
        return kind ? [{ ...countOf([{ ...kind, negate: true }]), op: '=', value: 0 }] : false;
      },
    ],
    // "had all their orders completed", "had every single one of their orders completed"
    [
      new RegExp(
        String.raw`\b(?:(?:had|saw|got)\s+)?(?:all|every\s+(?:single\s+)?one\s+of)\s+(?:of\s+)?their\s+${ROW}\s+${KIND}\b`,
        'g',
      ),
      (m) => {
        const kind = kindOf(m[1]);
        return kind ? [{ ...countOf([{ ...kind, negate: true }]), op: '=', value: 0 }] : false;
      },
    ],
    // "nothing returned or cancelled": no row of any of the values
    [
      new RegExp(String.raw`\bnothing\s+${KIND}((?:\s+or\s+${KIND})*)\b`, 'g'),
      (m) => {
        const said = [m[1], ...(m[2] ?? '').split(/\s+or\s+/)].map((w) => w?.trim()).filter((w) => w);
        const filters = said.map(kindOf);
        const [first] = filters;
        if (!first || filters.some((f) => f?.member !== first.member)) return false;
        const values = filters.flatMap((f) => f?.values ?? []);
        return [{ ...countOf([{ ...first, values }]), op: '=', value: 0 }];
      },
    ],
    // "exactly one return", "2 or more returns", "at least 3 completed orders", "10+ orders", "min 10 orders"
    [
      new RegExp(
        String.raw`\b(?:had|have|has|with|placed|made|got)?\s*${OP}?\s*${N}\s*(plus|or\s+more|or\s+fewer|or\s+less)?\s+(?:${KIND}\s+)?(?:${ROW}|${KIND})(?:\s+${KIND}(?!\s+${ROW}))?(?!\s*(?:;\s*)?(?:of|in)\s+(?:the|each|every)\b)`,
        'g',
      ),
      (m) => {
        const [, opWord, n, after, adjective, noun, late] = m;
        const value = Number(n);
        const op = after ? (/plus|more/.test(after) ? '>=' : '<=') : opOf(opWord);
        if (!op || (opWord && after) || !Number.isInteger(value)) return false;
        const said = [adjective, noun, late].filter((w): w is string => w !== undefined);
        const filters = said.map(kindOf).filter((f): f is ValueFilter => f !== undefined);
        if (filters.length !== said.length || filters.length > 1) return false;
        return [{ ...countOf(filters), op, value }];
      },
    ],
    // "no returns", "zero cancellations", "not a single cancellation", "without any returns"
    [
      new RegExp(
        String.raw`\b(?:no|zero|not\s+(?:even\s+)?(?:a\s+single|one(?:\s+single)?|an?)|not\s+any|without\s+any|without\s+an?|(?:didn't|did\s+not|don't|do\s+not)\s+(?:have|get)\s+(?:a\s+single|any|an?|one(?:\s+single)?))\s+${KIND}(?:\s+${ROW})?(?:\s+at\s+all)?\b`,
        'g',
      ),
      (m) => {
        const kind = kindOf(m[1]);
        return kind ? [{ ...countOf([kind]), op: '=', value: 0 }] : false;
      },
    ],
    // "never had a single toys order returned": no row of both values
    [
      new RegExp(
        String.raw`\bnever\s+(?:had|placed|made|got)\s+(?:a\s+single|an?|any)\s+${KIND}\s+${ROW}\s+${KIND}\b`,
        'g',
      ),
      (m) => {
        const [a, b] = [kindOf(m[1]), kindOf(m[2])];
        if (!a || !b || a.member === b.member) return false;
        return [{ ...countOf([a, b]), op: '=', value: 0 }];
      },
    ],
    // "never had a single order cancelled", "never had a return", "never returned an order", "but never electronics"
    [
      new RegExp(
        String.raw`\bnever\s+(?:(?:had|placed|made|got)\s+(?:a\s+single|an?|any)\s+${ROW}\s+${KIND}|(?:had|placed|made|got)\s+(?:a\s+single|an?|any)\s+${KIND}(?:\s+${ROW})?|${KIND}(?:\s+(?:an?|any|a\s+single)\s+${ROW}|\s+anything)?|(?:bought|ordered|purchased)\s+(?:any\s+)?${KIND})\b`,
        'g',
      ),
      (m) => {
        const kind = kindOf(m[1] ?? m[2] ?? m[3] ?? m[4]);
        return kind ? [{ ...countOf([kind]), op: '=', value: 0 }] : false;
      },
    ],
    // "bought toys but not electronics": the verb of the first kind, shared
    [
      new RegExp(
        String.raw`\b(?:bought|ordered|purchased)\s+(?:any\s+|some\s+)?${KIND}\s+(?:but|and)\s+(?:not|never)\s+(?:any\s+)?${KIND}\b`,
        'g',
      ),
      (m) => {
        const [a, b] = [kindOf(m[1]), kindOf(m[2])];
        if (!a || !b || a.member !== b.member) return false;
        return [
          { ...countOf([a]), op: '>=', value: 1 },
          { ...countOf([b]), op: '=', value: 0 },
        ];
      },
    ],
    // "bought toys", "had a return", "cancelled an order"
    [
      new RegExp(
        String.raw`\b(?:(?:bought|ordered|purchased)\s+(?:any\s+|some\s+)?${KIND}|had\s+(?:an?|any|at\s+least\s+1)\s+${KIND}(?:\s+${ROW})?|${KIND}\s+(?:an?|any)\s+${ROW})\b`,
        'g',
      ),
      (m) => {
        const kind = kindOf(m[1] ?? m[2] ?? m[3]);
        return kind ? [{ ...countOf([kind]), op: '>=', value: 1 }] : false;
      },
    ],
  ];
  const sum = byAgg('sum');
  readers.push(
    // "spent more on toys than on clothing", "spend less on grocery than they did on electronics": the amounts of
    // each one's rows of two values of one dimension, added up and set against each other.
    [
      new RegExp(
        String.raw`\b(?:spent|spend|spends|spending)\s+(more|less)\s+(?:money\s+)?on\s+${KIND}(?:\s+${ROW})?\s+than\s+(?:(?:they|he|she)\s+(?:did|spent)\s+)?(?:on\s+)?${KIND}(?:\s+${ROW})?`,
        'g',
      ),
      (m) => {
        const [a, b] = [kindOf(m[2]), kindOf(m[3])];
        if (!a || !b || !sum || !amount || a.member !== b.member || a.values[0] === b.values[0]) return false;
        const spend = (kind: ValueFilter): RowAggregate => ({ measure: sum, kind: [kind], summed: amount });
        return [{ ...spend(a), op: m[1] === 'more' ? '>' : '<', value: 0, against: spend(b) }];
      },
    ],
    // "returned more orders than they cancelled", "had more of their orders returned than cancelled": two kinds'
    // counts against each other, as "more returns than cancellations".
    [
      new RegExp(
        String.raw`\b(?:${KIND}\s+(more|fewer|less)\s+${ROW}\s+than\s+(?:(?:they|he|she)\s+(?:did\s+)?)?${KIND}(?:\s+(?:ones|them))?|(?:had\s+|have\s+|has\s+)?(more|fewer|less)\s+(?:of\s+their\s+)?${ROW}\s+${KIND}\s+than\s+${KIND})\b`,
        'g',
      ),
      (m) => {
        const [a, b] = m[1] ? [kindOf(m[1]), kindOf(m[3])] : [kindOf(m[5]), kindOf(m[6])];
        const way = m[2] ?? m[4];
        if (!a || !b || a.member !== b.member || a.values[0] === b.values[0]) return false;
        return [{ ...countOf([a]), op: way === 'more' ? '>' : '<', value: 0, against: countOf([b]) }];
      },
    ],
  );
  // (The shared-verb reading goes before the plain "never" and "bought" ones; two kinds set against each other
  // before any other.)
  const order = [14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 12, 8, 9, 10, 11, 13];
  for (const k of order) {
    const reader = readers[k];
    if (reader && !take(found, reader[0], reader[1])) return undefined;
  }
  if (found.clauses.length === 0) return undefined;
  // "exactly one return (not zero, not two)": a gloss that restates "exactly".
  const exactly = found.clauses.some((c) => c.op === '=' && c.value > 0);
  let left = found.text;
  const gloss = String.raw`not\s+(?:zero|none|\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
  // ("exactly 1 (not 1)" says nothing a reading can hold: the gloss must name other counts.)
  const exact = new Set(found.clauses.filter((c) => c.op === '=').map((c) => String(c.value)));
  const glossed = [...left.matchAll(new RegExp(gloss, 'g'))].map((g) => g[0].split(/\s+/).at(-1) ?? '');
  if (glossed.some((w) => exact.has(NUMBER_WORDS[w] ?? (w === 'zero' || w === 'none' ? '0' : w))))
    return undefined;
  if (exactly)
    left = left
      .replace(new RegExp(String.raw`\b${gloss}(?:\s*;?\s*${gloss})*`, 'g'), ' ')
      // ("not zero, not two - exactly 1": the count said again.)
      .replace(/\bexactly\s+(\d+)\b/g, (all, n: string) => (exact.has(n) ? ' ' : all));
  // ("names and their return counts", "with how many each", "show name and number returned": the list of them with
  // the figures their conditions are on, which a list shows.)
  const figures = new RegExp(
    String.raw`\b(?:(?:show|give|with)\s+(?:me\s+)?)?(?:the\s+|their\s+)?names?\s*(?:;\s*)?(?:and|\+|&|with)\s+(?:their\s+|the\s+)?(?:${anyKind}\s+)?(?:counts?|numbers?|how\s+many)(?:\s+(?:of\s+)?(?:${anyKind}|${ROW}))?(?:\s+each)?\b|\bwith\s+how\s+many(?:\s+(?:${anyKind}|${ROW}))?\s+(?:each|apiece)\b`,
    'g',
  );
  const withFigures = figures.test(left);
  if (withFigures) left = left.replace(figures, ' ; ');
  const listed =
    withFigures || rankBy !== undefined || /^\s*(?:;\s*)?(?:list|show|which|who|give\s+me)\b/.test(left);
  // ("list them, with their return count": a list shows each one's figures its conditions are on.)
  if (listed)
    left = left.replace(new RegExp(String.raw`\bwith\s+their\s+(?:${KIND}\s+)?counts?\b`, 'g'), ' ');
  // ("by region", "per segment", "split by region": the count per value of the customer's own attribute.)
  let by: CatalogMember | undefined;
  left = left.replace(
    // ("for each customer segment": the customer's own segment.)
    /\b(?:(?:split|broken\s+down|break\s+(?:it\s+|that\s+)?down)\s+)?(?:by|per|for\s+each|in\s+each)\s+(?:(?:customer|client)\s+(?=[a-z]))?([a-z]+)\b/g,
    (all, word: string) => {
      // (The customer's own attribute first; else one of the rows, each value's rows then tested on their own.)
      const member = breakdownOf(cube, stem(word));
      if (member === rows.entity) return all;
      if (!member || by) return all;
      by = member;
      return ' ; ';
    },
  );
  // ("what % of the customers who ordered in 2025 ...", "of all customers, what share ...": a share of those with
  // rows in the period, or of all with rows; a whole said any other way is left to the other readings.)
  const whole = String.raw`(?:the\s+|all\s+)?customers(?:\s+(?:who|that)\s+(?:ordered|bought|purchased)(?:\s+anything|\s+something)?(?:\s+in)?)?`;
  const SHARE = '(?:%|percent(?:age)?|share|proportion|fraction)';
  const shareOf = new RegExp(
    String.raw`\bwhat\s+${SHARE}\s+of\s+${whole}(?:\s+(?:are|were|is))?(?=\s|$)|\bof\s+${whole}\s*;?\s*what\s+${SHARE}(?:\s+(?:are|were|is))?(?=\s|$)`,
  );
  const share = shareOf.exec(left);
  // (The buyers of a period only when the conditions are on that period's rows.)
  if (share && /\b(?:ordered|bought|purchased)\b/.test(share[0]) !== (years.size === 1)) return undefined;
  if (share) left = left.replace(share[0], ' ; ');
  const asksCount = /\b(?:how\s+many|number\s+of|count)\b/.test(left);
  const output = share
    ? asksCount || listed || by
      ? undefined
      : 'share'
    : asksCount || (by && !listed)
      ? 'count'
      : listed
        ? 'list'
        : undefined;
  if (!output || (rankBy && output !== 'list') || (by && output !== 'count')) return undefined;
  // ("3+ toys orders, by category": a breakdown by what a condition is on leaves every other value at 0.)
  const onBy = found.clauses.some((c) =>
    [...(c.kind ?? []), ...(c.against?.kind ?? [])].some((k) => k.member === by),
  );
  if (by && onBy) return undefined;
  const rest = left
    .replace(/\bhow\s+many\b|\bnumber\s+of\b|\bcount(?:\s+them)?\b|\bthat\s+year\b/g, ' ')
    .split(/[\s;]+/)
    .filter(
      (w) =>
        w &&
        !FILLER.has(w) &&
        !(rankBy && RANK_FILLER.has(w)) &&
        !(output === 'list' && ['list', 'show', 'me', 'give', 'which', 'who', 'the'].includes(w)),
    );
  // ("enterprise customers", "customers in the west": a value of the customer or of every row counted, a filter.)
  const filters: ValueFilter[] = [];
  for (const w of rest) {
    // (Only the customer's own attributes: a value of the rows, "returned", would keep only customers with such rows.)
    const f = valueFilters(cube).get(w);
    if (f && !ofEntity(rows, f.member)) return undefined;
    // ("bought toys and electronics": a second value of a dimension a condition is on is no filter of every row.)
    const conditioned = found.clauses.flatMap((c) => [...(c.kind ?? []), ...(c.against?.kind ?? [])]);
    if (!f || filters.some((x) => x.member === f.member) || conditioned.some((k) => k.member === f.member))
      return undefined;
    filters.push(f);
  }
  // The years of every condition: one period (none with a condition of its own period, "both 2023 and 2025").
  const range = years.size === 1 ? periodOf([...years][0] ?? '') : undefined;
  if (years.size === 1 && !range) return undefined;
  if (range && found.clauses.some((c) => c.period)) return undefined;
  const [only, ...others] = found.clauses;
  // (One condition on a measure of all the rows is the plain per-entity condition: "more than 60 orders".)
  const plain =
    only && others.length === 0 && !rankBy && !only.kind && !only.bound && !only.period && !only.against
      ? only
      : undefined;
  return {
    cube,
    measures: [plain?.measure ?? count],
    dimensions: by ? [by] : [],
    filters,
    numberFilters: [],
    timeDimension: rows.time,
    ...(range ? { range } : {}),
    having:
      plain && !by
        ? { entity: rows.entity, measure: plain.measure, op: plain.op, value: plain.value, output }
        : {
            entity: rows.entity,
            measure: count,
            op: '>=',
            value: 1,
            output,
            clauses: found.clauses,
            ...(rankBy ? { rankBy } : {}),
          },
  };
}

/** The first cube of the catalog that reads the question as conditions on its entities' rows. */
export function rowConditionsPlan(
  question: string,
  catalog: readonly CatalogCube[],
  periodOf: (text: string, cube: CatalogCube) => Period | undefined,
): Plan | undefined {
  for (const cube of catalog) {
    const plan = readRowConditions(question, cube, (text) => periodOf(text, cube));
    if (plan) return plan;
  }
  return undefined;
}

/**
 * Why a plan of conditions on rows (a follow-up's merge) cannot be answered by their query, or undefined: it holds
 * the entities' rows in one period, narrowed by values, and nothing else (no breakdown, compared periods, bounds).
 */
export function beyondRowConditions(plan: Plan): string | undefined {
  const h = plan.having;
  if (!h?.clauses) return undefined;
  // (One attribute of the entity, "by region", with a count: the count per value, rowConditionsQuery.)
  const [by, ...more] = plan.dimensions;
  const rows = entityRows(plan.cube);
  const perValue =
    by && more.length === 0 && h.output === 'count' && rows !== undefined && by !== rows.entity;
  const extra =
    (plan.dimensions.length > 0 && !perValue) ||
    plan.grain !== undefined ||
    plan.compare !== undefined ||
    plan.anyOf !== undefined ||
    plan.numberFilters.length > 0 ||
    plan.top !== undefined ||
    plan.share !== undefined ||
    plan.also !== undefined ||
    plan.measures.length !== 1 ||
    // (A count per value counts the entities whatever figure the question named: "by segment, customers who spent
    // under $22,000 in total" names the total its condition is on.)
    (plan.measures[0] !== h.measure && !perValue) ||
    !['count', 'list', ...(plan.dimensions.length === 0 ? ['share'] : [])].includes(h.output);
  return extra
    ? 'I can count, list or rank the customers meeting conditions on their own orders, but not break them down or compare periods in the same question: ask for each part on its own'
    : undefined;
}

/** The keys of a count of entities by conditions on their rows, and nothing else. */
const COUNTED_KEYS = new Set(['entity', 'measure', 'op', 'value', 'output', 'clauses']);
/** "of those", "among them": the entities the previous turn counted. */
const OF_THOSE = /\b(?:of|among|amongst)\s+(?:those|them|these|the\s+same(?:\s+customers)?)\b/i;

/**
 * "and how many of those never had a cancellation?" after customers counted by conditions on their own rows ("10 or
 * more returns lifetime"): the previous conditions and the new ones together, in the same period. Undefined when the
 * previous turn was anything more (a breakdown, a figure of theirs) or the new turn is not conditions alone.
 */
export function narrowedConditions(
  previous: Plan,
  question: string,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const h = previous.having;
  const count = previous.cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!h || !count || h.output !== 'count' || !OF_THOSE.test(question)) return undefined;
  if (Object.keys(h).some((k) => !COUNTED_KEYS.has(k))) return undefined;
  if (previous.dimensions.length > 0 || previous.numberFilters.length > 0 || previous.measures.length !== 1)
    return undefined;
  const next = readRowConditions(question.replace(OF_THOSE, ' '), previous.cube, periodOf);
  const added = next?.having;
  if (!next || !added || added.output !== 'count' || next.filters.length > 0 || next.dimensions.length > 0)
    return undefined;
  // (Another period than the previous turn's is no narrowing of those customers.)
  if (next.range && next.range.label !== previous.range?.label) return undefined;
  // ("never", "ever" after a period's count: all time or that period? Not guessed.)
  if (previous.range && !next.range && /\b(?:never|ever)\b/i.test(question)) return undefined;
  const clausesOf = (a: NonNullable<Plan['having']>): RowCondition[] =>
    a.clauses ?? [{ measure: a.measure, op: a.op, value: a.value }];
  return {
    ...previous,
    measures: [count],
    having: {
      entity: h.entity,
      measure: count,
      op: '>=',
      value: 1,
      output: 'count',
      clauses: [...clausesOf(h), ...clausesOf(added)],
    },
  };
}
