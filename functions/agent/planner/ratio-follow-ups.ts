/**
 * Follow-ups on a ratio of customers (customer-ratios.ts, tuning set 21): "split that by segment" (the same tests per
 * value of a dimension), "and from October to November 2024?" (a retention's two periods moved), and a count of one
 * period's customers named again ("... what % of them also bought toys that month?", "how many of them did not order
 * in December?"), said in full so the reader reads it as one question. Anything else after a ratio is not read here:
 * the thread refuses it rather than answer it without the tests (reading.ts).
 */
import type { CatalogCube } from './catalog';
import { mentionsOf, readCustomerRatio } from './customer-ratios';
import { breakdownOf, countsEntities, entityRows, ofEntity } from './per-entity';
import type { Period, Plan } from './plan';

/** The follow-up read on the previous ratio, or undefined. */
export function ratioFollowUp(
  previous: Plan,
  question: string,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const p = previous.perEntity;
  if (p?.kind !== 'ratio') return undefined;
  const text = question.toLowerCase().replace(/[?.!]/g, ' ').replace(/\s+/g, ' ').trim();
  // "split that by segment", "by region", "and per segment?"
  const split =
    /^(?:(?:and|now|ok|okay)\s+)?(?:(?:split|break)\s+(?:that|it|this|them)\s+(?:down\s+)?|broken\s+down\s+|(?:and\s+)?)(?:by|per|for\s+each)\s+([a-z]+)$/.exec(
      text,
    );
  if (split?.[1]) {
    const by = breakdownOf(previous.cube, split[1].replace(/s$/, ''));
    if (!by || p.by || [...p.whole, ...p.part].some((t) => t.kind.some((k) => k.member === by)))
      return undefined;
    return { ...previous, dimensions: [by], perEntity: { ...p, by } };
  }
  // "and from October to November 2024?": the whole's period and the part's, moved.
  const moved = /^(?:(?:and|what\s+about|how\s+about)\s+)?from\s+(.+)\s+to\s+(.+)$/.exec(text);
  if (moved && p.whole.length === 1 && p.part.length === 1) {
    const mentions = mentionsOf(` ${moved[1]} to ${moved[2]} `, periodOf);
    const [a, b, ...more] = mentions ?? [];
    const [whole] = p.whole;
    const [part] = p.part;
    if (!a || !b || more.length > 0 || !whole?.period || !part?.period) return undefined;
    return {
      ...previous,
      perEntity: { ...p, whole: [{ ...whole, period: a.period }], part: [{ ...part, period: b.period }] },
    };
  }
  return undefined;
}

/**
 * "customers who bought electronics in July 2025" then "what % of them also bought toys that month?": the previous
 * count of customers (one period, at most one value of its rows, values of the customer) said again in full in place
 * of "them", and read as a ratio; undefined for any other previous question or a follow-up not so read.
 */
export function ratioOfThem(
  previous: Plan,
  question: string,
  cube: CatalogCube,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const rows = entityRows(previous.cube);
  const [measure, ...others] = previous.measures;
  if (!rows || !measure || others.length > 0 || !countsEntities(measure, rows)) return undefined;
  if (!previous.range || previous.timeDimension !== rows.time || previous.range.relative) return undefined;
  if (previous.dimensions.length > 0 || previous.numberFilters.length > 0 || previous.grain) return undefined;
  if (previous.perEntity || previous.first || previous.having || previous.top || previous.compare)
    return undefined;
  const own = previous.filters.filter((f) => ofEntity(rows, f.member));
  const kinds = previous.filters.filter((f) => !ofEntity(rows, f.member));
  if (kinds.length > 1 || [...own, ...kinds].some((f) => f.negate || f.values.length !== 1)) return undefined;
  const them = /\b(?:of\s+)?(?:them|those|these)(?:\s+(?:customers|clients|buyers|people))?\b/i;
  if (!them.test(question)) return undefined;
  const who = own.map((f) => `${f.values[0]} `).join('');
  const kind = kinds[0]?.values[0];
  const restated = question.replace(
    them,
    `of the ${who}customers who had ${kind ? `an ${kind} order` : 'an order'} in ${previous.range.label}`,
  );
  return readCustomerRatio(restated, cube, periodOf);
}
