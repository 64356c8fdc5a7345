/**
 * "revenue from the customer with the most orders", "how much did the 5 customers with the fewest orders spend": a
 * ranking inside a filter (issue 29, README "Evaluating the analyst"). The people ranked first by a count (ties
 * kept: every one with as many as the n-th) are the filter, and the measure named besides it is their total. A
 * ranking with nothing else asked ("which customer has the most orders") is a ranking, read elsewhere.
 */
import { namedBefore } from './both-values';
import type { CatalogCube } from './catalog';
import { countMeasureNamed, findEntity, outputAsked } from './entities';
import type { EntityCondition, Token } from './plan';
import { MONEY_WORDS } from './vocabulary';

const MOST = new Set(['most', 'highest']);
const FEWEST = new Set(['fewest', 'least', 'lowest']);
/** Verbs of money that ask for a total of the people ("what did they spend", "bring in"). */
const MONEY_VERBS = new Set(['spend', 'spent', 'spending', 'bring', 'brought', 'generate', 'generated']);

/** The condition "ranked first by a count, ties kept" on the people a total is asked of; claims its words. */
export function findRankedWithin(tokens: Token[], cube: CatalogCube): EntityCondition | undefined {
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]?.raw !== 'with' || tokens[i + 1]?.raw !== 'the') continue;
    const word = tokens[i + 2];
    const noun = tokens[i + 3];
    if (!word || !noun || !(MOST.has(word.raw) || FEWEST.has(word.raw))) continue;
    const measure = countMeasureNamed(cube, noun);
    if (!measure) continue;
    const entity = findEntity(tokens, cube, i) ?? namedBefore(tokens, cube, i);
    if (!entity || entity.at !== i - 1) continue;
    // Only with money asked of them besides the ranking ("revenue from", "what did ... spend").
    const outside = tokens.filter((_, k) => k < entity.at || k > i + 3);
    // (Another measure named of them, "the average order value of the customer with ...", is read too: it is
    // refused where it does not add up over them, second-order.ts.)
    const named = (t: Token) =>
      cube.members.some(
        (m) =>
          m.kind === 'measure' &&
          m !== measure &&
          m.aggType !== 'count_distinct' &&
          (m.names.includes(t.stem) || m.titleWords.includes(t.stem)),
      );
    // ("sales" of "for every sales territory": a word of a breakdown's name, no money asked.)
    const ofBreakdown = (t: Token) => {
      const next = tokens[tokens.indexOf(t) + 1];
      return cube.members.some(
        (m) =>
          m.kind === 'dimension' &&
          m.titleWords.includes(t.stem) &&
          next !== undefined &&
          next !== t &&
          (m.titleWords.includes(next.stem) || m.otherWords.includes(next.stem)),
      );
    };
    const money = outside.some(
      (t) =>
        !ofBreakdown(t) &&
        (MONEY_WORDS.has(t.raw) ||
          MONEY_VERBS.has(t.raw) ||
          (sum !== undefined && (sum.names.includes(t.stem) || sum.titleWords.includes(t.stem))) ||
          named(t)),
    );
    if (!money) continue;
    // (A share of them is not read here.)
    if (outputAsked(tokens, entity.at, cube).output === 'share') return undefined;
    const count = tokens[entity.at - 1];
    const n = count && /^\d+$/.test(count.raw) ? Number(count.raw) : 1;
    for (const t of [tokens[entity.at], word, noun, tokens[i], tokens[i + 1], ...(n > 1 ? [count] : [])])
      if (t) t.used = true;
    // "... in 2025 bring in that year": the period named, again.
    tokens.forEach((t, k) => {
      if (['year', 'quarter', 'month', 'week'].includes(t.stem) && tokens[k - 1]?.raw === 'that') {
        t.used = true;
        const that = tokens[k - 1];
        if (that) that.used = true;
      }
    });
    return {
      entity: entity.member,
      measure,
      op: '>=',
      value: 0,
      rank: { n, direction: FEWEST.has(word.raw) ? 'asc' : 'desc' },
      output: 'list',
    };
  }
  return undefined;
}
