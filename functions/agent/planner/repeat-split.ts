/**
 * Repeat against one-time customers (issue 29, counts per entity): "repeat customers vs one-time customers in
 * Nov 2025", "one-time vs repeat buyers": the entities with more than one row and those with exactly one,
 * counted side by side. "one-time buyers" arrives as "buyers who bought exactly 1 time" (phrases.ts).
 */
import type { Token } from './plan';

const AGAINST = new Set(['vs', 'versus', 'and', 'or', 'against']);
const PEOPLE = new Set(['customer', 'buyer', 'shopper', 'purchaser', 'client']);

/** The words of a one-time group starting at `from` ("customers who bought exactly 1 time", "one time"), or []. */
function oneTimeAt(tokens: Token[], from: number): Token[] {
  const raw = (k: number) => tokens[from + k]?.raw ?? '';
  const take = (n: number) => tokens.slice(from, from + n);
  // "customers who bought exactly 1 time" / "buyers that ordered exactly 1 time"
  if (
    PEOPLE.has(tokens[from]?.stem ?? '') &&
    ['who', 'that'].includes(raw(1)) &&
    /^(bought|ordered|purchased|shopped)$/.test(raw(2)) &&
    raw(3) === 'exactly' &&
    raw(4) === '1' &&
    /^times?$/.test(raw(5))
  )
    return take(6);
  // "one time", "one-time" before the people named after "repeat" ("one-time vs repeat buyers")
  if (['one', '1'].includes(raw(0)) && raw(1) === 'time') {
    const n = PEOPLE.has(tokens[from + 2]?.stem ?? '') ? 3 : 2;
    return take(n);
  }
  return [];
}

/**
 * Beside "repeat <people>" at `repeatAt` (its people word at `repeatAt + 1`): a one-time group joined by "vs",
 * "and" or "or", after it or before it. Claims the words; whether it was there.
 */
export function claimOneTimeBeside(tokens: Token[], repeatAt: number): boolean {
  const unused = (ws: Token[]) => ws.length > 0 && ws.every((w) => !w.used);
  // After: "repeat customers vs one-time customers"
  const join = tokens[repeatAt + 2];
  if (join && AGAINST.has(join.raw)) {
    const words = oneTimeAt(tokens, repeatAt + 3);
    if (unused(words)) {
      for (const w of [join, ...words]) w.used = true;
      return true;
    }
  }
  // Before: "one-time vs repeat buyers", "one-time customers vs repeat customers"
  const before = tokens[repeatAt - 1];
  if (before && AGAINST.has(before.raw)) {
    for (const start of [repeatAt - 3, repeatAt - 4, repeatAt - 7]) {
      if (start < 0) continue;
      const words = oneTimeAt(tokens, start);
      if (unused(words) && start + words.length === repeatAt - 1) {
        for (const w of [before, ...words]) w.used = true;
        return true;
      }
    }
  }
  return false;
}
