/**
 * How many customers placed each number of orders (issue 29, counts per entity): "count customers by number of
 * orders", "distribution of customers by order count", "how many customers placed each number of orders". Per
 * customer their number of orders, then the customers of each number. Read as they stand, the first answered the
 * number of orders and the others were refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { formatFigure } from './format';
import { capitalise, entityWord } from './names';
import { entityRows } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, scopeText } from './sql';

type Spread = Extract<PerEntity, { kind: 'order-count-spread' }>;

const PEOPLE = '(?:customers|clients|buyers|accounts)';
const COUNT =
  '(?:(?:their\\s+)?(?:number|#|no\\.?)\\s+of\\s+orders|(?:their\\s+)?order\\s+counts?|how\\s+many\\s+orders\\s+(?:they(?:\\s+have)?\\s+)?(?:placed|made|have|had))';
const SPREAD = new RegExp(
  [
    `^\\s*(?:(?:count|number|#|no\\.?)\\s+(?:of\\s+)?|how\\s+many\\s+)?${PEOPLE}\\s+(?:by|per|grouped\\s+by|broken\\s+(?:down|out)\\s+by|split\\s+by)\\s+${COUNT}`,
    `^\\s*(?:the\\s+)?(?:distribution|spread|breakdown|histogram)\\s+of\\s+${PEOPLE}\\s+by\\s+${COUNT}`,
    `^\\s*how\\s+many\\s+${PEOPLE}\\s+(?:placed|made|have|had)\\s+each\\s+number\\s+of\\s+orders`,
  ].join('|'),
  'i',
);

/** The spread reading with the ordinary reading of the rest (a period, filters), or undefined. */
export function readOrderCountSpread(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const match = SPREAD.exec(question);
  if (!match) return undefined;
  const cubes = catalog.filter((c) => entityRows(c) !== undefined);
  const rest = question.slice(match.index + match[0].length).replace(/[?.!]+\s*$/, '');
  const plan = read(`orders ${rest}`, cubes);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  const [measure, ...others] = plan.measures;
  if (others.length > 0 || measure?.aggType !== 'count' || plan.dimensions.length > 0 || plan.grain)
    return undefined;
  if (plan.compare || plan.top || plan.share || plan.having || plan.perGroup || plan.first || plan.percentile)
    return undefined;
  return { ...plan, perEntity: { kind: 'order-count-spread', rows, of: measure } };
}

/** One query: each customer's number of orders, then how many customers have each number. */
export function orderCountSpreadQuery(plan: Plan, p: Spread): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const conds = conditions({ ...plan, perEntity: undefined }, ident(p.rows.time.column));
  const people = ident(entityWord(p.rows.entity));
  const sql = `WITH t AS (SELECT ${entity}, MEASURE(${ident(p.of.column)}) AS orders FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''} GROUP BY 1) SELECT orders, COUNT(*) AS ${people} FROM t GROUP BY 1 ORDER BY 1`;
  const title = capitalise(`${entityWord(p.rows.entity)} by their number of orders`);
  return {
    sql,
    title,
    description: `${title}, computed on ${plan.cube.title}.`,
    columns: [{ role: 'measure', member: p.of }, { role: 'entities' }],
  };
}

/** The answer: each number of orders with its customers (the table holds every line). */
export function orderCountSpreadAnswer(plan: Plan, p: Spread, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const scope = scopeText({ ...plan, perEntity: undefined });
  const rows = result.data;
  if (rows.length === 0) return `No ${people} with orders${scope}.`;
  const shown = rows
    .slice(0, 40)
    .map((r) => `- ${formatFigure(undefined, r[0])} orders: ${formatFigure(undefined, r[1])} ${people}`);
  const more = rows.length > 40 ? `\n(and ${rows.length - 40} more numbers in the table)` : '';
  return `${capitalise(people)} by their number of orders${scope} (${people} with no order are not counted):\n${shown.join('\n')}${more}`;
}
