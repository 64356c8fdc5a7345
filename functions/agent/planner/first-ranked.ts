/**
 * The entity whose first row came last or first (issue 29, cohorts): "which customer placed their first order
 * most recently", "the very last customer to place their first-ever order", "who had the earliest first
 * order": entities ranked by the date of their first row, the first one kept with every one tied with it. Read
 * only beside a first-row reading (readings.ts findFirst), so "the latest order" stays a plain ranking.
 */
import type { Token } from './plan';

/** Words that rank first dates, by direction ("latest" is the newest first date). */
const LATEST = new Set(['latest', 'last', 'newest', 'recent', 'recently']);
const EARLIEST = new Set(['earliest', 'oldest', 'soonest']);
/** Words that only stress the rank ("the very last", "the most recent", "of all"). */
const STRESS = new Set(['very', 'most']);

export interface FirstRank {
  direction: 'desc' | 'asc';
  n: number;
}

/**
 * A rank word of the first dates ("most recently", "very last", "earliest"), claiming it and its stress words;
 * "last" right before a period unit ("last year") is a period's, not a rank.
 */
export function findFirstRank(tokens: Token[]): FirstRank | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const latest = LATEST.has(t.raw);
    if (!latest && !EARLIEST.has(t.raw)) continue;
    // ("most recent" and "recently" only with "most": "recent orders" is a period.)
    if (['recent', 'recently'].includes(t.raw) && tokens[i - 1]?.raw !== 'most') continue;
    const next = tokens[i + 1];
    if (t.raw === 'last' && next && /^(year|yr|quarter|month|week|day|\d+)s?$/.test(next.raw)) continue;
    t.used = true;
    for (const k of [i - 1, i - 2]) {
      const w = tokens[k];
      if (w && !w.used && STRESS.has(w.raw)) w.used = true;
    }
    // "last of all our customers": the whole they are ranked in.
    if (next?.raw === 'of' && tokens[i + 2]?.raw === 'all') {
      next.used = true;
      const all = tokens[i + 2];
      if (all) all.used = true;
    }
    return { direction: latest ? 'desc' : 'asc', n: 1 };
  }
  return undefined;
}
