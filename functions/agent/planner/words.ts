/**
 * The asker's words around the measures (issue 29; README, "What the analyst understands"): who spends is not
 * what is measured ("what did clients spend"), a value beside one measure of a list belongs to that measure
 * alone ("cancelled orders and revenue"), and a selling verb with nothing named to rank by has two readings
 * ("the best-selling category": by money and by how many), both answered.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { Token } from './plan';
import { MONEY_WORDS } from './vocabulary';

/** Forms of selling that rank things by sales without saying by money or by count. */
const SELLING = new Set(['selling', 'seller', 'sellers', 'sold', 'sells', 'sell', 'sale', 'sales']);
/** Words that ask how many things there are ("how many clients spent ..."): a count stays the measure. */
const COUNT_ASKED = /\b(how many|number of|count of|# of)\b/;

/**
 * "what did our clients spend in 2024": a money verb with the people who spend as its subject asks for the
 * money, not for how many of them there are. The count of those people (matched by their word alone) gives way to
 * the sum; another measure named beside it stays.
 */
export function moneyOfSpenders(
  tokens: readonly Token[],
  cube: CatalogCube,
  measures: CatalogMember[],
  text: string,
): CatalogMember[] {
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  if (!sum || measures.includes(sum) || COUNT_ASKED.test(text)) return measures;
  if (!tokens.some((t) => MONEY_WORDS.has(t.raw) && ['spend', 'spent', 'spending'].includes(t.raw)))
    return measures;
  const people = measures.filter(
    (m) =>
      m.aggType === 'count_distinct' &&
      // ("how much did customers in the west spend": the model's own word for them as much as "clients".)
      tokens.some((t) => m.titleWords.includes(t.stem)),
  );
  if (people.length === 0) return measures;
  return [sum, ...measures.filter((m) => !people.includes(m))];
}

/**
 * "the best-selling category", "which region sold the most": ranked by sales with no measure named. Both
 * readings (the money and the row count), ranked by the first, each one's leader stated; undefined when the
 * question names what it ranks by or the ranking is not of one leader.
 */
export function sellingReadings(
  tokens: readonly Token[],
  cube: CatalogCube,
  measures: CatalogMember[],
  top: { n: number } | undefined,
): { measures: CatalogMember[]; word: string } | undefined {
  if (!top || top.n > 1) return undefined;
  // ("the top-selling category in each region": one leader per group, top-per-group.ts reads it.)
  if (tokens.some((t) => ['each', 'every', 'per'].includes(t.raw))) return undefined;
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  const count = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!sum || !count || measures.length !== 1 || measures[0] !== sum) return undefined;
  const verb = tokens.find((t) => SELLING.has(t.raw) && !['sale', 'sales'].includes(t.raw));
  if (!verb) return undefined;
  // Any other word of a measure ("by revenue", "in dollars", "units") names the reading.
  const measureWords = new Set(
    cube.members.filter((m) => m.kind === 'measure').flatMap((m) => [...m.titleWords, ...m.names]),
  );
  const named = tokens.some(
    (t) =>
      t !== verb &&
      (MONEY_WORDS.has(t.raw) ||
        ['revenue', 'dollars', 'money', 'units', 'volume', 'count', 'orders'].includes(t.raw) ||
        (measureWords.has(t.stem) && !SELLING.has(t.raw))),
  );
  if (named) return undefined;
  // The asker's phrase, to name it in the answer: "best-selling", "sold the most".
  const at = tokens.indexOf(verb);
  const before = tokens[at - 1]?.raw ?? '';
  const after = tokens
    .slice(at + 1, at + 3)
    .map((t) => t.raw)
    .join(' ');
  const word = ['best', 'top', 'worst', 'bottom', 'most', 'least', 'fastest', 'slowest'].includes(before)
    ? `${before}-${verb.raw}`
    : /^(the )?(most|least|best|worst)/.test(after)
      ? `${verb.raw} ${after.replace(/^(the (most|least|best|worst)|most|least|best|worst).*$/, '$1')}`
      : verb.raw;
  return { measures: [sum, count], word };
}

/**
 * "cancelled orders and revenue": a value written right on one measure of a list qualifies that measure alone,
 * which one query filtered by the value would apply to both. Read, it answers another question: the words, so
 * the question is refused rather than answered wrong.
 */
export function valueOnOneOfList(
  tokens: readonly Token[],
  measures: readonly CatalogMember[],
  filters: readonly { values: readonly string[]; negate: boolean }[] = [],
): string | undefined {
  if (measures.length === 0) return undefined;
  const measureWords = new Set(measures.flatMap((m) => [...m.titleWords, ...m.names]));
  // With one measure read, the list's other side must name a figure ("orders and cancellations": the orders),
  // not another value ("toys and furniture revenue").
  const figureAt = (k: number) => {
    const x = tokens[k];
    return x !== undefined && !x.value && measureWords.has(x.stem);
  };
  const skip = (i: number, by: 1 | -1) => {
    let k = i;
    while (tokens[k] && AGGREGATION_AROUND.has(tokens[k]?.raw ?? '')) k += by;
    return k;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t?.value) continue;
    // ("for toys": a scope of everything asked.)
    if (SCOPES.has(tokens[i - 1]?.raw ?? '')) continue;
    // The figure the value is on: itself ("returns") or the measure word after it ("cancelled orders").
    const end = measureWords.has(tokens[i + 1]?.stem ?? '') ? i + 1 : i;
    const leftAt = skip(i - 1, -1);
    const rightAt = skip(end + 1, 1);
    const left = tokens[leftAt]?.raw ?? '';
    const right = tokens[rightAt]?.raw ?? '';
    const other = (at: number, by: 1 | -1) => measures.length > 1 || figureAt(skip(at + by, by));
    // ("p90 order amount for enterprise customers versus consumer customers": two values, each on the same noun,
    // set against each other, not a value on one figure of a list.)
    // (Only when both values are of one member, read as one filter of both: "enterprise customers vs west
    // customers" stays refused.)
    const oneMember = filters.some(
      (f) => !f.negate && f.values.length === 2 && f.values.some((v) => v.toLowerCase() === t.raw),
    );
    const noun = end > i && oneMember ? tokens[end]?.stem : undefined;
    const parallel = (at: number, by: 1 | -1) =>
      noun !== undefined &&
      ['vs', 'versus'].includes(tokens[at]?.raw ?? '') &&
      (by === -1
        ? tokens[at - 1]?.stem === noun && tokens[at - 2]?.value === true
        : tokens[at + 1]?.value === true && tokens[at + 2]?.stem === noun);
    if (parallel(leftAt, -1) || parallel(rightAt, 1)) continue;
    if ((LISTS.has(left) && other(leftAt, -1)) || (LISTS.has(right) && other(rightAt, 1))) {
      const phrase = tokens
        .slice(i, end + 1)
        .map((x) => x.asked ?? x.raw)
        .join(' ');
      return `"${phrase}" in a list of figures is a figure of its own, which one query filtered to that value would make of every figure: ask for each on its own`;
    }
  }
  return undefined;
}

/** Words joining figures in a list. */
const LISTS = new Set(['and', 'plus', 'vs', 'versus']);
/** Words that scope everything asked ("for toys", "in the north"). */
const SCOPES = new Set(['for', 'in', 'from', 'on', 'within', 'among', 'during', 'by', 'across', 'at']);
/** Words of a count or a total around a figure's word ("the number of returns"). */
const AGGREGATION_AROUND = new Set(['the', 'number', 'of', 'how', 'many', 'much', 'total', 'count', 'our']);

/**
 * "each segment's biggest buyer", "our largest client": a superlative on the people who buy ranks them by the
 * money they bring, not by their largest single row (the max measure the superlative alone would name). Only
 * where the superlative is the max/min measure's sole word in the question and the noun after it counts people
 * (a distinct count), not rows ("the biggest order" stays the max).
 */
export function biggestPeopleByMoney(
  tokens: readonly Token[],
  cube: CatalogCube,
  measures: CatalogMember[],
): CatalogMember[] {
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  const extreme = measures.find((m) => m.aggType === 'max' || m.aggType === 'min');
  if (!sum || !extreme || measures.length !== 1) return measures;
  const at = tokens.findIndex(
    (t) => extreme.otherWords.includes(t.stem) || extreme.titleWords.includes(t.stem),
  );
  const superlative = tokens[at];
  if (!superlative) return measures;
  let k = at + 1;
  while (['single', 'individual', 'one'].includes(tokens[k]?.raw ?? '')) k++;
  const noun = tokens[k];
  const people = cube.members.some(
    (m) =>
      m.kind === 'measure' &&
      m.aggType === 'count_distinct' &&
      noun !== undefined &&
      (m.otherWords.includes(noun.stem) || m.titleWords.at(-1) === noun.stem),
  );
  // Another word of the extreme measure ("order amount") names the row's size itself.
  const sized = tokens.some(
    (t, i) =>
      i !== at &&
      !['number', 'of'].includes(t.raw) &&
      (extreme.titleWords.includes(t.stem) || extreme.otherWords.includes(t.stem)),
  );
  return people && !sized ? [sum] : measures;
}

/** Words that open a count ("how many", "number of", "count of", "# of"), by their last word's index. */
function countOpening(tokens: readonly Token[]): number {
  return tokens.findIndex(
    (t, i) =>
      (t.raw === 'many' && tokens[i - 1]?.raw === 'how') ||
      (t.raw === 'of' && ['number', 'count', '#'].includes(tokens[i - 1]?.raw ?? '')),
  );
}

/**
 * "how many orders did enterprise customers buy", "how many orders from people in the south": the noun right after
 * "how many" is what is counted; a count of people matched by the subject of the verb ("customers", "people")
 * gives way to the count the noun names. Only between two counts of the cube, and only where the noun is the head
 * of the other count's title ("orders": Number of orders); of a compound, its last noun ("customer orders").
 */
export function countedNoun(
  tokens: readonly Token[],
  cube: CatalogCube,
  measures: CatalogMember[],
): CatalogMember[] {
  const only = measures[0];
  const counts = (m: CatalogMember) =>
    m.kind === 'measure' && (m.aggType === 'count' || m.aggType === 'count_distinct');
  if (measures.length !== 1 || !only || !counts(only)) return measures;
  const at = countOpening(tokens);
  const heads = (t: Token | undefined) =>
    t !== undefined && cube.members.some((m) => counts(m) && m.titleWords.at(-1) === t.stem);
  // ("customer orders": the compound's last noun is counted; a plural ends the noun, "orders customers placed".)
  let k = at + 1;
  while (heads(tokens[k]) && tokens[k]?.raw === tokens[k]?.stem && heads(tokens[k + 1])) k++;
  const noun = tokens[k];
  if (at < 0 || !noun || only.titleWords.at(-1) === noun.stem) return measures;
  const named = cube.members.find((m) => m !== only && counts(m) && m.titleWords.at(-1) === noun.stem);
  return named ? [named] : measures;
}
