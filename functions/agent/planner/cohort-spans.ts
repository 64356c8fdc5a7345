/**
 * A cohort written as one span or one set of adjacent periods (issue 29): "customers who signed up between Feb 1
 * 2022 and Apr 30 2022", "people who joined in Oct, Nov or Dec 2022", "signups from July through September 2022".
 * The periods named after the start word are the ends (or the members) of ONE signup window, never cohorts
 * compared side by side: the question asks about everyone who started inside it. Read only when the periods are
 * joined by a span's words ("between ... and", "through", "to", "until") or listed with "or", follow each other
 * without a gap, and nothing in the question compares (a "which", "vs", "more"): otherwise the caller's reading
 * (cohorts compared) stands.
 */
import type { Period, Token } from './plan';

/** Words that join the two ends of a span. */
const SPAN_JOINS = new Set(['through', 'thru', 'to', 'until', 'till']);
/** Words that list periods as one set ("Oct, Nov or Dec 2022"). */
const SET_JOINS = new Set(['or']);
/** Words of a question that compares the periods it lists ("which spent more", "Q1 vs Q2 signups"). */
const COMPARING = new Set(
  'vs versus compared compare comparison against which more less fewer better worse higher lower difference each respectively'.split(
    ' ',
  ),
);

export interface CohortSpan {
  /** The span, at the first period's place. */
  span: { period: Period; at: number };
  /** The periods it replaces. */
  joined: { period: Period; at: number }[];
}

/**
 * The span of the chain of periods that begins at the cohort's first period (`first`), when the chain is one
 * window; undefined otherwise. Marks the joining words read.
 */
export function cohortSpan(
  tokens: Token[],
  periods: readonly { period: Period; at: number }[],
  first: { period: Period; at: number },
): CohortSpan | undefined {
  if (tokens.some((t) => COMPARING.has(t.raw))) return undefined;
  const ordered = [...periods].sort((a, b) => a.at - b.at);
  const chain = [first];
  // Each join's word, or null where the periods follow each other with nothing between (a list's dropped comma).
  const joins: (Token | null)[] = [];
  for (const p of ordered) {
    const last = chain.at(-1);
    if (!last || p.at <= last.at) continue;
    const between = tokens.slice(last.at + 1, p.at).filter((t) => !t.used);
    if (between.length > 1) break;
    const join = between[0];
    const and = join?.raw === 'and' && chain.length === 1 && tokens[first.at - 1]?.raw === 'between';
    if (join && !SPAN_JOINS.has(join.raw) && !SET_JOINS.has(join.raw) && !and) break;
    chain.push(p);
    joins.push(join ?? null);
  }
  const end = chain.at(-1);
  if (chain.length < 2 || !end) return undefined;
  const words = joins.filter((t): t is Token => t !== null);
  if (words.length > 0 && words.every((t) => !SET_JOINS.has(t.raw))) {
    // Two ends, the second after the first.
    if (chain.length !== 2 || words.length !== 1 || end.period.from <= first.period.from) return undefined;
  } else {
    // A set of periods listed with "or" last: each right after the one before.
    if (joins.at(-1)?.raw !== 'or' || words.some((t) => !SET_JOINS.has(t.raw))) return undefined;
    if (chain.some((p, i) => i > 0 && chain[i - 1]?.period.to !== p.period.from)) return undefined;
  }
  for (const t of words) t.used = true;
  const before = tokens[first.at - 1];
  if (before?.raw === 'between') before.used = true;
  return {
    span: {
      period: {
        label: `${first.period.label} to ${end.period.label}`,
        from: first.period.from,
        to: end.period.to,
      },
      at: first.at,
    },
    joined: chain,
  };
}
