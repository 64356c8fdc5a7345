/**
 * "p95 of monthly revenue across 2023-2025 (36 months)", "... over the last three full years (12 quarters)", "...,
 * 2023-2025 — 36 months in all": an aside that counts the periods of the span the question names. It says nothing
 * new when it agrees with the span read, and the question is read without it; when it does not agree (or the
 * question names no span to check it against), the question is refused rather than answered for either one. A
 * count of the data's own periods ("over all 36 months of data") is read as the data's last N of them.
 */
import type { Plan } from './plan';

type CountUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export interface PeriodCount {
  n: number;
  unit: CountUnit;
  /** The aside as asked, for the refusal. */
  said: string;
}

const COUNT = String.raw`(?:all|about|roughly|~|so|that's|thats|i\.e\.)?\s*(\d{1,4})\s+(day|week|month|quarter|year)s?(?:\s+(?:in all|in total|total|of data|altogether))?`;
/** "(36 months)", "(all 12 quarters)". */
const PARENTHESISED = new RegExp(String.raw`\s*\(\s*${COUNT}\s*\)`, 'i');
/** "— 36 months in all" at the end. */
const DASHED = new RegExp(String.raw`\s+[-–—]+\s*${COUNT}\s*(?=[?.!]*\s*$)`, 'i');

/** "over the 12 months of 2025", "across all four quarters of 2024": the span named with its count. */
const COUNTED_SPAN =
  /\b(?:over|across|for|in|during|throughout)\s+(?:all\s+)?(?:the\s+)?(\d{1,3}|two|three|four|six|twelve)\s+(month|quarter|week|year)s\s+of\s+(?=\S)/i;
/** A verb of buying just before the span ("ordered in all 4 quarters", "bought across all 12 months"). */
const SPREAD_BEFORE =
  /\b(?:ordered|order|bought|buy|purchased|purchase|placed\s+(?:an\s+)?orders?|shopped|active)\s*$/i;
const SPELLED: Record<string, number> = { two: 2, three: 3, four: 4, six: 6, twelve: 12 };

/**
 * "over all 36 months of data", "across the 12 quarters we have": every period the data holds, counted by the asker;
 * read as the data's own last N of them ("the last 36 months of data", dates.ts), whose answer says where they fall.
 */
const DATA_SPAN =
  /\b(over|across|for|in|during|throughout)\s+(?:all\s+)?(?:the\s+|our\s+)?(\d{1,3})\s+(month|quarter|week|year)s\s+(?:(?:of|in)\s+(?:the\s+|our\s+)?data(?:set)?|we\s+have(?:\s+data(?:\s+for)?)?|we['’]ve\s+got|on\s+record)\b/i;

/** The question without a counted aside, and the count it said. */
export function readPeriodCount(question: string): { text: string; count?: PeriodCount; ofData?: true } {
  const data = DATA_SPAN.exec(question);
  if (data) {
    const [all, link = '', n = '', unit = ''] = data;
    const text = `${question.slice(0, data.index)}${link} the last ${n} ${unit.toLowerCase()}s of data${question.slice(data.index + all.length)}`;
    return { text, ofData: true };
  }
  const counted = COUNTED_SPAN.exec(question);
  // ("customers who ordered in all 4 quarters of 2025": rows in every one of them, not the span; read as "every
  // quarter", entities.ts's spread. Taking the count away left "ordered in 2025": confidently wrong.)
  if (counted && /\ball\b/i.test(counted[0]) && SPREAD_BEFORE.test(question.slice(0, counted.index))) {
    const unit = (counted[2] ?? '').toLowerCase();
    return {
      text: `${question.slice(0, counted.index)}in every ${unit} of ${question.slice(counted.index + counted[0].length)}`,
    };
  }
  if (counted) {
    const said = counted[1]?.toLowerCase() ?? '';
    const n = SPELLED[said] ?? Number(said);
    const unit = (counted[2] ?? '').toLowerCase() as CountUnit;
    const text = `${question.slice(0, counted.index)}in ${question.slice(counted.index + counted[0].length)}`;
    return { text, count: { n, unit, said: `the ${said} ${unit}s` } };
  }
  const match = PARENTHESISED.exec(question) ?? DASHED.exec(question);
  if (!match) return { text: question };
  const n = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase() as CountUnit;
  const text = `${question.slice(0, match.index)} ${question.slice(match.index + match[0].length)}`
    .replace(/\s+([?.!,])/g, '$1')
    .replace(/\s+/g, ' ')
    // ("2024 and 2025 (24 months)": the two years counted as one span.)
    .replace(/\b(20\d\d) and (20\d\d)\b/, (both, a, b) => (Number(b) === Number(a) + 1 ? `${a}-${b}` : both))
    .trim();
  return { text, count: { n, unit, said: match[0].trim().replace(/^[-–—(]+\s*|\s*\)$/g, '') } };
}

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const MONTHS_PER: Partial<Record<CountUnit, number>> = { month: 1, quarter: 3, year: 12 };

/** How many whole `unit`s the span [from, to) holds, if it is made of whole ones. */
function unitsIn(from: string, to: string, unit: CountUnit): number | undefined {
  const per = MONTHS_PER[unit];
  if (per) {
    if (from.slice(8) !== '01' || to.slice(8) !== '01') return undefined;
    const months = monthIndex(to) - monthIndex(from);
    const start = monthIndex(from) % per;
    return months % per === 0 && start === 0 ? months / per : undefined;
  }
  const days = dayNumber(to) - dayNumber(from);
  const size = unit === 'week' ? 7 : 1;
  return days % size === 0 ? days / size : undefined;
}

/** The span the plan reads: its range, or its compared periods when they follow one another. */
function spanOf(plan: Plan): { from: string; to: string } | undefined {
  if (plan.range && !plan.compare) return plan.range;
  const periods = [...(plan.compare ?? [])].sort((a, b) => a.from.localeCompare(b.from));
  const [first] = periods;
  const last = periods.at(-1);
  if (!first || !last || periods.some((p, i) => i > 0 && periods[i - 1]?.to !== p.from)) return undefined;
  return { from: first.from, to: last.to };
}

/** Why the counted aside does not fit the plan's span, or undefined when it does. */
export function countMismatch(plan: Plan, count: PeriodCount): string | undefined {
  const span = spanOf(plan);
  if (!span) return `the question says ${count.said}, but names no one span of time I can check that against`;
  const n = unitsIn(span.from, span.to, count.unit);
  if (n === count.n) return undefined;
  const label = plan.range?.label ?? plan.compare?.map((p) => p.label).join(' and ') ?? '';
  return `the question says ${count.said}, but ${label} ${n === undefined ? `is not made of whole ${count.unit}s` : `has ${n} ${count.unit}${n === 1 ? '' : 's'}`}`;
}
