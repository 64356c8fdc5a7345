/**
 * Values of a dimension ranked by how many periods hold a row of theirs (tuning set 32): "which region had orders in
 * the most months of 2025?", "which product category had sales in the most months?", "which status had orders in the
 * fewest quarters?". Each value's distinct months (quarters, weeks, days, years) with at least one row, the first
 * (every tied one kept: every region ordering in every month ties them all) named. Every word must be read: one
 * dimension with listed values, rows said plainly (orders, sales, purchases), one unit, at most one year. Anything
 * else ("had more than 20% of the month's revenue in the most months", a filter, another figure) is left to the other
 * readers, which refuse it (misreadings.ts).
 */
import type { CatalogCube } from './catalog';
import type { Grain, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery } from './sql';

const SHAPE =
  /^\s*(?:which|what)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:had|has|saw|got|made|recorded|booked)\s+(?:any\s+)?(?:orders|sales|purchases|transactions)\s+in\s+the\s+(most|fewest|least|most\s+different|fewest\s+different)\s+(months|quarters|weeks|days|years)(?:\s+(?:of|in)\s+(20\d\d))?\s*(?:overall|so\s+far)?\s*[?.!]*\s*$/i;

/** The plan of "which <dimension> had orders in the most <units>", or undefined. */
export function readMostUnits(question: string, cube: CatalogCube, today: string): Plan | undefined {
  const m = SHAPE.exec(question.replace(/\s+/g, ' '));
  if (!m) return undefined;
  const words = (m[1] ?? '').toLowerCase().split(' ');
  const said = words.at(-1) ?? '';
  const heads = [said, said.replace(/ies$/, 'y').replace(/s$/, '')];
  const qualifier = words.length > 1 ? words[0] : undefined;
  const hits = cube.members.filter(
    (d) =>
      d.kind === 'dimension' &&
      d.type === 'string' &&
      d.values.length > 0 &&
      heads.some((head) => d.titleWords.includes(head) || d.names.includes(head)) &&
      (!qualifier ||
        d.titleWords.includes(qualifier) ||
        d.otherWords.includes(qualifier) ||
        d.names.includes(qualifier)),
  );
  const member = hits.length === 1 ? hits[0] : undefined;
  const timeDimension = cube.members.find(
    (d) => d.kind === 'dimension' && d.type === 'time' && !d.column.startsWith('customers_'),
  );
  const count = cube.members.find((d) => d.kind === 'measure' && d.aggType === 'count');
  if (!member || !timeDimension || !count) return undefined;
  const unit = (m[3] ?? '').toLowerCase().replace(/s$/, '') as Grain;
  const year = m[4] ? Number(m[4]) : undefined;
  if (year !== undefined && (unit === 'year' || `${year + 1}-01-01` > today)) return undefined;
  const direction = /^most/i.test(m[2] ?? '') ? 'desc' : 'asc';
  return {
    cube,
    measures: [count],
    dimensions: [member],
    filters: [],
    numberFilters: [],
    timeDimension,
    ...(year !== undefined
      ? { range: { label: String(year), from: `${year}-01-01`, to: `${year + 1}-01-01` } }
      : {}),
    top: { n: 1, direction },
    unitsWith: { unit },
  };
}

/** The first cube of the catalog that reads the question so. */
export function mostUnitsPlan(
  question: string,
  catalog: readonly CatalogCube[],
  today: string,
): Plan | undefined {
  for (const cube of catalog) {
    const plan = readMostUnits(question, cube, today);
    if (plan) return plan;
  }
  return undefined;
}

/** Each value's distinct periods with a row, the first (or last) kept with every tie. */
export function mostUnitsQuery(plan: Plan): PlannedQuery {
  const unit = plan.unitsWith?.unit ?? 'month';
  const member = plan.dimensions[0];
  const at = plan.timeDimension ? ident(plan.timeDimension.column) : 'created_at';
  const d = ident(member?.column ?? 'region');
  const name = ident(`${unit}s_with_rows`);
  const parts = conditions(plan, at);
  const dir = plan.top?.direction === 'asc' ? 'ASC' : 'DESC';
  const t = `SELECT ${d}, COUNT(DISTINCT date_trunc('${unit}', ${at})) AS ${name} FROM ${ident(plan.cube.name)}${parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : ''} GROUP BY 1`;
  const sql = `SELECT ${d}, ${name} FROM (SELECT *, RANK() OVER (ORDER BY ${name} ${dir}) AS row_rank FROM (${t}) AS t) AS r WHERE row_rank <= ${plan.top?.n ?? 1} ORDER BY 2 ${dir}, 1`;
  const title = `${member?.title ?? 'Values'} by number of ${unit}s with ${plan.cube.title.toLowerCase()}${plan.range ? `, in ${plan.range.label}` : ''}`;
  return plannedQuery(plan, sql, title, [
    { role: 'dimension', ...(member ? { member } : {}) },
    { role: 'measure' },
  ]);
}
