/**
 * Bounds on each customer's figure in each of two or more periods (tuning set 26, "two periods"): "how many customers
 * spent more than $10k in both 2024 and 2025", "placed 22+ orders in 2024 but fewer than 15 in 2025 - count", "what %
 * of 2024 customers spent over $10k in both 2024 and 2025". Each bound is a test on the customer's own rows in its
 * period (its spend, the model's sum measure, or its row count; 0 where it had none), all of them held at once, read
 * as a ratio of customers (customer-ratios.ts, customer-ratios-sql.ts): their count, or their share of a whole said as
 * such ("of the customers who ordered in 2024", "2024 customers", "of all customers"). A bound with no figure of its
 * own ("but fewer than 15 in 2025") takes the one before; "in both P and Q" is the bound in each. Every word must be
 * read: a bound over a span ("across 2024 and 2025 combined"), "both years" with no years, another figure ("average
 * order") or a period with no bound leave the question to the other readings (or their refusals). A lower bound met
 * in at least one month or quarter ("more than 2 returns in any single month of 2025") is the same test on each
 * customer's largest figure of one month.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { normalise } from './cohort-reader';
import { mentionsOf } from './customer-ratios';
import { breakdownOf, entityRows } from './per-entity';
import type { Period, Plan, RatioTest, ValueFilter } from './plan';
import { kindWords } from './row-conditions';

const OPS: [RegExp, RatioTest['op'], number][] = [
  [/^(?:more\s+than|over|above|greater\s+than)$/, '>', 0],
  [/^(?:at\s+least|no\s+less\s+than|no\s+fewer\s+than)$/, '>=', 0],
  [/^(?:less\s+than|fewer\s+than|under|below)$/, '<', 0],
  [/^(?:at\s+most|no\s+more\s+than)$/, '<=', 0],
];
const OP =
  '(more\\s+than|over|above|greater\\s+than|at\\s+least|no\\s+less\\s+than|no\\s+fewer\\s+than|less\\s+than|fewer\\s+than|under|below|at\\s+most|no\\s+more\\s+than)';
const SPEND = '(?:spent|spend|spending|spends)';
const ROWS = '(?:orders?|purchases?)';
/** A bound said just before its period: "spent more than 10k", "placed 22 or more orders", "but fewer than 15". */
const BOUND = new RegExp(
  String.raw`(?:\b(${SPEND})\s+)?(?:\b(?:placed|had|made|with|having|has)\s+)?(?:${OP}\s+)?(\d+(?:\.\d+)?)\s*(k)?(\s+or\s+(?:more|fewer|less))?(?:\s+(${ROWS}))?$`,
);
/** Words a question of this shape may hold beside its bounds. */
const FILLER = new Set(
  'how many number count the of customers customer clients accounts buyers people who that with whose what is was were percent percentage share proportion fraction and but in during did our all have has my do does we are there i you'.split(
    ' ',
  ),
);

/** A bound read from the words before a period, or undefined; `figure` undefined when it takes the one before. */
function boundOf(
  segment: string,
): { op: RatioTest['op']; value: number; figure?: 'spend' | 'rows'; rest: string } | undefined {
  const m = BOUND.exec(segment.trimEnd());
  if (!m) return undefined;
  const [all, spent, said, n, k, more, rows] = m;
  if (spent && rows) return undefined;
  const number = Number(n) * (k ? 1000 : 1);
  let op: RatioTest['op'] | undefined;
  if (said && more) return undefined;
  if (said) op = OPS.find(([re]) => re.test(said))?.[1];
  else if (more) op = /more/.test(more) ? '>=' : '<=';
  if (!op || !Number.isFinite(number)) return undefined;
  const figure = spent ? 'spend' : rows ? 'rows' : undefined;
  return { op, value: number, ...(figure ? { figure } : {}), rest: segment.trimEnd().slice(0, -all.length) };
}

/** The cube's rows per customer, its count of customers and its sum (spend), as both readers need them. */
function partsOf(cube: CatalogCube) {
  return {
    rows: entityRows(cube),
    people: cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count_distinct'),
    spend: cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum'),
  };
}

/** The question's words as both readers read them ("8+" as "8 or more"), spaced at both ends. */
const wordsOf = (question: string) =>
  ` ${normalise(question).replace(/(\d)\s*\+/g, '$1 or more ')} `.replace(/\s+/g, ' ');

/**
 * "in any single month of 2025", "in a single calendar quarter", "in at least one month of 2024", "within one week",
 * "within a single calendar month".
 */
const ANY =
  /\s+(?:in|within|during)\s+(?:any\s+(?:single\s+|one\s+)?|a\s+single\s+|at\s+least\s+one\s+|one\s+)(?:calendar\s+)?(week|month|quarter)\b(?:\s+of\b)?|\s+within\s+(?:a\s+)?(?:calendar\s+)?(week|month|quarter)\b(?:\s+of\b)?/;
/** "in five or more different months", "in at least 3 quarters": the bound met in that many periods at least. */
const UNITS =
  /\s+(?:in|during)\s+(at\s+least\s+)?(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(\s+or\s+more)?\s+(?:(?:different|distinct|separate|calendar)\s+)*(week|month|quarter)s\b(?:\s+of\b)?/;
const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');
/** "at least once", "ever", "at some point": said of the one period the bound is met in, nothing more. */
const ONCE = /\b(?:at\s+least\s+once|at\s+(?:some|any)\s+(?:point|time)|ever)\b/g;
/**
 * One breakdown said ("by segment", "for each region"), read away from `text`: its member. A customer's own (segment)
 * or one of the rows (sales region: each customer's rows in each group, as the query counts them).
 */
function breakdownSaid(text: string, cube: CatalogCube): { text: string; by?: CatalogMember } {
  let by: CatalogMember | undefined;
  const rest = text.replace(
    /\b(?:by|per|for\s+each|in\s+each|each|split\s+by|broken\s+down\s+by)\s+([a-z]+)\b/g,
    (all, w: string) => {
      const member = breakdownOf(cube, w.replace(/s$/, ''));
      if (!member || by) return all;
      by = member;
      return ' ';
    },
  );
  return { text: rest, ...(by ? { by } : {}) };
}

/** "topped $7,000", "exceeded $4k", "went over $5,000": a spend over the amount, said of a customer. */
const TOPPED = /\b(?:topped|exceeded|went\s+over|went\s+above|crossed|passed)\s+(?=\$)/gi;

/**
 * A lower bound met in at least one month (or quarter) of a period, or of all the data, as a count of customers:
 * "more than 2 returns in any single month of 2025", "8+ orders in a single calendar quarter at least once". (An
 * upper bound is not read: a month with no rows would meet it unseen.)
 */
export function readAnyPeriodBound(
  question: string,
  cube: CatalogCube,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const { rows, people, spend } = partsOf(cube);
  if (!rows || !people) return undefined;
  let text = wordsOf(question.replace(TOPPED, 'spent more than '));
  if (!/\b(?:how\s+many|number\s+of|count)\b/.test(text) || /\b(?:percent|percentage|share)\b/.test(text))
    return undefined;
  // ("by segment, how many customers ...", "... per region": a count per value of one breakdown of the customers.)
  const breakdown = breakdownSaid(text, cube);
  const by = breakdown.by;
  text = breakdown.text;
  const counted = UNITS.exec(text);
  // (A number of periods is a lower bound only when said as one: "at least 3 months", "5 or more months".)
  const said = counted?.[2];
  const units =
    said && (counted[1] || counted[3])
      ? Number.isNaN(Number(said))
        ? NUMBER_WORDS.indexOf(said)
        : Number(said)
      : undefined;
  const any = units !== undefined && counted ? counted : ANY.exec(text);
  if (!any) return undefined;
  const unit = (units !== undefined ? any[4] : (any[1] ?? any[2])) as 'week' | 'month' | 'quarter';
  if (units !== undefined && (units < 1 || !Number.isInteger(units))) return undefined;
  let segment = text.slice(0, any.index).replace(ONCE, ' ').replace(/\s+/g, ' ');
  // ("more than 2 returns", "3 or more cancelled orders": the rows of one kind.)
  const kinds = kindWords(cube);
  let kind: ValueFilter | undefined;
  const kindSaid = /\s([a-z]+)(\s+(?:orders?|purchases?))?\s*$/.exec(segment);
  if (kindSaid?.[1] && !['orders', 'order', 'purchases', 'purchase'].includes(kindSaid[1])) {
    kind = kinds.get(kindSaid[1]);
    if (kind) segment = `${segment.slice(0, kindSaid.index)} orders`;
  }
  const bound = boundOf(segment);
  if (!bound?.figure || (bound.op !== '>' && bound.op !== '>=')) return undefined;
  if (kind && bound.figure !== 'rows') return undefined;
  const measure = bound.figure === 'spend' ? spend : undefined;
  if (bound.figure === 'spend' && !measure) return undefined;
  const after = text.slice(any.index + any[0].length);
  const mentions = mentionsOf(after, periodOf) ?? [];
  if (mentions.length > 1) return undefined;
  const [mention] = mentions;
  const rest =
    `${bound.rest} ${mention ? `${after.slice(0, mention.at)} ${after.slice(mention.end)}` : after}`
      .replace(ONCE, ' ')
      .replace(/\s+-\s+/g, ' ');
  if (rest.split(/\s+/).some((w) => w && !FILLER.has(w))) return undefined;
  const test: RatioTest = {
    ...(mention ? { period: mention.period } : {}),
    kind: kind ? [kind] : [],
    op: bound.op,
    value: bound.value,
    ...(measure ? { measure } : {}),
    anyOf: unit,
    ...(units !== undefined ? { units } : {}),
  };
  return {
    cube,
    measures: [people],
    dimensions: by ? [by] : [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    perEntity: {
      kind: 'ratio',
      rows,
      whole: [],
      part: [test],
      output: 'count',
      ...(by ? { by } : {}),
      filters: [],
    },
  };
}

/** A reading of bounds in each of two or more periods as a count or share of customers, or undefined. */
export function readEachPeriodBounds(
  question: string,
  cube: CatalogCube,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const { rows, people, spend } = partsOf(cube);
  if (!rows || !people) return undefined;
  // ("in each of 2023, 2024 and 2025": the bound in the first year, and again in each of the others.)
  let text = wordsOf(question).replace(
    /\bin\s+(?:each|every\s+one|all)\s+of\s+((?:20\d\d\s+)+)and\s+(20\d\d)\b/g,
    (_all, list: string, last: string) => `in ${[...list.trim().split(/\s+/), last].join(' and again in ')}`,
  );
  // ("by segment, how many customers had 17+ orders in each of 2023, 2024 and 2025": a count per value of one
  // breakdown of the customers, as readAnyPeriodBound reads it; tuning-33-reach.)
  const said = breakdownSaid(text, cube);
  const by = said.by;
  text = said.text;
  const kinds = kindWords(cube);
  const share = /\b(?:percent|percentage|share|proportion|fraction)\b/.test(text);
  const counted = /\b(?:how\s+many|number\s+of|count)\b/.test(text);
  if (share === counted) return undefined;
  const mentions = mentionsOf(text, periodOf);
  if (!mentions || mentions.length < 2) return undefined;
  const part: RatioTest[] = [];
  const whole: RatioTest[] = [];
  const left: string[] = [];
  let from = 0;
  let figure: CatalogMember | 'rows' | undefined;
  let both = false;
  /** "in each of P, Q and R": more than two periods, joined by commas and a last "and". */
  let listed = false;
  for (const m of mentions) {
    let segment = text.slice(from, m.at);
    from = m.end;
    // ("2024 customers", "of the customers who ordered in 2024": the whole, said as such.)
    const after = /^\s+(?:customers|clients|buyers)\b/.exec(text.slice(m.end));
    if (after && share && whole.length === 0 && /\b(?:of|among)\s+(?:the\s+|all\s+)?$/.test(segment)) {
      whole.push({ period: m.period, kind: [], op: '>=', value: 1 });
      from = m.end + after[0].length;
      left.push(segment);
      continue;
    }
    const ordered =
      /\b(?:of|among)\s+(?:the\s+|all\s+)?(?:customers|clients|buyers)\s+(?:who|that)\s+(?:ordered|bought|purchased|shopped)\s+(?:in|during)\s*$/.exec(
        segment,
      );
    if (ordered && share && whole.length === 0) {
      whole.push({ period: m.period, kind: [], op: '>=', value: 1 });
      left.push(segment.slice(0, ordered.index));
      continue;
    }
    // ("in both 2024 and 2025", "and again in 2025": the bound before, in this period too.)
    if (both && /^\s*and\s+(?:in\s+)?$/.test(segment)) {
      const before = part.at(-1);
      if (!before) return undefined;
      part.push({ ...before, period: m.period });
      both = false;
      continue;
    }
    // ("in each of 2023, 2024 and 2025": the bound in every period listed, the last after "and".)
    // (The question's commas are spaces here.)
    if (both && listed && /^\s*,?\s*(?:in\s+)?$/.test(segment)) {
      const before = part.at(-1);
      if (!before) return undefined;
      part.push({ ...before, period: m.period });
      continue;
    }
    if (both && listed && /^\s*,?\s*and\s+(?:in\s+)?$/.test(segment)) {
      const before = part.at(-1);
      if (!before) return undefined;
      part.push({ ...before, period: m.period });
      both = false;
      continue;
    }
    if (both) return undefined;
    const again = /^\s*and\s+again\s+(?:in\s+)?$/.test(segment);
    if (again) {
      const before = part.at(-1);
      if (!before) return undefined;
      part.push({ ...before, period: m.period });
      continue;
    }
    const stripped = segment.replace(
      /\s+(?:in|during)\s+((?:both|each\s+of|every\s+one\s+of|all\s+(?:three\s+)?of)\s+(?:in\s+)?)?$/,
      (_all, b?: string) => {
        both = b !== undefined;
        listed = b !== undefined && !/^both\b/.test(b);
        return ' ';
      },
    );
    if (stripped === segment) return undefined;
    segment = stripped;
    // ("2 or more returned orders", "at least 3 cancellations": the rows of one kind.)
    let kind: ValueFilter | undefined;
    const kindSaid = /\s([a-z]+)(\s+(?:orders?|purchases?))?\s*$/.exec(segment);
    if (kindSaid?.[1] && !['orders', 'order', 'purchases', 'purchase'].includes(kindSaid[1])) {
      kind = kinds.get(kindSaid[1]);
      if (kind) segment = `${segment.slice(0, kindSaid.index)} orders`;
    }
    const bound = boundOf(segment);
    if (!bound) return undefined;
    const own = bound.figure === 'spend' ? spend : bound.figure;
    // (A bound with no figure of its own takes the one before, after "but" or "and" alone.)
    if (!own && (!figure || !/^\s*(?:but|and|but\s+only)\s*$/.test(bound.rest))) return undefined;
    figure = own ?? figure;
    if (!figure) return undefined;
    if (kind && figure !== 'rows') return undefined;
    const test: RatioTest =
      figure === 'rows'
        ? {
            period: m.period,
            kind: kind ? [kind] : [],
            op: bound.op,
            value: bound.value,
          }
        : { period: m.period, kind: [], op: bound.op, value: bound.value, measure: figure };
    if (figure === 'rows' && !Number.isInteger(test.value)) return undefined;
    part.push(test);
    left.push(bound.rest);
  }
  if (both) return undefined;
  left.push(text.slice(from));
  // ("of all customers": the whole is every customer, said as such.)
  if (
    share &&
    whole.length === 0 &&
    !/\b(?:of|among)\s+all\s+(?:of\s+)?(?:our\s+|the\s+)?customers\b/.test(text)
  )
    return undefined;
  const rest = left.join(' ').replace(/\s+-\s+/g, ' ');
  if (rest.split(/\s+/).some((w) => w && !FILLER.has(w))) return undefined;
  // (Two periods at least, each its own: one period's bounds are the other readings'.)
  const periods = new Set(part.map((t) => `${t.period?.from}/${t.period?.to}`));
  if (part.length < 2 || periods.size < 2) return undefined;
  return {
    cube,
    measures: [people],
    dimensions: [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    perEntity: {
      kind: 'ratio',
      rows,
      whole,
      part,
      output: share ? 'share' : 'count',
      filters: [],
      ...(by ? { by } : {}),
    },
  };
}

/** The first cube of the catalog that reads the question as bounds in each of two periods. */
export function eachPeriodBoundsPlan(
  question: string,
  catalog: readonly CatalogCube[],
  periodOf: (text: string, cube: CatalogCube) => Period | undefined,
): Plan | undefined {
  for (const cube of catalog) {
    const plan =
      readEachPeriodBounds(question, cube, (text) => periodOf(text, cube)) ??
      readAnyPeriodBound(question, cube, (text) => periodOf(text, cube));
    if (plan) return plan;
  }
  return undefined;
}
