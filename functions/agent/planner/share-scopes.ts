/**
 * Which filters of a share belong to its part and which to its whole, read by grammar (issue 29, README
 * "Evaluating the analyst"). A share question has a whole (the noun phrase after the share word: "share of
 * total 2024 revenue", "% of orders in the west region") and a part (the clause after the word that introduces it:
 * "... did enterprise customers in the east account for", "... were cancelled"). A value in the whole's phrase, or
 * in a scope before the share word ("within the north territory, what fraction ..."), narrows both; a value of the
 * part narrows the part only. A whole called "total", "all", "overall" keeps only the filters written on it. In an
 * unmarked whole, a scope written after the part's verb ("what percent of orders are cancelled in the west") still
 * scopes the whole; one attached to the part's people ("customers in the east") is the part's.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { Plan, Token, ValueFilter } from './plan';
import { PART_WORDS as ROWS_PART_WORDS } from './share-parts';
import { stem, words } from './text';

/** Prepositions that scope what follows them ("in the west", "for the consumer segment", "among"). */
const SCOPE_PREPOSITIONS = new Set(['in', 'for', 'within', 'among', 'during', 'across', 'inside']);
/** Words between a scope preposition and its value: articles, determiners, possessives. */
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'our',
  'my',
  'its',
  'their',
  'this',
  'that',
  'these',
  'those',
]);
/**
 * Words that introduce the part after the whole ("share of revenue FROM ...", "% of orders WERE ..."): those of a
 * part of rows (share-parts.ts), and the verbs of where people are ("customers are based in the north").
 */
const PART_WORDS = new Set([
  ...ROWS_PART_WORDS,
  'got',
  'get',
  'went',
  'ended',
  'by',
  'live',
  'lives',
  'located',
  'based',
]);
/** Words between a part word and a scope that make the scope the part ("customers are based in the north"). */
const PREDICATE = new Set(['based', 'located', 'living', 'mostly', 'all']);
/** Words between a share word and its part word when the whole came before ("..., what % of them were"). */
const LEAD_FILLER = new Set(['of', 'them', 'those', 'these', 'it', 'that', 'the', 'did', 'do']);
/** Words that mark a whole of everything ("of total 2024 revenue", "of all orders", "overall"). */
const WHOLE_MARKS = new Set(['total', 'all', 'overall', 'entire', 'whole']);
/** Share words whose part is read here ("rate" and "ratio" name their part before them: "return rate"). */
const SHARE_WORDS = new Set([
  'percentage',
  'percent',
  'pct',
  'share',
  'fraction',
  'proportion',
  'portion',
  'cent',
  // "how much of total revenue came from ...": the "of" of "how much of" (a share word only there).
  'of',
]);

/** The count a noun names: of the rows ("orders") or of the people they belong to ("customers", "clients"). */
const countNamed = (cube: CatalogCube, t: Token | undefined): CatalogMember | undefined =>
  t === undefined
    ? undefined
    : cube.members.find(
        (m) =>
          m.kind === 'measure' &&
          (m.aggType === 'count' || m.aggType === 'count_distinct') &&
          (m.titleWords.at(-1) === t.stem || m.names.includes(t.stem)),
      );

/** Where a filter's values were written (their tokens). */
export const valueTokens = (tokens: readonly Token[], f: ValueFilter): number[] =>
  tokens.flatMap((t, i) => (t.value && f.values.some((v) => words(v).map(stem)[0] === t.stem) ? [i] : []));

/**
 * The scope preposition a value at `at` is written after, skipping articles and determiners, the dimension's own
 * noun and the other values of its list ("in THE west", "for the consumer segment", "in the north and south"):
 * its index, or -1.
 */
export function scopeBefore(tokens: readonly Token[], at: number, member?: CatalogMember): number {
  let k = at - 1;
  const noun = (t: Token) => member?.titleWords.includes(t.stem) === true;
  while (k >= 0) {
    const t = tokens[k];
    if (!t) break;
    if (DETERMINERS.has(t.raw) || noun(t) || t.value || ['and', 'or', ',', '&', '+'].includes(t.raw)) k--;
    else break;
  }
  return SCOPE_PREPOSITIONS.has(tokens[k]?.raw ?? '') ? k : -1;
}

/** Whether the value at `at` is written as a scope ("in the west", "for the consumer segment"). */
export const isScoped = (tokens: readonly Token[], at: number, member?: CatalogMember) =>
  scopeBefore(tokens, at, member) >= 0;

/** Words of an exclusion ("excluding cancelled orders"; "not counting", "leaving out" are rewritten to it). */
const EXCLUSIONS = new Set(['excluding', 'except', 'without', 'ignoring', 'exclude', 'excludes']);
/** Words between an exclusion and its value ("excluding the ones that were returned", "except for toys"). */
const EXCLUSION_LINKS = new Set(
  'the any all those these ones one anything that which were was got are is been came from in for of order orders sale sales'.split(
    ' ',
  ),
);

/** Whether a negated filter is written as an exclusion ("excluding cancelled orders", "not counting returns"). */
export function writtenAsExclusion(tokens: readonly Token[], f: ValueFilter): boolean {
  if (!f.negate) return false;
  const first = valueTokens(tokens, f)[0];
  if (first === undefined) return false;
  for (let k = first - 1; k >= Math.max(0, first - 7); k--) {
    const raw = tokens[k]?.raw ?? '';
    if (EXCLUSIONS.has(raw) || (raw === 'counting' && tokens[k - 1]?.raw === 'not')) return true;
    if (!EXCLUSION_LINKS.has(raw)) return false;
  }
  return false;
}

/**
 * The negated filters written as an exclusion ("excluding cancelled orders, what share of 2025 revenue came from
 * electronics?"): they narrow the whole as well as the part, never the part alone. Only beside another candidate
 * part: alone ("what % of revenue is excluding toys") the exclusion is all the part there is.
 */
export function exclusionScopes(tokens: readonly Token[], filters: readonly ValueFilter[]): ValueFilter[] {
  const excluded = filters.filter((f) => writtenAsExclusion(tokens, f));
  return excluded.length < filters.length ? excluded : [];
}

export interface ShareSplit {
  /** The part's filters, narrowing the part only. */
  parts: ValueFilter[];
  /** The part's values read by another entity's noun ("customers in the east": the orders' sales region). */
  note?: string;
}

/**
 * The part of a share by grammar, when the question has the shape "share word, whole, part word, part" (or a
 * whole before the share word: "of total 2025 orders, what pct were ..."); undefined when it has not (the
 * caller's reading stands).
 */
export function splitShare(
  tokens: readonly Token[],
  ratioAt: number,
  filters: readonly ValueFilter[],
  cube: CatalogCube,
): ShareSplit | undefined {
  if (!SHARE_WORDS.has(tokens[ratioAt]?.raw ?? '')) return undefined;
  const found = tokens.findIndex((t, i) => i > ratioAt && PART_WORDS.has(t.raw) && !t.value);
  // With no part word, the part can only come before the share word ("enterprise customers in the north: what %
  // of total 2024 sales?").
  const intro = found >= 0 ? found : tokens.length;
  // The whole's phrase: after the share word up to the part word; or "of total 2025 orders," before it.
  const leadOf = tokens.findIndex((t, i) => i < ratioAt && t.raw === 'of');
  const wholeSpan = (i: number) => (i > ratioAt && i < intro) || (leadOf >= 0 && i > leadOf && i < ratioAt);
  // ("share of revenue from furniture in the east, as a % of all 2025 revenue": the whole said again after the
  // part, marked, keeps none of the part's scopes.)
  const restated = tokens.some(
    (t, i) =>
      i > intro &&
      SHARE_WORDS.has(t.raw) &&
      tokens[i + 1]?.raw === 'of' &&
      WHOLE_MARKS.has(tokens[i + 2]?.raw ?? ''),
  );
  const marked = restated || tokens.some((t, i) => wholeSpan(i) && WHOLE_MARKS.has(t.raw));
  // "Of the orders returned in 2024, what percentage were in the west?": the whole is the leading "of" phrase
  // alone (nothing of it after the share word), so a scope after the part word is the part's.
  const leadWhole =
    leadOf >= 0 &&
    found >= 0 &&
    tokens.slice(ratioAt + 1, intro).every((t) => LEAD_FILLER.has(t.raw) && !t.value);
  const parts: ValueFilter[] = [];
  let note: string | undefined;
  for (const f of filters) {
    const at = valueTokens(tokens, f);
    const first = at[0];
    if (first === undefined) return undefined;
    // A filter written in both the whole and the part is not told apart here.
    if (at.some((i) => i > intro) && at.some((i) => i <= intro)) return undefined;
    const scope = scopeBefore(tokens, first, f.member);
    const before = scope >= 0 ? tokens[scope - 1] : undefined;
    const people = before !== undefined && countNamed(cube, before) !== undefined;
    // Before the share word, outside "of total 2025 orders": the part ("electronics and furniture together, what
    // share ...", "enterprise customers in the north: what % ..."), unless a scope of its own ("In the west, ...").
    const leading = first < ratioAt && !(leadOf >= 0 && first > leadOf);
    if (leading && (scope < 0 || people)) {
      parts.push(f);
      if (people && before) note = note ?? peopleNote(before, f, cube);
      continue;
    }
    if (first < intro) continue;
    // "what share of customers are in the north": a scope right after the part word is the part itself.
    const predicate =
      scope > found && found >= 0 && tokens.slice(found + 1, scope).every((t) => PREDICATE.has(t.raw));
    if (predicate) {
      const noun = tokens
        .slice(ratioAt + 1, found)
        .find((t) => countNamed(cube, t)?.aggType === 'count_distinct');
      parts.push(f);
      if (noun) note = note ?? peopleNote(noun, f, cube);
      continue;
    }
    // "(what percent of orders are) cancelled in the west": the whole's scope, unless the whole is of everything.
    if (scope >= 0 && !marked && !people && !leadWhole) continue;
    parts.push(f);
    if (people && before && scope >= 0) note = note ?? peopleNote(before, f, cube);
  }
  if (parts.length === 0) return undefined;
  return { parts, ...(note ? { note } : {}) };
}

/**
 * "enterprise customers in the east": a value of the rows' own dimension (the orders' sales region) read for the
 * people they belong to, said in the answer (the people may have a dimension of that name of their own).
 */
function peopleNote(noun: Token, f: ValueFilter, cube: CatalogCube): string | undefined {
  const people = countNamed(cube, noun);
  if (people?.aggType !== 'count_distinct') return undefined;
  // The people's own columns carry their prefix in a view of rows ("customers_segment").
  if (f.member.column.startsWith(`${noun.stem}s_`) || f.member.column.startsWith(`${noun.stem}_`))
    return undefined;
  const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const rowNoun = rows?.titleWords.at(-1) ?? 'row';
  const values = f.values.join(' and ');
  return `I read "${noun.asked ?? noun.raw} in the ${values}" by the ${f.member.title.toLowerCase()} of their ${rowNoun}s.`;
}

/**
 * "what fraction of customers in the east are enterprise": a count of distinct people splits into parts that add
 * up when the part is the people's own value (each customer has one segment, their prefix in a view of rows).
 */
export function peoplePart(share: Plan['share'], measure: CatalogMember | undefined): boolean {
  const part = share?.part;
  const noun = measure?.titleWords.at(-1);
  if (!part || !noun || measure?.aggType !== 'count_distinct' || share?.rows || share?.top) return false;
  return part.member.column.startsWith(`${noun}s_`) || part.member.column.startsWith(`${noun}_`);
}
