/**
 * Words that ask for the size or the direction of a change the question already asks (issue 29): "and how big
 * was the drop?", "higher or lower", "up or down", "give both and the difference". A change answer states both
 * figures, the difference and its direction anyway (answer-second.ts, answer.ts), so these are claimed, not
 * refused as unknown. Only read when the question compares two periods or asks a change.
 */
import type { Token } from './plan';

/** Pairs that ask which way a figure moved. */
const DIRECTIONS = new Set([
  'higher lower',
  'lower higher',
  'up down',
  'down up',
  'more less',
  'less more',
  'bigger smaller',
  'smaller bigger',
  'better worse',
  'worse better',
  'increase decrease',
  'decrease increase',
  'rise fall',
  'grow shrink',
]);
/** Words of a change restated after "how big was" ("the drop", "that fall", "it"). */
const RESTATED =
  /^(it|that|this|the|drop|fall|decline|dip|jump|rise|increase|decrease|change|gap|swing|move)$/;

export function claimChangeSize(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const or = tokens[i + 1];
    const other = tokens[i + 2];
    // "higher or lower", "up or down": the direction is stated with the change.
    if (or?.raw === 'or' && other && DIRECTIONS.has(`${t.raw} ${other.raw}`)) {
      for (const w of [t, or, other]) w.used = true;
    }
    // "how big was the drop", "how large is it", "how big a jump": the size of the change.
    if (t.raw === 'how' && ['big', 'large', 'steep', 'sharp'].includes(or?.raw ?? '')) {
      t.used = true;
      if (or) or.used = true;
      let k = i + 2;
      while (
        tokens[k] &&
        (['was', 'is', 'were', 'a', 'an'].includes(tokens[k]?.raw ?? '') ||
          RESTATED.test(tokens[k]?.raw ?? ''))
      ) {
        const w = tokens[k];
        if (w) w.used = true;
        k++;
      }
    }
    // "and how many fewer did it get", "how many more orders": the size of a change of a count.
    if (t.raw === 'how' && or?.raw === 'many' && ['fewer', 'more', 'less'].includes(other?.raw ?? '')) {
      for (const w of [t, or, other]) if (w) w.used = true;
    }
    // "give both (and the difference)", "show me both": both figures, stated anyway.
    if (t.raw === 'both' && !t.used && (!or || ['and', 'of', 'please', 'pls', 'plz'].includes(or.raw)))
      t.used = true;
  });
}
