/**
 * Bands of one number listed one after another (issue 29, wording): "how many orders in 2025 were under $100,
 * between $100 and $500, and over $500?". The reading takes every bound as one more condition on the same rows, so
 * no row meets them all (it answered "0 orders": confidently wrong). Read here as a breakdown by the bands the
 * bounds mark: one band below the lowest bound where an upper bound is said there, one between each two
 * neighbouring bounds where a lower and an upper bound are said at them, one above the highest where a lower bound is
 * said there; every band asked is a value of a dimension computed in the query (`CASE ... END`, as weekdays.ts's
 * are), and the rows outside every band are left out. Only a plain figure (no ranking, share, change or per-entity
 * condition) is so read; otherwise misreadings.ts refuses the bounds that contradict each other.
 */
import type { CatalogMember } from './catalog';
import { formatFigure } from './format';
import type { NumberFilter, Plan } from './plan';
import { ident } from './sql';
import { derived } from './weekdays';

const LOWER = new Set(['>', '>=']);
const UPPER = new Set(['<', '<=']);

/** One band: its bounds (each open or closed) and its label. */
interface Band {
  lo?: { value: number; closed: boolean };
  hi?: { value: number; closed: boolean };
  label: string;
}

/** The bands the bounds on `member` mark, or undefined when they do not contradict each other or mark none. */
function bandsOf(member: CatalogMember, bounds: NumberFilter[]): Band[] | undefined {
  const values = [...new Set(bounds.map((b) => b.value))].sort((a, b) => a - b);
  const at = (value: number, ops: Set<string>) => bounds.find((b) => b.value === value && ops.has(b.op));
  const money = (value: number) => formatFigure(member, value).replace(/\.00$/, '');
  const bands: Band[] = [];
  const first = values[0];
  const last = values.at(-1);
  if (first === undefined || last === undefined) return undefined;
  const below = at(first, UPPER);
  if (below) bands.push({ hi: { value: first, closed: below.op === '<=' }, label: `under ${money(first)}` });
  values.slice(1).forEach((value, i) => {
    const from = values[i] as number;
    const lo = at(from, LOWER);
    const hi = at(value, UPPER);
    if (lo && hi)
      bands.push({
        lo: { value: from, closed: lo.op === '>=' },
        hi: { value, closed: hi.op === '<=' },
        label: `${money(from)} to ${money(value)}`,
      });
  });
  const above = at(last, LOWER);
  if (above) bands.push({ lo: { value: last, closed: above.op === '>=' }, label: `over ${money(last)}` });
  // Every bound said must mark a band asked (else a bound was not of a band: leave it to the refusal).
  const used = (b: NumberFilter) =>
    bands.some((band) => (LOWER.has(b.op) ? band.lo?.value === b.value : band.hi?.value === b.value));
  return bands.length >= 2 && bounds.every(used) ? bands : undefined;
}

/** Whether the bounds on one member leave no value between them (the reading took bands as one set). */
function contradict(bounds: NumberFilter[]): boolean {
  const lows = bounds.filter((b) => LOWER.has(b.op));
  const highs = bounds.filter((b) => UPPER.has(b.op));
  return lows.some((lo) =>
    highs.some((hi) => lo.value > hi.value || (lo.value === hi.value && (lo.op === '>' || hi.op === '<'))),
  );
}

/** The member whose plain bounds leave no value between them (over $500 and under $100), if any. */
export function contradicted(plan: Plan): CatalogMember | undefined {
  const plain = plan.numberFilters.filter((f) => !f.vsAverage);
  return plain.find((f) => contradict(plain.filter((g) => g.member === f.member)))?.member;
}

/** The plan broken down by the bands its contradicting bounds on one number mark, or undefined. */
export function readBands(plan: Plan): Plan | undefined {
  const plain = plan.numberFilters.filter((f) => !f.vsAverage);
  const member = plain[0]?.member;
  if (!member || plain.some((f) => f.member !== member) || plain.length !== plan.numberFilters.length)
    return undefined;
  if (!contradict(plain)) return undefined;
  if (plan.having || plan.top || plan.share || plan.change || plan.percentile || plan.perEntity || plan.first)
    return undefined;
  if (plan.distribution || plan.perGroup || plan.overall || plan.compare) return undefined;
  const bands = bandsOf(member, plain);
  if (!bands) return undefined;
  const column = ident(member.column);
  const test = (band: Band) =>
    [
      band.lo ? `${column} ${band.lo.closed ? '>=' : '>'} ${band.lo.value}` : undefined,
      band.hi ? `${column} ${band.hi.closed ? '<=' : '<'} ${band.hi.value}` : undefined,
    ]
      .filter(Boolean)
      .join(' AND ');
  const cases = bands.map((b) => `WHEN ${test(b)} THEN '${b.label.replace(/'/g, "''")}'`).join(' ');
  const labels = bands.map((b) => b.label);
  const band = derived(member, `CASE ${cases} END`, {
    column: `${member.column}_band`,
    title: `${member.title} band`,
    values: labels,
  });
  return {
    ...plan,
    numberFilters: [],
    dimensions: [...plan.dimensions, band],
    filters: [...plan.filters, { member: band, values: labels, negate: false }],
  };
}
