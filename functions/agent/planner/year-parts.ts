/**
 * One part of a year said once beside two or more years set against each other (issue 29, period over period):
 * "Q1 revenue in 2024 vs 2025", "Q3 orders, 2023 vs 2024", "first half revenue in 2023 compared with 2025",
 * "march sales 2024 and 2025", "Q1 2024 vs 2025": that part of each year, not the whole years beside the latest
 * Q1 (nor a quarter set against a whole year). Read only when the part is the question's one period word and every
 * year stands in one list joined by comparison words; anything else is left to findPeriods' own reading.
 */
import type { Period, Token } from './plan';
import { day, isYear, monthIndex, monthPeriod, ORDINALS, quarterPeriod } from './vocabulary';

/** Words that set two years against each other ("2024 vs 2025", "2023 compared with 2025", "2024 and 2025"). */
const LISTING = new Set(['vs', 'versus', 'v', 'and', 'or', 'against', 'compared', 'comparing']);
const JOINING = new Set([...LISTING, 'with', 'to']);
/** Periods said some other way beside the years ("so far", "ytd"): not this reading. */
const OTHER_PERIOD =
  /^(?:ytd|mtd|qtd|far|date|this|last|next|previous|prior|same|since|between|from|through|thru|until|till)$/;

interface Part {
  at: number;
  /** The tokens naming the part ("first half": two). */
  length: number;
  period: (year: number) => Period;
}

/** The part a token names ("q1", "h2", "first half", "second quarter", "march"), or undefined. */
function partAt(tokens: Token[], i: number): Part | undefined {
  const t = tokens[i];
  if (!t || t.used) return undefined;
  const quarter = /^q([1-4])$/.exec(t.raw)?.[1];
  if (quarter) return { at: i, length: 1, period: (y) => quarterPeriod(y, Number(quarter)) };
  const half = /^h([12])$/.exec(t.raw)?.[1];
  const unit = tokens[i + 1]?.raw;
  // ("last quarter" is a relative period, not Q4.)
  const ordinal = t.raw === 'last' ? undefined : ORDINALS[t.raw];
  const halfOf = half ?? (unit === 'half' && (ordinal === 1 || ordinal === 2) ? String(ordinal) : undefined);
  if (halfOf) {
    const start = halfOf === '1' ? 0 : 6;
    return {
      at: i,
      length: half ? 1 : 2,
      period: (y) => ({ label: `H${halfOf} ${y}`, from: day(y, start), to: day(y, start + 6) }),
    };
  }
  if (unit === 'quarter' && ordinal !== undefined && ordinal >= 1 && ordinal <= 4)
    return { at: i, length: 2, period: (y) => quarterPeriod(y, ordinal) };
  const month = monthIndex(t.raw);
  // ("may" is a verb too; "march 1" is a day.)
  if (month !== undefined && t.raw !== 'may' && !/^\d{1,2}$/.test(tokens[i + 1]?.raw ?? ''))
    return { at: i, length: 1, period: (y) => monthPeriod(y, month) };
  return undefined;
}

/** That part of each listed year, in the order asked, or undefined when the question is not of this shape. */
export function findYearParts(tokens: Token[]): { period: Period; at: number }[] | undefined {
  const parts = tokens.flatMap((_, i) => {
    const part = partAt(tokens, i);
    return part ? [part] : [];
  });
  const part = parts[0];
  if (!part || parts.length !== 1) return undefined;
  if (tokens.some((t) => !t.used && OTHER_PERIOD.test(t.raw))) return undefined;
  const years = tokens.flatMap((t, i) => (!t.used && isYear(t.raw) ? [i] : []));
  if (years.length < 2 || new Set(years.map((i) => tokens[i]?.raw)).size !== years.length) return undefined;
  // Every year in one list: only comparison words between two years, one of them a listing word.
  for (let k = 1; k < years.length; k++) {
    const gap = tokens.slice((years[k - 1] ?? 0) + 1, years[k]);
    if (gap.length === 0 || !gap.every((w) => JOINING.has(w.raw)) || !gap.some((w) => LISTING.has(w.raw)))
      return undefined;
  }
  const first = years[0] ?? 0;
  const last = years.at(-1) ?? 0;
  // The part stands apart from the list, or right before it as the first year's part ("Q1 2024 vs 2025").
  const end = part.at + part.length;
  if (!(end <= first || part.at > last)) return undefined;
  for (let k = part.at; k < end; k++) {
    const w = tokens[k];
    if (w) w.used = true;
  }
  return years.map((i) => {
    const w = tokens[i];
    if (w) w.used = true;
    return { period: part.period(Number(w?.raw)), at: i };
  });
}
