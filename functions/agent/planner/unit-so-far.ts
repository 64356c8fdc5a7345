/**
 * The current month or quarter named by its name and said to be so far ("orders in August so far", "Q3 to date",
 * "march MTD" on a day of that month or quarter): the period to date, as "this month so far" is (issue 29, period
 * over period). Was the whole month, compared with the whole of the same month a year back (confidently wrong).
 * A month or quarter other than today's stays as asked.
 */
import { MONTHS } from './vocabulary';

const MONTH = `(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\.?`;
const SO_FAR = String.raw`(?:so\s+far|to\s+date|(?:mtd|qtd)\b)`;
/** "August so far", "aug 2025 to date", "August MTD". */
const MONTH_SO_FAR = new RegExp(String.raw`\b${MONTH}(?:\s+(\d{4}))?\s+${SO_FAR}`, 'gi');
/** "Q3 so far", "q3 2025 to date", "Q3 QTD". */
const QUARTER_SO_FAR = new RegExp(String.raw`\bq([1-4])(?:\s+(\d{4}))?\s+${SO_FAR}`, 'gi');

/** The question with today's month or quarter, named and said to be so far, read as this month (quarter) so far. */
export function readUnitSoFar(text: string, today?: string): string {
  if (!today) return text;
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7)) - 1;
  const current = (y: string | undefined) => y === undefined || y === year;
  return text
    .replace(MONTH_SO_FAR, (all, name: string, y?: string) =>
      MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) === month && current(y)
        ? 'this month so far'
        : all,
    )
    .replace(QUARTER_SO_FAR, (all, q: string, y?: string) =>
      Number(q) === Math.floor(month / 3) + 1 && current(y) ? 'this quarter so far' : all,
    );
}
