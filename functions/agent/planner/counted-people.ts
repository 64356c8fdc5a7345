/**
 * A follow-up on the people just counted (issue 29, threads): "how many enterprise customers do we have?" then "how
 * many of them ordered in 2025?" asks how many of THOSE customers did it, the same question with the previous
 * count's values said in place of "them" ("how many enterprise customers ordered in 2025?"), read on its own. Only
 * after a plain count of the people table with one value per filter and nothing else (no period, breakdown or
 * rank), so nothing of the previous question is lost in the rewrite. Likewise "what did they spend in 2025?", "how
 * many orders did those place?": "they" said as the people counted ("what did enterprise customers spend in 2025?").
 */
import { entityWord } from './names';
import { entityRows, ofEntity } from './per-entity';
import type { Plan, ValueFilter } from './plan';
import { PEOPLE_PLURALS } from './vocabulary';

/** "how many of them", "how many of those customers": the count asked among the previous rows. */
const OF_THEM = new RegExp(
  `\\bhow many of (?:them|those|these)(?: (?:${PEOPLE_PLURALS.join('|')}))?\\b`,
  'i',
);

/** "did they spend", "do those customers buy", "have these placed": the people as the subject of their own rows. */
const THEY_DID = new RegExp(
  `\\b(did|do|have|had)\\s+(?:they|those|these)(?:\\s+(?:${PEOPLE_PLURALS.join('|')}))?\\s+(?=(?:spend|spent|place|placed|order|ordered|buy|bought|generate|generated|bring\\s+in|brought\\s+in)\\b)`,
  'i',
);

/** A count with nothing beside it: no breakdown, series, bound, comparison, rank, share or reading of its own. */
const plainCount = (p: Plan) =>
  p.dimensions.length === 0 &&
  !p.grain &&
  !p.compare &&
  p.numberFilters.length === 0 &&
  !p.top &&
  !p.having &&
  !p.perEntity &&
  !p.share &&
  !p.change &&
  !p.first &&
  !p.percentile &&
  !p.perGroup;

/** The follow-up said with the previous count's people in place of "of them", or undefined when it is none. */
export function ofCountedPeople(previous: Plan, question: string): string | undefined {
  const [measure, ...others] = previous.measures;
  if (!measure || others.length > 0 || measure.aggType !== 'count') return undefined;
  const noun = previous.cube.title.toLowerCase().split(/\s+/).pop() ?? '';
  if (!PEOPLE_PLURALS.includes(noun)) return undefined;
  const grouped = ofGroupedPeople(previous, question, noun);
  if (grouped) return grouped;
  if (!plainCount(previous) || previous.range) return undefined;
  const { filters } = previous;
  if (filters.length === 0 || filters.some((f) => f.negate || f.values.length !== 1)) return undefined;
  const people = `${filters.map((f) => f.values[0]).join(' ')} ${noun}`;
  if (THEY_DID.test(question))
    return question.replace(THEY_DID, (_all, verb: string) => `${verb} ${people} `);
  if (!OF_THEM.test(question)) return undefined;
  return question.replace(OF_THEM, `how many ${people}`);
}

/**
 * "how many customers are there per region?" then "in each region, how many of them spent over $27,500 in total?" (or
 * "and how many of those placed more than 55 orders?" after customers per segment): those of each group, the same
 * question asked per group ("how many customers spent over $27,500 in total by region"). Only after a count of the
 * people table by one of its own columns, with nothing else (no period, filter, bound or rank).
 */
function ofGroupedPeople(previous: Plan, question: string, noun: string): string | undefined {
  const [group, ...more] = previous.dimensions;
  if (!group || more.length > 0 || previous.filters.length > 0 || previous.range) return undefined;
  if (!plainCount({ ...previous, dimensions: [] }) || !OF_THEM.test(question)) return undefined;
  const word = group.title.toLowerCase().split(/\s+/).pop() ?? '';
  if (!/^[a-z]+$/.test(word)) return undefined;
  const asked = question.replace(OF_THEM, `how many ${noun}`);
  // (The group said again in the follow-up, "in each region, ...", is the breakdown already.)
  if (new RegExp(`\\b(?:each|every|per|by)\\s+${word}\\b`, 'i').test(asked)) return asked;
  return asked.replace(/\s*([?.!]*)\s*$/, (_all, end: string) => ` by ${word}${end}`);
}

/** "what % of all customers is that?", "what share of our customers is it": the count just given as a share. */
const SHARE_OF_THAT = new RegExp(
  `^\\s*(?:and\\s+|so\\s+)?(?:what|which)\\s+(?:%|percent(?:age)?|share|proportion|fraction|part)\\s+of\\s+(?:all\\s+|our\\s+|the\\s+|my\\s+)*(${PEOPLE_PLURALS.join('|')})\\s+(?:is|was|are|were|does|do)\\s+(?:that|this|it|those|these|them)\\s*[?.!]*\\s*$`,
  'i',
);
/** A period the reading labels by its name ("December 2025", "Q4 2025", "H1 2025", "2025"). */
const NAMED_PERIOD = /^(?:Q[1-4] |H[12] |[A-Z][a-z]+ )?\d{4}$/;

/**
 * "how many customers ordered in December 2025?" then "what % of all customers is that?": the same people as a share
 * of every customer, as "what % of all customers ordered in December 2025?" reads (refused over "percent"). Only
 * after a plain count of the people with orders in one named period, of one value at most ("ordered toys").
 */
export function shareOfCountedPeople(previous: Plan, question: string): string | undefined {
  const m = SHARE_OF_THAT.exec(question);
  const [measure, ...others] = previous.measures;
  if (!m || !measure || others.length > 0) return undefined;
  const people = m[1]?.toLowerCase();
  // ("how many customers placed 20+ orders in 2025?" then "what share of all customers is that?": those with such a
  // count or spend, of every customer, as "what % of all customers had at least 20 orders in 2025" reads.)
  const bound = boundOfPeople(previous);
  if (bound) return `what % of all ${people} ${bound}`;
  if (!previous.range || !NAMED_PERIOD.test(previous.range.label)) return undefined;
  const counted = measure.aggType === 'count_distinct' && plainCount(previous);
  if (counted && previous.filters.length === 0)
    return `what % of all ${people} ordered in ${previous.range.label}`;
  // ("how many customers ordered toys in 2024?" then "what share of all customers is that?": those with such an order,
  // of a value of the rows, not of the people: "enterprise customers" would narrow the whole.)
  const filter = counted
    ? previous.filters.length === 1
      ? previous.filters[0]
      : undefined
    : oneKindOrdered(previous);
  const rows = entityRows(previous.cube);
  if (!filter || !rows || ofEntity(rows, filter.member) || filter.negate || filter.values.length !== 1)
    return undefined;
  return `what % of all ${people} had an order with ${filter.member.title.toLowerCase()} ${filter.values[0]} in ${previous.range.label}`;
}

/** Words for the one plain bound a count of people is of ("had at least 20 orders in 2025", "spent over 10000"). */
function boundOfPeople(p: Plan): string | undefined {
  const h = p.having;
  if (h?.output !== 'count' || p.filters.length > 0 || p.numberFilters.length > 0 || p.dimensions.length > 0)
    return undefined;
  if (Object.keys(h).some((k) => !['entity', 'measure', 'op', 'value', 'output'].includes(k)))
    return undefined;
  if (p.grain || p.compare || p.top || p.share || p.also) return undefined;
  if (p.range && !NAMED_PERIOD.test(p.range.label)) return undefined;
  const words = { '>': 'more than', '>=': 'at least', '<': 'fewer than', '<=': 'at most', '=': 'exactly' }[
    h.op
  ];
  const when = p.range ? ` in ${p.range.label}` : '';
  if (h.measure.aggType === 'count') return `had ${words} ${h.value} orders${when}`;
  if (h.measure.format === 'currency' && h.measure.aggType === 'sum' && h.op !== '=')
    return `spent ${words === 'fewer than' ? 'less than' : words} ${h.value}${when}`;
  return undefined;
}

/** The one kind of row a count of people with at least one such row is of ("customers who ordered toys"). */
function oneKindOrdered(p: Plan): ValueFilter | undefined {
  const [clause, ...others] = p.having?.clauses ?? [];
  const [kind, ...more] = clause?.kind ?? [];
  const plain = { ...p, having: undefined };
  if (!clause || others.length > 0 || more.length > 0 || !kind || !plainCount(plain) || p.filters.length > 0)
    return undefined;
  const once = clause.op === '>=' && clause.value === 1 && !clause.against && !clause.bound && !clause.period;
  return once && p.having?.output === 'count' && clause.measure.aggType === 'count' ? kind : undefined;
}

/** "and how many had more than 20?", "how many of them placed over 25?": a bound on the figure just given per person. */
const BOUND_OF_EACH =
  /^\s*(?:and\s+|so\s+)?how\s+many(?:\s+(?:customers|clients|accounts|buyers|people|of\s+them|of\s+those))?\s+(?:had|have|placed|made|did|got)\s+(more\s+than|over|above|at\s+least|fewer\s+than|less\s+than|under|below|at\s+most|exactly)\s+(\d+)\s*[?.!]*\s*$/i;

/**
 * "how many orders did each customer place in 2025?" then "and how many customers placed more than 20?": the people
 * whose own count just listed (or averaged) passes the bound, as "how many customers placed more than 20 orders in 2025?" reads
 * (read on its own, the bound became an order amount over $20: confidently wrong). Only after a plain count of rows
 * per person, in one named period or none.
 */
export function boundOnEachOne(previous: Plan, question: string): string | undefined {
  const m = BOUND_OF_EACH.exec(question);
  const [measure, ...others] = previous.measures;
  const [by, ...more] = previous.dimensions;
  const rows = entityRows(previous.cube);
  if (!m || !measure || others.length > 0 || measure.aggType !== 'count' || more.length > 0 || !rows)
    return undefined;
  // (Each one's count listed, or their average: "how many orders did each customer place" reads as either.)
  const perPerson = by === rows.entity || (!by && previous.percentile?.per === rows.entity);
  if (!perPerson || previous.grain || previous.compare || previous.top || previous.filters.length > 0)
    return undefined;
  if (previous.numberFilters.length > 0 || previous.having || previous.share || previous.change)
    return undefined;
  if (previous.range && !NAMED_PERIOD.test(previous.range.label)) return undefined;
  const people = entityWord(rows.entity);
  return `how many ${people} placed ${m[1]?.toLowerCase()} ${m[2]} orders${previous.range ? ` in ${previous.range.label}` : ''}?`;
}
