/**
 * Growth over the data's own last units (issue 29, timing): "which region grew fastest over the last 3 years of
 * data". A span of several whole years (quarters, months) said "of the data" is its first unit against its last
 * (2023 to 2025), never the span against the one before it; and, past the data's end, both are moved back together
 * until the last is the data's last whole unit (steps.ts), as "the last 5 quarters in the data" is.
 */
import { addDays } from './clock';
import { shift, unitStart } from './dates';
import type { Period } from './plan';
import { MONTHS, type Unit } from './vocabulary';

const UNITS: Unit[] = ['year', 'quarter', 'month'];

/** The unit and count of whole units a period spans (two or more), or undefined. */
function unitsOf(period: Period): { unit: Unit; n: number } | undefined {
  for (const unit of UNITS) {
    if (unitStart(period.from, unit) !== period.from) continue;
    for (let n = 2; n <= 60; n++) {
      const end = shift(period.from, unit, n);
      if (end === period.to) return { unit, n };
      if (end > period.to) break;
    }
  }
  return undefined;
}

/** One whole unit from `from`, labelled by its name ("2025", "Q3 2025", "March 2025"). */
function unitPeriod(unit: Unit, from: string): Period {
  const y = from.slice(0, 4);
  const m = Number(from.slice(5, 7)) - 1;
  const name = MONTHS[m] ?? '';
  const label =
    unit === 'year'
      ? y
      : unit === 'quarter'
        ? `Q${Math.floor(m / 3) + 1} ${y}`
        : `${name.charAt(0).toUpperCase()}${name.slice(1)} ${y}`;
  return { label, from, to: shift(from, unit, 1), unit, ofData: true, relative: true };
}

/** The first and the last unit of a span "of the data" (its growth's two ends), or undefined. */
export function firstAndLast(period: Period): [Period, Period] | undefined {
  const span = unitsOf(period);
  if (!period.ofData || !span) return undefined;
  return [unitPeriod(span.unit, period.from), unitPeriod(span.unit, shift(period.to, span.unit, -1))];
}

/**
 * The two ends moved back together until the last is the data's last whole unit (the data ends on `last`), or
 * undefined when they are not both whole units of the data or already lie within it.
 */
export function toDataEnd(compare: readonly Period[], last: string): Period[] | undefined {
  const end = compare.at(-1);
  const unit = end?.unit;
  if (!end || !unit || !compare.every((p) => p.ofData && p.unit === unit)) return undefined;
  if (addDays(end.to, -1) <= last) return undefined;
  // The data's last whole unit: the one holding its last day when that day ends it, else the one before.
  const holding = unitStart(last, unit);
  const lastWhole = shift(holding, unit, 1) === addDays(last, 1) ? holding : shift(holding, unit, -1);
  let k = 0;
  while (shift(end.from, unit, -k) > lastWhole && k < 600) k++;
  return compare.map((p) => unitPeriod(unit, shift(p.from, unit, -k)));
}
