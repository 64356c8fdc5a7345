/**
 * The average of each entity's own figure over the entities meeting a condition (issue 29, counts per entity):
 * "avg number of orders for customers who spent over $30k", "the average order count among customers with
 * lifetime spend over 32k", "their average total spend, for customers with at least 70 orders". The figure is
 * a count of rows or a total (each customer's own), never an average of rows ("the average order value for
 * customers with over 60 orders" stays refused: second-order.ts), so only these words read it.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { Token } from './plan';

const AVERAGE_WORDS = new Set(['average', 'avg', 'mean']);
/** Words that make a money noun each entity's total ("total spend", "lifetime revenue"). */
const TOTAL_WORDS = new Set(['total', 'lifetime', 'overall', 'cumulative']);
const MONEY_NOUNS = new Set(['spend', 'spending', 'revenue', 'sales', 'spent']);
const FILLER = new Set(['the', 'their', 'its', 'of']);

/** The averaged figure and the words saying it, claimed; undefined when the words are not one of these. */
export function averagedFigure(
  tokens: Token[],
  cube: CatalogCube,
): { measure: CatalogMember; words: Token[] } | undefined {
  const count = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  const rowNoun = count?.titleWords.at(-1) ?? 'order';
  for (let i = 0; i < tokens.length; i++) {
    if (!AVERAGE_WORDS.has(tokens[i]?.raw ?? '')) continue;
    let k = i + 1;
    while (FILLER.has(tokens[k]?.raw ?? '') && tokens[k]?.raw !== 'of') k++;
    const [a, b, c] = [tokens[k], tokens[k + 1], tokens[k + 2]];
    const words = (n: number) => tokens.slice(i, k + n);
    // "avg number of orders", "average # of orders" ("#" is dropped), "average order count"
    if (count && a?.raw === 'number' && b?.raw === 'of' && c?.stem === rowNoun)
      return { measure: count, words: words(3) };
    if (count && a?.raw === 'of' && b?.stem === rowNoun && (tokens[k - 1]?.raw ?? '') !== 'of')
      return { measure: count, words: words(2) };
    if (count && a?.stem === rowNoun && ['count', 'counts'].includes(b?.raw ?? ''))
      return { measure: count, words: words(2) };
    // "average total spend", "mean lifetime revenue"
    if (sum && a && TOTAL_WORDS.has(a.raw) && MONEY_NOUNS.has(b?.raw ?? ''))
      return { measure: sum, words: words(2) };
  }
  return undefined;
}

/**
 * A value of the rows (not of the entity: "returned", "toys", "west" as a sales region) said in the question:
 * it would narrow the figure averaged as it narrows the condition ("mean lifetime spend of customers with 5+
 * returned orders" would be of their returned orders only), so the average is not read.
 */
export function rowValueSaid(tokens: Token[], cube: CatalogCube, entity: CatalogMember): string | undefined {
  const prefix = entity.column.slice(0, entity.column.lastIndexOf('_') + 1);
  const said = new Set(tokens.map((t) => t.raw));
  for (const m of cube.members) {
    if (m.kind !== 'dimension' || m.values.length === 0) continue;
    if (prefix !== '' && m.column.startsWith(prefix)) continue;
    const hit = m.values.find((v) => v.split(/\s+/).every((w) => said.has(w.toLowerCase())));
    if (hit) return hit;
  }
  return undefined;
}
